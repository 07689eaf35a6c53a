"""What the travel data cannot know (visas, safety, events, opening times) is said first, in one line,
and a trip nobody asked for is never priced (issue 41, item 5)."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.scope import first_line, topics
from tests.unit.planner.test_model import SEED_ZH, calls_of, final_text, run

PRICES = {"get_flight_price", "get_hotel_price"}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("新西兰要签证吗", "visa"),
        ("Can I get a visa on arrival in Kuala Lumpur?", "visa"),
        ("成都晚上一个人出去安不安全", "safety"),
        ("Is Osaka dangerous at night?", "safety"),
        ("广州年底有什么演唱会", "events"),
        ("What's on in Paris next month?", "events"),
        ("上海博物馆周一开门吗", "opening_times"),
        ("Is the Louvre open on Tuesdays?", "opening_times"),
        ("Will the lantern show in Chengdu still be on after the holiday?", "events"),
        ("冰雕二月底还在吗", "events"),
        ("Is Chengdu good for kids?", "suitability"),
        ("三亚适合带老人去吗", "suitability"),
    ],
)
def test_topics_beyond_the_data_are_found(text: str, topic: str) -> None:
    assert topic in topics(text)


@pytest.mark.parametrize(
    "text",
    [
        SEED_ZH,
        "Dragon Boat Festival in Xiamen, hotels for 2",
        "春节去三亚，机票多少钱",
        "open to suggestions: somewhere warm?",
    ],
)
def test_ordinary_trip_questions_have_no_topic_beyond_the_data(text: str) -> None:
    assert topics(text) == ()


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("新西兰要签证吗", "示例数据里没有签证和入境规定"),
        ("Is Osaka safe for kids?", "The sample data has nothing on safety"),
        ("深圳跨年有烟花吗", "示例数据里没有活动、演出和节庆安排"),
        ("Is the Summer Palace in Beijing open in winter?", "The sample data has nothing on opening times"),
        ("Is Chengdu good for kids?", "The sample data has nothing on whether it suits children"),
    ],
)
async def test_a_question_only_beyond_the_data_says_so_first_and_prices_nothing(text: str, first: str) -> None:
    events, _ = await run(text)
    answer = final_text(events)
    assert answer.splitlines()[0].startswith(first)
    assert not {name for name, _ in calls_of(events)} & PRICES
    assert "¥" not in answer


async def test_the_places_asked_about_are_offered_what_the_data_has() -> None:
    events, _ = await run("Is Osaka safe for kids?")
    assert "What I can look up for Osaka: the typical weather, flights and hotels." in final_text(events)


async def test_the_weather_asked_beside_it_is_answered_after_the_one_line() -> None:
    events, _ = await run("Is the Summer Palace in Beijing open in winter, and how cold is Beijing in January?")
    lines = [line for line in final_text(events).splitlines() if line.strip()]
    assert lines[0].startswith("The sample data has nothing on opening times")
    assert {name for name, _ in calls_of(events)} == {"get_weather"}
    assert "Weather (typical)" in final_text(events) and "January" in final_text(events)


async def test_a_trip_asked_for_is_still_priced_with_the_line_first() -> None:
    events, _ = await run("我在北京，下周去首尔玩三天，帮我查机票和酒店，顺便问下要签证吗")
    text = final_text(events)
    assert text.startswith("示例数据里没有签证和入境规定")
    assert {"get_flight_price", "get_hotel_price"} <= {name for name, _ in calls_of(events)}


async def test_a_follow_up_beyond_the_data_does_not_price_the_trip_again() -> None:
    _, agent = await run(SEED_ZH)
    events, _ = await run("那边治安怎么样？", agent)
    assert calls_of(events) == []
    assert final_text(events).startswith("示例数据里没有安全情况")


def test_the_one_line_names_every_topic_asked() -> None:
    line = first_line(("visa", "opening_times"), "en")
    assert "visa and entry rules or opening times" in line and "\n" not in line
    assert parse("泰国安全吗，要签证吗", []).beyond == ("visa", "safety")


def test_the_rain_of_train_is_no_weather_question() -> None:
    assert "weather" not in parse("I'll take the train to Shenzhen and fly from there to Phuket", []).intents
    assert "weather" in parse("Will it rain in Phuket?", []).intents
