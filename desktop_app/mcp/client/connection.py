"""One MCP server's connection: stdio, streamable HTTP or legacy SSE, its status, callbacks and calls."""

from __future__ import annotations

import asyncio
import importlib
import math
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, TextIO

from desktop_app import __version__
from desktop_app.mcp.apps.views import EXTENSION_ID, MIME_TYPE
from desktop_app.mcp.client.guard import guarded, stop_guard
from desktop_app.mcp.client.interact import (
    PERSON_ALLOWANCE,
    ElicitationHandler,
    ElicitationResult,
    PersonClock,
    SamplingHandler,
    SamplingResult,
    elicit_note,
    sampling_request,
    with_notes,
)
from desktop_app.mcp.client.launch import CommandNotFoundError, child_environment, resolve_command
from desktop_app.mcp.client.logs import ServerLog, read_tail
from desktop_app.mcp.client.results import safe_name, short_hash, to_output
from desktop_app.mcp.client.sdk import Sdk, answers_like_sse, leaf, offending_line, roots_result, watch_eof
from desktop_app.mcp.client.tasks import call_as_task
from desktop_app.mcp.client.tools import PREPARE, PreparedTool, every_page, prepare_tools
from desktop_app.mcp.setup.config import McpConfigError, ServerConfig
from desktop_app.mcp.trust.pins import text_warnings
from desktop_app.mcp.trust.secret_refs import resolve as resolve_secret
from desktop_app.paths import data_dir
from desktop_app.tools.registry import ProgressFn, ToolDef, ToolOutput, error_output, validate_arguments
from desktop_app.visible import reveal

State = Literal["disabled", "connecting", "ready", "failed", "stopped"]

STDERR_LINES = 20

NOTE = "[travel-assistant] "


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
    login_needed: bool = False  # an OAuth server answered "sign in first" (Settings offers Sign in…)


class Host(Protocol):
    """What a connection asks of the manager that owns it (so this module never imports that one)."""

    elicitation: ElicitationHandler
    apps: bool
    sampling: SamplingHandler
    roots: tuple[Path, ...]

    async def sdk(self) -> Sdk: ...

    def notices(self) -> list[str]: ...

    def changed(self, conn: Connection) -> None: ...

    def build_tools(self, conn: Connection, prepared: list[PreparedTool]) -> list[ToolDef]: ...


