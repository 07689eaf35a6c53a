"""AgentSession: owns the running engine task and turns its events into Qt signals."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from PySide6.QtCore import QObject, Signal

from desktop_app.ui.engine_thread import MAX_BACKLOG, EngineThread, EventPipe, UiApprover

if TYPE_CHECKING:
    from desktop_app.agent.approval import Approver
    from desktop_app.runtime import OpenRun, RunOptions
    from desktop_app.store.settings import Settings

log = logging.getLogger(__name__)


class RunFactory(Protocol):
    """`runtime.open_run`'s shape; tests pass one that swaps in a scripted model."""

    def __call__(
        self,
        settings: Settings,
        options: RunOptions,
        approver: Approver,
        *,
        save: bool = True,
        title: str = "",
        conversation_id: str = "",
    ) -> Awaitable[OpenRun]: ...


WARM_MODULES = (
    "desktop_app.runtime",
    "desktop_app.agent.loop",
    "desktop_app.tools.travel",
    "desktop_app.llm.offline",
    "desktop_app.store.history",
    "desktop_app.store.secrets",
)


def _warm() -> None:
    """Import the engine and find the keyring off the UI thread (~0.5 s otherwise stalls it)."""
    import importlib

    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            log.warning("could not preload %s", name)
    try:
        from desktop_app.store.secrets import keyring_usable

        keyring_usable()
    except Exception:  # noqa: BLE001 - a broken keyring is reported when a key is needed
        log.info("keyring probe failed", exc_info=True)


async def _warm_async() -> None:
    _warm()


def _default_factory() -> RunFactory:
    from desktop_app.runtime import open_run

    return open_run


