"""Dates travellers say that were lost or misread (issue 41, item D): 周末 on a Sunday, 天 of 天气,
days counted after a holiday, 元宵, 跨年, New Year's Eve, Easter, days of next month, and the year
shown when a date is not this year's."""

from __future__ import annotations

from datetime import date

import pytest

from desktop_app.travel.when import find_span
from tests.unit.planner.test_model import final_text, run

SUNDAY, FRIDAY = date(2026, 12, 6), date(2026, 12, 4)


@pytest.mark.parametrize(
    ("text", "today", "start", "end"),
    [
        ("周末去南京逛逛", SUNDAY, "2026-12-12", "2026-12-13"),  # asked on a Sunday: the coming weekend
        ("this weekend in Suzhou", SUNDAY, "2026-12-12", "2026-12-13"),
        ("周末去南京逛逛", FRIDAY, "2026-12-05", "2026-12-06"),
        ("上海下周天气怎么样", SUNDAY, "2026-12-07", "2026-12-13"),  # 天 of 天气 is not Sunday
        ("这周天气好吗", date(2026, 12, 1), "2026-12-01", "2026-12-06"),
        ("下周天去杭州", SUNDAY, "2026-12-13", "2026-12-13"),  # 周天 is still Sunday
        ("the 2 days after Christmas in Harbin", date(2026, 11, 20), "2026-12-26", "2026-12-27"),
        ("圣诞后三天去哈尔滨", date(2026, 11, 20), "2026-12-26", "2026-12-28"),
        ("the week after New Year in Seoul", SUNDAY, "2027-01-04", "2027-01-10"),
        ("元旦后一周去首尔", SUNDAY, "2027-01-04", "2027-01-10"),
        ("元宵去西安看灯", SUNDAY, "2027-02-20", "2027-02-20"),  # the 15th day of the lunar year
        ("跨年去厦门", SUNDAY, "2026-12-31", "2027-01-01"),
        ("New Year's Eve in Tokyo", SUNDAY, "2026-12-31", "2026-12-31"),
        ("Easter weekend in Paris", date(2027, 3, 1), "2027-03-26", "2027-03-29"),
        ("Easter Sunday in London", date(2027, 3, 1), "2027-03-28", "2027-03-28"),
        ("from the 5th to the 9th of next month in Seoul", SUNDAY, "2027-01-05", "2027-01-09"),
        ("下个月5号到9号去首尔", SUNDAY, "2027-01-05", "2027-01-09"),
        ("10月3号去杭州", SUNDAY, "2027-10-03", "2027-10-03"),  # past this year: next year's
    ],
)
def test_the_days_a_phrase_names(text: str, today: date, start: str, end: str) -> None:
    span = find_span(text, today)
    assert span is not None, text
    assert (span.start.isoformat(), span.end.isoformat()) == (start, end)


def test_a_date_that_is_not_this_years_shows_its_year() -> None:
    span = find_span("10月3号去杭州", SUNDAY)
    assert span is not None
    assert span.label("zh").startswith("10月3号 = 2027年10月3日")  # today is pinned to 2026 in tests
    this_year = find_span("12月20号去杭州", SUNDAY)
    assert this_year is not None and this_year.label("zh") == "12月20号 = 12月20日"


async def test_the_answer_says_the_year_of_a_date_moved_to_next_year() -> None:
    events, _ = await run("我在北京，11月20号去杭州玩两天，机票多少钱")  # 20 Nov has passed on 4 Dec 2026
    assert "11月20号 = 2027年11月20日" in final_text(events)


def test_every_monday_is_no_date_and_right_now_is_today() -> None:
    assert find_span("Is the night market in Taipei open on Mondays?", SUNDAY) is None
    span = find_span("what's the weather in Tokyo right now", SUNDAY)
    assert span is not None and (span.start, span.end) == (SUNDAY, SUNDAY)
