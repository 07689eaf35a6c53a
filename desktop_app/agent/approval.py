"""The one gate every tool call passes: an injected Approver decides, the loop obeys.

`ApprovalPolicy` is what every approver that asks a person shares (the window's dialogs, the
terminal's y/N)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:  # annotations only: the window imports this module on its UI thread
    from desktop_app.core.messages import ToolCall
    from desktop_app.tools.registry import ToolDef


Waiting = Callable[[], None] | None  # the loop's "a person is being asked" (an approval_waiting event)


@dataclass(frozen=True)
class Decision:
    """An approval outcome; a denial's reason goes back to the model."""

    approved: bool
    by: Literal["policy", "user"] = "policy"
    reason: str = ""


class Approver(Protocol):
    """Decides whether a call that needs confirmation may run (dialog, terminal, policy)."""

    async def decide(self, call: ToolCall, tool: ToolDef, waiting: Waiting = None) -> Decision:
        """Dismissed, timed out or failed means denied; `waiting()` is called when a person is asked."""
        ...


class PolicyApprover:
    """Headless policy: `none` refuses every confirmable call, `all` allows, or names (`SERVER__*`:
    every tool of that MCP server, by its configured name or the prefix its tools carry)."""

    def __init__(self, allow: Literal["none", "all"] | Iterable[str] = "none") -> None:
        self._all = allow == "all"
        self._names = set() if isinstance(allow, str) else set(allow)

    def unmatched(self, tools: Iterable[ToolDef]) -> list[str]:
        """The names given that match no tool (a typo, or a server that did not start)."""
        tools = list(tools)
        return sorted(n for n in self._names if not any(t.name == n or _in_server(n, t.name, t) for t in tools))

    async def decide(self, call: ToolCall, tool: ToolDef, waiting: Waiting = None) -> Decision:
        if self._all or call.name in self._names or any(_in_server(p, call.name, tool) for p in self._names):
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


Choice = Literal["once", "conversation", "deny", "dismissed"]  # what a person answered
Scope = Literal["once", "conversation", "always", "deny", "dismissed", "timeout", "cancelled"]


def confirm_each_call(tool: ToolDef) -> bool:
    """Tools (the shell) whose every call is confirmed: no allowance may skip the question."""
    return bool(tool.meta.get("confirm_each_call"))


def asked_as_recovered(call: ToolCall, tool: ToolDef) -> ToolDef | None:
    """A call read out of a model's text reaches anything but a built-in read-only tool only after
    a person says yes, each time (text is where injected calls hide): the tool as such a call sees
    it, or None when it may run as usual."""
    if not call.recovered or (tool.source == "builtin" and tool.risk == "read" and not tool.needs_confirmation):
        return None
    return replace(tool, needs_confirmation=True, confirm_for=None, meta={**tool.meta, "confirm_each_call": True})


@dataclass(frozen=True)
class Verdict:
    """A decision with how it was reached (the approvals log keeps both)."""

    approved: bool
    scope: Scope
    reason: str = ""

    def decision(self) -> Decision:
        return Decision(self.approved, "policy" if self.scope == "always" else "user", self.reason)


@dataclass(eq=False)
class Pending:
    """One call waiting for a person's answer."""

    call: ToolCall
    tool: ToolDef
    conversation_id: str
    future: asyncio.Future[tuple[Choice, str]]


class Asker(Protocol):
    """How a front end puts the question (a dialog, a terminal prompt); it answers through the policy."""

    def show(self, pending: Pending) -> None:
        """`pending` is now first in line: ask it (answer with `ApprovalPolicy.answer`)."""

    def withdraw(self, pending: Pending) -> None:
        """`pending` left the line unanswered (timeout, stop): take its question away."""

    def queue_changed(self, waiting: int) -> None:
        """How many calls wait, the one being asked included."""


