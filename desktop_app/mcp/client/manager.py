"""MCP client: stdio, streamable HTTP and legacy SSE servers, connected in the background, tools as ToolDefs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from desktop_app.mcp.client.connection import Connection, ServerStatus
from desktop_app.mcp.client.interact import PERSON_ALLOWANCE, ElicitationHandler, HeadlessInteraction, SamplingHandler
from desktop_app.mcp.client.results import qualify_all, risk_of
from desktop_app.mcp.client.sdk import Sdk
from desktop_app.mcp.client.task_book import leftover_notice
from desktop_app.mcp.client.tools import TASK_NOTE, PreparedTool
from desktop_app.mcp.setup.config import ServerConfig, load_or_usage_error
from desktop_app.mcp.trust.pins import PendingChange, TrustStore
from desktop_app.tools.registry import ProgressFn, ToolDef, ToolOutput, ToolRegistry, error_output
from desktop_app.visible import for_terminal

logging.getLogger("mcp").addHandler(logging.NullHandler())  # SDK tracebacks go to our log, not stderr


_SDK: Sdk | None = None


class McpManager:
    """Connects configured servers concurrently in the background and keeps registries up to date;
    the window starts one after the first paint and hands it to each run (`RunOptions.mcp_manager`)."""

    def __init__(
        self,
        servers: Iterable[ServerConfig],
        registry: ToolRegistry | None = None,
        *,
        trust: TrustStore | None = None,
        elicitation: ElicitationHandler | None = None,
        sampling: SamplingHandler | None = None,
        roots: Iterable[Path] = (),
        apps: bool = False,
    ) -> None:
        headless = HeadlessInteraction()
        self.apps = apps  # MCP Apps views can be rendered (the window with Qt WebEngine): advertised to servers
        self.roots = tuple(roots)  # folders offered to servers that ask (the shell's workspace)
        self.trust = trust or TrustStore()
        self.elicitation: ElicitationHandler = elicitation or headless
        self.sampling: SamplingHandler = sampling or headless
        self._registries: list[ToolRegistry] = [registry] if registry is not None else []
        self._listeners: list[Callable[[ServerStatus], None]] = []
        self._configs = list(servers)
        self._connections: dict[str, Connection] = {}
        self._sdk_lock = asyncio.Lock()
        self._leftover = ""  # MCP tasks an earlier run left behind (read once, at start)

    # ------------------------------------------------------------ public API

    def start(self) -> None:
        """Begin connecting every enabled server; returns at once (never blocks a window)."""
        if self._configs and not self._connections:
            self._leftover = leftover_notice()
        for config in self._configs:
            if config.name not in self._connections:
                conn = Connection(config, self)
                self._connections[config.name] = conn
                conn.start()

    async def wait_ready(self, timeout: float | None = None) -> None:
        """Until every server is ready or failed (the headless CLI needs the tools up front)."""
        waits = [c.settled.wait() for c in self._connections.values()]
        if waits:
            await asyncio.wait_for(asyncio.gather(*waits), timeout)

    def connection(self, name: str) -> Connection | None:
        """One server's connection (resources and prompts are asked of it directly)."""
        return self._connections.get(name)

    def connections(self) -> list[Connection]:
        return list(self._connections.values())

    def statuses(self) -> list[ServerStatus]:
        return [c.status() for c in self._connections.values()]

    def config(self, name: str) -> ServerConfig | None:
        """The configuration the manager runs `name` with (a sign-in uses exactly that URL)."""
        return next((c for c in self._configs if c.name == name), None)

    def tools(self) -> list[ToolDef]:
        return [t for c in self._connections.values() for t in c.tools]

    def attach(self, registry: ToolRegistry) -> None:
        """Keep `registry` in step with the servers' tools (added now and on every change)."""
        if registry not in self._registries:
            self._registries.append(registry)
        for conn in self._connections.values():
            self._sync(registry, conn)

    def detach(self, registry: ToolRegistry) -> None:
        if registry in self._registries:
            self._registries.remove(registry)

    def subscribe(self, listener: Callable[[ServerStatus], None]) -> None:
        """`listener(status)` on every status or tool change (the window turns it into a signal)."""
        self._listeners.append(listener)

    def notices(self) -> list[str]:
        """What concerns every server (the pin file could not be read, tasks left by an earlier run)."""
        return [n for n in (self.trust.notice, self._leftover) if n]

    def pending_changes(self) -> list[PendingChange]:
        """Tools held back because their definition changed (or appeared) on a known server."""
        return self.trust.pending_changes()

    def approve(self, name: str) -> None:
        """The user accepted the new definition: pin it and offer the tool again."""
        change = self.trust.approve(name)
        conn = self._connections.get(change.server)
        if conn is None:
            return
        conn.tools = [
            replace(t, status="ok", meta={**t.meta, "status_reason": ""})
            if t.name == name and t.status == "changed"
            else t
            for t in conn.tools
        ]
        self.changed(conn)

    async def call(self, server: str, tool: str, args: dict[str, Any], report: ProgressFn | None = None) -> ToolOutput:
        """Call a server's tool directly (no pinning check: the caller is the user)."""
        conn = self._connections.get(server)
        if conn is None:
            return error_output(f"no MCP server named {server!r}")
        return await conn.call(tool, args, report)

    async def restart(self, name: str) -> None:
        """Stop and reconnect one server (after a crash or a Settings edit)."""
        old = self._connections.pop(name, None)
        if old is not None:
            await old.stop()
        config = self.config(name)
        if config is not None:
            self._connections[name] = Connection(config, self)
            self._connections[name].start()

    async def set_roots(self, roots: Iterable[Path]) -> None:
        """The shell was switched or moved: servers that may ask are told (roots/list_changed); the
        capability itself is agreed at initialize, so its coming or going reconnects the servers."""
        new = tuple(roots)
        if new == self.roots:
            return
        reconnect = bool(new) != bool(self.roots)
        self.roots = new
        for conn in self.connections():
            if reconnect:
                await self.restart(conn.config.name)
            elif conn.state == "ready" and conn.client is not None:
                with contextlib.suppress(Exception):  # a server gone meanwhile is its own problem
                    # the notification itself: the SDK's helper warns that roots are deprecated (SEP-2577)
                    changed = (await self.sdk()).types.RootsListChangedNotification()
                    await conn.client.session.send_notification(changed)

    async def update(self, servers: Iterable[ServerConfig]) -> None:
        """Apply an edited configuration: stop removed or changed servers, start new ones."""
        new = {s.name: s for s in servers}
        for name, conn in list(self._connections.items()):
            if new.get(name) != conn.config:
                await conn.stop()
                del self._connections[name]
        self._configs = list(new.values())
        self.start()

    async def aclose(self) -> None:
        """Close every session and stop every server process."""
        conns = list(self._connections.values())
        await asyncio.gather(*(c.stop() for c in conns), return_exceptions=True)
        for registry in self._registries:
            for conn in conns:
                registry.remove_source(f"mcp:{conn.config.name}")

    # ------------------------------------------------------------ internals

    async def sdk(self) -> Sdk:
        global _SDK
        async with self._sdk_lock:
            if _SDK is None:
                _SDK = await asyncio.to_thread(Sdk)
        return _SDK

    def changed(self, conn: Connection) -> None:
        for registry in self._registries:
            self._sync(registry, conn)
        status = conn.status()
        for listener in list(self._listeners):
            try:
                listener(status)
            except Exception:
                logging.getLogger(__name__).exception("MCP status listener failed")

    def _sync(self, registry: ToolRegistry, conn: Connection) -> None:
        source = f"mcp:{conn.config.name}"
        registry.remove_source(source)
        for t in conn.tools:
            if registry.get(t.name) is None:  # never shadow a built-in (names are unique anyway)
                registry.add(t)

    def build_tools(self, conn: Connection, prepared: list[PreparedTool]) -> list[ToolDef]:
        """ToolDefs for a server's tools/list, pinned on first sight, changed ones held back."""
        builtins = {t.name for r in self._registries for t in r.all() if not t.source.startswith("mcp:")}
        names, refused = qualify_all(conn.prefix, [t.tool for t in prepared], builtins)
        conn.list_warnings = refused
        offered = [t for t in prepared if t.tool in names]
        definitions = {t.tool: t.definition for t in offered}
        held = self.trust.review(conn.config.name, definitions, names)
        return [self._tool_def(conn, t, names[t.tool], held.get(names[t.tool])) for t in offered]

    def _tool_def(self, conn: Connection, prepared: PreparedTool, name: str, held: PendingChange | None) -> ToolDef:
        risk, confirm = risk_of(prepared.annotations, conn.config.trust_read_only_hints)
        server, tool = conn.config.name, prepared.tool
        status, reason = ("changed", held.reason) if held else ("ok", "")

        async def invoke(args: dict[str, Any], report: ProgressFn | None = None) -> ToolOutput:
            return await self.call(server, tool, args, report)

        return ToolDef(
            name=name,
            description=prepared.description,
            parameters=prepared.schema,
            invoke=invoke,
            risk=risk,
            needs_confirmation=confirm,
            source=f"mcp:{server}",
            timeout=conn.config.timeout + PERSON_ALLOWANCE,
            status=status,
            warnings=prepared.warnings + tuple(conn.instruction_warnings),
            meta={
                "server": server,
                "tool": tool,
                "title": prepared.title,
                "annotations": prepared.annotations,
                "status_reason": reason,
                **({"execution": TASK_NOTE} if prepared.needs_task else {}),
                **({"ui_resource": prepared.ui_resource} if prepared.ui_resource else {}),
                **({"ui_visibility": list(prepared.visibility)} if prepared.visibility != ("model", "app") else {}),
            },
        )