class Connection:
    """One server: its lifecycle task owns the SDK client; calls come from any task."""

    def __init__(self, config: ServerConfig, manager: Host) -> None:
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
        self.oauth: Any = None  # OAuth hook (h-oauth): the httpx auth of a URL server, see mcp/auth/oauth.py
        self.server_info = ""
        self.tools: list[ToolDef] = []
        self.task_only: set[str] = set()  # tools it runs only as MCP tasks (execution.taskSupport required)
        self.warnings: list[str] = []  # about the server itself (stdout noise)
        self.list_warnings: list[str] = []  # from its last tools/list and its instructions
        self.instruction_warnings: list[str] = []
        self.garbage_count = 0
        self.garbage_last = ""
        self.settled = asyncio.Event()
        self._stop = asyncio.Event()
        self._lost = False
        self._clock = PersonClock()
        self._task: asyncio.Task[None] | None = None
        self._side_tasks: set[asyncio.Task[Any]] = set()
        self._refreshing = False
        self._refresh_again = False
        self._calls = 0
        self._errlog: TextIO | None = None  # a stdio server's stderr: finds its guard (mcp/client/guard.py)
        self._asked: list[str] = []  # forms not accepted while calls ran: the reason goes to the model
        self.log = ServerLog(data_dir() / "logs" / f"mcp-{self.prefix}.log")

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
                if self._errlog is not None and not self._errlog.closed:  # nor wait on one that never answered
                    stop_guard(self._errlog.fileno())
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

    async def _connect(self, stack: AsyncExitStack, sdk: Sdk) -> None:
        client = await (self._open_with_fallback if self.config.may_fall_back_to_sse else self._open)(stack, sdk)
        info = client.server_info
        self.server_info = f"{info.name} {info.version}".strip() if info else ""
        self.instruction_warnings = text_warnings(str(client.instructions or ""), "server instructions")
        self.client = client
        await self._refresh(client)

    async def _open(self, stack: AsyncExitStack, sdk: Sdk) -> Any:
        """The SDK client over this server's transport (`self.wire`), initialized."""
        client = sdk.Client(
            await self._transport(stack, sdk),
            mode="legacy",
            cache=None,
            message_handler=self._on_message,
            elicitation_callback=self._on_elicit,
            sampling_callback=self._on_sample,
            list_roots_callback=self._on_roots if self.manager.roots else None,  # no roots capability
            client_info=sdk.types.Implementation(name="travel-assistant", version=__version__),
            # MCP Apps: only a window that can render views says so (servers may then send less text)
            extensions=[sdk.advertise(EXTENSION_ID, {"mimeTypes": [MIME_TYPE]})] if self.manager.apps else None,
        )
        self._note(f"connecting ({self.wire})")
        await stack.enter_async_context(client)
        return client

    async def _open_with_fallback(self, stack: AsyncExitStack, sdk: Sdk) -> Any:
        """A bare URL: streamable HTTP first; legacy SSE when that fails and the URL streams events."""
        attempt = AsyncExitStack()
        try:
            client = await self._open(attempt, sdk)
        except Exception:
            await attempt.aclose()
            if not await answers_like_sse(sdk, self.config.url, self._headers()):
                raise
            self._note("streamable HTTP was refused and the URL answers with an event stream: using legacy SSE")
            self.wire = "sse"
            return await self._open(stack, sdk)
        await stack.enter_async_context(attempt)
        return client

    def _headers(self) -> dict[str, str]:
        return {k: resolve_secret(self.config, v, f"header {k}") for k, v in self.config.headers.items()}

    async def _transport(self, stack: AsyncExitStack, sdk: Any) -> Any:
        if self.config.url:  # OAuth hook (h-oauth): stored tokens, refreshed; a 401 only marks "log in"
            oauth = await asyncio.to_thread(importlib.import_module, "desktop_app.mcp.auth.oauth")
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
        env = {k: resolve_secret(self.config, v, f"env {k}") for k, v in self.config.env.items()}
        command, args = guarded(full, self.config.args)  # its process group dies with the app
        params = sdk.StdioServerParameters(
            command=command,
            args=args,
            env=child_environment(path, env),
            cwd=self.config.cwd or None,
            encoding_error_handler="replace",
        )
        errlog = self._errlog = self.log.stderr_pipe()  # closed after the transport (and the process) are gone
        stack.callback(errlog.close)
        return watch_eof(sdk.stdio_client(params, errlog=errlog), self._on_eof)

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
        self.manager.changed(self)

    def _note(self, text: str) -> None:
        self.log.append(f"{NOTE}{time.strftime('%H:%M:%S')} {text}\n".encode("utf-8", "replace"))

    def stderr_tail(self) -> list[str]:
        """The last lines the server wrote on stderr (our own notes left out)."""
        if self.config.url:
            return []
        try:
            text = read_tail(self.log.path, 16_384)
        except OSError:
            return []
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith(NOTE)]
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
        exc = leaf(exc)
        if self.oauth is not None and self.oauth.login_needed:  # OAuth hook (h-oauth)
            return str(self.oauth.login_hint())
        if isinstance(exc, CommandNotFoundError | McpConfigError):
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
            log_path=str(self.log.path),
            login_needed=bool(self.oauth is not None and self.oauth.login_needed),
        )

    # ------------------------------------------------------------ tools

    async def _refresh(self, client: Any) -> None:
        """tools/list, through pinning, into ToolDefs (on connect and on list_changed)."""
        listed = await every_page(lambda cursor: client.list_tools(cursor=cursor), "tools")
        # one worker for every server: ten servers listing at once in ten threads fight the window for the GIL
        prepared = await asyncio.get_running_loop().run_in_executor(PREPARE, prepare_tools, listed)
        self.task_only = {t.tool for t in prepared if t.needs_task}
        self.tools = self.manager.build_tools(self, prepared)
        self.manager.changed(self)

    # ------------------------------------------------------------ callbacks from the SDK

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, Exception):
            sample = offending_line(message)
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
            self._asked.append(elicit_note(message, answer))
            return sdk.types.ElicitResult(action=answer.action)
        problem = validate_arguments(schema, answer.content or {})
        if problem:
            return sdk.types.ErrorData(code=-32602, message=f"answer does not fit the form: {problem}")
        return sdk.types.ElicitResult(action="accept", content=answer.content or {})

    async def _on_roots(self, context: Any) -> Any:
        """roots/list: the folders the user shared (the shell's workspace), as file:// URIs."""
        return roots_result((await self.manager.sdk()).types, self.manager.roots)

    async def _on_sample(self, context: Any, params: Any) -> Any:
        sdk = await self.manager.sdk()
        request = sampling_request(self.config.name, params)
        try:
            with self._clock.person():
                result = await self.manager.sampling.sample(request)
        except Exception as exc:  # noqa: BLE001 - a broken handler declines
            result = SamplingResult(False, reason=f"failed: {exc}")
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
        output = with_notes(output, self._asked[first:])
        if not self._calls:
            self._asked.clear()
        return output

    async def _call(self, client: Any, tool: str, args: dict[str, Any], progress: Any) -> ToolOutput:
        wait = self.config.timeout + PERSON_ALLOWANCE
        if tool in self.task_only:  # created, polled, its result fetched; a cancel sends tasks/cancel
            types, name = (await self.manager.sdk()).types, self.config.name
            call = call_as_task(
                client.session, types, server=name, tool=tool, args=args, progress=progress, timeout=wait
            )
        else:
            call = client.call_tool(tool, args, read_timeout_seconds=wait, progress_callback=progress)
        task = asyncio.ensure_future(call)
        try:
            finished = await self._clock.run(task, self.config.timeout)
        finally:  # out of time, or the caller was cancelled
            if not task.done():
                task.cancel()  # the SDK sends notifications/cancelled to the server
                await asyncio.wait({task}, timeout=2)
        if not finished:
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
        exc = leaf(exc)
        code = getattr(exc, "code", None)
        if code == -32000 or self._lost:
            self._on_eof()  # the session is over: the lifecycle task marks the server failed
            return error_output(f"MCP server {self.config.name!r} stopped while running {tool}: {self._lost_reason()}")
        message = getattr(exc, "message", "") or str(exc) or type(exc).__name__
        if code is not None:
            return error_output(f"MCP server {self.config.name!r} refused {tool}: {message} (error {code})")
        return error_output(f"MCP server {self.config.name!r} failed on {tool}: {type(exc).__name__}: {message}")
