"""Answer wording found at stop 55 (issue 41: "no answer to a question nobody asked"): a train's budget line,
a fare's dates with no stay, and a wish answered with a wish, not a goodbye. Read on the suite's Friday 4 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.talk import reply
from tests.unit.planner.test_model import final_text, run


async def test_a_budget_against_train_fares_says_trains_not_flights() -> None:
    events, _ = await run("元旦一家四口从杭州坐高铁去厦门玩3天，预算一万够吗")
    text = final_text(events)
    assert "往返火车票（4人）" in text
    assert "只含火车票和酒店" in text and "只含机票和酒店" not in text


async def test_a_budget_against_flights_still_says_flights() -> None:
    events, _ = await run("I'm in Beijing, 3 days in Sanya next week, budget 6000, enough?")
    assert "flights and hotel only" in final_text(events)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("下周五北京到上海往返机票，周日回", "往返按 12月11日去、12月13日回查询"),
        (
            "flights beijing to shanghai next friday, how much?",
            "round trip looked up out 11 Dec 2026, back 14 Dec 2026",
        ),
    ],
)
async def test_a_fare_with_no_stay_states_the_days_out_and_back_not_nights(text: str, dates: str) -> None:
    answer = final_text((await run(text))[0])
    assert dates in answer
    assert "晚）查询" not in answer and "3 nights" not in answer  # no hotel asked: no nights assumed


async def test_a_whole_trip_still_states_its_nights() -> None:
    answer = final_text((await run("我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"))[0])
    assert "按 12月7日–10日（3晚）查询" in answer


@pytest.mark.parametrize(
    ("text", "lang", "starts"),
    [
        ("新年快乐", "zh", "新年快乐！想查"),
        ("happy almost new year travel bot", "en", "Happy New Year to you too!"),
        ("merry christmas!", "en", "Merry Christmas to you too!"),
        ("早上好", "zh", "早上好！"),
        ("好的，再见，新年快乐", "zh", "新年快乐！再见"),  # a wish and a goodbye: both
        ("good night", "en", "Bye"),
        ("hi there travel bot", "en", "Hi!"),
    ],
)
def test_a_wish_or_a_hello_gets_one_back_not_a_goodbye(text: str, lang: str, starts: str) -> None:
    assert reply(text, lang).startswith(starts)


async def test_an_itinerary_with_dates_and_an_origin_offers_the_prices_it_did_not_look_up() -> None:
    text = final_text((await run("带孩子寒假去哈尔滨，我和她爸，从厦门出发，2月15到2月20，住5晚，帮我规划一下行程"))[0])
    assert "说一声「查机票和酒店」" in text and "¥" not in text  # offered, not priced
    text = final_text((await run("下周去西安玩三天，攻略"))[0])
    assert "查机票和酒店" not in text  # no origin said: nothing to price from


def test_a_question_only_beyond_the_data_shows_no_lookups_in_its_reading() -> None:
    from desktop_app.planner.nlu import parse
    from desktop_app.planner.reading import frame_of

    frame = frame_of(parse("上海迪士尼五一期间营业时间会延长吗", []))
    assert frame.beyond == ("opening_times",) and frame.looks_up == ()  # the plan makes none: the pane says none


@pytest.mark.parametrize(
    ("text", "ask"),
    [
        ("去日本要签证吗", "告诉我日期和出发地就可以查"),
        ("丽江有没有靠谱的一日游团？下周从上海和老公去", "说一声就可以查"),
        ("Is it safe to walk around Bangkok at night alone as a woman? going next week", "Tell me from where."),
    ],
)
async def test_the_offer_after_a_scope_answer_asks_only_what_was_not_said(text: str, ask: str) -> None:
    assert ask in final_text((await run(text))[0])  # (stop 56: it asked "when" of a question that said next week)
