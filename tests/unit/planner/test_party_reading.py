"""Who travels and from where (issue 41, item D): 3个大人, "we", children counted by their ages, people a
follow-up adds (再加上爷爷奶奶) added to the party so far, never replacing it; and a start said in passing
("drive to Shanghai and fly from there", 我武汉的) read as the origin, never as a stop."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.travel.party import find_party
from tests.unit.planner.test_model import final_text, run


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("2个大人去厦门", 2),
        ("4个大人1个小孩去厦门", 5),
        ("we want to go to Xiamen next week", 2),
        ("我们下周去厦门", 2),
        ("with my wife and our kids aged 5 and 9 to Xiamen", 4),
        ("我和老公带娃（4岁和7岁）去厦门", 4),
        ("带爷爷奶奶去厦门", 3),  # a pair is two, never 2 + 1 + 1
        ("我和我妈去厦门", 2),
        ("I want to go to Xiamen", 1),
        ("Planning Japan with my wife and two kids, we're based in Hangzhou", 4),  # "we" adds nobody named
    ],
)
def test_the_party_said(text: str, size: int) -> None:
    assert find_party(text).size == size


@pytest.mark.parametrize(
    ("follow_up", "earlier", "size"),
    [
        ("带上外公外婆", ["我们两个人下周去厦门"], 4),
        ("add my mum too", ["2 adults flying to Seoul next week"], 3),
        ("two more friends are joining", ["me and 2 friends to Qingdao"], 5),
        ("再加上我老婆，两个人", ["我在北京，下周想去三亚玩三天"], 2),  # a new total, not an addition
    ],
)
def test_a_follow_up_adds_people_to_the_party_so_far(follow_up: str, earlier: list[str], size: int) -> None:
    assert parse(follow_up, earlier).party.size == size


async def test_we_is_priced_for_two_and_the_answer_says_so() -> None:
    events, _ = await run("We're flying from Shanghai to Chengdu next week, flights and a hotel please")
    text = final_text(events)
    assert "**Travellers**: 2 (We're, counted as two); 2 seats and 1 room" in text


@pytest.mark.parametrize(
    ("text", "origin", "stops"),
    [
        ("We'll take the train to Guangzhou and fly from there to Bangkok next week", "guangzhou", ["bangkok"]),
        ("I'll drive to Nanjing and fly from there to Seoul on Friday", "nanjing", ["seoul"]),
        ("先坐高铁去广州，再飞曼谷", "guangzhou", ["bangkok"]),
        ("我是成都的，想去西安玩三天", "chengdu", ["xian"]),
        ("我上海人，下周想去青岛", "shanghai", ["qingdao"]),
        ("我想去三亚的，有推荐吗", None, ["sanya"]),  # a wish, not a home
    ],
)
def test_where_the_traveller_leaves_from_is_never_a_stop(text: str, origin: str | None, stops: list[str]) -> None:
    q = parse(text, [])
    assert (q.origin.id if q.origin else None, [c.id for c in q.destinations]) == (origin, stops)
