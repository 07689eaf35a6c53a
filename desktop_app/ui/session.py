"""AgentSession: owns the running engine task and turns its events into Qt signals."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from desktop_app.agent.approval import Approver
    from desktop_app.runtime import OpenRun, RunOptions
    from desktop_app.store.settings import Settings

log = logging.getLogger(__name__)
YIELD_EVERY_S = 0.006  # hand the Qt loop a turn at least this often while events pour in


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


def _default_factory() -> RunFactory:
    from desktop_app.runtime import open_run

    return open_run


class AgentSession(QObject):
    """One conversation's engine runs; at most one at a time, cancellable at once."""

    event = Signal(dict)  # every engine event as its CONTRACT dict (plus "tool_defs")
    runStarted = Signal(dict)  # run_started: provider, model, conversation_id
    textDelta = Signal(str)  # a piece of the streamed answer
    toolCall = Signal(dict)  # tool_call: id, name, arguments, source, risk
    approvalDecided = Signal(dict)  # approval: id, name, decision, by, reason
    toolResult = Signal(dict)  # tool_result: id, name, content, is_error, duration_ms
    toolProgress = Signal(dict)  # tool_progress: id, progress, total, message
    usage = Signal(int, int)  # input and output tokens of one model call
    final = Signal(dict)  # final: text, turns, stop_reason
    error = Signal(dict)  # error: message, kind
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
        self._task = asyncio.get_event_loop().create_task(self._run(text, retry))
        self.busyChanged.emit(True)
        return self._task

    def _run_options(self) -> RunOptions:
        from desktop_app.runtime import RunOptions

        if self._options is not None:
            return self._options()
        return RunOptions(max_turns=self.settings.max_turns)

    async def _run(self, text: str, retry: bool) -> None:
        run: OpenRun | None = None
        try:
            factory = self._factory or _default_factory()
            run = await factory(
                self.settings,
                self._run_options(),
                self.approver,
                save=True,
                title=text,
                conversation_id=self.conversation_id,
            )
            if retry:
                _rewind(run)
            self._emit({"type": "tool_defs", "tools": [t.listing() for t in run.agent.registry.all()]})
            await self._pump(run, text)
        except asyncio.CancelledError:
            self._status = "cancelled"
        except Exception as exc:  # noqa: BLE001 - shown in the window, never a crash
            log.exception("run failed")
            self._status = "error"
            self._emit({"type": "error", "message": _one_line(exc), "kind": "internal"})
        finally:
            await self._close(run)
            self.busyChanged.emit(False)
            self.runFinished.emit(self._status)

    async def _pump(self, run: OpenRun, text: str) -> None:
        """Forward events, giving the Qt loop a turn whenever they arrive faster than a frame."""
        last_yield = time.perf_counter()
        async with contextlib.aclosing(run.agent.run(text)) as events:
            async for item in events:
                self._emit(item.to_dict())
                now = time.perf_counter()
                if now - last_yield > YIELD_EVERY_S:
                    await asyncio.sleep(0)
                    last_yield = time.perf_counter()

    async def _close(self, run: OpenRun | None) -> None:
        if run is None:
            return
        try:
            await asyncio.shield(run.close())
        except asyncio.CancelledError:
            pass
        except Exception:  # noqa: BLE001 - closing must not hide the run's outcome
            log.exception("closing the run failed")

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
