"""Reading classes found at stop 55 (issue 41), from batches written that session and then added as dev rows: a stop
chosen in a follow-up beside a place been to (还是去香港吧 澳门去过了), a homophone after 改/换 or before 哪个. Read on
the suite's Friday 4 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import asked


@pytest.mark.parametrize(
    ("earlier", "text", "stop"),
    [
        (["周末想去澳门玩，从广州出发，帮我看看酒店"], "还是去香港吧 澳门去过了", "hongkong"),
        (["跨年想去哈尔滨看冰雕 从深圳飞 机票酒店多少钱"], "算了还是去三亚吧 哈哈 冷怕了", "sanya"),
        (["春节想去曼谷，从深圳飞，两个人，机票酒店"], "曼谷去过了，就普吉岛吧", "phuket"),
        (
            ["Sanya over Thanksgiving weekend, 4 of us from Shanghai, flights and hotel?"],
            "actually make it Phuket instead, the kids have done Sanya twice already",
            "phuket",
        ),
    ],
)
def test_a_stop_chosen_beside_a_place_been_to_replaces_the_trip(earlier: list[str], text: str, stop: str) -> None:
    q = parse(text, earlier)
    assert [c.id for c in q.destinations] == [stop] and asked(q)  # the trip goes on, at the place chosen


def test_a_place_been_to_alone_is_still_the_trip() -> None:
    q = parse(  # dev row af055
        "I've been to Taipei twice and love it. Third time, bringing my husband this time, around New Year. "
        "Last time we stayed in Ximending and it was loud. Something quieter please?",
        [],
    )
    assert [c.id for c in q.destinations] == ["taipei"] and asked(q) == ("hotels",)


@pytest.mark.parametrize(
    ("earlier", "text", "cities"),
    [
        (["下周末去杭州玩，天气咋样"], "算了改苏洲吧 近一点", ["suzhou"]),
        ([], "重亲和成度哪个好玩", ["chongqing", "chengdu"]),
    ],
)
def test_a_homophone_after_a_change_or_before_which(earlier: list[str], text: str, cities: list[str]) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == cities