class ApprovalPolicy:
    """Allowances first, then one question at a time in call order; silence is a denial."""

    def __init__(self, always: Callable[[], Sequence[str]], timeout_s: Callable[[], float | None]) -> None:
        self._always = always
        self._timeout_s = timeout_s
        self.queue: list[Pending] = []
        self.asking: Pending | None = None  # the question on screen
        self.allowed: dict[str, set[str]] = {}  # conversation id -> tools allowed for it

    def settled(self, tool: ToolDef, conversation_id: str) -> Verdict | None:
        """The verdict without asking, when an allowance covers the call (never for confirm-each tools)."""
        if confirm_each_call(tool):
            return None
        if tool.name in self._always():
            return Verdict(True, "always", "always allowed in Settings")
        if tool.name in self.allowed.get(conversation_id, set()):
            return Verdict(True, "conversation")
        return None

    async def verdict(
        self, call: ToolCall, tool: ToolDef, conversation_id: str, asker: Asker, waiting: Waiting = None
    ) -> Verdict:
        """The allowances' verdict, else a person's through `asker` (`waiting()` first: the run's event)."""
        verdict = self.settled(tool, conversation_id)
        if verdict is None:
            if waiting is not None:
                waiting()
            verdict = await self.ask(call, tool, conversation_id, asker)
        return verdict

    async def ask(self, call: ToolCall, tool: ToolDef, conversation_id: str, asker: Asker) -> Verdict:
        """Queue the question, wait for the answer or the timeout; a cancel withdraws it and raises."""
        pending = Pending(call, tool, conversation_id, asyncio.get_running_loop().create_future())
        self.queue.append(pending)
        asker.queue_changed(len(self.queue))
        self._ask_first(asker)  # at once, unless another question is on screen
        timeout = self._timeout_s()
        try:
            choice, reason = await asyncio.wait_for(pending.future, timeout)
        except TimeoutError:
            return Verdict(False, "timeout", f"no answer within {timeout:g} s")
        finally:
            self._leave(pending, asker)
        return self._apply(pending, choice, reason)

    @staticmethod
    def answer(pending: Pending, choice: Choice, reason: str = "") -> None:
        """A person's answer to `pending` (ignored once it was withdrawn)."""
        if not pending.future.done():
            pending.future.set_result((choice, reason))

    def cancel_all(self) -> None:
        """The run stopped: every waiting call is withdrawn (each `ask` raises CancelledError)."""
        for pending in list(self.queue):
            pending.future.cancel()

    def dismiss_all(self, reason: str) -> None:
        """Deny every waiting call (the front end is closing)."""
        for pending in list(self.queue):
            self.answer(pending, "dismissed", reason)

    def allowances(self) -> list[tuple[str, str]]:
        """(scope, tool): `always` from the settings and this session's per-conversation ones."""
        out = [("always", name) for name in self._always()]
        for conversation, names in self.allowed.items():
            out.extend((f"conversation:{conversation}", name) for name in sorted(names))
        return out

    def revoke_conversation(self, conversation_id: str, tool: str) -> None:
        """Withdraw one conversation's allowance; the next call to that tool asks again."""
        self.allowed.get(conversation_id, set()).discard(tool)

    def _apply(self, pending: Pending, choice: Choice, reason: str) -> Verdict:
        if choice == "conversation":  # later calls; those already queued are still asked, one by one
            self.allowed.setdefault(pending.conversation_id, set()).add(pending.tool.name)
        if choice in ("once", "conversation"):
            return Verdict(True, choice, reason)
        if choice == "dismissed":
            return Verdict(False, "dismissed", reason or "the user closed the confirmation dialog")
        return Verdict(False, "deny", reason)

    def _leave(self, pending: Pending, asker: Asker) -> None:
        """A question left the line (answered, timed out, withdrawn): the next one is asked."""
        if pending in self.queue:
            self.queue.remove(pending)
        if self.asking is pending:
            self.asking = None
            asker.withdraw(pending)
        self._ask_first(asker)
        asker.queue_changed(len(self.queue))

    def _ask_first(self, asker: Asker) -> None:
        """Show the first unanswered question, unless one is on screen already."""
        if self.asking is not None:
            return
        first = next((p for p in self.queue if not p.future.done()), None)
        if first is not None:
            self.asking = first
            asker.show(first)
