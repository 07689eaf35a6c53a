"""Builds the engine from options and settings: shared by the CLI, the window and the benchmarks."""

from __future__ import annotations

import contextlib
import importlib
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.agent.approval import Approver
from desktop_app.agent.loop import Agent
from desktop_app.core import providers
from desktop_app.errors import UsageError
from desktop_app.llm.base import ChatModel, ToolSpec
from desktop_app.paths import resources_dir
from desktop_app.store.secrets import lookup_key
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef, ToolRegistry

if TYPE_CHECKING:
    from desktop_app.mcp.client.manager import McpManager
    from desktop_app.mcp.setup.config import ServerConfig
    from desktop_app.store.history import HistoryStore
    from desktop_app.tools.shell.run import ShellRequest
    from desktop_app.tools.travel import WeatherConfig
    from desktop_app.tools.web import WebConfig

PROVIDERS = providers.names()


@dataclass
class RunOptions:
    """What one run is configured with (CLI flags over settings)."""

    provider: str = ""
    model: str = ""
    base_url: str = ""
    stream: bool = True
    max_turns: int = 10
    enable_shell: bool = False
    workspace: str = ""
    skill: str = ""
    mcp_config: str = ""
    mcp_grace_s: float | None = None  # wait this long for MCP servers (None: until all are settled)
    mcp_tool: str | None = None  # start only the MCP server this tool belongs to (`tools call`)
    mcp_for_model: bool = True  # False: the model never calls MCP tools (offline planner): start or wait for none
    extra_tools: list[ToolDef] = field(default_factory=list)
    # the window's long-lived servers, asked for when the run opens its tools (on the engine loop):
    # a run attaches to them instead of starting its own; None, or None returned: its own servers
    mcp_manager: Callable[[], McpManager | None] | None = None


def system_prompt() -> str:
    """The base system prompt, kept as a file so it can be read and edited."""
    return (resources_dir() / "prompts" / "system.md").read_text(encoding="utf-8").strip()


def weather_config(settings: Settings) -> WeatherConfig:
    """`live_weather`, and Open-Meteo's URLs and timeout from `settings.extra` (tests, mirrors)."""
    from desktop_app.tools.travel import WeatherConfig
    from desktop_app.tools.travel.open_meteo import ARCHIVE_URL, FORECAST_URL, GEOCODING_URL, OpenMeteo

    extra = settings.extra if isinstance(settings.extra, dict) else {}

    def url(key: str, default: str) -> str:
        value = extra.get(key)
        return value if isinstance(value, str) and value else default

    api = OpenMeteo(
        forecast_url=url("open_meteo_forecast_url", FORECAST_URL),
        geocoding_url=url("open_meteo_geocoding_url", GEOCODING_URL),
        archive_url=url("open_meteo_archive_url", ARCHIVE_URL),
        timeout_s=settings.extra_number("open_meteo_timeout_s", 6.0),
    )
    return WeatherConfig(settings.live_weather, api)


def web_config(settings: Settings) -> WebConfig:
    """Live pages, the search API and its key (looked up only when a search API is chosen)."""
    from desktop_app.tools.web import SEARCH_ENDPOINTS, WebConfig

    provider = settings.web_search_provider
    key = lookup_key(provider) if provider in SEARCH_ENDPOINTS else None
    return WebConfig(settings.live_web, provider, settings.web_search_endpoint, key)


def shell_request(settings: Settings, options: RunOptions) -> ShellRequest:
    """The shell as the flags (over the settings) ask for it."""
    from desktop_app.tools.shell.run import DEFAULT_TIMEOUT, ShellRequest

    return ShellRequest(
        enabled=settings.enable_shell,
        explicit=options.enable_shell,
        workspace=options.workspace or settings.workspace,
        extra=tuple(c.strip() for c in settings.shell_extra_commands if c.strip()),
        timeout=float(settings.tool_timeout_s or DEFAULT_TIMEOUT),
    )


def shell_roots(settings: Settings, options: RunOptions) -> list[Path]:
    """The shell's workspace as MCP roots when the shell is on and its folder is usable, else none."""
    if not (settings.enable_shell or options.enable_shell):  # the shell's modules only when it is on
        return []
    from desktop_app.tools.shell.run import ShellConfigError, resolve_workspace

    try:
        return [resolve_workspace(shell_request(settings, options).workspace)]
    except ShellConfigError:
        return []


