"""Weather that is true (issue 41, item 6): undated is now (this month's typical), a season is its
typical, "best time to visit" compares the twelve monthly normals, and the sample's ordinary day is
never shown as a present or a season: a city with no typical value is said to have none."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.weather_ask import ALL_MONTHS, typical_months
from tests.unit.planner.test_model import calls_of, final_text, run


def weather_dates(events: list) -> list[str]:  # type: ignore[type-arg]
    return [a.get("date", "") for n, a in calls_of(events) if n == "get_weather"]


async def test_undated_weather_is_this_months_typical_never_the_sample_day() -> None:
    events, _ = await run("What's the weather in Seoul right now?")  # today is pinned to 4 Dec 2026
    assert weather_dates(events) == ["2026-12-04"]
    text = final_text(events)
    assert "Weather (typical)" in text and "December" in text and "A climate average, not a forecast." in text


async def test_an_undated_trip_gets_nows_weather_too() -> None:
    events, _ = await run("北京和上海都帮我查一下")
    assert weather_dates(events) == ["2026-12-04", "2026-12-04"]
    assert "十二月平均气温" in final_text(events)


@pytest.mark.parametrize(
    ("text", "day", "month"),
    [
        ("去北京冬天要带什么衣服", "2027-01-15", "一月平均气温"),
        ("Tokyo in summer, how hot?", "2027-07-15", "mean temperature for July"),
        ("Sydney in winter, what should I pack?", "2027-07-15", "mean temperature for July"),  # southern winter
        ("上海秋天冷不冷", "2027-10-15", "十月平均气温"),
    ],
)
async def test_a_season_is_its_typical(text: str, day: str, month: str) -> None:
    events, _ = await run(text)
    assert weather_dates(events) == [day]
    assert month in final_text(events)


async def test_best_time_to_visit_compares_the_twelve_months_and_prices_nothing() -> None:
    events, _ = await run("什么时候去北京最好")
    assert {n for n, _ in calls_of(events)} == {"get_weather"}
    assert [d[5:7] for d in weather_dates(events)] == [f"{m:02d}" for m in range(1, 13)]
    text = final_text(events)
    assert "**天气（各月典型值）**：1月 " in text and "12月 " in text and "月均气温在 15–25°C 的是" in text


async def test_a_city_without_typical_values_says_so_and_shows_no_temperature() -> None:
    events, _ = await run("拉萨现在天气怎么样")  # Lhasa has no climate normals (CLIMATE_SOURCES.md)
    text = final_text(events)
    assert "没有典型值" in text and "°C" not in text
    events, _ = await run("best time to visit Lhasa?")
    assert "no typical value" in final_text(events) and "°C" not in final_text(events)


def test_which_months_an_undated_question_means() -> None:
    assert typical_months("best time of year to visit Guilin?") == ALL_MONTHS
    assert typical_months("Spring Festival in Beijing") == ()  # a holiday, not spring
    assert typical_months("summer holidays in Qingdao") == ()  # 暑假 is dates, read as such
    assert parse("去北京冬天要带什么衣服", []).typical_months == (1,)
    assert parse("12月去北京冬天冷吗", []).typical_months == ()  # a month named: its own typical


async def test_a_weather_question_states_its_date_but_no_stay() -> None:
    events, _ = await run("明天首尔冷吗")
    text = final_text(events)
    assert "**日期**：明天 = 12月5日。" in text and "晚）查询" not in text


async def test_a_comparison_table_shows_no_sample_day_as_weather() -> None:
    """Its rows said "no typical value" while the table beside them showed the sample's 21°C."""
    events, _ = await run("下个月3号到8号我一个人从杭州去丽江还是拉萨好，帮我算下费用")
    answer = final_text(events)
    assert "|" in answer and "没有典型值" in answer.split("|", 1)[1], answer
    assert "°C" not in answer, answer
