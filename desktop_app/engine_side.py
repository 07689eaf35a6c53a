"""What the window asks of the engine, done on the engine thread (no Qt): a run, and its calls' approvals;
only a question for a person (to the window) and its answer (back) cross the threads."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from desktop_app.agent.approval import Verdict
from desktop_app.core import events as ev
from desktop_app.store.approval_log import ApprovalLog, DecisionRecord

if TYPE_CHECKING:
    from desktop_app.agent.approval import ApprovalPolicy, Choice, Decision, Pending, Waiting
    from desktop_app.agent.driver import EventSink
    from desktop_app.core.messages import ToolCall
    from desktop_app.engine_thread import EngineThread
    from desktop_app.runtime import OpenRun, RunOptions
    from desktop_app.store.settings import Settings
    from desktop_app.tools.registry import ToolDef

    RunFactory = Callable[..., Awaitable[OpenRun]]  # `runtime.open_run`'s shape; tests swap in a scripted model

WindowEvent = ev.AnyEvent | ev.ToolDefsEvent  # what crosses to the window: the loop's events and the run's tools


@dataclass(frozen=True)
class Job:
    """One run's inputs, all read on the UI thread when it starts (settings frozen)."""

    text: str | None  # None: no new user message, the model turn is re-run (a fork)
    retry: bool
    settings: Settings
    options: RunOptions
    conversation_id: str


async def run_job(job: Job, factory: RunFactory | None, approver: UiApprover, sink: EventSink[WindowEvent]) -> None:
    """On the engine thread: the engine's driver runs the job, its calls decided by `approver`."""
    from desktop_app import runtime
    from desktop_app.agent.driver import drive

    open_with = factory or runtime.open_run

    async def open_run() -> OpenRun:
        run = await open_with(
            job.settings, job.options, approver, save=True, title=job.text or "", conversation_id=job.conversation_id
        )
        approver.conversation_id = run.agent.conversation_id  # its allowances and its log records
        return run

    await drive(open_run, job.text, job.retry, sink)


class ApprovalWindow(Protocol):
    """The window's side of the approvals (ui/approval.ApprovalDialogs)."""

    policy: ApprovalPolicy
    log: ApprovalLog

    def show_line(self, asking: Pending | None, waiting: int) -> None:
        """On the UI loop: the question to show (None: none) and how many calls wait."""


class UiApprover:
    """The window's Approver on the engine thread: the policy, its state and the log live here;
    the window is sent the line of questions only when what it shows changed."""

    def __init__(self, window: ApprovalWindow, engine: EngineThread) -> None:
        self.window, self.policy, self._engine = window, window.policy, engine
        self.conversation_id = ""  # the run's, or the window's for a call the person makes
        self._shown: tuple[Pending | None, int] = (None, 0)  # what the window shows
        self._due = False

    async def decide(self, call: ToolCall, tool: ToolDef, waiting: Waiting = None) -> Decision:
        """The policy's allowances first, then the user through a dialog; dismissed or late = deny."""
        conversation = self.conversation_id
        try:
            verdict = await self.policy.verdict(call, tool, conversation, self, waiting)
        except asyncio.CancelledError:
            self._record(call, tool, conversation, Verdict(False, "cancelled", "the run was stopped"))
            raise
        self._record(call, tool, conversation, verdict)
        return verdict.decision()

    async def decide_in(self, conversation: str, call: ToolCall, tool: ToolDef) -> Decision:
        """`decide` for a call the person or the window makes in `conversation` (not a run's)."""
        self.conversation_id = conversation
        return await self.decide(call, tool)

    def _record(self, call: ToolCall, tool: ToolDef, conversation: str, verdict: Verdict) -> None:
        decision = "approved" if verdict.approved else "denied"
        arguments = json.dumps(call.arguments, ensure_ascii=False)[:2000]
        scope, why = verdict.scope, verdict.reason
        record = DecisionRecord(
            call.name, call.id, decision, scope, why, conversation, tool.source, tool.risk, arguments
        )
        self.window.log.add(record)

    def answer(self, pending: Pending, choice: Choice, reason: str) -> None:
        """On the engine loop, from the window: its answer; its dialog is gone and its count one less."""
        if self._shown[0] is pending:
            self._shown = (None, self._shown[1] - 1)
        self.policy.answer(pending, choice, reason)

    def _line_changed(self, *_: object) -> None:
        """The policy's Asker: what changed in one turn of the engine loop goes to the window as one message."""
        if not self._due:
            self._due = True
            asyncio.get_running_loop().call_soon(self._send_line)

    show = withdraw = queue_changed = _line_changed  # a question shown, withdrawn, queued

    def _send_line(self) -> None:
        self._due = False
        line = (self.policy.asking, len(self.policy.queue))
        if line != self._shown:
            self._shown = line
            self._engine.post(self.window.show_line, *line)