def builtin_tools(settings: Settings) -> list[ToolDef]:
    """The travel tools every run offers."""
    from desktop_app.tools.travel import travel_tools

    return travel_tools(weather_config(settings))


def builtin_registry() -> ToolRegistry:
    """The built-in tools with the saved settings: what `mcp-server` offers other MCP clients."""
    return ToolRegistry(builtin_tools(Settings.load()))


def build_registry(settings: Settings, options: RunOptions) -> ToolRegistry:
    """Built-in tools plus what the options switch on (shell, MCP tools added by the caller)."""
    return ToolRegistry([*builtin_tools(settings), *options.extra_tools])


def offered_without_mcp(settings: Settings) -> tuple[tuple[str, ...], tuple[ToolSpec, ...]]:
    """The system prompt and the tools a default run offers before MCP servers join (for an
    exported script): built-in, the shell when enabled, web_search / read_page."""
    from desktop_app.tools.shell.run import ShellConfigError, shell_tools
    from desktop_app.tools.web import WebTools

    tools = builtin_tools(settings)
    with contextlib.suppress(ShellConfigError):  # not offered to a run either
        tools += shell_tools(shell_request(settings, RunOptions()))
    tools += WebTools(web_config(settings)).tools()
    return (system_prompt(), today_note()), ToolRegistry(tools).specs()


def export_script(store: HistoryStore, conv_id: str, fmt: str) -> str:
    """`history export --format python-openai|python-anthropic` (and the window's File → Export):
    the conversation as a runnable script, with today's system prompt and tools (no MCP)."""
    from desktop_app.llm.export_code import FORMATS, render

    flavour = FORMATS[fmt]
    info = store.info(conv_id)
    system, tools = offered_without_mcp(Settings.load())
    model = info.model if info.provider == flavour else ""
    return render(flavour, system, store.stored_messages(conv_id), tools, model=model, title=info.title)


def choose_provider(settings: Settings, options: RunOptions) -> str:
    """Flag, then settings, then offline when no key is configured (the window asks the same)."""
    from desktop_app.store.provider_choice import decide

    provider = options.provider or settings.provider or ""
    if provider and provider not in PROVIDERS:
        raise UsageError(f"unknown provider {provider!r}; choose one of {', '.join(PROVIDERS)}")
    return decide(settings, options.provider, options.base_url, lambda name: bool(lookup_key(name)))


def build_model(settings: Settings, options: RunOptions) -> ChatModel:
    """The chat model for this run (settings' model only for the provider they name)."""
    from desktop_app.store.provider_choice import base_url_for

    provider = choose_provider(settings, options)
    model = options.model or (settings.model if settings.provider == provider else "")
    base_url = base_url_for(settings, options.base_url, provider)
    retries = int(settings.extra_number("max_retries", 2))  # the SDKs' own retries (extra.max_retries)
    if provider == "offline":
        from desktop_app.planner.model import OfflineModel

        if not (options.provider or settings.provider == "offline"):  # a fallback, not a choice: say why
            print(
                "travel-assistant: using the offline planner (no API key configured): add one with "
                "`travel-assistant keys set openai` (or anthropic) or set OPENAI_API_KEY",
                file=sys.stderr,
            )
        return OfflineModel()
    from desktop_app.llm.factory import adapter
    from desktop_app.llm.presets import tool_calls_mode

    mode = tool_calls_mode(provider, base_url, model, settings.tool_calls)
    key, timeout = lookup_key(provider), settings.request_timeout_s
    return adapter(provider, base_url, key, model, max_retries=retries, timeout=timeout, tool_text=mode)


Closer = Callable[[], Awaitable[None]]


