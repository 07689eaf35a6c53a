"""The trip folded from tool calls and results: the seed question's saved conversation rebuilds it."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.store.history import HistoryStore
from desktop_app.trips.builder import TripBuilder, build_trip
from desktop_app.trips.model import Trip
from desktop_app.trips.record import TripRecorder
from desktop_app.trips.zones import zone_for

SEED = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


def _saved_seed(capsys: pytest.CaptureFixture[str]) -> tuple[str, list[Message]]:
    """Ask the seed question offline (saved to history) and read the conversation back from disk."""
    assert main(["ask", "--provider", "offline", "--json", SEED]) == 0
    conv_id = json.loads(capsys.readouterr().out.splitlines()[0])["conversation_id"]
    with HistoryStore() as store:
        return conv_id, store.stored_messages(conv_id)


def _call_ids(messages: list[Message]) -> dict[str, str]:
    return {c.name: c.id for m in messages if isinstance(m, AssistantMessage) for c in m.tool_calls}


def test_the_seed_conversation_rebuilds_its_trip(capsys: pytest.CaptureFixture[str]) -> None:
    conv_id, messages = _saved_seed(capsys)
    trip = build_trip(messages, "t1", conv_id)
    assert trip is not None
    ids = _call_ids(messages)
    assert (trip.start, trip.end) == (date(2026, 12, 7), date(2026, 12, 10))
    assert trip.origin == "北京" and trip.destinations == ("三亚",) and trip.party == 1 and trip.lang == "zh"
    out, back = trip.legs
    assert (out.origin, out.destination, out.date, out.price_cny) == ("北京", "三亚", date(2026, 12, 7), 1280)
    assert (back.origin, back.destination, back.date, back.price_cny) == ("三亚", "北京", date(2026, 12, 10), 1280)
    assert out.call_id == back.call_id == ids["get_flight_price"]
    assert out.origin_tz == out.destination_tz == "Asia/Shanghai"
    (stay,) = trip.stays
    assert (stay.name, stay.city, stay.check_in, stay.nights, stay.rooms) == (
        "三亚湾海景酒店",
        "三亚",
        date(2026, 12, 7),
        3,
        1,
    )
    assert stay.price_cny == 680 and stay.call_id == ids["get_hotel_price"]
    assert [(c.kind, c.amount_cny, c.call_id) for c in trip.costs] == [
        ("flights", 2560, ids["get_flight_price"]),
        ("hotel", 2040, ids["get_hotel_price"]),
    ]
    assert trip.total_cny == 4600 and not any(c.kind == "other" for c in trip.costs) and trip.peaks == ()
    assert [d.date.day for d in trip.days] == [7, 8, 9, 10]
    first = trip.days[0]
    assert [i.kind for i in first.items] == ["flight", "check_in", "weather"]
    assert first.items[2].call_id == ids["get_weather"]
    # December's typical (ERA5) holds for every day of the stay: the same result, on each day
    assert all([i.kind for i in d.items] == ["weather"] for d in trip.days[1:3])
    assert {d.items[0].call_id for d in trip.days[1:3]} == {ids["get_weather"]}


def test_the_saved_trip_is_the_rebuilt_one(capsys: pytest.CaptureFixture[str]) -> None:
    conv_id, messages = _saved_seed(capsys)
    with HistoryStore() as store:
        recorder = TripRecorder(store, conv_id)
        assert recorder.after_tools(messages) == ()  # the run saved exactly this trip: nothing new to report
        from desktop_app.trips.record import saved_trips

        (saved,) = saved_trips(store)
    rebuilt = build_trip(messages, saved.id, conv_id)
    assert rebuilt == saved and Trip.from_dict(saved.to_dict()) == saved


def _call(call_id: str, name: str, **args: Any) -> AssistantMessage:
    return AssistantMessage(tool_calls=(ToolCall(call_id, name, args),), stop_reason="tool_calls")


def _result(call_id: str, name: str, data: dict[str, Any], is_error: bool = False) -> ToolResultMessage:
    return ToolResultMessage(call_id, name, json.dumps(data, ensure_ascii=False), is_error)


NATIONAL_DAY_FLIGHT = {
    "route": "上海→成都",
    "route_en": "Shanghai → Chengdu",
    "type": "直飞经济舱",
    "price_cny": 1000,
    "origin": "上海",
    "destination": "成都",
    "passengers": 2,
    "legs": 1,
    "total_cny": 2000,
    "depart_date": "2027-10-01",
    "peak_estimate": [{"holiday": "国庆", "holiday_en": "National Day", "extra_cny": 1000, "date": "2027-10-01"}],
}


def test_later_results_replace_earlier_ones_and_peaks_stay_apart() -> None:
    hotel = {"city": "成都", "name": "A", "price_cny": 500, "nights": 2, "rooms": 1, "check_in": "2027-10-01"}
    messages: list[Message] = [
        UserMessage("国庆两个人从上海去成都"),
        _call("c1", "get_flight_price"),
        _result("c1", "get_flight_price", NATIONAL_DAY_FLIGHT),
        _call("c2", "get_hotel_price"),
        _result("c2", "get_hotel_price", hotel),
        _call("c3", "get_hotel_price"),
        _result("c3", "get_hotel_price", {**hotel, "name": "B", "price_cny": 900}),
        _call("c4", "get_hotel_price"),
        _result("c4", "get_hotel_price", {"error": "no data"}, is_error=True),  # errors change nothing
    ]
    trip = build_trip(messages, "t", "c")
    assert trip is not None
    assert [(s.name, s.call_id) for s in trip.stays] == [("B", "c3")]
    assert trip.party == 2 and len(trip.legs) == 1 and trip.end == date(2027, 10, 3)
    assert trip.total_cny == 2000 + 1800  # the peak estimate is never in the total
    assert [(p.kind, p.extra_cny, p.call_id) for p in trip.peaks] == [("flights", 1000, "c1")]
    assert trip.peak_extra_cny == 1000


def test_no_travel_result_is_no_trip_and_english_is_english() -> None:
    assert build_trip([UserMessage("hello"), AssistantMessage("hi")], "t", "c") is None
    builder = TripBuilder()
    builder.add(UserMessage("Two of us from Shanghai to Chengdu"))
    builder.add(_call("c1", "get_flight_price"))
    builder.add(_result("c1", "get_flight_price", NATIONAL_DAY_FLIGHT))
    trip = builder.trip("t", "c")
    assert trip is not None and trip.lang == "en" and trip.title == "Shanghai → Chengdu, 1 Oct"


def test_time_zones_come_from_the_nearest_airport() -> None:
    assert zone_for("三亚") == "Asia/Shanghai"
    assert zone_for("London") == "Europe/London"
    assert zone_for("Tokyo") == "Asia/Tokyo"
    assert zone_for("Atlantis") == ""


async def test_a_plan_the_model_writes_lands_on_its_day_only_when_the_user_allows_it() -> None:
    """`update_trip` is a write: asked first; allowed, its plan is that day's item (tied to the call);
    denied, the trip has no plan; a later call for the same day replaces the earlier one."""
    from desktop_app.agent.loop import Agent
    from desktop_app.llm.fake import FakeModel
    from desktop_app.runtime import RunOptions, build_registry
    from desktop_app.store.settings import Settings
    from tests.approvers import RecordingApprover

    def plan_call(cid: str, text: str) -> ToolCall:
        args = {"date": "2026-12-08", "plan": text, "place": "亚龙湾"}
        return ToolCall(cid, "update_trip", args, json.dumps(args, ensure_ascii=False))

    hotel_args = {"city": "三亚", "stars": 4, "check_in": "2026-12-07", "nights": 3}
    hotel = ToolCall("h1", "get_hotel_price", hotel_args, json.dumps(hotel_args, ensure_ascii=False))
    for allow in (True, False):
        model = FakeModel(
            [
                AssistantMessage(tool_calls=(hotel,), stop_reason="tool_calls"),
                AssistantMessage(tool_calls=(plan_call("p1", "上午潜水\n\u202e下午休息"),), stop_reason="tool_calls"),
                AssistantMessage(tool_calls=(plan_call("p2", "全天海滩"),), stop_reason="tool_calls"),
                AssistantMessage("好了"),
            ]
        )
        approver = RecordingApprover(approve=allow)
        agent = Agent(model, build_registry(Settings(), RunOptions()), approver, system=("s",))
        _ = [e async for e in agent.run("三亚")]
        assert [c.name for c in approver.asked] == ["update_trip", "update_trip"]
        trip = build_trip(agent.messages, "t", "c")
        assert trip is not None
        day = next(d for d in trip.days if d.date == date(2026, 12, 8))
        plans = [i for i in day.items if i.kind == "plan"]
        if allow:
            assert [(i.text, i.call_id) for i in plans] == [("全天海滩（亚龙湾）", "p2")]
        else:
            assert plans == []
