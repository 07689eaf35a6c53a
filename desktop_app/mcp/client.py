"""MCP client: stdio, streamable HTTP and legacy SSE servers, connected in the background, tools as ToolDefs."""

from __future__ import annotations

import asyncio
import importlib
import logging
import math
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from desktop_app import __version__
from desktop_app.mcp.config import McpConfigError, ServerConfig, load_servers, resolve_secret
from desktop_app.mcp.guard import guarded
from desktop_app.mcp.interact import (
    ElicitationHandler,
    ElicitationResult,
    HeadlessInteraction,
    SamplingHandler,
    SamplingRequest,
)
from desktop_app.mcp.launch import CommandNotFound, child_environment, resolve_command
from desktop_app.mcp.logs import ServerLog
from desktop_app.mcp.results import qualify_all, risk_of, safe_name, short_hash, to_output
from desktop_app.mcp.trust import PendingChange, TrustStore, reveal, reveal_definition, text_warnings
from desktop_app.paths import data_dir
from desktop_app.tools.registry import (
    PROGRESS,
    ProgressFn,
    ToolDef,
    ToolOutput,
    ToolRegistry,
    error_output,
    validate_arguments,
)
from desktop_app.visible import for_terminal

State = Literal["disabled", "connecting", "ready", "failed", "stopped"]
STDERR_LINES = 20
# How long a person may take to answer a server's form or sampling request inside one call.
PERSON_ALLOWANCE = 900.0
_NOTE = "[travel-assistant] "
TASK_ONLY = (
    'not offered to the model: the server runs it only as an MCP task (execution.taskSupport "required"), '
    "which this app does not support yet"
)

logging.getLogger("mcp").addHandler(logging.NullHandler())  # SDK tracebacks go to our log, not stderr


@dataclass(frozen=True)
class ServerStatus:
    """What the window's MCP settings show for one server."""

    name: str
    state: State
    transport: str
    reason: str = ""
    stderr_tail: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    held_back: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    server_info: str = ""
    log_path: str = ""


