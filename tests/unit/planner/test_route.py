"""A trip through several cities: flights stop to stop and home, the nights shared out, one total."""

from __future__ import annotations

import pytest

from desktop_app.planner.calls import share_nights
from desktop_app.planner.nlu import parse
from desktop_app.planner.route import is_route
from tests.unit.planner.test_model import calls_of, final_text, run

SINGAPORE = (
    "We'd like to do Beijing, Xi'an and Chengdu in 10 days in the first week of May, flying in from Singapore."
    " Two adults."
)


@pytest.mark.parametrize(
    "text",
    [
        SINGAPORE,
        "北京、西安、成都玩10天，从上海出发",
        "北京→西安→成都",
        "先去西安再去成都，一共一周",
        "Shanghai then Hangzhou then Suzhou next weekend",
    ],
)
def test_a_route_is_read_as_one_trip(text: str) -> None:
    assert is_route(text, parse(text, []))


@pytest.mark.parametrize(
    "text",
    [
        "三亚和厦门哪个更暖和",  # weighed against each other
        "Sanya or Xiamen for a week: which is cheaper?",
        "北京和上海明天天气怎么样",  # two lookups, no trip
        "compare hotels in Sanya and Xiamen for 3 nights",
        "北京和上海的酒店住三晚",  # one kind of lookup in each
        "我在北京，下周想去三亚玩三天",  # one place
        "下个月带爸妈去云南玩一周，从杭州出发",  # a province: its cities are weighed, not visited in turn
    ],
)
def test_places_weighed_or_looked_up_apart_are_not_a_route(text: str) -> None:
    assert not is_route(text, parse(text, []))


def test_nights_are_shared_in_order_one_at_least_each() -> None:
    assert share_nights(10, 3) == [4, 3, 3]
    assert share_nights(7, 2) == [4, 3]
    assert share_nights(2, 3) == [1, 1, 1]


async def test_the_route_flies_stop_to_stop_and_home_with_each_citys_hotel() -> None:
    events, _ = await run(SINGAPORE)
    calls = calls_of(events)
    flights = [(a["origin"], a["destination"], a["depart_date"]) for n, a in calls if n == "get_flight_price"]
    assert flights == [
        ("Singapore", "Beijing", "2027-05-01"),
        ("Beijing", "Xi'an", "2027-05-05"),
        ("Xi'an", "Chengdu", "2027-05-08"),
        ("Chengdu", "Singapore", "2027-05-11"),
    ]
    assert all(a["passengers"] == 2 and "return_date" not in a for n, a in calls if n == "get_flight_price")
    hotels = [(a["city"], a["check_in"], a["nights"], a["rooms"]) for n, a in calls if n == "get_hotel_price"]
    assert hotels == [("Beijing", "2027-05-01", 4, 1), ("Xi'an", "2027-05-05", 3, 1), ("Chengdu", "2027-05-08", 3, 1)]
    text = final_text(events)
    # 2 seats: (2,540 + 680 + 610 + 1,920) x 2 = 11,500; hotels 750x4 + 460x3 + 420x3 = 5,640
    for needle in ("Beijing → Xi'an → Chengdu", "Flights, 4 legs for 2: about ¥11,500", "¥5,640", "¥17,140"):
        assert needle in text
    assert "### Xi'an · 3 nights (5–8 May 2027)" in text
    assert "| Beijing | Xi'an | Chengdu |" not in text  # a route, not a comparison


async def test_close_cities_say_the_train_suits_better() -> None:
    text = final_text((await run("上海然后杭州然后苏州，下周末，从广州出发"))[0])
    assert "火车 杭州→苏州" in text and "比飞机快" in text  # priced by train now (issue 42), and said why
    assert "上海→杭州→苏州" in text


async def test_nights_said_per_city_are_kept_and_a_correction_changes_one_city() -> None:
    events, agent = await run("Beijing (3 nights), then Shanghai (2 nights), flying from Guangzhou next week")
    hotels = [a for n, a in calls_of(events) if n == "get_hotel_price"]
    assert [(h["city"], h["nights"]) for h in hotels] == [("Beijing", 3), ("Shanghai", 2)]
    events, _ = await run("make it 4 nights in Beijing", agent)
    hotels = [a for n, a in calls_of(events) if n == "get_hotel_price"]
    assert [(h["city"], h["nights"]) for h in hotels] == [("Beijing", 4), ("Shanghai", 2)]


def test_nights_per_city_in_both_languages() -> None:
    assert parse("北京3晚，西安2晚，从上海出发", []).stop_nights == (3, 2)
    assert parse("3 nights in Xi'an and 2 in Chengdu, from Beijing", []).stop_nights == (3, 2)
    assert parse("西安改成3晚", ["北京3晚，西安2晚，从上海出发"]).stop_nights == (3, 3)
    assert parse("去三亚住5晚", []).stop_nights == ()  # one place: its nights, no route


async def test_a_route_not_said_to_fly_takes_the_train_between_close_stops() -> None:
    events, _ = await run("We'd like to do Beijing, Xi'an and Chengdu in 10 days in the first week of May. Two adults.")
    fares = [(n, a["origin"], a["destination"]) for n, a in calls_of(events) if "price" in n and "hotel" not in n]
    assert ("get_train_price", "Xi'an", "Chengdu") in fares  # about 600 km on one rail network (issue 42)
    assert "Travel, " in final_text(events) and "Train Xi'an → Chengdu" in final_text(events)