@contextlib.asynccontextmanager
async def settled(servers: Iterable[ServerConfig]) -> AsyncIterator[McpManager]:
    """A headless command's manager: every server ready or failed before the body, all closed after it."""
    manager = McpManager(servers)
    manager.start()
    try:
        await manager.wait_ready()
        yield manager
    finally:
        await manager.aclose()


def servers_for_name(name: str, mcp_config: str = "") -> list[ServerConfig]:
    """The configured server a qualified tool name (or a server name) belongs to."""
    servers = [s for s in load_or_usage_error(mcp_config) if not s.disabled and not s.refused]
    chosen = [s for s in servers if name == s.name or name.startswith(s.name + "__")]
    return chosen or servers


def _warn(text: str) -> None:
    print(for_terminal(f"travel-assistant: {text}"), file=sys.stderr)


def _print_failure(status: ServerStatus) -> None:
    if status.state == "failed":
        _warn(f"MCP server {status.name!r} failed: {status.reason}")


def _told_once(report: Callable[[ServerStatus], None]) -> Callable[[ServerStatus], None]:
    """A listener that hands each server's failure to `report` once, however late it comes."""
    told: set[str] = set()

    def listener(status: ServerStatus) -> None:
        if status.state == "failed" and status.name not in told:
            told.add(status.name)
            report(status)

    return listener