class _PersonClock:
    """Counts time spent waiting on a person (forms, sampling approval) so timeouts skip it."""

    def __init__(self) -> None:
        self.asking = 0
        self._changed = asyncio.Event()

    @contextmanager
    def person(self) -> Any:
        self.asking += 1
        self._signal()
        try:
            yield
        finally:
            self.asking -= 1
            self._signal()

    def _signal(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def run(self, task: asyncio.Task[Any], budget: float) -> bool:
        """Wait for `task`; False when it spent `budget` seconds of non-person time."""
        loop = asyncio.get_running_loop()
        while not task.done():
            changed = asyncio.ensure_future(self._changed.wait())
            started, was_asking = loop.time(), self.asking
            try:
                limit = None if was_asking else max(budget, 0.0)
                await asyncio.wait({task, changed}, timeout=limit, return_when="FIRST_COMPLETED")
            finally:
                changed.cancel()
            if not was_asking:
                budget -= loop.time() - started
            if budget <= 0 and not task.done() and not self.asking:
                return False
        return True


def _leaf(exc: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


class _Connection:
    """One server: its lifecycle task owns the SDK client; calls come from any task."""

    def __init__(self, config: ServerConfig, manager: McpManager) -> None:
        self.config = config
        self.manager = manager
        # A refused name never reaches a tool name or a file name; a valid one is used as it is.
        self.prefix = f"{safe_name(config.name)[:23]}_{short_hash(config.name)}" if config.refused else config.name
        self.wire = config.transport  # "sse" after a bare URL turned out to be a legacy SSE server
        self.state: State = "disabled" if config.disabled else "connecting"
        self.reason = "disabled in the configuration" if config.disabled else ""
        if config.refused:
            self.state, self.reason = "failed", config.refused
        self.client: Any = None
        self.oauth: Any = None  # OAuth hook (h-oauth): the httpx auth of a URL server, see mcp/oauth.py
        self.server_info = ""
        self.tools: list[ToolDef] = []
        self.warnings: list[str] = []  # about the server itself (stdout noise)
        self.list_warnings: list[str] = []  # from its last tools/list and its instructions
        self.instruction_warnings: list[str] = []
        self.garbage_count = 0
        self.garbage_last = ""
        self.settled = asyncio.Event()
        self._stop = asyncio.Event()
        self._lost = False
        self._clock = _PersonClock()
        self._task: asyncio.Task[None] | None = None
        self._side_tasks: set[asyncio.Task[Any]] = set()
        self._refreshing = False
        self._refresh_again = False
        self._calls = 0
        self._asked: list[str] = []  # forms not accepted while calls ran: the reason goes to the model
        self.log_path = data_dir() / "logs" / f"mcp-{self.prefix}.log"
        self.log = ServerLog(self.log_path)

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        if self.config.disabled or self.config.refused:
            self.settled.set()
            return
        self._task = asyncio.create_task(self._run(), name=f"mcp:{self.config.name}")

    async def stop(self) -> None:
        """Ask the lifecycle task to close the session (and the process) and wait for it."""
        self._stop.set()
        for task in list(self._side_tasks):
            task.cancel()
        if self._task is not None:
            if self.state == "connecting":
                self._task.cancel()  # no need to finish a handshake nobody will use
            try:
                await asyncio.wait_for(asyncio.shield(self._task), timeout=10)
            except (TimeoutError, asyncio.CancelledError):
                self._task.cancel()
        if self.state in ("connecting", "ready"):
            self._set("stopped", "stopped")

    async def _run(self) -> None:
        self.log.start_session()
        try:
            sdk = await self.manager.sdk()  # before any anyio use: no import races the thread
            # One scope around the whole session so every context nests inside it.
            with sdk.anyio.CancelScope(deadline=sdk.anyio.current_time() + self.config.connect_timeout) as scope:
                async with AsyncExitStack() as stack:
                    await self._connect(stack, sdk)
                    scope.deadline = math.inf
                    self._set("ready")
                    await self._stop.wait()
            await self.log.drain()  # the dead server's last stderr lines, for the reason below
            if scope.cancelled_caught:
                self._set("failed", self._timeout_reason())
            elif self._lost:
                self._set("failed", self._lost_reason())
        except asyncio.CancelledError:
            self._set("stopped", "stopped")
            raise
        except Exception as exc:  # noqa: BLE001 - every failure becomes the server's status
            await self.log.drain()
            self._set("failed", self._describe(exc))
        finally:
            self.client = None
            self.settled.set()

    async def _connect(self, stack: AsyncExitStack, sdk: _Sdk) -> None:
        if self.config.may_fall_back_to_sse:
            client = await self._open_with_fallback(stack, sdk)
        else:
            client = await self._open(stack, sdk)
        info = client.server_info
        self.server_info = f"{info.name} {info.version}".strip() if info else ""
        self.instruction_warnings = text_warnings(str(client.instructions or ""), "server instructions")
        self.client = client
        await self._refresh(client)

    async def _open(self, stack: AsyncExitStack, sdk: _Sdk) -> Any:
        """The SDK client over this server's transport (`self.wire`), initialized."""
        client = sdk.Client(
            await self._transport(stack, sdk),
            mode="legacy",
            cache=None,
            message_handler=self._on_message,
            elicitation_callback=self._on_elicit,
            sampling_callback=self._on_sample,
            client_info=sdk.types.Implementation(name="travel-assistant", version=__version__),
        )
        self._note(f"connecting ({self.wire})")
        await stack.enter_async_context(client)
        return client

    async def _open_with_fallback(self, stack: AsyncExitStack, sdk: _Sdk) -> Any:
        """A bare URL: streamable HTTP first; legacy SSE when that fails and the URL streams events."""
        attempt = AsyncExitStack()
        try:
            client = await self._open(attempt, sdk)
        except Exception:
            await attempt.aclose()
            if not await self._answers_like_sse(sdk):
                raise
            self._note("streamable HTTP was refused and the URL answers with an event stream: using legacy SSE")
            self.wire = "sse"
            return await self._open(stack, sdk)
        await stack.enter_async_context(attempt)
        return client

    async def _answers_like_sse(self, sdk: _Sdk) -> bool:
        """GET with Accept: text/event-stream answered 200 text/event-stream: an SSE server."""
        headers = {**self._headers(), "Accept": "text/event-stream"}
        try:
            async with sdk.httpx2.AsyncClient(headers=headers, timeout=10) as http:
                async with http.stream("GET", self.config.url) as response:
                    kind = str(response.headers.get("content-type", ""))
                    return bool(response.status_code == 200 and kind.startswith("text/event-stream"))
        except Exception:  # noqa: BLE001 - any failure here means "not an SSE server"
            return False

    def _headers(self) -> dict[str, str]:
        return {k: resolve_secret(v, f"header {k}") for k, v in self.config.headers.items()}

    async def _transport(self, stack: AsyncExitStack, sdk: Any) -> Any:
        if self.config.url:  # OAuth hook (h-oauth): stored tokens, refreshed; a 401 only marks "log in"
            oauth = await asyncio.to_thread(importlib.import_module, "desktop_app.mcp.oauth")
            self.oauth = oauth.background_auth(self.config)
        if self.wire == "sse":
            return sdk.sse_client(
                self.config.url, headers=self._headers(), timeout=30, sse_read_timeout=300, auth=self.oauth
            )
        if self.config.url:
            http = await stack.enter_async_context(
                sdk.httpx2.AsyncClient(
                    headers=self._headers(), timeout=sdk.httpx2.Timeout(30, read=300), auth=self.oauth
                )
            )
            return sdk.streamable_http_client(self.config.url, http_client=http)
        full, path = await asyncio.to_thread(resolve_command, self.config.command, self.config.cwd)
        env = {k: resolve_secret(v, f"env {k}") for k, v in self.config.env.items()}
        command, args = guarded(full, self.config.args)  # its process group dies with the app
        params = sdk.StdioServerParameters(
            command=command,
            args=args,
            env=child_environment(path, env),
            cwd=self.config.cwd or None,
            encoding_error_handler="replace",
        )
        errlog = self.log.stderr_pipe()  # closed after the transport (and the process) are gone
        stack.callback(errlog.close)
        return _watch_eof(sdk.stdio_client(params, errlog=errlog), self._on_eof)

    def _on_eof(self) -> None:
        if not self._stop.is_set():
            self._lost = True
            self._stop.set()

    # ------------------------------------------------------------ status

    def _set(self, state: State, reason: str = "") -> None:
        self.state = state
        self.reason = reason
        if state in ("failed", "stopped"):
            self.tools = []
        if state == "failed":
            self._note(f"failed: {reason}")
        if state != "connecting":
            self.settled.set()
        self.manager._changed(self)

    def _note(self, text: str) -> None:
        self.log.append(f"{_NOTE}{time.strftime('%H:%M:%S')} {text}\n".encode("utf-8", "replace"))

    def stderr_tail(self) -> list[str]:
        """The last lines the server wrote on stderr (our own notes left out)."""
        if self.config.url:
            return []
        try:
            with self.log_path.open("rb") as fh:
                fh.seek(0, 2)
                fh.seek(max(0, fh.tell() - 16_384))
                text = fh.read().decode("utf-8", "replace")
        except OSError:
            return []
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith(_NOTE)]
        return lines[-STDERR_LINES:]

    def _stderr_hint(self) -> str:
        tail = self.stderr_tail()
        return f"; last stderr: {' | '.join(tail[-3:])[-400:]}" if tail else ""

    def _garbage_hint(self) -> str:
        if not self.garbage_count:
            return ""
        return (
            f"; it printed {self.garbage_count} line(s) on stdout that are not MCP messages "
            f"(e.g. {self.garbage_last!r}): a stdio server must write only protocol messages there"
        )

    def _timeout_reason(self) -> str:
        return (
            f"did not finish connecting within {self.config.connect_timeout:g} s "
            f'(raise "connectTimeout" for a slow server){self._garbage_hint()}{self._stderr_hint()}'
        )

    def _lost_reason(self) -> str:
        if self.config.url:
            return f"the connection to {self.config.url} was lost"
        return f"the server closed the connection (its process exited){self._stderr_hint()}"

    def _describe(self, exc: BaseException) -> str:
        exc = _leaf(exc)
        if self.oauth is not None and self.oauth.login_needed:  # OAuth hook (h-oauth)
            return str(self.oauth.login_hint())
        if isinstance(exc, CommandNotFound | McpConfigError):
            return str(exc)
        if isinstance(exc, TimeoutError):
            return self._timeout_reason()
        if isinstance(exc, OSError) and not self.config.url:
            return f"cannot start `{self.config.command}`: {exc.strerror or exc}"
        code = getattr(exc, "code", None)
        if code == -32000:  # CONNECTION_CLOSED
            return f"the server exited while starting{self._garbage_hint()}{self._stderr_hint()}"
        where = f"cannot reach {self.config.url}: " if self.config.url else ""
        detail = str(exc) or type(exc).__name__
        return f"{where}{detail}{self._garbage_hint()}{self._stderr_hint()}"

    def status(self) -> ServerStatus:
        held = tuple(t.name for t in self.tools if t.status != "ok")
        return ServerStatus(
            name=self.config.name,
            state=self.state,
            transport=self.wire,
            reason=self.reason,
            stderr_tail=tuple(self.stderr_tail()),
            tools=tuple(t.name for t in self.tools),
            held_back=held,
            warnings=tuple(
                self.manager.notices()
                + list(self.config.warnings)
                + self.warnings
                + self.instruction_warnings
                + self.list_warnings
            ),
            server_info=self.server_info,
            log_path=str(self.log_path),
        )

    # ------------------------------------------------------------ tools

    async def _list_tools(self, client: Any) -> list[Any]:
        tools: list[Any] = []
        cursor = None
        for _ in range(50):  # a paginator that never ends cannot hang us
            page = await client.list_tools(cursor=cursor)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        return tools

    async def _refresh(self, client: Any) -> None:
        """tools/list, through pinning, into ToolDefs (on connect and on list_changed)."""
        listed = await self._list_tools(client)
        # one worker for every server: ten servers listing at once in ten threads fight the window for the GIL
        prepared = await asyncio.get_running_loop().run_in_executor(_PREPARE, prepare_tools, listed)
        self.tools = self.manager._build_tools(self, prepared)
        self.manager._changed(self)

    # ------------------------------------------------------------ callbacks from the SDK

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, Exception):
            sample = _offending_line(message)
            self.garbage_count += 1
            self.garbage_last = sample[:160]
            self._note(f"not an MCP message on stdout: {sample[:300]}")
            warning = "prints lines that are not MCP messages on stdout"
            if warning not in self.warnings:
                self.warnings.append(warning)
            return
        method = getattr(message, "method", "")
        if method == "notifications/tools/list_changed" and self.client is not None:
            if self._refreshing:  # one more refresh after the running one covers this too
                self._refresh_again = True
                return
            self._refreshing = True
            task = asyncio.ensure_future(self._refresh_safely())
            self._side_tasks.add(task)
            task.add_done_callback(self._side_tasks.discard)
        elif method == "notifications/message":
            params = getattr(message, "params", None)
            self._note(f"log {getattr(params, 'level', '')}: {getattr(params, 'data', '')}")

    async def _refresh_safely(self) -> None:
        import anyio

        try:
            while self.client is not None:
                self._refresh_again = False
                with anyio.fail_after(self.config.timeout):
                    await self._refresh(self.client)
                self._note("tool list changed; reloaded")
                if not self._refresh_again:
                    break
        except Exception as exc:  # noqa: BLE001 - a failed refresh keeps the old tools
            self._note(f"reloading tools after list_changed failed: {exc}")
        finally:
            self._refreshing = False

    async def _on_elicit(self, context: Any, params: Any) -> Any:
        sdk = await self.manager.sdk()
        if getattr(params, "mode", "form") != "form":
            self._note("declined a URL elicitation (not supported)")
            return sdk.types.ElicitResult(action="decline")
        message, _ = reveal(params.message)
        schema = params.requested_schema
        try:
            with self._clock.person():
                answer = await self.manager.elicitation.elicit(self.config.name, message, schema)
        except Exception as exc:  # noqa: BLE001 - a broken dialog means "cancel"
            answer = ElicitationResult("cancel", reason=f"the form failed: {exc}")
        self._note(f"elicitation: {answer.action} {answer.reason}".strip())
        if answer.action != "accept":
            self._asked.append(_elicit_note(message, answer))
            return sdk.types.ElicitResult(action=answer.action)
        problem = validate_arguments(schema, answer.content or {})
        if problem:
            return sdk.types.ErrorData(code=-32602, message=f"answer does not fit the form: {problem}")
        return sdk.types.ElicitResult(action="accept", content=answer.content or {})

    async def _on_sample(self, context: Any, params: Any) -> Any:
        sdk = await self.manager.sdk()
        request = _sampling_request(self.config.name, params)
        try:
            with self._clock.person():
                result = await self.manager.sampling.sample(request)
        except Exception as exc:  # noqa: BLE001 - a broken handler declines
            self._note(f"sampling failed: {exc}")
            return sdk.types.ErrorData(code=-1, message=f"sampling failed: {exc}")
        if not result.approved:
            self._note(f"sampling {result.reason}")
            return sdk.types.ErrorData(code=-1, message=f"sampling {result.reason}")
        return sdk.types.CreateMessageResult(
            role="assistant",
            content=sdk.types.TextContent(type="text", text=result.text),
            model=result.model or "travel-assistant",
            stop_reason="endTurn",
        )

    # ------------------------------------------------------------ calls

    async def call(self, tool: str, args: dict[str, Any], report: ProgressFn | None) -> ToolOutput:
        """tools/call with this server's timeout; every failure is an error result, never a hang."""
        client = self.client
        if self.state != "ready" or client is None:
            why = self.reason or self.state
            return error_output(f"MCP server {self.config.name!r} is not available: {why}")

        async def progress(value: float, total: float | None, message: str | None) -> None:
            if report is not None:
                report(value, total, message or "")

        self._calls += 1
        first = len(self._asked)
        try:
            output = await self._call(client, tool, args, progress if report else None)
        finally:
            self._calls -= 1
        output = _with_notes(output, self._asked[first:])
        if not self._calls:
            self._asked.clear()
        return output

    async def _call(self, client: Any, tool: str, args: dict[str, Any], progress: Any) -> ToolOutput:
        task = asyncio.ensure_future(
            client.call_tool(
                tool,
                args,
                read_timeout_seconds=self.config.timeout + PERSON_ALLOWANCE,
                progress_callback=progress,
            )
        )
        try:
            finished = await self._clock.run(task, self.config.timeout)
        except asyncio.CancelledError:
            task.cancel()  # the SDK sends notifications/cancelled to the server
            await asyncio.wait({task}, timeout=2)
            raise
        if not finished:
            task.cancel()
            await asyncio.wait({task}, timeout=2)
            return error_output(
                f"MCP server {self.config.name!r} did not answer {tool} within "
                f'{self.config.timeout:g} s (set "timeout" for this server to allow longer)'
                f"{self._garbage_hint()}"
            )
        if task.exception() is not None:
            await self.log.drain()  # a crash's last words go into the error
        return self._result(tool, task)

    def _result(self, tool: str, task: asyncio.Task[Any]) -> ToolOutput:
        exc = task.exception()
        if exc is None:
            wire = task.result().model_dump(by_alias=True, mode="json", exclude_none=True)
            return to_output(wire)
        exc = _leaf(exc)
        code = getattr(exc, "code", None)
        if code == -32000 or self._lost:
            self._on_eof()  # the session is over: the lifecycle task marks the server failed
            return error_output(f"MCP server {self.config.name!r} stopped while running {tool}: {self._lost_reason()}")
        message = getattr(exc, "message", "") or str(exc) or type(exc).__name__
        if code is not None:
            return error_output(f"MCP server {self.config.name!r} refused {tool}: {message} (error {code})")
        return error_output(f"MCP server {self.config.name!r} failed on {tool}: {type(exc).__name__}: {message}")