class AgentSession(QObject):
    """One conversation's engine runs; at most one at a time, cancellable at once."""

    # every engine event as its CONTRACT dict (plus "tool_defs"); the name shadows QObject.event
    # on the Python side only: Qt's C++ event dispatch still reaches QObject::event (checked)
    event = Signal(object)  # type: ignore[assignment]
    runStarted = Signal(object)  # run_started: provider, model, conversation_id
    textDelta = Signal(str)  # a piece of the streamed answer
    toolCall = Signal(object)  # tool_call: id, name, arguments, source, risk
    approvalDecided = Signal(object)  # approval: id, name, decision, by, reason
    toolResult = Signal(object)  # tool_result: id, name, content, is_error, duration_ms
    toolProgress = Signal(object)  # tool_progress: id, progress, total, message
    usage = Signal(int, int)  # input and output tokens of one model call
    final = Signal(object)  # final: text, turns, stop_reason
    error = Signal(object)  # error: message, kind
    busyChanged = Signal(bool)  # a run started (True) or ended (False)
    runFinished = Signal(str)  # "done" | "error" | "cancelled", after history is written

    def __init__(
        self,
        settings: Settings,
        approver: Approver,
        options: Callable[[], RunOptions] | None = None,
        run_factory: RunFactory | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.approver = approver
        self._options = options
        self._factory = run_factory
        self._task: asyncio.Task[None] | None = None
        self.conversation_id = ""
        self.last_user_text = ""
        self._status = "done"
        self._warm: asyncio.Future[None] | None = None
        self._engine: EngineThread | None = None
        self._engine_task: asyncio.Task[None] | None = None
        self._options_now: RunOptions | None = None
        self._conversation_now = ""

    def _engine_thread(self) -> EngineThread:
        if self._engine is None:
            self._engine = EngineThread()
        return self._engine

    def engine_thread(self) -> EngineThread:
        """The engine's thread and loop (started on first use); MCP's manager lives there too."""
        return self._engine_thread()

    def warm_up(self) -> asyncio.Future[None]:
        """Preload the engine on its thread once the window is up; runs wait for it."""
        if self._warm is None:
            self._warm = asyncio.wrap_future(self._engine_thread().submit(_warm_async()))
        return self._warm

    def shutdown(self) -> None:
        """Cancel any run and stop the engine thread (the window is closing)."""
        self.cancel()
        if self._engine is not None:
            self._engine.stop()
            self._engine = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def new_conversation(self) -> None:
        """The next message starts a fresh conversation."""
        self.cancel()
        self.conversation_id = ""
        self.last_user_text = ""

    def open_conversation(self, conversation_id: str, last_user_text: str = "") -> None:
        """The next message continues a saved conversation."""
        self.cancel()
        self.conversation_id = conversation_id
        self.last_user_text = last_user_text

    def send(self, text: str) -> asyncio.Task[None] | None:
        """Start a run for `text`; None when one is already running or the text is blank."""
        if self.busy or not text.strip():
            return None
        self.last_user_text = text
        return self._start(text, retry=False)

    def retry(self) -> asyncio.Task[None] | None:
        """Run the last user message again, the model not seeing the answer being replaced."""
        if self.busy or not self.last_user_text:
            return None
        return self._start(self.last_user_text, retry=True)

    def cancel(self) -> bool:
        """Cancel the running task now; the engine still commits a result for every call."""
        if not self.busy:
            return False
        assert self._task is not None
        self._status = "cancelled"
        self._task.cancel()
        return True

    async def wait(self) -> None:
        """Until the current run (if any) has ended and its history is written."""
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(self._task)

    def _start(self, text: str, retry: bool) -> asyncio.Task[None]:
        self._status = "done"
        self._options_now = self._run_options()  # read on the UI thread, used on the engine's
        self._conversation_now = self.conversation_id
        self._task = asyncio.get_event_loop().create_task(self._run(text, retry))
        self.busyChanged.emit(True)
        return self._task

    def _run_options(self) -> RunOptions:
        from desktop_app.runtime import RunOptions

        if self._options is not None:
            return self._options()
        return RunOptions(max_turns=self.settings.max_turns)

    async def _run(self, text: str, retry: bool) -> None:
        """The UI-side task: starts the run on the engine thread and waits until it is over."""
        ui = asyncio.get_running_loop()
        pipe = EventPipe(ui, self._emit)
        over: asyncio.Future[str] = ui.create_future()
        engine = self._engine_thread()
        started = False
        try:
            await self.warm_up()
            engine.submit(self._engine_run(text, retry, pipe, ui, over))
            started = True
            await asyncio.shield(over)
        except asyncio.CancelledError:
            self._status = "cancelled"
            if started:
                self._cancel_on_engine(engine, over)
                await over  # the engine commits a result for every call before it ends
        finally:
            try:
                await pipe.drained()  # the last events in time slices, like the others
            finally:
                pipe.flush()
                self.busyChanged.emit(False)
            self.runFinished.emit(self._status)

    def _cancel_on_engine(self, engine: EngineThread, over: asyncio.Future[str]) -> None:
        """Ask the engine thread to cancel the run; if the window's close already stopped that
        thread (its shutdown ended the run and committed what streamed), the run is over."""
        try:
            engine.loop.call_soon_threadsafe(self._cancel_engine_task)
        except RuntimeError:  # "Event loop is closed": closing while an answer streamed
            _settle(over)

    def _cancel_engine_task(self) -> None:
        """On the engine thread: cancel the run (a no-op when it already ended)."""
        task = self._engine_task
        if task is not None and not task.done():
            task.cancel()

    async def _engine_run(
        self,
        text: str,
        retry: bool,
        pipe: EventPipe,
        ui: asyncio.AbstractEventLoop,
        over: asyncio.Future[str],
    ) -> None:
        """On the engine thread: open the run, forward its events, close it, report the end."""
        self._engine_task = asyncio.current_task()
        run: OpenRun | None = None
        try:
            factory = self._factory or _default_factory()
            run = await factory(
                self.settings,
                self._options_now or self._run_options(),
                UiApprover(self.approver, ui),
                save=True,
                title=text,
                conversation_id=self._conversation_now,
            )
            if retry:
                _rewind(run)
            pipe.put({"type": "tool_defs", "tools": [t.listing() for t in run.agent.registry.all()]})
            stream = cast("AsyncGenerator[Any, None]", run.agent.run(text))  # an async generator
            async with contextlib.aclosing(stream) as events:
                async for item in events:
                    pipe.put(item.to_dict())
                    while pipe.backlog() > MAX_BACKLOG:  # let the window catch up
                        await asyncio.sleep(0.002)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - shown in the window, never a crash
            log.exception("run failed")
            pipe.put({"type": "error", "message": _one_line(exc), "kind": "internal"})
        finally:
            try:
                if run is not None:
                    await run.close()
            except Exception:  # noqa: BLE001 - closing must not hide the run's outcome
                log.exception("closing the run failed")
            finally:
                self._engine_task = None
                ui.call_soon_threadsafe(_settle, over)

    def _emit(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "run_started":
            self.conversation_id = str(event.get("conversation_id") or self.conversation_id)
        elif kind == "error":
            self._status = "error"
        self.event.emit(event)
        typed = _TYPED.get(str(kind))
        if typed is not None:
            typed(self, event)


def _settle(over: asyncio.Future[str]) -> None:
    if not over.done():
        over.set_result("done")


def _rewind(run: OpenRun) -> None:
    """Drop the last user message and what followed it from what the model will see."""
    from desktop_app.agent.messages import UserMessage

    messages = run.agent.messages
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], UserMessage):
            run.agent.messages = messages[:i]
            return


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


_TYPED: dict[str, Callable[[AgentSession, dict[str, Any]], None]] = {
    "run_started": lambda s, e: s.runStarted.emit(e),
    "text_delta": lambda s, e: s.textDelta.emit(str(e.get("text", ""))),
    "tool_call": lambda s, e: s.toolCall.emit(e),
    "approval": lambda s, e: s.approvalDecided.emit(e),
    "tool_result": lambda s, e: s.toolResult.emit(e),
    "tool_progress": lambda s, e: s.toolProgress.emit(e),
    "usage": lambda s, e: s.usage.emit(int(e["input_tokens"]), int(e["output_tokens"])),
    "final": lambda s, e: s.final.emit(e),
    "error": lambda s, e: s.error.emit(e),
}
