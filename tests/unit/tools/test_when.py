"""Dates in the traveller's words, against one pinned today (Friday 4 Dec 2026)."""

from __future__ import annotations

from datetime import date

import pytest

from desktop_app.tools.registry import ToolRegistry
from desktop_app.tools.travel import travel_tools
from desktop_app.travel.seasons import holiday_on
from desktop_app.travel.when import find_span, span_text

TODAY = date(2026, 12, 4)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("我在北京，下周想去三亚玩三天", "2026-12-07", "2026-12-13"),
        ("下下周末去哪", "2026-12-19", "2026-12-20"),
        ("这周末", "2026-12-05", "2026-12-06"),
        ("next weekend in Tokyo", "2026-12-12", "2026-12-13"),
        ("a weekend in Xiamen", "2026-12-05", "2026-12-06"),
        ("a long weekend in Xiamen around New Year's Day", "2027-01-01", "2027-01-01"),  # the date named wins
        ("元旦那个周末去三亚", "2027-01-01", "2027-01-03"),
        ("the weekend after next", "2026-12-19", "2026-12-20"),
        ("下个月带爸妈去云南", "2027-01-01", "2027-01-31"),
        ("is harbin cold in january?", "2027-01-01", "2027-01-31"),
        ("三月去大理", "2027-03-01", "2027-03-31"),
        ("十一月去昆明", "2027-11-01", "2027-11-30"),
        ("12月20日到25日去厦门", "2026-12-20", "2026-12-25"),
        ("1月15号", "2027-01-15", "2027-01-15"),
        ("Dec 20 to Dec 27 in Bangkok", "2026-12-20", "2026-12-27"),
        ("Jan 3-7 Sanya", "2027-01-03", "2027-01-07"),
        ("Sanya Jan 15th to 20th", "2027-01-15", "2027-01-20"),  # "20th" is January's, not a month name
        ("Sanya from the 3rd to the 7th of January", "2027-01-03", "2027-01-07"),
        ("3-7 January in Sanya", "2027-01-03", "2027-01-07"),
        ("1/15到1/20去三亚", "2027-01-15", "2027-01-20"),
        ("三亚 12.24-12.27 酒店", "2026-12-24", "2026-12-27"),
        ("12/24-27 Xiamen", "2026-12-24", "2026-12-27"),
        ("12.24去三亚", "2026-12-24", "2026-12-24"),
        ("下个月15号左右去三亚", "2027-01-15", "2027-01-15"),
        ("这个月28号去厦门", "2026-12-28", "2026-12-28"),
        ("Macau hotels for Dec 31 to Jan 2", "2026-12-31", "2027-01-02"),
        ("明天北京天气", "2026-12-05", "2026-12-05"),
        ("今晚上海还有空房吗", "2026-12-04", "2026-12-04"),
        ("两周后", "2026-12-18", "2026-12-18"),
        ("in two weeks", "2026-12-18", "2026-12-18"),
        ("下周五去上海", "2026-12-11", "2026-12-11"),
        ("Christmas in Paris", "2026-12-25", "2026-12-25"),
        ("元旦", "2027-01-01", "2027-01-01"),
        ("春节去哈尔滨", "2027-02-05", "2027-02-10"),
        ("五一假期 上海出发", "2027-05-01", "2027-05-04"),
        ("十一去西安", "2027-10-01", "2027-10-05"),
        ("国庆", "2027-10-01", "2027-10-05"),
        ("端午", "2027-06-09", "2027-06-09"),
        ("暑假带孩子去青岛", "2027-07-01", "2027-08-31"),
        ("May I go to Paris in June?", "2027-06-01", "2027-06-30"),
    ],
)
def test_phrases_resolve_against_today(text: str, start: str, end: str) -> None:
    span = find_span(text, TODAY)
    assert span is not None, text
    assert (span.start.isoformat(), span.end.isoformat()) == (start, end)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("下个月初两个人从上海去哈尔滨看冰雪大世界，玩四天", "2027-01-01", "2027-01-10"),
        ("下月中旬去昆明", "2027-01-11", "2027-01-20"),
        ("下个月底", "2027-01-21", "2027-01-31"),
        ("1月底去三亚", "2027-01-21", "2027-01-31"),
        ("二月下旬", "2027-02-21", "2027-02-28"),
        ("三月上旬去大理", "2027-03-01", "2027-03-10"),
        ("2027年4月中去成都", "2027-04-11", "2027-04-20"),
        ("这个月底去哪", "2026-12-21", "2026-12-31"),
        ("本月初", "2026-12-04", "2026-12-10"),  # the part, from today on
        ("年底去三亚", "2026-12-21", "2026-12-31"),
        ("明年年底", "2027-12-21", "2027-12-31"),
        ("early January in Tokyo", "2027-01-01", "2027-01-10"),
        ("mid-January", "2027-01-11", "2027-01-20"),
        ("late February", "2027-02-21", "2027-02-28"),
        ("early May", "2027-05-01", "2027-05-10"),
        ("beginning of next month", "2027-01-01", "2027-01-10"),
        ("at the end of next month", "2027-01-21", "2027-01-31"),
        ("end of the year in Sydney", "2026-12-21", "2026-12-31"),
        ("the first week of May", "2027-05-01", "2027-05-07"),
        ("Beijing, Xi'an and Chengdu in 10 days in the first week of May", "2027-05-01", "2027-05-07"),
        ("the second week of next month", "2027-01-08", "2027-01-14"),
        ("last week of March", "2027-03-25", "2027-03-31"),
        ("五月第一周去成都", "2027-05-01", "2027-05-07"),
        ("下个月的第三个星期", "2027-01-15", "2027-01-21"),
        ("2月最后一周", "2027-02-22", "2027-02-28"),
        ("the first week of December", "2026-12-04", "2026-12-07"),  # the rest of it, from today on
    ],
)
def test_parts_of_a_month_are_the_part_not_the_month(text: str, start: str, end: str) -> None:
    span = find_span(text, TODAY)
    assert span is not None and span.kind == "part", text
    assert (span.start.isoformat(), span.end.isoformat()) == (start, end)


