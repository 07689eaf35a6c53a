"""The window's MCP manager: it lives on the engine loop (where runs call it); Qt sees signals."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QWidget

if TYPE_CHECKING:
    from desktop_app.engine_thread import EngineThread
    from desktop_app.llm.base import ChatModel
    from desktop_app.mcp.client import ElicitationResult, McpManager, SamplingRequest, ServerStatus
    from desktop_app.mcp.setup import ServerConfig
    from desktop_app.mcp.trust import PendingChange, SecretSend
    from desktop_app.tools.registry import ToolOutput
    from desktop_app.ui.mcp.dialogs import SamplingDialog, SecretSendDialog

log = logging.getLogger(__name__)
T = TypeVar("T")
CLOSE_TIMEOUT_S = 8.0
Listing = asyncio.Future[tuple[list[dict[str, Any]], list[str]]]  # what was found, and a line per server that failed


class DialogInteraction(QObject):
    """ElicitationHandler and sampling confirmation: called on the engine loop, shown on the UI loop."""

    dialogShown = Signal(object)  # the ElicitationDialog / SamplingDialog now on screen

    def __init__(self, parent_widget: QWidget | None, model_name: Callable[[], str]) -> None:
        super().__init__(parent_widget)
        self._parent_widget = parent_widget
        self._model_name = model_name
        self.engine: EngineThread | None = None
        self.open_dialogs: list[QDialog] = []

    async def _on_ui(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run `coro` on the UI loop and await it from the engine loop (cancellation crosses too)."""
        assert self.engine is not None, "the window hands over the engine thread before starting the manager"
        return await self.engine.call_on_ui(coro)

    async def elicit(self, server: str, message: str, schema: dict[str, Any]) -> ElicitationResult:
        return await self._on_ui(self._elicit_ui(server, message, schema))

    async def confirm_sampling(self, request: SamplingRequest) -> bool:
        from desktop_app.ui.mcp.dialogs import SamplingDialog

        return await self._on_ui(
            self._approved(lambda: SamplingDialog(request, self._model_name(), self._parent_widget))
        )

    async def confirm_secret(self, send: SecretSend) -> bool:
        from desktop_app.ui.mcp.dialogs import SecretSendDialog

        return await self._on_ui(self._approved(lambda: SecretSendDialog(send, self._parent_widget)))

    async def _elicit_ui(self, server: str, message: str, schema: dict[str, Any]) -> ElicitationResult:
        from desktop_app.mcp.client import ElicitationResult
        from desktop_app.ui.mcp.dialogs import ElicitationDialog  # on use: most servers never ask

        dialog = ElicitationDialog(server, message, schema, self._parent_widget)
        await self._show_and_wait(dialog)
        if dialog.action == "accept":
            return ElicitationResult("accept", dialog.form.content())
        reason = "the user declined the form" if dialog.action == "decline" else "the user dismissed the form"
        return ElicitationResult(dialog.action, reason=reason)  # type: ignore[arg-type]

    async def _approved(self, make: Callable[[], SamplingDialog | SecretSendDialog]) -> bool:
        """On the UI loop: the dialog made, shown and awaited; True only after its approving button."""
        dialog = make()
        await self._show_and_wait(dialog)
        return dialog.approved

    def cancel_all(self) -> None:
        """Stop was pressed: every open form or sampling request is answered "cancel" / denied."""
        for dialog in list(self.open_dialogs):
            dialog.reject()

    async def _show_and_wait(self, dialog: QDialog) -> None:
        """show() and await `finished` (never exec()); a cancelled wait closes the dialog."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        dialog.finished.connect(lambda _r: None if done.done() else done.set_result(None))
        dialog.show()
        dialog.raise_()
        self.open_dialogs.append(dialog)
        self.dialogShown.emit(dialog)
        try:
            await done
        finally:
            self.open_dialogs.remove(dialog)
            dialog.finished.disconnect()
            dialog.close()
            dialog.deleteLater()


class McpServers(QObject):
    """Starts, feeds and closes the McpManager on the engine thread; mirrors its state for Qt."""

    statusChanged = Signal(object)  # ServerStatus (on the UI thread)
    pendingChanged = Signal(object)  # list[PendingChange] held back now
    started = Signal()  # the manager is running and registered for runs
    problem = Signal(str)  # the configuration could not be read
    # server, phase (progress / signed_in / failed / signed_out / no_login), one line (URL or error)
    signIn = Signal(str, str, str)

    def __init__(
        self,
        mcp_config: str,
        model: Callable[[], ChatModel],
        model_name: Callable[[], str],
        parent_widget: QWidget | None = None,
        roots: Callable[[], list[Path]] = list,
    ) -> None:
        super().__init__(parent_widget)
        self.mcp_config = mcp_config
        self._roots = roots  # folders offered to servers that ask (read when the servers start, then set_roots)
        self._model = model
        self.interaction = DialogInteraction(parent_widget, model_name)
        self.manager: McpManager | None = None
        self._engine: EngineThread | None = None
        self.statuses: dict[str, ServerStatus] = {}
        self.pending: list[PendingChange] = []
        self._closed = False  # after close(): late news from the engine thread is dropped
        self._asking: asyncio.Task[None] | None = None  # first-time secret sends being asked
        self._told: set[str] = set()  # notices already shown
        self.signing_in: set[str] = set()  # servers whose browser sign-in is under way

    @property
    def running(self) -> bool:
        return self.manager is not None

    def start(self, engine: EngineThread) -> asyncio.Future[None]:
        """Create and start the manager on the engine loop; returns at once (after the first paint)."""
        self._engine = engine
        self.interaction.engine = engine
        return self._submit(self._open())

    def _submit(self, coro: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        assert self._engine is not None
        return self._engine.submit(coro)

    async def _open(self) -> None:
        """On the engine loop: read the servers, build the manager, start it (runs find it in `manager`)."""
        from desktop_app.mcp.client import McpManager, ModelSampler
        from desktop_app.mcp.setup import McpConfigError, load_servers

        try:
            servers = load_servers(self.mcp_config)
        except McpConfigError as exc:
            self._post(self.problem.emit, str(exc))
            servers = []
        sampler = ModelSampler(lambda: _OneShotModel(self._model()), self.interaction.confirm_sampling)
        from desktop_app.ui import mcp_app

        manager = McpManager(
            servers, elicitation=self.interaction, sampling=sampler, roots=self._roots(), apps=mcp_app.available()
        )
        manager.subscribe(self._on_status)
        manager.start()
        self.manager = manager
        self._post(self._snapshot_ui, manager.statuses(), manager.pending_changes(), True)
        self._asking = asyncio.create_task(self._ask_secrets(servers))  # never holds up the start

    async def _ask_secrets(self, servers: list[ServerConfig]) -> None:
        """A secret's first trip to a server is asked in a dialog; its server (failed until then) reconnects."""
        from desktop_app.mcp import trust

        for send in trust.pending(servers):
            if self.manager is None or not await self.interaction.confirm_secret(send):
                continue
            trust.allow(send)
            await self._restart(send.server)

    def _on_status(self, status: ServerStatus) -> None:
        """The manager's listener (engine thread): hand the status over to the UI loop."""
        manager = self.manager
        pending = manager.pending_changes() if manager is not None else []
        for notice in manager.notices() if manager is not None else []:
            if notice not in self._told:  # e.g. the pin file was damaged: said once, in the status bar
                self._told.add(notice)
                self._post(self.problem.emit, f"MCP: {notice}")
        self._post(self._status_ui, status, pending)

    def _post(self, fn: Callable[..., None], *args: Any) -> None:
        """`fn(*args)` on the UI loop, unless close() has run by then (late news is dropped)."""
        if self._engine is not None:
            self._engine.post(self._unless_closed, fn, *args)

    def _unless_closed(self, fn: Callable[..., None], *args: Any) -> None:
        if not self._closed:
            fn(*args)

    def _status_ui(self, status: ServerStatus, pending: list[PendingChange]) -> None:
        self.statuses[status.name] = status
        self.statusChanged.emit(status)
        self._set_pending(pending)

    def _snapshot_ui(self, statuses: list[ServerStatus], pending: list[PendingChange], first: bool = False) -> None:
        self.statuses = {s.name: s for s in statuses}
        for status in statuses:
            self.statusChanged.emit(status)
        self._set_pending(pending, force=True)
        if first:
            self.started.emit()

    def _set_pending(self, pending: list[PendingChange], force: bool = False) -> None:
        if force or pending != self.pending:
            self.pending = list(pending)
            self.pendingChanged.emit(self.pending)

    # ---------------------------------------------------------------- requests from the window
    async def _then_snapshot(self, action: Callable[[McpManager], Awaitable[None] | None]) -> None:
        manager = self.manager
        if manager is None:
            return
        try:
            result = action(manager)
            if result is not None:
                await result
        except Exception as exc:  # shown in the status bar, never a crash
            log.exception("MCP request failed")
            self._post(self.problem.emit, f"MCP: {exc}")
        self._post(self._snapshot_ui, manager.statuses(), manager.pending_changes())

    def approve(self, name: str) -> asyncio.Future[None]:
        """Pin a held-back tool's new definition (the user saw old and new)."""
        return self._submit(self._then_snapshot(lambda m: m.approve(name)))

    def update(self, servers: list[ServerConfig]) -> asyncio.Future[None]:
        """Apply an edited server list: changed and removed servers stop, new ones connect."""
        return self._submit(self._update(servers))

    async def _update(self, servers: list[ServerConfig]) -> None:
        await self._then_snapshot(lambda m: m.update(servers))
        await self._ask_secrets(servers)

    def set_roots(self, roots: list[Path]) -> asyncio.Future[None]:
        """The shell's workspace changed in Settings: tell the servers (see McpManager.set_roots)."""
        return self._submit(self._then_snapshot(lambda m: m.set_roots(roots)))

    def restart(self, name: str) -> asyncio.Future[None]:
        return self._submit(self._restart(name))

    async def _restart(self, name: str) -> None:
        await self._then_snapshot(lambda m: m.restart(name))

    def call(self, server: str, tool: str, args: dict[str, Any]) -> asyncio.Future[ToolOutput]:
        """One server's tool, called on the engine loop (an MCP App's view asks; approval is the caller's)."""
        assert self.manager is not None, "a view exists only for a tool of a running manager"
        return self._submit(self.manager.call(server, tool, args))

    # ---------------------------------------------------------------- resources and prompts
    def listing(self, kind: Literal["resources", "templates", "prompts"]) -> Listing:
        """Every ready server's resources, resource templates (URIs the person completes before
        reading) or prompts, and one line per server that could not list them."""
        from desktop_app.mcp.client import list_prompts, list_resources, list_templates

        each = {"resources": list_resources, "templates": list_templates, "prompts": list_prompts}[kind]
        return self._submit(self._gather(each))

    def read(self, server: str, uri: str, limit: int | None = None) -> Listing:
        """One resource of one server (`limit`: characters of text kept, when not the browser's)."""
        from desktop_app.mcp.client import MAX_TEXT, read_resource

        return self._submit(self._gather(lambda conn: read_resource(conn, uri, limit or MAX_TEXT), server))

    def prompt(self, server: str, name: str, arguments: dict[str, str]) -> Listing:
        from desktop_app.mcp.client import get_prompt

        return self._submit(self._gather(lambda conn: get_prompt(conn, name, arguments), server))

    async def _gather(self, each: Callable[[Any], Awaitable[list[Any]]], only: str = "") -> tuple[list[Any], list[str]]:
        from desktop_app.mcp.client import McpFeatureError

        found: list[Any] = []
        problems: list[str] = []
        conns = self.manager.connections() if self.manager is not None else []
        for conn in conns:
            if (only and conn.config.name != only) or (not only and conn.state != "ready"):
                continue
            try:
                found += await each(conn)
            except McpFeatureError as exc:
                problems.append(str(exc))
        if only and not any(c.config.name == only for c in conns):
            problems.append(f"no MCP server named {only!r}")
        return found, problems

    def login(self, name: str) -> asyncio.Future[None]:
        """OAuth sign-in in the browser on the engine loop (never the UI thread); the server then reconnects."""
        self.signing_in.add(name)
        return self._submit(self._login(name))

    async def _login(self, name: str) -> None:
        from desktop_app.mcp.auth import LoginError, login

        config = self.manager.config(name) if self.manager is not None else None
        try:
            if config is None:
                raise LoginError(f"no MCP server named {name!r} is running")
            await login(config, notify=lambda line: self._post(self._login_ui, name, "progress", line))
        except LoginError as exc:
            self._post(self._login_ui, name, "failed", str(exc))
            return
        except Exception as exc:  # the keyring or the network: one line, never a crash
            log.exception("MCP sign-in failed")
            self._post(self._login_ui, name, "failed", f"{type(exc).__name__}: {exc}")
            return
        self._post(self._login_ui, name, "signed_in", "")
        await self._restart(name)

    def logout(self, name: str) -> asyncio.Future[None]:
        """Forget the server's tokens in the keyring; it reconnects without them."""
        return self._submit(self._logout(name))

    async def _logout(self, name: str) -> None:
        from desktop_app.mcp.auth import logout

        config = self.manager.config(name) if self.manager is not None else None
        try:
            removed = config is not None and await asyncio.to_thread(logout, config)
        except Exception as exc:  # noqa: BLE001 - a locked keyring: said, never a crash
            self._post(self._login_ui, name, "failed", f"{type(exc).__name__}: {exc}")
            return
        self._post(self._login_ui, name, "signed_out" if removed else "no_login", "")
        if removed:
            await self._restart(name)

    def _login_ui(self, name: str, phase: str, detail: str) -> None:
        if phase != "progress":
            self.signing_in.discard(name)
        self.signIn.emit(name, phase, detail)

    def close(self) -> None:
        """On quit, before the engine thread stops: close every session and server process."""
        self._closed = True
        if self._engine is None or not self._engine.running:
            return
        try:  # queued behind _open on the same loop, so a manager still starting is closed too
            self._engine.call_blocking(self._close_on_engine(), CLOSE_TIMEOUT_S)
        except (concurrent.futures.TimeoutError, RuntimeError):
            log.warning("MCP servers did not close within %s s", CLOSE_TIMEOUT_S)

    async def _close_on_engine(self) -> None:
        manager, self.manager = self.manager, None  # runs opened from now on start no server
        if self._asking is not None:
            self._asking.cancel()
        if manager is not None:
            await manager.aclose()


class _OneShotModel:
    """A model made for one sampling request and closed after it (its HTTP client with it)."""

    def __init__(self, inner: ChatModel) -> None:
        self._inner = inner
        self.provider = inner.provider
        self.model = inner.model

    async def stream(self, request: Any) -> AsyncIterator[Any]:
        try:
            async for item in self._inner.stream(request):
                yield item
        finally:
            await self._inner.aclose()

    async def aclose(self) -> None:
        await self._inner.aclose()
