"""Whatever breaks inside a run, its event stream ends with `error` (kind `internal`), never mid-air
(issue 40, item 8: a ValueError from the planner ended `ask --json` after `turn_started`)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.cli import main
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, Message, ToolCall
from desktop_app.llm.base import ModelRequest, StreamItem, WireRequest
from desktop_app.llm.fake import FakeModel
from desktop_app.planner.model import OfflineModel
from desktop_app.tools.registry import ToolRegistry


class BrokenModel:
    """A model whose call raises what no provider maps to a ProviderError."""

    provider, model = "broken", "broken-1"

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        yield WireRequest("broken://", {})
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    async def aclose(self) -> None:
        return None


class BrokenWatcher:
    def after_tools(self, messages: Sequence[Message]) -> Sequence[ev.AnyEvent]:
        raise KeyError("a trip that does not fold")


async def _events(agent: Agent) -> list[ev.AnyEvent]:
    return [e async for e in agent.run("hi")]


async def test_a_model_that_raises_ends_the_run_with_an_internal_error() -> None:
    agent = Agent(BrokenModel(), ToolRegistry([]), PolicyApprover("none"))
    events = await _events(agent)
    last = events[-1]
    assert isinstance(last, ev.ErrorEvent) and last.kind == "internal"
    assert "ValueError" in last.message and "4300 digits" in last.message
    assert agent.outcome.status == "error" and not agent.outcome.ok


async def test_a_watcher_that_raises_ends_the_run_with_an_internal_error() -> None:
    call = AssistantMessage(tool_calls=(ToolCall("c1", "nope", {}, "{}"),), stop_reason="tool_calls")
    agent = Agent(FakeModel([call, AssistantMessage("done")]), ToolRegistry([]), PolicyApprover("none"))
    agent.watcher = BrokenWatcher()
    events = await _events(agent)
    assert isinstance(events[-1], ev.ErrorEvent) and events[-1].kind == "internal"
    assert sum(isinstance(e, ev.ErrorEvent | ev.FinalEvent) for e in events) == 1


def test_ask_json_ends_with_an_error_line_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(self: OfflineModel, request: ModelRequest) -> tuple[AssistantMessage, None]:
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    monkeypatch.setattr(OfflineModel, "_respond", boom)  # the turn's reply (and reading), as stream asks it
    assert main(["ask", "--provider", "offline", "--json", "--no-save", "去三亚"]) == 1
    out, err = capsys.readouterr()
    last = json.loads(out.splitlines()[-1])
    assert last["type"] == "error" and last["kind"] == "internal" and "ValueError" in last["message"]
    assert "unexpected error" not in err  # the run said it; the CLI's last-resort line is not needed
