"""The one gate every tool call passes: an injected Approver decides, the loop obeys."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

from desktop_app.agent.messages import ToolCall
from desktop_app.tools.registry import ToolDef


@dataclass(frozen=True)
class Decision:
    """An approval outcome; a denial's reason goes back to the model."""

    approved: bool
    by: Literal["policy", "user"] = "policy"
    reason: str = ""


class Approver(Protocol):
    """Decides whether a call that needs confirmation may run (dialog, terminal, policy)."""

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        """Dismissed, timed out or failed means denied."""
        ...


class PolicyApprover:
    """Headless policy: `none` refuses every confirmable call, `all` allows, or a set of names."""

    def __init__(self, allow: Literal["none", "all"] | Iterable[str] = "none") -> None:
        self._all = allow == "all"
        self._names = set() if isinstance(allow, str) else set(allow)

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        if self._all or call.name in self._names:
            return Decision(True, "policy", "allowed by --approve")
        return Decision(
            False,
            "policy",
            f"{call.name} needs the user's confirmation and none was given (headless run without --approve)",
        )


class RecordingApprover:
    """For tests: answers from a script and records what it was asked."""

    def __init__(self, approve: bool = True, reason: str = "") -> None:
        self.approve = approve
        self.reason = reason
        self.asked: list[ToolCall] = []

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        self.asked.append(call)
        return Decision(self.approve, "user", self.reason)
