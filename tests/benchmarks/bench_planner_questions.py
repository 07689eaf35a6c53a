"""How well the offline planner reads questions it was not written for: accuracy per field.

    python tests/benchmarks/bench_planner_questions.py [--show-misses dev]

Scores tests/planner_questions/questions.jsonl for intent, places, origin, dates and party size, and on the rows
that carry them nights, budget reading and scope honesty, separately for `dev` (tuned against) and `heldout` (never
tuned against: do not read its misses while changing the parser); `heldout r` is the part written for issue 41.
Each row is read on its own pinned `today` (2026-12-04 when it has none). Follow-ups are read with the questions
before them, as in a conversation. Scope honesty runs the offline planner through the real loop and tools: the
answer's first line must say the data cannot answer that, and no fare or hotel is looked up unless one was asked.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TRAVEL_ASSISTANT_TODAY"] = "2026-12-04"
os.environ["TRAVEL_ASSISTANT_HOME"] = tempfile.mkdtemp(prefix="bench-questions-")

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.planner import route
from desktop_app.planner.model import OfflineModel
from desktop_app.planner.nlu import TripQuery, parse
from desktop_app.planner.second_look import asked
from desktop_app.runtime import RunOptions, build_registry, system_prompt
from desktop_app.store.settings import Settings

FIELDS = ("intent", "places", "origin", "dates", "party", "nights", "budget", "scope")
LABELS = {"nights": "nights", "budget": "budget", "scope": "scope"}  # slots scored only where the row has the label
PRICED = {"get_flight_price", "get_hotel_price"}
DEFAULT_TODAY = "2026-12-04"
# the data cannot answer it: "没有…的数据", "无法", "can't tell", "no data on" …
ADMITS = re.compile(
    r"(?i)没有|无法|不能|查不到|不提供|不包含|不知道|没法|不掌握|"
    r"can't|cannot|can not|don't have|do not have|doesn't have|does not have|no data|not able|no information|"
    r"doesn't (?:cover|include|know)|does not (?:cover|include|know)|isn't in|is not in|not in the data"
)


def load() -> list[dict[str, Any]]:
    path = ROOT / "tests" / "planner_questions" / "questions.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def earlier_of(row: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> list[str]:
    chain: list[str] = []
    parent = row.get("followup_of")
    while parent:
        chain.insert(0, by_id[parent]["q"])
        parent = by_id[parent].get("followup_of")
    return chain


def intents(q: TripQuery) -> list[str]:
    """What the planner will look up, as the question set labels it (the product's own reading of it)."""
    return list(asked(q))


def nights(text: str, q: TripQuery) -> int | list[int] | None:
    """The nights the reading implies (None: no length read); a route's nights per stop."""
    said = q.nights or q.days
    if not said and q.when is not None and q.when.kind in ("weekend", "range", "holiday") and q.when.days > 1:
        said = q.when.days - 1
    if said and len(q.stop_nights) == len(q.destinations) > 1:
        return route.stop_nights(q)  # nights said per stop are a list (README), as the reading's stops carry them
    return said or None


def _budget(q: TripQuery) -> dict[str, Any] | None:
    """The budget as read: per person (the total divided back) or for the whole trip."""
    if q.budget is None:
        return None
    return {"yuan": q.budget // q.party.size if q.budget_each else q.budget, "per_person": q.budget_each}


def unknown_regions(q: TripQuery) -> int:
    """Places named that have no data, the origin among them (济南出发: the answer says it has none for Jinan)."""
    origin = [q.origin_world] if q.origin_world is not None and q.origin_world not in q.no_data else []
    return len(q.no_data) + len(q.unknown_places) + len(origin)


def predicted(text: str, q: TripQuery) -> dict[str, Any]:
    return {
        "intent": intents(q),
        "places": ([c.id for c in q.destinations], unknown_regions(q)),
        "origin": q.origin.id if q.origin is not None else None,
        "dates": [q.when.start.isoformat(), q.when.end.isoformat()] if q.when is not None else None,
        "party": q.party.size,
        "nights": nights(text, q),
        "budget": _budget(q),
    }


def expected(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "intent": sorted(row["intents"]),
        "places": (list(row["destinations"]), len(row["unknown_regions"])),
        "origin": row["origin"],
        "dates": row["dates"],
        "party": row["party"],
        "nights": row.get("nights"),
        "budget": row.get("budget"),
        "scope": True,
    }


async def _answer(questions: list[str]) -> tuple[str, set[str]]:
    """The last question's answer and the tools it called, the earlier ones asked first in the same chat."""
    agent = Agent(
        OfflineModel(), build_registry(Settings(), RunOptions()), PolicyApprover("none"), system=(system_prompt(),)
    )
    events: list[ev.AnyEvent] = []
    for text in questions:
        events = [e async for e in agent.run(text)]
    final = events[-1]
    text = final.text if isinstance(final, ev.FinalEvent) else ""
    return text, {e.name for e in events if isinstance(e, ev.ToolCallEvent)}


def honest(row: dict[str, Any], earlier: list[str]) -> tuple[bool, str]:
    """Scope honesty: the first line admits the data cannot answer; no price nobody asked for."""
    text, called = asyncio.run(_answer([*earlier, row["q"]]))
    first = next((line for line in text.splitlines() if line.strip()), "")
    priced = bool(called & PRICED) and not row["scope"]["prices_asked"]
    return bool(ADMITS.search(first)) and not priced, f"first line {first[:90]!r}, priced {priced}"


def score_row(row: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> dict[str, tuple[bool, str]]:
    """Per slot: (right, what was read) for the slots this row is labelled for."""
    os.environ["TRAVEL_ASSISTANT_TODAY"] = row.get("today", DEFAULT_TODAY)
    earlier = earlier_of(row, by_id)
    got, want = predicted(row["q"], parse(row["q"], earlier)), expected(row)
    out = {}
    for field in FIELDS:
        if field in LABELS and LABELS[field] not in row:
            continue
        if field == "scope":
            if row["scope"] is not None:
                out[field] = honest(row, earlier)
            continue
        out[field] = (got[field] == want[field], f"got {got[field]!r}, want {want[field]!r}")
    return out


def main() -> None:
    cli = argparse.ArgumentParser()
    cli.add_argument("--show-misses", choices=["dev"], help="print the dev questions a field got wrong")
    args = cli.parse_args()
    rows = load()
    by_id = {r["id"]: r for r in rows}
    parts = ("dev", "heldout", "heldout r")
    scores: dict[str, dict[str, list[int]]] = {s: {f: [0, 0] for f in FIELDS} for s in parts}
    for row in rows:
        for field, (ok, said) in score_row(row, by_id).items():
            for part in (row["split"], "heldout r") if row["id"].startswith("r") else (row["split"],):
                scores[part][field][0] += ok
                scores[part][field][1] += 1
            if not ok and args.show_misses == row["split"]:
                print(f"{row['id']} {field}: {said}  <- {row['q']}")
    for part, per_field in scores.items():
        total = per_field["intent"][1]
        cells = "  ".join(f"{f} {100 * ok / n:5.1f}% ({n})" if n else f"{f}    -  " for f, (ok, n) in per_field.items())
        print(f"{part:9} ({total:3} questions)  {cells}")


if __name__ == "__main__":
    main()
