"""Reading classes found at stop 57 (issue 41), from batches written that session (cs, ct): people a follow-up
adds said as 加一个人 or "grandpa's coming too", and the way home naming home when it also names where it leaves
from ("then fly back to Beijing from Hangzhou", 最后从长沙回广州). Read on the suite's Friday 4 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse

FAMILY = "Planning our summer holiday: me, my wife, 3 kids (4, 9, 12). Singapore, 7 nights, from Shanghai. Flights?"


@pytest.mark.parametrize(
    ("follow_up", "size"),
    [
        ("grandpa's coming too", 6),
        ("我妈说她也想去，加一个人", 6),
        ("加两个人", 7),
        ("人均加一千", 5),  # money, not people
        ("make it 10 nights", 5),
    ],
)
def test_people_a_follow_up_adds_are_added_to_the_party_so_far(follow_up: str, size: int) -> None:
    assert parse(follow_up, [FAMILY]).party.size == size


@pytest.mark.parametrize(
    ("text", "origin", "stops"),
    [
        ("下周一先去武汉开两天会住2晚，然后去长沙见客户住1晚，最后从长沙回广州", "guangzhou", ["wuhan", "changsha"]),
        ("Easter: flying Sydney → Singapore for 2 nights, then Kuala Lumpur 1 night, back to Sydney from KL",
         "sydney", ["singapore", "kualalumpur"]),
        ("I need to fly back to Chengdu from Sydney the week after new year", "sydney", ["chengdu"]),
        ("Hangzhou for a supplier visit wednesday to friday, then fly back to Beijing from Hangzhou friday evening",
         "beijing", ["hangzhou"]),
    ],
)  # fmt: skip
def test_the_way_home_names_home_even_when_it_says_where_it_leaves_from(
    text: str, origin: str, stops: list[str]
) -> None:
    q = parse(text, [])
    assert q.origin is not None and q.origin.id == origin
    assert [c.id for c in q.destinations] == stops
