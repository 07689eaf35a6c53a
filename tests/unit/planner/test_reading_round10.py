"""Reading classes found at stop 54 (issue 41): a homophone city after a day or a holiday (明天成度, 圣诞节夏门), and a
train's fare asked by its seat class (高铁二等座多少钱: the rail tool estimates it). Rows written here; read on
Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import asked


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("明天成度下雨不", "chengdu"),
        ("后天哈尔宾冷不冷", "harbin"),
        ("圣诞节夏门天气怎么样", "xiamen"),
        ("周末清岛会下雪吗", "qingdao"),
    ],
)
def test_a_homophone_city_right_after_a_day_or_a_holiday(text: str, city: str) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == [city] and asked(q) == ("weather",)


def test_a_real_word_after_a_day_is_still_no_city() -> None:
    assert parse("明天程度会好一点吗", []).destinations == []  # 程度 shares no character with 成都


@pytest.mark.parametrize(
    "text",
    [
        "北京到上海高铁二等座多少钱？下周三走",
        "上海到南京的动车票价",
        "how much is the train from Shanghai to Hangzhou",
        "从上海坐高铁去南京要多久，二等座多少钱",  # the ride's length is beyond the data; the fare is not
    ],
)
def test_a_trains_fare_is_looked_up(text: str) -> None:
    q = parse(text, [])
    assert asked(q) == ("flights",) and q.by_train


def test_seats_left_stay_beyond_the_data() -> None:
    q = parse("北京到西安的高铁二等座还有吗", [])
    assert q.beyond == ("trains",) and asked(q) == ()


@pytest.mark.parametrize(
    ("earlier", "text", "stops"),
    [
        (["下周去重庆玩，从北京出发"], "再加上成都吧，先成都两晚再去重庆三晚", ["chengdu", "chongqing"]),
        (
            ["flights from Shanghai to Xi'an next weekend"],
            "can we fit chengdu in? xian first then chengdu",
            ["xian", "chengdu"],
        ),
        ([], "Chengdu and Xi'an next month, Xi'an first", ["xian", "chengdu"]),
    ],
)
def test_the_stop_said_to_come_first_leads(earlier: list[str], text: str, stops: list[str]) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == stops


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        (
            "exchange student here (based in shanghai), me + 2 friends wanna do xi'an next weekend, flights?",
            ["xian"],
            "shanghai",
        ),
        ("I live in Guangzhou since 2 years and want to take my parents to Guilin for 4 days", ["guilin"], "guangzhou"),
        ("我有个美国朋友春节想来长沙找我玩，他美国护照要签证吗", ["changsha"], None),
        ("我一个广东人，冬天去哈尔滨穿多厚", ["harbin"], None),
    ],
)
def test_who_someone_is_and_where_they_live_are_no_stops(text: str, stops: list[str], origin: str | None) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and (q.origin.id if q.origin else None) == origin


def test_a_countrys_visa_is_still_the_trips() -> None:
    assert [c.id for c in parse("美国签证好办吗", []).destinations] == ["newyork", "losangeles"]


def test_a_people_list_in_brackets_counts_everyone() -> None:
    assert parse("Christmas week in Sydney with the kids (me, husband, 2 kids) - too hot?", []).party.size == 4
    assert parse("Tokyo next week with my two boys (8 and 11), how cold", []).party.size == 3  # ages, not people


def test_someone_also_coming_in_a_follow_up_is_one_more() -> None:
    assert parse("哦对了 外婆也跟我们一起去", ["我们一家三口下周去三亚玩四天"]).party.size == 4


@pytest.mark.parametrize(
    ("text", "days", "nights", "budget"),
    [
        ("我们一家四口暑假想去新加坡玩一周，budget三万，帮我规划一下", 7, None, 30000),
        ("求一份西安3日攻略，预算人均1500", 3, None, 1500),
        ("Taipei hotels are crazy for just one night, make it 3 nights from the 31st", None, 3, None),
    ],
)
def test_lengths_and_money_as_said(text: str, days: int | None, nights: int | None, budget: int | None) -> None:
    q = parse(text, [])
    each = q.budget // q.party.size if q.budget is not None and q.budget_each else q.budget  # as said
    assert (q.days, q.nights, each) == (days, nights, budget)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("苏州未来三天天气怎么样", "2026-12-06", "2026-12-08"),
        ("北京这两天冷吗", "2026-12-06", "2026-12-07"),
        ("weather in Dubai for the next 5 days?", "2026-12-06", "2026-12-10"),
    ],
)
def test_the_coming_days_are_a_time_from_today_not_a_stay(text: str, start: str, end: str) -> None:
    q = parse(text, [])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == (start, end)
    assert (q.days, q.nights) == (None, None) and asked(q) == ("weather",)


def test_these_days_just_gone_leave_the_trips_time() -> None:
    q = parse("广州这几天回暖了没？我周末要回去一趟", [])
    assert q.when is not None and q.when.kind == "weekend"