def _elicit_note(message: str, answer: ElicitationResult) -> str:
    """The model's view of a form that was not accepted (the server only hears the action)."""
    why = answer.reason or f"the user chose {answer.action}"
    short = message if len(message) <= 160 else message[:160] + "…"
    return f'the server asked the user "{short}", but {why} (the server was told "{answer.action}")'


def _with_notes(output: ToolOutput, notes: list[str]) -> ToolOutput:
    if not notes:
        return output
    lines = "\n".join(f"[travel-assistant: {note}]" for note in notes)
    return replace(output, content=f"{output.content}\n{lines}")


@asynccontextmanager
async def _watch_eof(transport: Any, on_eof: Callable[[], None]) -> AsyncIterator[Any]:
    """Relay a stdio transport's read stream so we learn at once when the server's stdout ends."""
    import anyio

    async with transport as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[Any](0)

        async def relay() -> None:
            try:
                async with send:
                    async for item in read_stream:
                        await send.send(item)
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                return
            on_eof()

        async with anyio.create_task_group() as group:
            group.start_soon(relay)
            try:
                yield receive, write_stream
            finally:
                group.cancel_scope.cancel()


def _offending_line(exc: Exception) -> str:
    """The line a server printed that is not JSON-RPC (pydantic keeps it in the error)."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        try:
            first = errors()[0]
            if isinstance(first.get("input"), str):
                return str(first["input"]).strip()
        except (IndexError, TypeError, ValueError):
            pass
    return (str(exc).splitlines() or [type(exc).__name__])[0].strip()


def _sampling_request(server: str, params: Any) -> SamplingRequest:
    """The SDK's CreateMessageRequestParams as plain text the user can read (hidden chars shown)."""
    warnings: list[str] = []
    messages = []
    for msg in params.messages:
        parts = []
        for block in msg.content_as_list:
            text = getattr(block, "text", None)
            parts.append(text if isinstance(text, str) else f"[{getattr(block, 'type', '?')}]")
        shown, warns = reveal("\n".join(parts))
        warnings += warns
        messages.append((str(msg.role), shown))
    system, warns = reveal(params.system_prompt or "")
    hints = params.model_preferences.hints if params.model_preferences else None
    return SamplingRequest(
        server=server,
        messages=tuple(messages),
        system_prompt=system,
        max_tokens=params.max_tokens,
        temperature=params.temperature,
        model_hints=tuple(h.name for h in hints or () if getattr(h, "name", None)),
        warnings=tuple(warnings + warns),
    )


