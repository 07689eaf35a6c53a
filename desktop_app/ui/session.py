"""AgentSession: one conversation's runs on the engine side, their typed events as Qt signals."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal, SignalInstance

from desktop_app.core import events as ev
from desktop_app.engine_side import Job, run_job
from desktop_app.engine_thread import EngineThread, EventPipe

if TYPE_CHECKING:
    from desktop_app.engine_side import RunFactory, WindowEvent
    from desktop_app.runtime import RunOptions
    from desktop_app.store.settings import Settings
    from desktop_app.tools.registry import ToolOutput, ToolRegistry
    from desktop_app.ui.approval import ApprovalDialogs

T = TypeVar("T")


async def _warm_async(provider: str, mcp_config: str | None) -> None:
    """Preloading only: a failure is logged and the run goes on (it meets the problem itself and
    shows it in one line), never a run that waits forever or ends silently."""
    from desktop_app.runtime import warm_up

    try:
        await warm_up(provider, mcp_config)
    except Exception:
        logging.getLogger(__name__).exception("warm-up failed")


class AgentSession(QObject):
    """One conversation's engine runs; at most one at a time, cancellable at once."""

    # each event on its own signal, once, as its typed object (core/events.py, plus ToolDefsEvent);
    # a view that wants them all (the inspector, the stall probe) connects with `every_event`
    runStarted = Signal(object)  # ev.RunStartedEvent
    turnStarted = Signal(object)  # ev.TurnStartedEvent
    textDelta = Signal(object)  # ev.TextDeltaEvent: a piece of the streamed answer
    toolCall = Signal(object)  # ev.ToolCallEvent
    approvalWaiting = Signal(object)  # ev.ApprovalWaitingEvent: a person is asked about a call
    approvalDecided = Signal(object)  # ev.ApprovalEvent
    toolResult = Signal(object)  # ev.ToolResultEvent
    toolProgress = Signal(object)  # ev.ToolProgressEvent
    usage = Signal(object)  # ev.UsageEvent: the tokens of one model call
    trip = Signal(object)  # ev.TripEvent: the conversation's trip is new or changed (its `detail` the whole trip)
    turnFinished = Signal(object)  # ev.TurnFinishedEvent
    final = Signal(object)  # ev.FinalEvent
    error = Signal(object)  # ev.ErrorEvent
    modelRequest = Signal(object)  # ev.ModelRequestEvent: the exact body sent
    modelResponse = Signal(object)  # ev.ModelResponseEvent: the exact body received
    toolDefs = Signal(object)  # ev.ToolDefsEvent: the tools the run offers
    reading = Signal(object)  # ev.ReadingEvent: how the offline planner read the question
    busyChanged = Signal(bool)  # a run started (True) or ended (False)
    runFinished = Signal(str)  # "done" | "error" | "cancelled", after history is written

    def __init__(
        self,
        settings: Settings,
        approver: ApprovalDialogs,
        options: Callable[[], RunOptions] | None = None,
        run_factory: RunFactory | None = None,
        parent: QObject | None = None,
        engine: EngineThread | None = None,
    ) -> None:
        super().__init__(parent)
        self._typed: dict[type, SignalInstance] = {  # each event type and the one signal it goes out on
            ev.RunStartedEvent: self.runStarted,
            ev.TurnStartedEvent: self.turnStarted,
            ev.TextDeltaEvent: self.textDelta,
            ev.ToolCallEvent: self.toolCall,
            ev.ApprovalWaitingEvent: self.approvalWaiting,
            ev.ApprovalEvent: self.approvalDecided,
            ev.ToolResultEvent: self.toolResult,
            ev.ToolProgressEvent: self.toolProgress,
            ev.UsageEvent: self.usage,
            ev.TripEvent: self.trip,
            ev.TurnFinishedEvent: self.turnFinished,
            ev.FinalEvent: self.final,
            ev.ErrorEvent: self.error,
            ev.ModelRequestEvent: self.modelRequest,
            ev.ModelResponseEvent: self.modelResponse,
            ev.ToolDefsEvent: self.toolDefs,
            ev.ReadingEvent: self.reading,
        }
        self.settings = settings
        self.approver = approver
        self.engine = engine or EngineThread()
        self.approvals = approver.on_engine(self.engine)  # the Approver runs are handed: it decides there
        self._pipe: EventPipe[WindowEvent] | None = None  # the last run's events
        approver.events_first = lambda: self._pipe.flush() if self._pipe is not None else None
        self._options = options
        self._factory = run_factory
        self._task: asyncio.Task[None] | None = None
        self.conversation_id = ""
        self.last_user_text = ""
        self._status = "done"
        self._warm: asyncio.Future[None] | None = None
        self._tool_tasks: set[asyncio.Task[Any]] = set()  # Try it / Run again calls in flight
        self._closed = False

    def warm_up(self, provider: str = "offline", mcp_config: str | None = None) -> asyncio.Future[None]:
        """Preload the engine, the provider's SDK and (with servers in `mcp_config`) the mcp SDK on
        the engine thread once the window is up, so their GIL-holding imports never overlap a run."""
        if self._warm is None:
            self.engine.start()
            self._warm = self.engine.submit(_warm_async(provider, mcp_config))
        return self._warm

    def shutdown(self) -> None:
        """Cancel any run and tool call and stop the engine thread (the window is closing)."""
        self._closed = True
        self.cancel()
        for task in list(self._tool_tasks):
            task.cancel()
        self.engine.stop()

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def new_conversation(self) -> None:
        """The next message starts a fresh conversation."""
        self.open_conversation("")

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

    def resume(self, conversation_id: str) -> asyncio.Task[None] | None:
        """Re-run the model turn of a saved conversation that ends with tool results (a fork)."""
        if self.busy:
            return None
        self.conversation_id = conversation_id
        return self._start(None, retry=False)

    def call_tool(self, name: str, arguments: dict[str, Any]) -> asyncio.Task[ToolOutput]:
        """Call one tool as the user (the run's tools, MCP included), confirmed like a model's
        call when it writes; the task's result is the tool's output."""
        from desktop_app.agent.user_call import call_as_user

        approver, conversation = self.approvals, self.approver.conversation_id

        async def call(registry: ToolRegistry) -> ToolOutput:
            approver.conversation_id = conversation  # on the engine thread, like every use of it
            return await call_as_user(registry, approver, name, arguments)

        return self.with_tools(call)

    def list_tools(self) -> asyncio.Task[tuple[dict[str, Any], ...]]:
        """The listings of the tools a run would offer now (for Try it before any run)."""

        async def listings(registry: ToolRegistry) -> tuple[dict[str, Any], ...]:
            return tuple(t.listing() for t in registry.all())

        return self.with_tools(listings)

    def with_tools(self, use: Callable[[ToolRegistry], Awaitable[T]]) -> asyncio.Task[T]:
        """`use(registry)` on the engine thread with the tools a run would get, then closed."""
        settings, options = self.settings.snapshot(), self._run_options()

        async def on_engine() -> T:
            from desktop_app.runtime import open_tools

            registry, close = await open_tools(settings, options)
            try:
                return await use(registry)
            finally:
                await close()

        async def on_ui() -> T:
            if self._closed:  # the window closed before this started: no engine thread again
                raise asyncio.CancelledError
            self.engine.start()
            await asyncio.shield(self.warm_up())
            return await self.engine.run(on_engine())

        task = asyncio.get_event_loop().create_task(on_ui())
        self._tool_tasks.add(task)
        task.add_done_callback(self._tool_tasks.discard)
        return task

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

    def _start(self, text: str | None, retry: bool) -> asyncio.Task[None]:
        self._status = "done"
        job = Job(text, retry, self.settings.snapshot(), self._run_options(), self.conversation_id)
        self._task = asyncio.get_event_loop().create_task(self._run(job))  # job read on the UI thread
        self.busyChanged.emit(True)
        return self._task

    def _run_options(self) -> RunOptions:
        from desktop_app.runtime import RunOptions

        if self._options is not None:
            return self._options()
        return RunOptions(max_turns=self.settings.max_turns)

    async def _run(self, job: Job) -> None:
        """The UI-side task: runs the job on the engine thread and waits until it is over."""
        self.engine.start()
        self._pipe = pipe = self.engine.pipe(self._emit)
        try:
            await asyncio.shield(self.warm_up())  # a Stop during warm-up leaves the warm-up alone
            await self.engine.run(run_job(job, self._factory, self.approvals, pipe))
        except asyncio.CancelledError:
            self._status = "cancelled"  # the engine thread waited until the engine committed its results
        finally:
            try:
                await pipe.drained()  # the last events in time slices, like the others
            finally:
                pipe.flush()
                self.busyChanged.emit(False)
            self.runFinished.emit(self._status)

    def every_event(self, slot: Callable[[Any], object]) -> None:
        """`slot(event)` for every event, in the order the run made them (each still emitted once)."""
        for signal in self._typed.values():
            signal.connect(slot)

    def _emit(self, event: WindowEvent) -> None:
        """On the UI loop: the event out on its own signal."""
        if isinstance(event, ev.RunStartedEvent):
            self.conversation_id = event.conversation_id or self.conversation_id
        elif isinstance(event, ev.ErrorEvent):
            self._status = "error"
        signal = self._typed.get(type(event))
        if signal is not None:
            signal.emit(event)