def _connected_lines(started: float, limit: float) -> Callable[[ServerStatus], None]:
    """A listener printing `waiting for MCP server NAME… connected (2.1 s)` once per server, during
    the wait only (a late one's line would fall into the answer)."""
    told: set[str] = set()

    def listener(status: ServerStatus) -> None:
        took = time.monotonic() - started
        if status.state == "ready" and status.name not in told and took <= limit:
            told.add(status.name)
            _warn(f"waiting for MCP server {status.name}… connected ({took:.1f} s)")

    return listener


async def attach_mcp(
    registry: ToolRegistry,
    mcp_config: str = "",
    *,
    grace: float | None = None,
    tool: str | None = None,
    on_failure: Callable[[ServerStatus], None] | None = _print_failure,
    roots: Iterable[Path] = (),
    shared: McpManager | None = None,
) -> Callable[[], Awaitable[None]]:
    """The runtime hook: MCP tools from the app's `mcp.json` and `--mcp-config` into `registry`.

    `grace`: seconds to wait for servers before the run starts (None: until all are settled);
    servers that connect later add their tools to `registry` as they come. `tool`: start only
    the server that name belongs to (none for a built-in). Each failure is reported once.
    `shared`: the window's running manager; the run attaches to it and starts no server.
    """
    if shared is not None:
        return await _attach_shared(shared, registry, grace)
    servers = load_or_usage_error(mcp_config)
    if tool is not None:
        servers = [s for s in servers if tool.startswith(s.name + "__")]  # a built-in's call starts none
    manager = McpManager(servers, registry, roots=roots)
    if not servers:
        return manager.aclose
    told = _told_once(on_failure or (lambda _status: None))
    manager.subscribe(told)
    for warning in dict.fromkeys(w for s in servers for w in s.warnings):
        _warn(warning)
    # every server (grace None) or at most `grace` seconds; late ones keep connecting. Each server
    # has its own connect deadline; the limit only guards against the unforeseen
    limit = max(s.connect_timeout for s in servers) + 30 if grace is None else max(grace, 0.0)
    if grace and on_failure is not None:  # a bounded wait a person sits through: one line per server as it connects
        manager.subscribe(_connected_lines(time.monotonic(), limit))
    manager.start()
    with contextlib.suppress(TimeoutError):
        await manager.wait_ready(limit)
    for notice in manager.notices():
        _warn(notice)
    for status in manager.statuses():  # refused servers never change state: tell them here
        told(status)
        if status.state == "connecting" and grace is not None and on_failure is not None:
            _warn(
                f"MCP server {status.name!r} is not ready after {grace:g} s; "
                "the run starts without it and its tools join when it connects"
            )
    return manager.aclose


async def _attach_shared(
    shared: McpManager, registry: ToolRegistry, grace: float | None
) -> Callable[[], Awaitable[None]]:
    """The window's manager: tools ready now, servers still connecting get `grace` seconds at most."""
    shared.attach(registry)  # later tools arrive as their servers connect
    if grace:
        with contextlib.suppress(TimeoutError):
            await shared.wait_ready(grace)

    async def detach() -> None:
        shared.detach(registry)

    return detach