class _Sdk:
    """The mcp SDK, imported once in a worker thread (it takes ~1 s) so no window ever waits."""

    def __init__(self) -> None:
        import anyio
        import anyio._backends._asyncio  # noqa: F401 - loaded here, not on first use in the loop
        import httpx2
        from mcp import types
        from mcp.client.client import Client
        from mcp.client.sse import sse_client
        from mcp.client.stdio import StdioServerParameters, stdio_client
        from mcp.client.streamable_http import streamable_http_client

        self.anyio = anyio
        self.httpx2 = httpx2
        self.types = types
        self.Client = Client
        self.StdioServerParameters = StdioServerParameters
        self.stdio_client = stdio_client
        self.sse_client = sse_client
        self.streamable_http_client = streamable_http_client


_SDK: _Sdk | None = None
_PREPARE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mcp-prepare")


class McpManager:
    """Connects configured servers concurrently in the background and keeps registries up to date.

    The window: build one with `load_servers(args.mcp_config)` and its dialogs as `elicitation` /
    `sampling`, `start()` it after the first paint and `use_manager_for_runs(it)` so each run's
    `open_tools` attaches to it; `subscribe(fn)` for status changes, `statuses()` for the
    Settings list, `pending_changes()` / `approve(name)` for held-back tools, `restart(name)` /
    `update(servers)` after Settings edits (`save_servers` writes them), `aclose()` on quit.
    """

    def __init__(
        self,
        servers: Iterable[ServerConfig],
        registry: ToolRegistry | None = None,
        *,
        trust: TrustStore | None = None,
        elicitation: ElicitationHandler | None = None,
        sampling: SamplingHandler | None = None,
    ) -> None:
        headless = HeadlessInteraction()
        self.trust = trust or TrustStore()
        self.elicitation: ElicitationHandler = elicitation or headless
        self.sampling: SamplingHandler = sampling or headless
        self._registries: list[ToolRegistry] = [registry] if registry is not None else []
        self._listeners: list[Callable[[ServerStatus], None]] = []
        self._configs = list(servers)
        self._connections: dict[str, _Connection] = {}
        self._sdk_lock = asyncio.Lock()

    # ------------------------------------------------------------ public API

    def start(self) -> None:
        """Begin connecting every enabled server; returns at once (never blocks a window)."""
        for config in self._configs:
            if config.name not in self._connections:
                conn = _Connection(config, self)
                self._connections[config.name] = conn
                conn.start()

    async def wait_ready(self, timeout: float | None = None) -> None:
        """Until every server is ready or failed (the headless CLI needs the tools up front)."""
        waits = [c.settled.wait() for c in self._connections.values()]
        if waits:
            await asyncio.wait_for(asyncio.gather(*waits), timeout)

    def statuses(self) -> list[ServerStatus]:
        return [c.status() for c in self._connections.values()]

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
        """Problems that concern every server (the pin file could not be read), one line each."""
        return [self.trust.notice] if self.trust.notice else []

    def pending_changes(self) -> list[PendingChange]:
        """Tools held back because their definition changed (or appeared) on a known server."""
        return self.trust.pending_changes()

    def approve(self, name: str) -> None:
        """The user accepted the new definition: pin it and offer the tool again."""
        change = self.trust.approve(name)
        conn = self._connections.get(change.server)
        if conn is None:
            return
        conn.tools = [_approved(t) if t.name == name and t.status == "changed" else t for t in conn.tools]
        self._changed(conn)

    async def call(self, server: str, tool: str, args: dict[str, Any]) -> ToolOutput:
        """Call a server's tool directly (no pinning check: the caller is the user)."""
        conn = self._connections.get(server)
        if conn is None:
            return error_output(f"no MCP server named {server!r}")
        return await conn.call(tool, args, PROGRESS.get())

    async def restart(self, name: str) -> None:
        """Stop and reconnect one server (after a crash or a Settings edit)."""
        old = self._connections.pop(name, None)
        if old is not None:
            await old.stop()
        config = next((c for c in self._configs if c.name == name), None)
        if config is not None:
            self._connections[name] = _Connection(config, self)
            self._connections[name].start()

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

    async def sdk(self) -> _Sdk:
        global _SDK
        async with self._sdk_lock:
            if _SDK is None:
                _SDK = await asyncio.to_thread(_Sdk)
        return _SDK

    def _changed(self, conn: _Connection) -> None:
        for registry in self._registries:
            self._sync(registry, conn)
        status = conn.status()
        for listener in list(self._listeners):
            try:
                listener(status)
            except Exception:  # noqa: BLE001 - a broken listener must not break the client
                logging.getLogger(__name__).exception("MCP status listener failed")

    def _sync(self, registry: ToolRegistry, conn: _Connection) -> None:
        source = f"mcp:{conn.config.name}"
        registry.remove_source(source)
        for t in conn.tools:
            if registry.get(t.name) is None:  # never shadow a built-in (names are unique anyway)
                registry.add(t)

    def _build_tools(self, conn: _Connection, prepared: list[PreparedTool]) -> list[ToolDef]:
        """ToolDefs for a server's tools/list, pinned on first sight, changed ones held back."""
        builtins = {t.name for r in self._registries for t in r.all() if not t.source.startswith("mcp:")}
        names, refused = qualify_all(conn.prefix, [t.tool for t in prepared], builtins)
        conn.list_warnings = refused
        offered = [t for t in prepared if t.tool in names]
        definitions = {t.tool: t.definition for t in offered}
        held = self.trust.review(conn.config.name, definitions, names)
        return [self._tool_def(conn, t, names[t.tool], held.get(names[t.tool])) for t in offered]

    def _tool_def(self, conn: _Connection, prepared: PreparedTool, name: str, held: PendingChange | None) -> ToolDef:
        risk, confirm = risk_of(prepared.annotations, conn.config.trust_read_only_hints)
        server, tool = conn.config.name, prepared.tool
        status, reason = ("changed", held.reason) if held else ("ok", "")
        if prepared.needs_task:  # the SDK's client cannot run tasks: offering it would always fail
            status, reason = "unsupported", TASK_ONLY

        async def invoke(args: dict[str, Any]) -> ToolOutput:
            return await self.call(server, tool, args)

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
            warnings=prepared.warnings + tuple(conn.instruction_warnings) + ((reason,) if prepared.needs_task else ()),
            meta={
                "server": server,
                "tool": tool,
                "title": prepared.title,
                "annotations": prepared.annotations,
                "status_reason": reason,
            },
        )


