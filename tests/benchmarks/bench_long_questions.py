"""Reading long questions: the planner's reader over 3k, 6k and 12k characters, as a ratio against
3k measured in the same run (linear: about 2x and 4x; the quadratic reader of issue 40 took 3.7x
and 15x), and the whole planner turn, which reads at most 2,000 characters of a question.

Run: python tests/benchmarks/bench_long_questions.py
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ["TRAVEL_ASSISTANT_TODAY"] = "2026-12-04"

from desktop_app.core.messages import UserMessage
from desktop_app.llm.base import ModelRequest
from desktop_app.planner.model import OfflineModel
from desktop_app.planner.nlu import parse
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.settings import Settings

UNITS = {
    "ASCII digits": "1",
    "full-width digits": "\uff11\uff12\uff13",
    "Arabic-Indic digits": "١٢٣",
    "grouped digits": ",111",
    # the same places written right, then typed with homophones (三压, 哈尔宾 read; 程度 not): travel/homophones.py
    "Chinese place names": "去三亚玩，从哈尔滨飞，程度的，",
    "Chinese homophones": "去三压玩，从哈尔宾飞，程度的，",
}
SIZES = (3_000, 6_000, 12_000)


def best_of(read: Callable[[str], object], text: str, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        read(text)
        times.append(time.perf_counter() - started)
    return min(times)


def row(label: str, read: Callable[[str], object], unit: str) -> str:
    texts = [(unit * n)[:n] for n in SIZES]
    times = [best_of(read, text) for text in texts]
    cells = "  ".join(
        f"{n // 1000:>2}k {t * 1000:7.1f} ms ({t / times[0]:4.1f}x)" for n, t in zip(SIZES, times, strict=True)
    )
    return f"{label:<22} {cells}"


def main() -> None:
    model = OfflineModel()
    tools = build_registry(Settings(), RunOptions()).specs(None)

    def turn(text: str) -> object:
        return model.respond(ModelRequest(system=(), messages=(UserMessage(text),), tools=tools))

    print("reading a question (nlu.parse, no cap), ratio against 3k:")
    for label, unit in UNITS.items():
        print(row(label, lambda text: parse(text, []), unit))
    print("\nthe planner's whole first turn (reads 2,000 characters), ratio against 3k:")
    for label, unit in UNITS.items():
        print(row(label, turn, unit))


if __name__ == "__main__":
    main()
