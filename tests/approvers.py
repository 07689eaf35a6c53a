"""An Approver for tests: answers from a script and records what it was asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.agent.approval import Decision, Waiting

if TYPE_CHECKING:
    from desktop_app.core.messages import ToolCall
    from desktop_app.tools.registry import ToolDef


class RecordingApprover:
    """For tests: answers from a script and records what it was asked."""

    def __init__(self, approve: bool = True, reason: str = "") -> None:
        self.approve = approve
        self.reason = reason
        self.asked: list[ToolCall] = []

    async def decide(self, call: ToolCall, tool: ToolDef, waiting: Waiting = None) -> Decision:
        self.asked.append(call)
        return Decision(self.approve, "user", self.reason)