@dataclass(frozen=True)
class PreparedTool:
    """One listed tool, checked and made readable (computed off the event loop)."""

    tool: str
    definition: dict[str, Any]  # what is pinned
    description: str  # hidden characters made visible
    schema: dict[str, Any]
    annotations: dict[str, Any]
    title: str
    warnings: tuple[str, ...]
    needs_task: bool = False  # `execution.taskSupport: "required"`: only callable as an MCP task


def prepare_tools(listed: list[Any]) -> list[PreparedTool]:
    """SDK Tool objects to PreparedTools: pure work, run in a thread so a window never stutters."""
    out = []
    for item in listed:
        wire = item.model_dump(by_alias=True, mode="json", exclude_none=True)
        shown, notes = reveal_definition(wire)  # every string the model could be sent, hidden characters shown
        schema, problem = _usable_schema(shown.get("inputSchema") or {})
        annotations = wire.get("annotations") or {}
        title = shown.get("title") or (shown.get("annotations") or {}).get("title", "")
        notes += [problem] if problem else []
        out.append(
            PreparedTool(
                tool=wire["name"],
                definition={
                    "name": wire["name"],
                    "description": wire.get("description") or "",
                    "input_schema": wire.get("inputSchema") or {},
                    "annotations": annotations,
                },
                description=str(shown.get("description") or title or shown["name"]),
                schema=schema,
                annotations=annotations,
                title=str(title),
                warnings=tuple(notes),
                needs_task=_task_only(wire),
            )
        )
    return out