async def open_tools(settings: Settings, options: RunOptions) -> tuple[ToolRegistry, Closer]:
    """The registry for a run or a listing, and an async closer for what it opened (MCP)."""
    registry = build_registry(settings, options)

    # [hook: shell] the sandboxed execute_shell tool when enabled (settings or --enable-shell)
    if settings.enable_shell or options.enable_shell:  # its modules (sandbox, policy, shlex) only then
        from desktop_app.tools.shell.run import ShellConfigError, shell_tools

        try:
            for shell_tool in shell_tools(shell_request(settings, options)):
                registry.add(shell_tool)
        except ShellConfigError as exc:
            raise UsageError(str(exc)) from None

    # [hook: guides] web_search / read_page over the local guide library
    from desktop_app.tools.web import WebTools

    for web_tool in WebTools(web_config(settings)).tools():
        registry.add(web_tool)

    # [hook: mcp] tools from the configured MCP servers (settings file or --mcp-config)
    from desktop_app.mcp.client.manager import attach_mcp

    shell = registry.get("execute_shell")
    roots = [Path(str(shell.meta["workspace"]))] if shell is not None and shell.meta.get("workspace") else []
    shared = options.mcp_manager() if options.mcp_manager is not None else None
    # MCP for the model, or the window's servers (they run anyway: their tools are listed)
    if not (options.mcp_for_model or shared is not None):
        return registry, _close_nothing
    grace = options.mcp_grace_s if options.mcp_for_model else 0.0
    close = await attach_mcp(
        registry, options.mcp_config, grace=grace, tool=options.mcp_tool, shared=shared, roots=roots
    )
    return registry, close


async def _close_nothing() -> None:
    """The closer of a registry that opened nothing (no MCP servers)."""


@dataclass
class OpenRun:
    """An agent ready to run one user message, and what to close afterwards."""

    agent: Agent
    closers: list[Closer] = field(default_factory=list)

    async def close(self) -> None:
        for closer in reversed(self.closers):
            await closer()
        await self.agent.model.aclose()


async def open_run(
    settings: Settings,
    options: RunOptions,
    approver: Approver,
    *,
    save: bool = True,
    title: str = "",
    conversation_id: str = "",
) -> OpenRun:
    """Model, tools, history and system prompt wired into one Agent (new or continued)."""
    model = build_model(settings, options)
    if model.provider == "offline":  # the planner plans only built-in travel calls: no MCP server to wait for
        options = replace(options, mcp_for_model=False)
    registry, close_tools = await open_tools(settings, options)
    agent = Agent(
        model=model,
        registry=registry,
        approver=approver,
        system=(system_prompt(), today_note(), *live_data_notes(options)),
        max_turns=options.max_turns,
        stream=options.stream,
    )

    # [hook: skill] an active skill: its text after the base prompt, its tools, its limits
    if options.skill:
        from desktop_app.tools.skills import SkillError, activate_skill, find_skill

        try:
            activate_skill(agent, find_skill(options.skill), registry.names())
        except SkillError as exc:
            await close_tools()
            await model.aclose()
            raise UsageError(str(exc)) from None

    closers: list[Closer] = [close_tools]
    if save or conversation_id:
        closers.append(_attach_history(agent, save=save, title=title, conversation_id=conversation_id))
    else:
        from desktop_app.trips.record import TripRecorder

        agent.watcher = TripRecorder(None, "")  # not saved, but still reported as `trip` events
    return OpenRun(agent, closers)


def question_budget(text: str) -> int | None:
    """The budget a question names (预算5000, budget 3k, 不超过4000元), in CNY: the Trip pane's line
    (read, as the planner reads a question, up to 2,000 characters: a pasted megabyte stalled the window)."""
    from desktop_app.planner.compare import parse_budget
    from desktop_app.planner.nlu import MAX_QUESTION

    return parse_budget(text[:MAX_QUESTION]) if text else None


def place_name(city_id: str, lang: str) -> str:
    """A sample city's name in `lang` ("zh" / "en") from its id (the planner's reading names cities
    by id), else "" (a place without data is named as said)."""
    from desktop_app.travel.places import city_by_id

    city = city_by_id(city_id)
    return "" if city is None else city.zh if lang == "zh" else city.en


def today_note() -> str:
    """Today's date for the model: "下周" or a date without a year means nothing to a model that does
    not know it (a small local model wrote 2023 dates, which the tools refuse as past)."""
    from desktop_app import clock

    day = clock.today()
    return f"今天是 {day.isoformat()}（{'一二三四五六日'[day.weekday()]}）。Today is {day:%A}, {day.isoformat()}."


