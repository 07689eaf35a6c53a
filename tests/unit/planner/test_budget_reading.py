"""A budget said per traveller (人均, 每人, "each") is counted for the whole party and said so (issue 41)."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from tests.unit.planner.test_model import final_text, run


@pytest.mark.parametrize(
    ("text", "total", "each"),
    [
        ("两个人去成都，人均预算3000够吗", 6000, True),
        ("我们四个人去桂林，每人2000以内", 8000, True),
        ("Is 4000 each enough for the 2 of us in Tokyo?", 8000, True),
        ("budget 500 USD each, 3 of us, Seoul next week from Shanghai", 10800, True),  # at the sample rate 7.2
        ("预算5000，两个人去厦门", 5000, False),
        ("人均3000，一个人去厦门", 3000, True),  # one traveller: the same sum, still read as said per person
    ],
)
def test_a_budget_per_person_is_counted_for_everyone(text: str, total: int, each: bool) -> None:
    q = parse(text, [])
    assert (q.budget, q.budget_each) == (total, each)


async def test_the_answer_says_how_a_budget_per_person_was_counted() -> None:
    events, _ = await run("我在北京，我们两个人下周去成都玩三天，人均预算3000够吗")
    assert "预算 ¥6,000（人均 ¥3,000 × 2人）" in final_text(events)
