"""The one gate every tool call passes: an injected Approver decides, the loop obeys."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

from desktop_app.core.messages import ToolCall
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
    """Headless policy: `none` refuses every confirmable call, `all` allows, or names.

    A name `SERVER__*` allows every tool of that MCP server (by its configured name or the
    prefix its tools carry).
    """

    def __init__(self, allow: Literal["none", "all"] | Iterable[str] = "none") -> None:
        self._all = allow == "all"
        self._names = set() if isinstance(allow, str) else set(allow)

    def _allows(self, name: str, tool: ToolDef) -> bool:
        return name in self._names or any(_in_server(pattern, name, tool) for pattern in self._names)

    def unmatched(self, tools: Iterable[ToolDef]) -> list[str]:
        """The names given that match no tool (a typo, or a server that did not start)."""
        tools = list(tools)
        return sorted(n for n in self._names if not any(t.name == n or _in_server(n, t.name, t) for t in tools))

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        if self._all or self._allows(call.name, tool):
            return Decision(True, "policy", "allowed by --approve")
        return Decision(
            False,
            "policy",
            f"{call.name} needs the user's confirmation and none was given (headless run without --approve)",
        )


def _in_server(pattern: str, name: str, tool: ToolDef) -> bool:
    """`SERVER__*` against one MCP tool: its configured server's name or its name's prefix."""
    if not pattern.endswith("__*") or not tool.source.startswith("mcp:"):
        return False
    server = pattern[: -len("__*")]
    return tool.source == f"mcp:{server}" or name.startswith(f"{server}__")


class RecordingApprover:
    """For tests: answers from a script and records what it was asked."""

    def __init__(self, approve: bool = True, reason: str = "") -> None:
        self.approve = approve
        self.reason = reason
        self.asked: list[ToolCall] = []

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        self.asked.append(call)
        return Decision(self.approve, "user", self.reason)
