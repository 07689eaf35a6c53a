"""`ask --json` reports the trip; `trip list / show / export` read it back (CONTRACT.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from icalendar import Calendar

from desktop_app.cli import main

SEED = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
TRIP_FIELDS = ["type", "id", "title", "start", "end", "destinations", "party", "total_cny"]
LIST_FIELDS = ["id", "title", "start", "end", "destinations", "party", "total_cny", "conversation_id"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> str:
    capsys.readouterr()
    assert main(list(argv)) == code
    return capsys.readouterr().out


def _ask(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    out = _run(capsys, "ask", "--provider", "offline", "--json", *argv)
    return [json.loads(line) for line in out.splitlines()]


def test_ask_json_prints_the_trip_event_once_after_the_tool_results(capsys: pytest.CaptureFixture[str]) -> None:
    events = _ask(capsys, SEED)
    types = [e["type"] for e in events]
    trips = [e for e in events if e["type"] == "trip"]
    assert len(trips) == 1
    (trip,) = trips
    assert list(trip) == TRIP_FIELDS
    assert trip["start"] == "2026-12-07" and trip["end"] == "2026-12-10"
    assert trip["destinations"] == ["三亚"] and trip["party"] == 1 and trip["total_cny"] == 1280 * 2 + 680 * 3
    assert types.index("trip") > max(i for i, t in enumerate(types) if t == "tool_result")
    assert types.index("trip") < types.index("final")

    listed = json.loads(_run(capsys, "trip", "list", "--json"))
    assert [list(row) for row in listed] == [LIST_FIELDS]
    assert listed[0] == {k: v for k, v in trip.items() if k != "type"} | {
        "conversation_id": events[0]["conversation_id"]
    }


def test_a_continued_run_updates_the_same_trip(capsys: pytest.CaptureFixture[str]) -> None:
    first = next(e for e in _ask(capsys, SEED) if e["type"] == "trip")
    later = [e for e in _ask(capsys, "--continue", "换成五星级酒店") if e["type"] == "trip"]
    assert len(later) == 1 and later[0]["id"] == first["id"] and later[0]["total_cny"] > first["total_cny"]
    listed = json.loads(_run(capsys, "trip", "list", "--json"))
    assert [(t["id"], t["total_cny"]) for t in listed] == [(first["id"], later[0]["total_cny"])]


def test_no_save_still_reports_but_keeps_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert [e["type"] for e in _ask(capsys, "--no-save", SEED)].count("trip") == 1
    assert json.loads(_run(capsys, "trip", "list", "--json")) == []


def test_show_and_export_by_prefix(capsys: pytest.CaptureFixture[str], tmp_path: Path, qapp: Any) -> None:
    # qapp: pytest-qt's QApplication first, else the PDF export makes this process a QGuiApplication
    # and a widget test later in the same run cannot start
    trip = next(e for e in _ask(capsys, SEED) if e["type"] == "trip")
    prefix = trip["id"][:10]
    shown = json.loads(_run(capsys, "trip", "show", prefix, "--json"))
    assert shown["id"] == trip["id"] and shown["total_cny"] == 4600
    assert [c["amount_cny"] for c in shown["costs"]] == [2560, 2040]
    assert all(c["call_id"].startswith("call_") for c in shown["costs"])
    assert "¥4,600" in _run(capsys, "trip", "show", prefix)

    ics = tmp_path / "trip.ics"
    _run(capsys, "trip", "export", prefix, "--format", "ics", "-o", str(ics))
    assert len(Calendar.from_ical(ics.read_bytes()).walk("VEVENT")) == 3
    md = _run(capsys, "trip", "export", prefix, "--format", "md")
    assert md.startswith("# 北京→三亚") and "**¥4,600**" in md
    assert "**¥4,600**" in _run(capsys, "trip", "export", prefix, "--format", "md", "--lang", "en")
    pdf = tmp_path / "trip.pdf"  # through cli -> app.trip_pdf -> ui/trip_pdf.py (its text: test_trip_exports)
    _run(capsys, "trip", "export", prefix, "--format", "pdf", "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 1000


def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    capsys.readouterr()
    assert main(["trip", "show", "nope"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no saved trip with id 'nope'" in err
    trip = next(e for e in _ask(capsys, SEED) if e["type"] == "trip")
    assert main(["trip", "export", trip["id"], "--format", "ics", "-o", str(tmp_path / "no" / "x.ics")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err
    with pytest.raises(SystemExit) as bad:
        main(["trip", "export", trip["id"], "--format", "docx"])
    assert bad.value.code == 2
