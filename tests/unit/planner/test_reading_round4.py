"""Reading classes found by the fourth outside batches (issue 41, batches g and h): talk that only mentions
travel, a trip wished for with no place, corrections of a place, origins said as "X飞" or "leaving X". Each row is
a question nobody wrote the planner for, read on Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.reading import looks_up


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


@pytest.mark.parametrize(
    "text",
    [
        "在家好无聊啊 推荐个电视剧呗",
        "can u help me write a caption for my beach pics? something funny about getting sunburnt on vacation",
        "我妈说我天天想着去海边度假，不务正业😂 你评评理",
        "晒黑了好多😭 下次再也不去海边了",
    ],
)
def test_talk_with_travel_words_asks_no_place(text: str) -> None:
    q = parse(text, [])
    assert q.open is None and looks_up(q) == ()


@pytest.mark.parametrize(
    "text",
    [
        "下周想和老婆出去玩几天",
        "I want to go on a trip next week with my wife, 2 nights",
        "想去海边玩，有推荐吗",
        "somewhere warm in January under 5000",
        "budget 3000, any ideas?",
    ],
)
def test_a_trip_wished_for_with_no_place_is_an_open_question(text: str) -> None:
    q = parse(text, [])
    assert q.open is not None and looks_up(q) == ("weather", "flights", "hotels")


def test_an_airport_code_before_from_is_the_destination() -> None:
    q = parse("SYD from PVG, 2 ppl, 8 nights, late April, 40k all in", [])
    assert [c.id for c in q.destinations] == ["sydney"] and q.origin is not None and q.origin.id == "shanghai"


@pytest.mark.parametrize(
    ("today", "text", "dates"),
    [
        ("2026-12-06", "boxing day thru the 28th in seoul", ("2026-12-26", "2026-12-28")),
        ("2027-10-20", "这周末到下周三 去西安 酒店多少钱", ("2027-10-23", "2027-10-27")),
        ("2027-10-20", "next weds to sat in changsha", ("2027-10-27", "2027-10-30")),
        ("2027-10-25", "下周二到下下周二，去澳门", ("2027-11-02", "2027-11-09")),
        ("2027-05-12", "我这个月忙到25号，之后26号到月底想去青岛躲几天", ("2027-05-26", "2027-05-31")),
        ("2026-12-06", "Heading to Sydney from the 28th through New Year's Day", ("2026-12-28", "2027-01-01")),
        ("2027-01-18", "1月25号到春节前一天，去海南避寒", ("2027-01-25", "2027-02-04")),
    ],
)
def test_two_times_joined_are_one_stretch(
    monkeypatch: pytest.MonkeyPatch, today: str, text: str, dates: tuple[str, str]
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == dates


@pytest.mark.parametrize(
    "text",
    [
        "Emily in Paris 最新一季好看吗 值不值得追 lol",
        "最近在学日语 东京和大阪的口音差别大吗",
        "my kid's geography homework asks what country sydney is in 😂 help",
        "write me an ig caption for my bangkok pics from last month, something cheeky",
        "我室友是重庆人 天天嫌食堂的菜不够辣 笑死",
        "好羡慕我同事 年假去了迪拜 我只能在工位摸鱼",
    ],
)
def test_a_place_named_in_talk_is_no_trip(text: str) -> None:
    q = parse(text, [])
    assert q.destinations == [] and looks_up(q) == ()


@pytest.mark.parametrize("text", ["三亚？", "成都", "Is Chengdu nice in winter?", "Chengdu or Chongqing?"])
def test_a_place_alone_or_asked_about_is_still_a_trip(text: str) -> None:
    assert parse(text, []).destinations


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        ("端午去了趟南京 热死我了 今年暑假去哈尔滨应该凉快点吧", ["harbin"], None),
        ("我朋友在大连 不过我这次只去青岛 青岛周末冷吗", ["qingdao"], None),
        ("我老家哈尔滨的 现在在北京上班 元旦想去大连玩", ["dalian"], "beijing"),
        ("腊月二十八要回长沙老家 在那之前想先去趟桂林", ["guilin"], None),
        ("im from dalian originally but live in guangzhou now. want to do hk for a weekend", ["hongkong"], "guangzhou"),
        ("我们一家五口从老家长沙出发，春节想去三亚", ["sanya"], "changsha"),
    ],
)
def test_a_place_said_in_passing_is_neither_stop_nor_origin(text: str, stops: list[str], origin: str | None) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and (q.origin.id if q.origin else None) == origin
