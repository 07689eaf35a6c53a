"""The offline planner shows its work: one `reading` (the trip frame) per question, on the turn that read it."""

from __future__ import annotations

import json
from typing import Any

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.base import ModelRequest, ReadingItem, WireRequest
from desktop_app.llm.fake import FakeModel
from desktop_app.planner.model import OfflineModel
from desktop_app.planner.nlu import parse
from desktop_app.planner.reading import frame_of
from desktop_app.runtime import RunOptions, build_registry, system_prompt
from desktop_app.store.settings import Settings
from desktop_app.travel.frame import TripFrame

ROUTE_EN = "Two adults, Xi'an (2 nights), then Chengdu (3 nights), from Beijing next week"
SEED_ZH = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


def offline_agent() -> Agent:
    registry = build_registry(Settings(), RunOptions())
    return Agent(OfflineModel(), registry, PolicyApprover("none"), system=(system_prompt(),))


async def run(agent: Agent, text: str) -> list[ev.AnyEvent]:
    return [e async for e in agent.run(text)]


def readings(events: list[ev.AnyEvent]) -> list[dict[str, Any]]:
    return [e.frame for e in events if isinstance(e, ev.ReadingEvent)]


async def test_the_stream_yields_the_reading_once_before_the_wire_request_only_on_the_planning_turn() -> None:
    agent = offline_agent()
    seen: list[list[type]] = []
    model = agent.model
    inner = model.stream

    async def spy(request: ModelRequest) -> Any:
        kinds: list[type] = []
        seen.append(kinds)
        async for item in inner(request):
            kinds.append(type(item))
            yield item

    model.stream = spy  # type: ignore[method-assign]
    events = await run(agent, SEED_ZH)
    assert isinstance(events[-1], ev.FinalEvent)
    assert len(seen) == 2  # the planning turn (tool calls), then the answer
    assert seen[0][:2] == [ReadingItem, WireRequest] and seen[0].count(ReadingItem) == 1
    assert ReadingItem not in seen[1]  # the answering turn has its tool exchanges: nothing read again


async def test_the_loop_emits_the_reading_before_the_model_request_of_turn_one() -> None:
    events = await run(offline_agent(), ROUTE_EN)
    types = [e.type for e in events]
    assert types.count("reading") == 1
    assert types[:3] == ["run_started", "turn_started", "reading"]
    assert types.index("reading") < types.index("model_request") < types.index("tool_call")
    second = [i for i, e in enumerate(events) if isinstance(e, ev.TurnStartedEvent) and e.turn == 2]
    assert second and types.index("reading") < second[0]


async def test_each_question_of_a_conversation_is_read_once() -> None:
    agent = offline_agent()
    first = readings(await run(agent, ROUTE_EN))
    second = readings(await run(agent, "make it 3 adults"))
    assert len(first) == len(second) == 1
    assert first[0]["travellers"]["adults"] == 2 and second[0]["travellers"]["adults"] == 3


async def test_the_reading_is_the_frame_as_json_with_the_plan_decided() -> None:
    frame = readings(await run(offline_agent(), ROUTE_EN))[0]
    assert list(frame) == list(TripFrame(lang="en").as_json())  # every slot, in the frame's order
    assert frame["shape"] == "route" and frame["origin"] == "beijing" and not frame["origin_assumed"]
    assert frame["stops"] == [
        {"city": "xian", "nights": 2, "has_data": True},
        {"city": "chengdu", "nights": 3, "has_data": True},
    ]
    assert frame["travellers"] == {"adults": 2, "children": 0, "rooms": 1, "seats": 2}
    assert frame["dates"] == {"kind": "week", "start": "2026-12-07", "end": "2026-12-13"}
    assert frame["nights"] == 5 and frame["stars"] is None and frame["budget"] is None
    assert frame["words"] == {"dates": "next week", "travellers": "Two adults"}
    # no origin said, flights asked: the origin the plan assumed is in the reading, marked assumed
    assumed = readings(await run(offline_agent(), "flights to Sanya next week"))[0]
    assert assumed["origin"] == "beijing" and assumed["origin_assumed"] is True


def test_the_event_is_type_then_frame_and_plain_json() -> None:
    frame = frame_of(parse("预算人均3000，我们3个人五星酒店，下周去三亚，单程机票", [])).as_json()
    event = ev.ReadingEvent(frame).to_dict()
    assert list(event) == ["type", "frame"] and event["type"] == "reading"
    assert json.loads(json.dumps(event)) == event
    assert frame["budget"] == {"yuan": 3000, "per_person": True}
    assert frame["stars"] == 5 and frame["one_way"] is True and frame["travellers"]["adults"] == 3


def test_unsaid_slots_are_none() -> None:
    frame = frame_of(parse("hello", [])).as_json()
    assert frame["travellers"] is None and frame["dates"] is None and frame["nights"] is None
    assert frame["stops"] == [] and frame["words"] == {} and frame["stars"] is None


async def test_other_models_never_yield_a_reading() -> None:
    model = FakeModel(
        [AssistantMessage(tool_calls=(ToolCall("c1", "get_weather", {"city": "三亚"}),)), AssistantMessage("ok")]
    )
    agent = Agent(model, build_registry(Settings(), RunOptions()), PolicyApprover("none"))
    assert readings(await run(agent, SEED_ZH)) == []
