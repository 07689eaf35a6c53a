"""The run driver, without Qt or threads: tools first, every event forwarded, always closed."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.driver import drive
from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.llm.fake import FakeModel
from desktop_app.tools.registry import ToolRegistry, tool


@tool()
def echo(text: str) -> str:
    """Echoes.

    Args:
        text: echoed back
    """
    return text


class Sink:
    """Collects what the driver puts and sends; `send` counts, to check it was awaited."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self.sent = 0

    def put(self, item: Any) -> None:
        self.items.append(item)

    async def send(self, item: Any) -> None:
        self.sent += 1
        self.items.append(item)


class Run:
    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.closed = 0

    async def close(self) -> None:
        self.closed += 1


def _run(*turns: AssistantMessage) -> Run:
    return Run(Agent(FakeModel(list(turns)), ToolRegistry([echo]), PolicyApprover("none")))


def test_tools_come_first_then_every_event_and_the_run_is_closed() -> None:
    run, sink = _run(AssistantMessage("三亚 33°C")), Sink()

    async def open_run() -> Run:
        return run

    asyncio.run(drive(open_run, "三亚天气", False, sink))
    assert isinstance(sink.items[0], ev.ToolDefsEvent) and [t["name"] for t in sink.items[0].tools] == ["echo"]
    assert isinstance(sink.items[-1], ev.FinalEvent) and "33" in sink.items[-1].text
    assert sink.sent == len(sink.items) - 1 and run.closed == 1


def test_a_failure_to_open_is_one_error_event_and_no_crash() -> None:
    sink = Sink()

    async def open_run() -> Run:
        raise RuntimeError("no key for openai\nsecond line")

    asyncio.run(drive(open_run, "hi", False, sink))
    assert sink.items == [ev.ErrorEvent("no key for openai", "internal")]


def test_a_retry_drops_the_last_question_and_its_answer_before_running() -> None:
    run, sink = _run(AssistantMessage("second answer")), Sink()
    run.agent.messages = [UserMessage("q1"), AssistantMessage("a1"), UserMessage("q2"), AssistantMessage("old")]

    async def open_run() -> Run:
        return run

    asyncio.run(drive(open_run, "q2", True, sink))
    assert [m.content for m in run.agent.messages] == ["q1", "a1", "q2", "second answer"]


def test_a_run_cancelled_mid_stream_is_still_closed() -> None:
    agent = Agent(
        FakeModel([AssistantMessage("x" * 400)], chunk=1, delay=0.001), ToolRegistry([echo]), PolicyApprover()
    )
    run, sink = Run(agent), Sink()

    async def open_run() -> Run:
        return run

    async def main() -> None:
        task = asyncio.create_task(drive(open_run, "hi", False, sink))
        while sink.sent < 3:  # streaming has begun
            await asyncio.sleep(0.001)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert run.closed == 1 and not any(isinstance(item, ev.FinalEvent) for item in sink.items)
