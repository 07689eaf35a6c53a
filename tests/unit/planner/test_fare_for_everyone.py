"""A fare asked for several people ("两个人多少钱") says what it comes to for all of them, and only where no cost
block below already sums it with a hotel (one total per answer)."""

from __future__ import annotations

import pytest

from tests.unit.planner.test_model import final_text, run


@pytest.mark.parametrize(
    ("question", "total"),
    [
        ("北京到三亚的单程机票，两个人多少钱？", "2人单程合计 ¥2,560"),
        ("How much is a flight from Shanghai to Chengdu for 3 of us?", "¥6,300 round trip for 3"),
    ],
)
async def test_a_fare_for_several_says_their_total(question: str, total: str) -> None:
    events, _ = await run(question)
    assert total in final_text(events)


async def test_a_priced_trip_keeps_its_one_total_in_the_cost_block() -> None:
    events, _ = await run("我们3个人从北京去三亚玩三天")
    text = final_text(events)
    assert "¥1,280/人，飞行" in text and "合计：约 ¥11,760" in text and "人往返合计" not in text
