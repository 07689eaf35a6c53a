"""The agent loop: ask the model, run the tools it asked for (concurrently), repeat."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from desktop_app.agent.approval import Approver, Decision, asked_as_recovered
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.llm.base import (
    ChatModel,
    Completed,
    ModelRequest,
    ProviderError,
    ReadingItem,
    TextChunk,
    WireRequest,
    WireResponse,
)
from desktop_app.tools.registry import ToolOutput, ToolRegistry, error_output

MAX_TURNS = 10
log = logging.getLogger(__name__)


class Sink(Protocol):
    """Where each finished message is committed before the model or the user sees it."""

    def append(self, message: Message) -> None: ...

    def add_usage(self, input_tokens: int, output_tokens: int) -> None:
        """One model call's token counts, for the conversation's totals."""
        ...

    def finish(self) -> str:
        """At the end of a run: "" when all is saved, else the line to show."""
        ...


class Watcher(Protocol):
    """Looks at the conversation after each batch of tool results and may report events (the trip board)."""

    def after_tools(self, messages: Sequence[Message]) -> Sequence[ev.AnyEvent]: ...


Status = Literal["finished", "max_turns", "error", "cancelled"]


@dataclass(frozen=True)
class Outcome:
    """How a run ended: the final answer, a limit, an error or a cancel (the error's kind is its event's)."""

    status: Status
    turns: int = 0
    text: str = ""  # the final answer, or the error's message
    history_error: str = ""  # the run's messages could not all be saved

    @property
    def ok(self) -> bool:
        return self.status == "finished" and not self.history_error


@dataclass
class _ModelCall:
    """What one model call left behind: the reply, or the error that ended it."""

    reply: AssistantMessage | None = None
    error: ev.ErrorEvent | None = None


class RunGuard(Protocol):
    """Limits enforced by the engine (a skill's call counts and token budget)."""

    def check_call(self, call: ToolCall) -> str | None:
        """An error message when this call is over a limit, else None."""
        ...

    def check_usage(self, input_tokens: int, output_tokens: int) -> str | None:
        """An error message when the run is over its token budget, else None."""
        ...


@dataclass
class Agent:
    """One configured engine; `run` yields CONTRACT events for one user message."""

    model: ChatModel
    registry: ToolRegistry
    approver: Approver
    system: Sequence[str] = ()
    max_turns: int = MAX_TURNS
    stream: bool = True
    sink: Sink | None = None
    conversation_id: str = ""
    allowed_tools: Sequence[str] | None = None
    guard: RunGuard | None = None
    watcher: Watcher | None = None
    messages: list[Message] = field(default_factory=list)
    outcome: Outcome = field(default_factory=lambda: Outcome("cancelled"))

    def _commit(self, message: Message) -> None:
        self.messages.append(message)
        if self.sink is not None:
            self.sink.append(message)

    async def run(self, user_text: str | None) -> AsyncIterator[ev.AnyEvent]:
        """Run until the model answers, a limit is hit, or the task is cancelled; `self.outcome`
        says which. A history that could not be written is an `error` of kind `history_write` last.
        `None` adds no user message: the model turn is re-run on the conversation as it is (a fork
        that ends with an edited tool result). Anything else that breaks inside is an `error` of kind
        `internal`: a stream always ends with `final` or `error`."""
        self.outcome = Outcome("cancelled")
        try:
            async for event in self._turns(user_text):
                yield event
        except Exception as exc:  # noqa: BLE001 - a bug or hostile input must not end the stream mid-air
            yield self._internal_error(exc)
        except BaseException:
            self._finish_sink()  # cancelled or broken: still a last try to save what was seen
            raise
        problem = self._finish_sink()
        if problem:
            self.outcome = replace(self.outcome, history_error=problem)
            yield ev.ErrorEvent(problem, "history_write")

    def _internal_error(self, exc: Exception) -> ev.ErrorEvent:
        """The run's last event for an exception nothing else handled (its traceback goes to the log)."""
        log.info("the run failed", exc_info=exc)
        first = (str(exc).strip().splitlines() or [""])[0][:300]
        message = f"internal error: {type(exc).__name__}" + (f": {first}" if first else "")
        self.outcome = Outcome("error", 0, message)
        return ev.ErrorEvent(message, "internal")

    def _finish_sink(self) -> str:
        return self.sink.finish() if self.sink is not None else ""

    async def _turns(self, user_text: str | None) -> AsyncIterator[ev.AnyEvent]:
        yield ev.RunStartedEvent(self.model.provider, self.model.model, self.conversation_id)
        if user_text is not None:
            self._commit(UserMessage(user_text))
        for turn in range(1, self.max_turns + 1):
            yield ev.TurnStartedEvent(turn)
            call = _ModelCall()
            async for event in self._model_turn(turn, call):
                yield event
            if call.reply is None:
                error = call.error or ev.ErrorEvent("the model call ended without a reply", "protocol")
                self.outcome = Outcome("error", turn, error.message)
                yield error
                return
            yield ev.TurnFinishedEvent(turn, call.reply.stop_reason)
            if not call.reply.tool_calls:
                self.outcome = Outcome("finished", turn, call.reply.content)
                yield ev.FinalEvent(call.reply.content, turn, call.reply.stop_reason)
                return
            async for event in self._tool_phase(call.reply.tool_calls):
                yield event
            for event in self.watcher.after_tools(self.messages) if self.watcher else ():
                yield event
        message = (
            f"reached the maximum of {self.max_turns} model calls without a final answer "
            "(raise --max-turns to allow more)"
        )
        self.outcome = Outcome("max_turns", self.max_turns, message)
        yield ev.ErrorEvent(message, "max_turns")

    async def _model_turn(self, turn: int, call: _ModelCall) -> AsyncIterator[ev.AnyEvent]:
        """One model call: stream deltas out, commit the reply (or the partial one when cut)."""
        request = ModelRequest(
            system=tuple(self.system),
            messages=tuple(self.messages),
            tools=self.registry.specs(self.allowed_tools),
            stream=self.stream,
            turn=turn,
        )
        partial: list[str] = []
        try:
            async for item in self.model.stream(request):
                if isinstance(item, TextChunk):
                    partial.append(item.text)
                    yield ev.TextDeltaEvent(item.text)
                elif isinstance(item, WireRequest):
                    yield ev.ModelRequestEvent(turn, self.model.provider, item.url, item.body)
                elif isinstance(item, WireResponse):
                    yield ev.ModelResponseEvent(turn, item.body, item.stream_chunks)
                elif isinstance(item, ReadingItem):
                    yield ev.ReadingEvent(item.frame)
                elif isinstance(item, Completed):
                    self._completed(item, call)  # committed before anyone sees it
                    yield ev.UsageEvent(item.usage.input_tokens, item.usage.output_tokens)
                    return
        except ProviderError as exc:
            self._keep_partial(exc.partial, partial)
            call.error = ev.ErrorEvent(str(exc), exc.kind)
            return
        except asyncio.CancelledError:
            self._keep_partial(None, partial)
            raise
        self._keep_partial(None, partial)
        call.error = ev.ErrorEvent("the model's response ended without a final message", "protocol")

    def _completed(self, item: Completed, call: _ModelCall) -> None:
        """Commit the reply and its usage; over the token budget, its calls are answered unrun."""
        self._commit(item.message)
        tokens = (item.usage.input_tokens, item.usage.output_tokens)
        if self.sink is not None and any(tokens):  # the conversation's totals (the window's status bar)
            self.sink.add_usage(*tokens)
        over = self.guard.check_usage(*tokens) if self.guard else None
        if over and item.message.tool_calls:
            self._commit_results(item.message.tool_calls, {}, f"not run: {over}")
            call.error = ev.ErrorEvent(over, "budget")
        else:
            call.reply = item.message

    def _keep_partial(self, partial: AssistantMessage | None, pieces: list[str]) -> None:
        """A cut-off answer is kept and marked incomplete; tool calls in it are dropped."""
        text = partial.content if partial is not None else "".join(pieces)
        if text:
            self._commit(AssistantMessage(content=text, incomplete=True, stop_reason="error"))

    async def _tool_phase(self, calls: tuple[ToolCall, ...]) -> AsyncIterator[ev.AnyEvent]:
        """Run all calls concurrently; results are committed in call order, even when cancelled."""
        for call in calls:
            tool = self.registry.get(call.name)
            yield ev.call_event(call, tool.source if tool else "unknown", tool.risk if tool else "read")
        queue: asyncio.Queue[ev.AnyEvent | None] = asyncio.Queue()
        outputs: dict[int, ToolOutput] = {}
        tasks = [asyncio.create_task(self._run_one(i, call, queue, outputs)) for i, call in enumerate(calls)]
        try:
            remaining = len(tasks)
            while remaining:
                item = await queue.get()
                if item is None:
                    remaining -= 1
                else:
                    yield item
        finally:
            for task in tasks:
                task.cancel()
            self._commit_results(calls, outputs, "cancelled by the user before it finished")

    def _commit_results(self, calls: tuple[ToolCall, ...], outputs: dict[int, ToolOutput], missing: str) -> None:
        """One result per call, in call order; calls without an output get an error result."""
        for i, call in enumerate(calls):
            out = outputs.get(i) or error_output(missing)
            self._commit(ToolResultMessage(call.id, call.name, out.content, out.is_error))

    async def _run_one(
        self,
        index: int,
        call: ToolCall,
        queue: asyncio.Queue[ev.AnyEvent | None],
        outputs: dict[int, ToolOutput],
    ) -> None:
        """Validate, ask approval if needed, run; every path ends with one tool_result event."""
        started = time.perf_counter()
        try:
            output = await self._decide_and_run(call, queue)
            outputs[index] = output
            await queue.put(
                ev.ToolResultEvent(
                    call.id,
                    call.name,
                    output.content,
                    output.is_error,
                    round((time.perf_counter() - started) * 1000, 1),  # milliseconds
                    output.images,
                    output.structured,
                )
            )
        finally:
            queue.put_nowait(None)

    async def _decide_and_run(self, call: ToolCall, queue: asyncio.Queue[ev.AnyEvent | None]) -> ToolOutput:
        resolved = self.registry.resolve(call)
        if isinstance(resolved, ToolOutput):
            return resolved
        tool, args = resolved
        if self.allowed_tools is not None and tool.name not in self.allowed_tools:
            return error_output(f"tool {tool.name!r} is not allowed by the active skill")
        limit = self.guard.check_call(call) if self.guard else None
        if limit:
            return error_output(limit)
        needs = tool.confirm_for(args) if tool.confirm_for else tool.needs_confirmation
        recovered = asked_as_recovered(call, tool)
        if recovered is not None:
            needs, tool = True, recovered
        if needs:
            try:
                waiting = ev.ApprovalWaitingEvent(call.id, call.name)
                decision = await self.approver.decide(call, tool, lambda: queue.put_nowait(waiting))
            except Exception as exc:  # noqa: BLE001 - a broken approver must mean "denied"
                decision = Decision(False, "policy", f"approval failed: {exc}")
            await queue.put(
                ev.ApprovalEvent(
                    call.id,
                    call.name,
                    "approved" if decision.approved else "denied",
                    decision.by,
                    decision.reason,
                )
            )
            if not decision.approved:
                why = f": {decision.reason}" if decision.reason else ""
                return error_output(f"the user denied this call to {call.name}{why}")

        def report(progress: float, total: float | None = None, message: str = "") -> None:
            queue.put_nowait(ev.ToolProgressEvent(call.id, progress, total, message))

        return await self.registry.run(tool, args, report)
