"""The approval policy the window and the terminal share, without Qt: allowances, call order,
timeout, confirm-each-call, withdrawal; and the terminal asking one question at a time."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest

from desktop_app.agent.approval import ApprovalPolicy, Pending, Verdict
from desktop_app.commands.ask import TerminalApprover
from desktop_app.core.messages import ToolCall
from desktop_app.tools.registry import ToolDef, tool


@tool(risk="write")
def book(item: str) -> str:
    """Books.

    Args:
        item: what to book
    """
    return "booked"


BOOK: ToolDef = book
SHELL = ToolDef(**{**vars(BOOK), "name": "shell", "meta": {"confirm_each_call": True}})


class Person:
    """An Asker that records what it was shown and answers from a script when asked."""

    def __init__(self, policy: ApprovalPolicy, answers: list[Any]) -> None:
        self.policy, self.answers = policy, answers
        self.shown: list[str] = []
        self.withdrawn: list[str] = []
        self.waiting: list[int] = []

    def show(self, pending: Pending) -> None:
        self.shown.append(pending.call.id)
        if self.answers:
            choice = self.answers.pop(0)
            if choice is not None:
                asyncio.get_running_loop().call_soon(self.policy.answer, pending, choice, "")

    def withdraw(self, pending: Pending) -> None:
        self.withdrawn.append(pending.call.id)

    def queue_changed(self, waiting: int) -> None:
        self.waiting.append(waiting)


def _call(n: int, name: str = "book") -> ToolCall:
    return ToolCall(f"c{n}", name, {"item": str(n)})


def test_questions_are_asked_one_at_a_time_in_call_order() -> None:
    policy = ApprovalPolicy(lambda: (), lambda: 5.0)
    person = Person(policy, ["once", "deny", "once"])

    async def main() -> list[Verdict]:
        return list(await asyncio.gather(*(policy.ask(_call(i), BOOK, "conv", person) for i in range(3))))

    verdicts = asyncio.run(main())
    assert person.shown == ["c0", "c1", "c2"] and person.withdrawn == ["c0", "c1", "c2"]
    assert [v.approved for v in verdicts] == [True, False, True]
    assert max(person.waiting) == 3 and person.waiting[-1] == 0


def test_allowed_for_a_conversation_covers_later_calls_there_only() -> None:
    policy = ApprovalPolicy(lambda: (), lambda: 5.0)
    person = Person(policy, ["conversation"])
    assert asyncio.run(policy.ask(_call(0), BOOK, "a", person)) == Verdict(True, "conversation", "")
    assert policy.settled(BOOK, "a") == Verdict(True, "conversation")
    assert policy.settled(BOOK, "b") is None
    policy.revoke_conversation("a", "book")
    assert policy.settled(BOOK, "a") is None


def test_always_allowed_never_covers_a_tool_confirmed_on_each_call() -> None:
    policy = ApprovalPolicy(lambda: ("book", "shell"), lambda: 5.0)
    assert policy.settled(BOOK, "") == Verdict(True, "always", "always allowed in Settings")
    assert policy.settled(SHELL, "") is None
    assert Verdict(True, "always").decision().by == "policy" and Verdict(True, "once").decision().by == "user"


def test_silence_past_the_timeout_is_a_denial_and_the_question_is_withdrawn() -> None:
    policy = ApprovalPolicy(lambda: (), lambda: 0.05)
    person = Person(policy, [None])
    verdict = asyncio.run(policy.ask(_call(0), BOOK, "", person))
    assert verdict == Verdict(False, "timeout", "no answer within 0.05 s")
    assert person.withdrawn == ["c0"] and policy.queue == [] and policy.asking is None


def test_cancel_all_withdraws_every_waiting_question() -> None:
    policy = ApprovalPolicy(lambda: (), lambda: 5.0)
    person = Person(policy, [None, None])

    async def main() -> list[Any]:
        tasks = [asyncio.create_task(policy.ask(_call(i), BOOK, "", person)) for i in range(2)]
        await asyncio.sleep(0)
        policy.cancel_all()
        return await asyncio.gather(*tasks, return_exceptions=True)

    results = asyncio.run(main())
    assert all(isinstance(r, asyncio.CancelledError) for r in results)
    assert person.shown == ["c0"] and policy.queue == []  # the second was never put on screen


def test_the_terminal_asks_concurrent_calls_one_after_the_other(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nno\n"))
    approver = TerminalApprover()

    async def main() -> list[Any]:
        return list(await asyncio.gather(approver.decide(_call(0), BOOK), approver.decide(_call(1), BOOK)))

    first, second = asyncio.run(main())
    assert first.approved and not second.approved and second.reason == "the user said no on the terminal"
    err = capsys.readouterr().err
    assert err.count("[y/N]") == 2 and err.index('"0"') < err.index('"1"')


def test_the_terminal_runs_what_settings_always_allow_without_asking(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    decision = asyncio.run(TerminalApprover(["book"]).decide(_call(0), BOOK))
    assert decision.approved and decision.by == "policy" and "[y/N]" not in capsys.readouterr().err


def test_the_loop_says_a_call_waits_only_while_a_person_is_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from desktop_app.agent.loop import Agent
    from desktop_app.core import events as ev
    from desktop_app.core.messages import AssistantMessage
    from desktop_app.llm.fake import FakeModel
    from desktop_app.tools.registry import ToolRegistry

    def agent(approver: Any) -> Agent:
        turns = [AssistantMessage("", tool_calls=(_call(0),)), AssistantMessage("done")]
        return Agent(FakeModel(turns), ToolRegistry([book]), approver)

    async def events(approver: Any) -> list[str]:
        return [e.type async for e in agent(approver).run("book it")]

    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    asked = asyncio.run(events(TerminalApprover()))
    assert asked.index("tool_call") < asked.index("approval_waiting") < asked.index("approval")
    allowed = asyncio.run(events(TerminalApprover(["book"])))
    assert "approval_waiting" not in allowed and "approval" in allowed
    assert ev.ApprovalWaitingEvent("c0", "book").to_dict() == {"type": "approval_waiting", "id": "c0", "name": "book"}