def _task_only(wire: dict[str, Any]) -> bool:
    """The tool declares it works only as a task (MCP 2025-11-25 `execution.taskSupport`)."""
    execution = wire.get("execution")
    return isinstance(execution, dict) and execution.get("taskSupport") == "required"


def _usable_schema(schema: Any) -> tuple[dict[str, Any], str]:
    """An object schema providers accept; an invalid one is replaced (and the tool warned about)."""
    import jsonschema

    if not isinstance(schema, dict):
        return {"type": "object", "properties": {}}, "input schema is not an object; replaced"
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        return (
            {"type": "object", "properties": {}},
            f"input schema is not valid JSON Schema ({exc.message}); arguments go unchecked",
        )
    fixed = dict(schema)
    fixed.setdefault("type", "object")
    if fixed.get("type") == "object":
        fixed.setdefault("properties", {})
    return fixed, ""


def servers_for_name(name: str, mcp_config: str = "") -> list[ServerConfig]:
    """The configured server a qualified tool name (or a server name) belongs to."""
    servers = [s for s in _load_or_usage_error(mcp_config) if not s.disabled and not s.refused]
    chosen = [s for s in servers if name == s.name or name.startswith(s.name + "__")]
    return chosen or servers


def _load_or_usage_error(mcp_config: str) -> list[ServerConfig]:
    try:
        return load_servers(mcp_config)
    except McpConfigError as exc:
        from desktop_app.errors import UsageError

        raise UsageError(str(exc)) from None


