"""How well the offline planner reads questions it was not written for: accuracy per field.

    python tests/benchmarks/bench_planner_questions.py [--show-misses dev]

Scores tests/planner_questions/questions.jsonl (TODAY pinned to 2026-12-04) for intent, places,
origin, dates and party size, separately for `dev` (tuned against) and `heldout` (never tuned
against: do not read its misses while changing the parser). Follow-ups are read with the
questions before them, as in a conversation.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TRAVEL_ASSISTANT_TODAY"] = "2026-12-04"

from desktop_app.planner.nlu import TripQuery, parse

FIELDS = ("intent", "places", "origin", "dates", "party")
LOOKUPS = {"weather", "flights", "hotels"}


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
    """What the planner will look up: the named intents, or the whole trip when none is named."""
    if not q.travel_related:
        return []
    named = set(q.intents)
    if q.open_here or not named & (LOOKUPS | {"guide", "save", "compare"}):
        named |= LOOKUPS  # an open question or a whole trip: every lookup
    return sorted(named)


def predicted(q: TripQuery) -> dict[str, Any]:
    return {
        "intent": intents(q),
        "places": ([c.id for c in q.destinations], len(q.no_data) + len(q.unknown_places)),
        "origin": q.origin.id if q.origin is not None else None,
        "dates": [q.when.start.isoformat(), q.when.end.isoformat()] if q.when is not None else None,
        "party": q.party.size,
    }


def expected(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "intent": sorted(row["intents"]),
        "places": (list(row["destinations"]), len(row["unknown_regions"])),
        "origin": row["origin"],
        "dates": row["dates"],
        "party": row["party"],
    }


def main() -> None:
    cli = argparse.ArgumentParser()
    cli.add_argument("--show-misses", choices=["dev"], help="print the dev questions a field got wrong")
    args = cli.parse_args()
    rows = load()
    by_id = {r["id"]: r for r in rows}
    scores: dict[str, dict[str, list[int]]] = {s: {f: [0, 0] for f in FIELDS} for s in ("dev", "heldout")}
    for row in rows:
        got, want = predicted(parse(row["q"], earlier_of(row, by_id))), expected(row)
        for field in FIELDS:
            ok = got[field] == want[field]
            scores[row["split"]][field][0] += ok
            scores[row["split"]][field][1] += 1
            if not ok and args.show_misses == row["split"]:
                print(f"{row['id']} {field}: got {got[field]!r}, want {want[field]!r}  <- {row['q']}")
    for split, per_field in scores.items():
        total = per_field["intent"][1]
        cells = "  ".join(f"{f} {100 * ok / n:5.1f}%" for f, (ok, n) in per_field.items())
        print(f"{split:8} ({total:3} questions)  {cells}")


if __name__ == "__main__":
    main()