def live_data_notes(options: RunOptions) -> tuple[str, ...]:
    """With gallery connectors configured, the model is told which tools are live and that the
    built-in travel tools are samples (issue 19); nothing otherwise."""
    from desktop_app.mcp.setup.gallery import live_data_note

    note = live_data_note(_configured_servers(options.mcp_config))
    return (note,) if note else ()


def _configured_servers(mcp_config: str) -> list[ServerConfig]:
    """The MCP servers configured; none when the file is broken (the run or the window reports it)."""
    from desktop_app.mcp.setup.config import McpConfigError, load_servers

    try:
        return load_servers(mcp_config)
    except McpConfigError:
        return []


def _attach_history(agent: Agent, *, save: bool, title: str, conversation_id: str) -> Closer:
    """A continued conversation's messages and, when saving, the sink that commits the new ones
    (continued with `save=False`, the run sees the conversation but adds nothing to it)."""
    from desktop_app.store.history import HistoryStore, RunSink

    store = HistoryStore()

    async def close_store() -> None:
        store.close()

    try:
        if conversation_id:
            conversation = store.conversation(conversation_id)
            agent.messages = store.messages(conversation_id)
        else:
            model = agent.model
            conversation = store.new_conversation(title=title[:60], provider=model.provider, model=model.model)
        from desktop_app.trips.record import TripRecorder

        agent.watcher = TripRecorder(store if save else None, conversation.id)  # the trip board: saved, reported
    except BaseException:
        store.close()
        raise
    agent.conversation_id = conversation.id
    if save:
        agent.sink = RunSink(conversation)
    return close_store


# ---------------------------------------------------------------- the warm-up
WARM_MODULES = (
    "desktop_app.agent.loop",
    "desktop_app.tools.travel",
    "desktop_app.planner.model",
    "desktop_app.store.history",
    "desktop_app.store.secrets",
    "desktop_app.trips.record",  # the trip recorder's first use (dataclasses built at import) fell in a run
    "desktop_app.trips.builder",
)


WARM_MCP_MODULES = (  # the mcp SDK: ~1 s of imports, pydantic schema builds holding the GIL ~30 ms at a time
    "anyio._backends._asyncio",
    "mcp.types",
    "mcp.client.client",
    "mcp.client.sse",
    "mcp.client.stdio",
    "mcp.client.streamable_http",
)


def _warm(provider: str, mcp_config: str | None) -> None:
    """Import the engine and find the keyring (~0.5 s), and pay now each first-use cost that holds
    the GIL, which during a run would stall the window (issue 13: measured with bench_gui_real --probe)."""
    for name in WARM_MODULES:
        importlib.import_module(name)
    from desktop_app.store.secrets import keyring_usable

    servers = mcp_config is not None and bool(_configured_servers(mcp_config))
    if provider != "offline" or servers:  # a model's or a server's arguments may need jsonschema's verdict
        importlib.import_module("jsonschema")  # its import holds the GIL ~20 ms
    from desktop_app.planner.nlu import parse

    parse("北京去三亚 3 days in Sanya", [])  # the gazetteer's patterns (~15 ms), the learned reader's weights (~25 ms)
    parse("two of us, Dec 20 to Dec 27 in Tokyo from PVG", [])  # the party, date and airport patterns
    from desktop_app import clock
    from desktop_app.travel.seasons import holiday_on

    holiday_on(clock.today())  # this year's and next year's holiday blocks (chinese_calendar, holidays)
    keyring_usable()  # never raises: a broken keyring reads as "unusable"
    _warm_sdk(provider)
    if servers:
        for name in WARM_MCP_MODULES:
            importlib.import_module(name)


def _warm_sdk(provider: str) -> None:
    """The provider's SDK (importing openai holds the GIL ~0.3 s) and the shared TLS context."""
    if provider == "offline":
        return
    from desktop_app.llm.transport import shared_tls

    record = providers.get(provider)
    if record is not None and record.model:
        importlib.import_module(record.model.partition(":")[0])
    shared_tls()


async def warm_up(provider: str, mcp_config: str | None = None) -> None:
    """The window's warm-up, on the engine thread once the first paint is done; runs wait for it."""
    _warm(provider, mcp_config)
    if provider != "offline":
        from desktop_app.llm.rehearsal import rehearse

        try:
            await rehearse(provider)
        except Exception:
            logging.getLogger(__name__).warning("the SDK rehearsal failed", exc_info=True)
