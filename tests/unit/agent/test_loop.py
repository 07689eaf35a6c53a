"""The loop: concurrency, pairing by id, every bad-input case, cancellation, max turns."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent, Outcome
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage
from desktop_app.llm.base import ProviderError
from desktop_app.llm.fake import FakeModel
from desktop_app.tools.registry import ToolRegistry, tool
from tests.approvers import RecordingApprover

RAN: list[str] = []


@tool()
async def slow(seconds: float, tag: str) -> dict[str, Any]:
    """Waits, then echoes its tag.

    Args:
        seconds: how long to wait
        tag: echoed back
    """
    RAN.append(tag)
    await asyncio.sleep(seconds)
    return {"tag": tag}


@tool()
def boom() -> str:
    """Always raises."""
    RAN.append("boom")
    raise RuntimeError("kaboom")


@tool(risk="write")
def write_thing(text: str) -> str:
    """Pretends to write.

    Args:
        text: what to write
    """
    RAN.append("write_thing")
    return "written"


class ListSink:
    finished = ""

    def __init__(self) -> None:
        self.items: list[Message] = []
        self.usage: list[tuple[int, int]] = []

    def append(self, message: Message) -> None:
        self.items.append(message)

    def add_usage(self, input_tokens: int, output_tokens: int) -> None:
        self.usage.append((input_tokens, output_tokens))

    def finish(self) -> str:
        return self.finished


def calls(*items: tuple[str, str, dict[str, Any] | None, str]) -> AssistantMessage:
    return AssistantMessage(
        tool_calls=tuple(ToolCall(i, n, a, raw) for i, n, a, raw in items), stop_reason="tool_calls"
    )


def make_agent(turns: list[Any], approver: Any = None, **kw: Any) -> tuple[Agent, ListSink]:
    RAN.clear()
    sink = ListSink()
    registry = ToolRegistry([slow, boom, write_thing])
    agent = Agent(FakeModel(turns), registry, approver or PolicyApprover("none"), sink=sink, **kw)
    return agent, sink


async def collect(agent: Agent, text: str = "hi") -> list[ev.AnyEvent]:
    return [e async for e in agent.run(text)]


async def test_three_tools_run_concurrently_and_pair_by_id() -> None:
    turn1 = calls(
        ("call_a", "slow", {"seconds": 0.3, "tag": "a"}, ""),
        ("call_b", "slow", {"seconds": 0.1, "tag": "b"}, ""),
        ("call_c", "slow", {"seconds": 0.2, "tag": "c"}, ""),
    )
    agent, sink = make_agent([turn1, AssistantMessage("done")])
    events = await collect(agent)
    finished = [e.id for e in events if isinstance(e, ev.ToolResultEvent)]
    assert finished == ["call_b", "call_c", "call_a"]  # shortest first: they ran side by side
    results = [m for m in sink.items if isinstance(m, ToolResultMessage)]
    assert [r.tool_call_id for r in results] == ["call_a", "call_b", "call_c"]
    assert [r.content for r in results] == ['{"tag": "a"}', '{"tag": "b"}', '{"tag": "c"}']
    final = events[-1]
    assert isinstance(final, ev.FinalEvent) and final.text == "done" and final.turns == 2
    assert agent.outcome == Outcome("finished", 2, "done")


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (("c1", "slow", None, '{"seconds": 1, "tag"'), "not valid JSON"),
        (("c1", "slow", {"seconds": "x", "tag": "a"}, ""), "not of type 'number'"),
        (("c1", "slow", {"seconds": 1}, ""), "'tag' is a required property"),
        (("c1", "slwo", {"seconds": 1, "tag": "a"}, ""), "unknown tool 'slwo'; available tools"),
    ],
)
async def test_bad_input_becomes_error_result_and_tool_never_runs(
    call: tuple[str, str, dict[str, Any] | None, str], needle: str
) -> None:
    agent, _sink = make_agent([calls(call), AssistantMessage("ok")])
    events = await collect(agent)
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert result.is_error and needle in result.content
    assert RAN == []
    assert isinstance(events[-1], ev.FinalEvent)


async def test_invalid_json_keeps_raw_text_in_event() -> None:
    agent, _ = make_agent([calls(("c1", "slow", None, "{oops")), AssistantMessage("ok")])
    events = await collect(agent)
    call_event = next(e for e in events if isinstance(e, ev.ToolCallEvent))
    assert call_event.to_dict()["arguments_raw"] == "{oops"


async def test_unknown_tool_lists_tools_and_never_fuzzy_matches() -> None:
    agent, _ = make_agent([calls(("c1", "write_thin", {"text": "x"}, "")), AssistantMessage("ok")])
    events = await collect(agent)
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert "boom, slow, write_thing" in result.content
    assert RAN == []


async def test_raising_tool_becomes_error_result() -> None:
    agent, _ = make_agent([calls(("c1", "boom", {}, "")), AssistantMessage("ok")])
    events = await collect(agent)
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert result.is_error and "kaboom" in result.content
    assert isinstance(events[-1], ev.FinalEvent)


async def test_timeout_becomes_error_result() -> None:
    agent, _ = make_agent([calls(("c1", "slow", {"seconds": 5, "tag": "t"}, "")), AssistantMessage("ok")])
    agent.registry._tools["slow"] = agent.registry._tools["slow"].__class__(
        **{**agent.registry._tools["slow"].__dict__, "timeout": 0.05}
    )
    events = await collect(agent)
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert result.is_error and "timed out" in result.content


async def test_confirmation_denied_by_default_and_reason_goes_to_model() -> None:
    agent, sink = make_agent([calls(("c1", "write_thing", {"text": "x"}, "")), AssistantMessage("ok")])
    events = await collect(agent)
    approval = next(e for e in events if isinstance(e, ev.ApprovalEvent))
    assert approval.decision == "denied" and approval.by == "policy"
    assert RAN == []
    result = next(m for m in sink.items if isinstance(m, ToolResultMessage))
    assert result.is_error and "denied" in result.content
    second_request = agent.model.requests[1]  # type: ignore[attr-defined]
    assert second_request.messages[-1] == result


async def test_user_approval_runs_the_tool() -> None:
    approver = RecordingApprover(approve=True)
    agent, _ = make_agent([calls(("c1", "write_thing", {"text": "x"}, "")), AssistantMessage("ok")], approver)
    await collect(agent)
    assert RAN == ["write_thing"] and [c.id for c in approver.asked] == ["c1"]


async def test_max_turns_ends_with_error_event() -> None:
    looping = [calls((f"c{i}", "slow", {"seconds": 0, "tag": str(i)}, "")) for i in range(3)]
    agent, _ = make_agent(looping, max_turns=3)
    events = await collect(agent)
    assert isinstance(events[-1], ev.ErrorEvent) and events[-1].kind == "max_turns"
    assert sum(isinstance(e, ev.TurnStartedEvent) for e in events) == 3
    assert (agent.outcome.status, agent.outcome.turns, agent.outcome.ok) == ("max_turns", 3, False)


async def test_cancel_during_tools_leaves_no_dangling_call() -> None:
    turn1 = calls(
        ("c1", "slow", {"seconds": 0, "tag": "fast"}, ""),
        ("c2", "slow", {"seconds": 10, "tag": "slow"}, ""),
    )
    agent, sink = make_agent([turn1, AssistantMessage("never")])
    seen = asyncio.Event()

    async def consume() -> None:
        async for event in agent.run("hi"):
            if isinstance(event, ev.ToolResultEvent):
                seen.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(seen.wait(), 2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    call_ids = [c.id for m in sink.items if isinstance(m, AssistantMessage) for c in m.tool_calls]
    result_ids = [m.tool_call_id for m in sink.items if isinstance(m, ToolResultMessage)]
    assert call_ids == result_ids == ["c1", "c2"]
    assert "cancelled" in sink.items[-1].content
    assert agent.outcome.status == "cancelled"


async def test_provider_error_keeps_partial_answer_incomplete() -> None:
    partial = AssistantMessage("半句话")
    agent, sink = make_agent([ProviderError("stream cut", "stream_cut", partial)])
    events = await collect(agent)
    assert isinstance(events[-1], ev.ErrorEvent) and events[-1].kind == "stream_cut"
    assert agent.outcome == Outcome("error", 1, "stream cut")
    last = sink.items[-1]
    assert isinstance(last, AssistantMessage) and last.incomplete and last.content == "半句话"


async def test_cancel_mid_stream_keeps_streamed_text() -> None:
    agent, sink = make_agent([AssistantMessage("x" * 400)])
    agent.model._delay = 0.01  # type: ignore[attr-defined]
    three = asyncio.Event()
    deltas = 0

    async def consume() -> None:
        nonlocal deltas
        async for event in agent.run("hi"):
            if isinstance(event, ev.TextDeltaEvent):
                deltas += 1
                if deltas == 3:
                    three.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(three.wait(), 2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    last = sink.items[-1]
    assert isinstance(last, AssistantMessage) and last.incomplete
    assert len(last.content) == 8 * deltas and deltas < 50


async def test_usage_goes_to_the_sink_and_a_failed_save_is_the_last_event() -> None:
    agent, sink = make_agent([AssistantMessage("done")])
    sink.finished = "the conversation could not be saved"
    events = await collect(agent)
    assert sink.usage and all(n >= 0 for pair in sink.usage for n in pair)
    assert isinstance(events[-1], ev.ErrorEvent) and events[-1].kind == "history_write"
    assert isinstance(events[-2], ev.FinalEvent)
    assert agent.outcome.status == "finished" and not agent.outcome.ok
    assert agent.outcome.history_error == sink.finished