def _print_failure(status: ServerStatus) -> None:
    if status.state == "failed":
        print(for_terminal(f"travel-assistant: MCP server {status.name!r} failed: {status.reason}"), file=sys.stderr)


class _ToldOnce:
    """A listener that hands each server's failure to `report` once, however late it comes."""

    def __init__(self, report: Callable[[ServerStatus], None]) -> None:
        self.report = report
        self.told: set[str] = set()

    def __call__(self, status: ServerStatus) -> None:
        if status.state == "failed" and status.name not in self.told:
            self.told.add(status.name)
            self.report(status)


_RUN_MANAGER: list[McpManager] = []  # the window's long-lived manager, when it registered one


def use_manager_for_runs(manager: McpManager | None) -> None:
    """The window registers its long-lived manager: each run then attaches to it (no new servers)."""
    _RUN_MANAGER.clear()
    if manager is not None:
        _RUN_MANAGER.append(manager)


def _approved(tool: ToolDef) -> ToolDef:
    return replace(tool, status="ok", meta={**tool.meta, "status_reason": ""})


def servers_for_tool(servers: list[ServerConfig], tool: str) -> list[ServerConfig]:
    """Only the server a qualified tool name belongs to: a built-in's call starts no server."""
    return [s for s in servers if tool.startswith(s.name + "__")]