def test_a_part_already_over_is_next_years_or_the_rest_of_the_month() -> None:
    later = date(2026, 12, 15)
    named = find_span("12月初", later)
    assert named is not None and (named.start, named.end) == (date(2027, 12, 1), date(2027, 12, 10))
    this = find_span("这个月初", later)
    assert this is not None and (this.start, this.end) == (date(2026, 12, 15), date(2026, 12, 31))


@pytest.mark.parametrize("text", ["1月中国游客多吗", "下个月中午出发"])
def test_a_part_is_read_only_where_it_is_one(text: str) -> None:
    span = find_span(text, TODAY)
    assert span is not None and span.kind == "month", text
    assert find_span("拿了年终奖去三亚", TODAY) is None


@pytest.mark.parametrize(
    "text",
    [
        "make it 5 nights",
        "三天",
        "somewhere warm",
        "you may like it",
        "十一个人",
        "寒假从武汉去海南",
        "Tokyo for the sakura",
    ],
)
def test_no_time_is_invented(text: str) -> None:
    assert find_span(text, TODAY) is None


def test_an_unpublished_schedule_is_said_to_be_statutory_days() -> None:
    spring = find_span("春节", TODAY)
    assert spring is not None and not spring.official  # chinese_calendar has no 2027 schedule yet
    labour = find_span("五一", date(2026, 4, 20))
    assert labour is not None and labour.official and (labour.start, labour.end) == (date(2026, 5, 1), date(2026, 5, 5))


def test_the_label_states_the_reading() -> None:
    span = find_span("下周", TODAY)
    assert span is not None and span.label("zh") == "下周 = 12月7日–13日"
    assert span.label("en") == "下周 = 7–13 Dec 2026"
    assert span_text(date(2026, 12, 31), date(2027, 1, 2), "zh") == "2026年12月31日–2027年1月2日"


def test_peaks_are_the_holiday_blocks_only() -> None:
    assert holiday_on(date(2027, 2, 7)) is not None and holiday_on(date(2026, 12, 7)) is None


@pytest.mark.parametrize(
    ("day", "holiday", "start", "end", "official"),
    [
        ("2026-01-02", "new_year", "2026-01-01", "2026-01-03", True),  # 元旦 2026 as published
        ("2027-01-01", "new_year", "2027-01-01", "2027-01-01", False),  # 2027 not published: statutory day
        ("2026-04-05", "qingming", "2026-04-04", "2026-04-06", True),
        ("2026-06-20", "dragon_boat", "2026-06-19", "2026-06-21", True),
        ("2026-09-26", "mid_autumn", "2026-09-25", "2026-09-27", True),
        ("2025-10-06", "national_day", "2025-10-01", "2025-10-08", True),  # 中秋 inside 国庆: the bigger peak
        ("2023-09-29", "national_day", "2023-09-29", "2023-10-06", True),
    ],
)
def test_short_breaks_are_peaks_and_a_merged_block_takes_the_bigger(
    day: str, holiday: str, start: str, end: str, official: bool
) -> None:
    span = holiday_on(date.fromisoformat(day))
    assert span is not None and span.holiday == holiday and span.official is official
    assert (span.start.isoformat(), span.end.isoformat()) == (start, end)


