"""Questions built to hurt the reader (issue 40, items 8 and 9): a number of thousands of digits is
no number (it stopped `ask` with a ValueError), reading is linear in the question's length (digit
runs took quadratic time), and the planner reads a question up to 2,000 characters and says so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app.core import events as ev
from desktop_app.planner.nlu import parse
from desktop_app.runtime import question_budget
from tests.unit.planner.test_model import SEED_EN, SEED_ZH, calls_of, final_text, run

ROOT = Path(__file__).resolve().parents[3]
HUGE = {
    "ascii": "9" * 5000,
    "full-width": "\uff19" * 5000,
    "arabic-indic": "٩" * 5000,
    "under the int limit": "9" * 4000,  # int() reads it: what it overflows later must not stop the run
    "grouped": "9" + ",999" * 1500,
}
READERS = [  # a template per reader of numbers: days, nights, budgets, currencies, caps, party, dates
    "从北京去上海玩{n}天",
    "北京去上海住{n}晚",
    "北京到上海预算{n}元够吗",
    "北京去上海预算{n}万",
    "Beijing to Shanghai, budget ${n}",
    "Beijing to Shanghai, I have {n} USD",
    "Beijing to Shanghai, budget {n}k",
    "Beijing to Shanghai under {n} a night",
    "北京去上海{n}元一晚以内",
    "Beijing to Shanghai for {n} nights, {n} days",
    "{n}个人从北京去上海，{n}天后出发",
    "somewhere warm under ¥{n}",
]


@pytest.mark.parametrize("kind", list(HUGE))
async def test_a_number_of_thousands_of_digits_gets_an_answer(kind: str) -> None:
    for template in READERS:
        events, agent = await run(template.format(n=HUGE[kind]))
        assert isinstance(events[-1], ev.FinalEvent), (template, events[-1])
        assert agent.outcome.ok


def test_a_huge_number_is_no_number_and_an_ordinary_one_still_is() -> None:
    huge = HUGE["ascii"]
    assert parse(f"从北京去三亚玩{huge}天", []).days is None
    assert parse(f"从北京去三亚，预算{huge}元够吗", []).budget is None
    assert parse(f"Beijing to Sanya, budget ${huge}", []).budget is None
    assert parse(f"北京去三亚，{huge}元一晚以内", []).night_cap is None
    assert parse("从北京去三亚玩5天", []).days == 5
    assert parse("从北京去三亚，预算8,000元够吗", []).budget == 8000
    assert parse("Beijing to Sanya, budget $1,500", []).budget == round(1500 * 7.2)
    assert parse("北京去三亚，500元一晚以内", []).night_cap == 500
    assert parse("北京去三亚，预算1.5万", []).budget == 15000
    assert parse("从北京去三亚，预算5000，2个人够吗", []).budget == 5000  # a comma after a number ends it
    assert parse("Beijing to Sanya, budget $1,000,000,000,000,000", []).budget is None  # not its head "$1"
    assert parse("从北京去三亚，预算123,456,789,012,345元够吗", []).budget is None  # nor "123"


def test_ask_json_with_a_5000_digit_number_ends_with_final(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TRAVEL_ASSISTANT_HOME": str(tmp_path)}
    question = f"从北京去上海玩{'9' * 5000}天，预算{'9' * 5000}元"
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "ask", "--provider", "offline", "--json", "--no-save", question],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert lines[-1]["type"] == "final" and "上海" in lines[-1]["text"]
    assert "unexpected error" not in done.stderr


def _best_of_three(read: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        started = time.perf_counter()
        read()
        times.append(time.perf_counter() - started)
    return min(times)


@pytest.mark.parametrize("unit", ["1", "\uff11", "٩", "1,", ",111", "1.5 ", "十一"])
def test_reading_is_linear_in_the_length(unit: str) -> None:
    """8 times the text may take about 8 times as long; a quadratic reader takes 64 times (the bound
    is generous: 24 times, plus 50 ms for a busy machine)."""
    short, long = (unit * 750)[:750], (unit * 6000)[:6000]
    t_short = _best_of_three(lambda: parse(short, []))
    t_long = _best_of_three(lambda: parse(long, []))
    assert t_long < 24 * t_short + 0.05, (unit, t_short, t_long)


async def test_a_long_question_is_read_up_to_2000_characters_and_the_answer_says_so() -> None:
    events, _ = await run(SEED_ZH + "。" * 3000)
    text = final_text(events)
    assert "只读了前 2,000 个字符" in text
    assert "¥1,280" in text and "¥680/晚" in text and "¥4,600" in text  # the seed, read from the first part
    events, _ = await run(SEED_EN + " ..." * 1000)
    assert "only its first 2,000 characters were read" in final_text(events)


async def test_nothing_after_the_cut_is_read() -> None:
    events, _ = await run("我在北京，" + "。" * 2100 + "想去三亚，帮我查机票")
    assert not any("三亚" in json.dumps(args, ensure_ascii=False) for _, args in calls_of(events))
    assert "只读了前 2,000 个字符" in final_text(events)


def test_the_trip_panes_budget_reads_what_the_planner_reads() -> None:
    assert question_budget("预算5000，" + "1,111" * 200_000) == 5000  # a megabyte, read up to 2,000 characters
    assert question_budget("。" * 2100 + "预算5000") is None


async def test_a_short_question_says_nothing_about_a_cut() -> None:
    events, _ = await run(SEED_ZH)
    assert "2,000" not in final_text(events)