async def _settle(manager: McpManager, grace: float | None, servers: list[ServerConfig]) -> None:
    """Wait for every server (grace None) or at most `grace` seconds; late ones keep connecting."""
    limit = max(s.connect_timeout for s in servers) + 30 if grace is None else max(grace, 0.0)
    try:  # each server has its own connect deadline; the limit only guards against the unforeseen
        await manager.wait_ready(limit)
    except TimeoutError:
        pass


async def attach_mcp(
    registry: ToolRegistry,
    mcp_config: str = "",
    *,
    grace: float | None = None,
    tool: str | None = None,
    on_failure: Callable[[ServerStatus], None] | None = _print_failure,
) -> Callable[[], Awaitable[None]]:
    """The runtime hook: MCP tools from the app's `mcp.json` and `--mcp-config` into `registry`.

    `grace`: seconds to wait for servers before the run starts (None: until all are settled);
    servers that connect later add their tools to `registry` as they come. `tool`: start only
    the server that name belongs to (none for a built-in). Each failure is reported once.
    """
    if _RUN_MANAGER:
        return await _attach_shared(_RUN_MANAGER[0], registry, grace)
    servers = _load_or_usage_error(mcp_config)
    if tool is not None:
        servers = servers_for_tool(servers, tool)
    manager = McpManager(servers, registry)
    if not servers:
        return manager.aclose
    told = _ToldOnce(on_failure or (lambda _status: None))
    manager.subscribe(told)
    for warning in dict.fromkeys(w for s in servers for w in s.warnings):
        print(f"travel-assistant: {warning}", file=sys.stderr)
    manager.start()
    await _settle(manager, grace, servers)
    for notice in manager.notices():
        print(f"travel-assistant: {notice}", file=sys.stderr)
    for status in manager.statuses():  # refused servers never change state: tell them here
        told(status)
        if status.state == "connecting" and grace is not None and on_failure is not None:
            print(
                f"travel-assistant: MCP server {status.name!r} is not ready after {grace:g} s; "
                "the run starts without it and its tools join when it connects",
                file=sys.stderr,
            )
    return manager.aclose


async def _attach_shared(
    shared: McpManager, registry: ToolRegistry, grace: float | None
) -> Callable[[], Awaitable[None]]:
    """The window's manager: tools ready now, servers still connecting get `grace` seconds at most."""
    shared.attach(registry)  # later tools arrive as their servers connect
    if grace:
        try:
            await shared.wait_ready(grace)
        except TimeoutError:
            pass

    async def detach() -> None:
        shared.detach(registry)

    return detach


def log_dir() -> Path:
    """Where each server's stderr and our notes about it are kept (one file per server)."""
    return data_dir() / "logs"