def test_the_short_break_rule_is_smaller_than_the_golden_weeks() -> None:
    from desktop_app.travel.seasons import peak_on

    new_year, spring = peak_on(date(2026, 1, 1)), peak_on(date(2026, 2, 17))
    assert new_year is not None and (new_year.zh, new_year.flight, new_year.hotel) == ("元旦", 1.15, 1.1)
    assert spring is not None and spring.flight > new_year.flight and spring.hotel > new_year.hotel
    assert peak_on(date(2026, 1, 4)) is None and peak_on(date(2026, 12, 25)) is None  # Christmas: no peak


async def test_tools_refuse_bad_dates_and_count_the_party() -> None:
    registry = ToolRegistry(travel_tools())
    from desktop_app.core.messages import ToolCall

    past = await registry.execute(ToolCall("1", "get_weather", {"city": "北京", "date": "2026-11-01"}))
    assert past.is_error and "in the past" in past.content
    wrong = await registry.execute(ToolCall("2", "get_hotel_price", {"city": "三亚", "check_in": "next week"}))
    assert wrong.is_error and "YYYY-MM-DD" in wrong.content
    back = await registry.execute(
        ToolCall("3", "get_flight_price", {"origin": "北京", "destination": "三亚", "depart_date": "2027-01-09",
                                           "return_date": "2027-01-02"})
    )  # fmt: skip
    assert back.is_error and "before" in back.content
    seats = await registry.execute(
        ToolCall("4", "get_flight_price", {"origin": "北京", "destination": "三亚", "passengers": 3,
                                           "depart_date": "2027-02-06", "return_date": "2027-02-09"})
    )  # fmt: skip
    data = seats.structured
    assert isinstance(data, dict) and data["price_cny"] == 1280 and data["total_cny"] == 1280 * 3 * 2
    assert data["peak_estimate"][0]["holiday"] == "春节" and data["peak_estimate"][0]["price_cny"] == 1920
    typical = await registry.execute(ToolCall("5", "get_weather", {"city": "Beijing", "date": "2027-01-10"}))
    assert isinstance(typical.structured, dict) and typical.structured["kind"] == "typical"
    assert typical.structured["mean_temp_c"] < 0 and "not a forecast" in typical.structured["note"]
    seed = await registry.execute(ToolCall("6", "get_hotel_price", {"city": "三亚", "stars": 4}))
    assert seed.structured == {**seed.structured, "price": "¥680/晚"} and "check_in" not in seed.content


@pytest.mark.parametrize(
    "text", ["三亚玩3.5天", "1.5h flight", "4.5星酒店", "Python 3.11", "机票¥1.28万", "版本 2.3.0"]
)
def test_numbers_that_are_not_dates(text: str) -> None:
    assert find_span(text, TODAY) is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we leave in 10 days", "2026-12-14"),
        ("Do you know the weather in 3 days in Sanya?", "2026-12-07"),  # "do you", not a tour
        ("in 2 weeks we fly to Tokyo", "2026-12-18"),
    ],
)
def test_in_n_days_is_a_time_when_nothing_says_it_is_the_length(text: str, day: str) -> None:
    span = find_span(text, TODAY)
    assert span is not None and span.start.isoformat() == day


@pytest.mark.parametrize(
    "text",
    [
        "We'd like to do Beijing, Xi'an and Chengdu in 10 days",
        "Can we see Kyoto in 3 days?",
        "explore Yunnan in two weeks",
    ],
)
def test_in_n_days_after_a_tour_is_the_trips_length(text: str) -> None:
    assert find_span(text, TODAY) is None


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [("weather in Guilin today and tmrw", "2026-12-04", "2026-12-05"), ("明天和后天", "2026-12-05", "2026-12-06")],
)
def test_a_day_and_the_next_said_side_by_side_are_two_days(text: str, start: str, end: str) -> None:
    span = find_span(text, TODAY)
    assert span is not None and (span.start.isoformat(), span.end.isoformat()) == (start, end)
    one = find_span("周一和周五", TODAY)
    assert one is not None and one.days == 1  # not side by side: the first day only
