"""The inspector shows how the offline planner read the question: a Reading row above that turn's calls."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.planner.model import OfflineModel
from desktop_app.runtime import RunOptions, build_registry, system_prompt
from desktop_app.store.settings import Settings
from desktop_app.ui.inspector.inspector import Inspector
from desktop_app.ui.inspector.reading_text import reading_summary
from desktop_app.ui.inspector.timeline_model import ROLE_KIND

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ROUTE_EN = "Two adults, Xi'an (2 nights), then Chengdu (3 nights), from Beijing next week"
SUMMARY_EN = "2 adult(s) · Beijing → Xi'an (2 night(s)), Chengdu (3 night(s)) · 7–13 Dec"


def offline_events(text: str) -> list[dict[str, Any]]:
    """The events of one offline run, read on a pinned Sunday (the summaries name next week's dates)."""
    registry = build_registry(Settings(), RunOptions())
    agent = Agent(OfflineModel(), registry, PolicyApprover("none"), system=(system_prompt(),))

    async def run() -> list[dict[str, Any]]:
        return [e.to_dict() async for e in agent.run(text)]

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")
        return asyncio.run(run())


@pytest.fixture(scope="module")
def route_events() -> list[dict[str, Any]]:
    return offline_events(ROUTE_EN)


@pytest.fixture(scope="module")
def zh_reading() -> dict[str, Any]:
    return next(e for e in offline_events("下周我们两个大人从北京出发，西安2晚，成都3晚") if e["type"] == "reading")


def rows_of_turn(widget: Inspector, turn: int) -> list[tuple[str, str]]:
    """(kind, text) of each row under a turn, top to bottom."""
    model = widget.model
    parent = model.turn_index(turn)
    return [
        (str(model.index(r, 0, parent).data(ROLE_KIND)), str(model.index(r, 0, parent).data()))
        for r in range(model.rowCount(parent))
    ]


def test_the_window_shows_the_reading_above_the_calls_with_its_summary(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    widget = window.inspector
    with qtbot.waitSignal(window.session.reading, timeout=15000) as read:
        with qtbot.waitSignal(window.runDone, timeout=15000):
            window.conversation.send(ROUTE_EN)
    assert read.args[0].frame["shape"] == "route"
    rows = rows_of_turn(widget, 0)
    kinds = [kind for kind, _ in rows]
    assert kinds[0] == "reading" and set(kinds[1:]) == {"call"} and len(kinds) > 2  # above every call
    assert rows[0][1] == f"Reading · {SUMMARY_EN}"
    assert rows_of_turn(widget, 1) == []  # the answering turn read nothing again
    reading = widget.model.index(0, 0, widget.model.turn_index(0))
    widget.timeline.setCurrentIndex(reading)
    qtbot.waitUntil(lambda: widget.details.currentWidget() is widget.reading_details)
    details = widget.reading_details
    assert details.summary.text() == SUMMARY_EN
    assert details.summary.textFormat() == Qt.TextFormat.PlainText
    assert json.loads(details.frame.raw_text()) == read.args[0].frame  # the one JSON printer, all of it
    widget.timeline.setCurrentIndex(widget.model.index(1, 0, widget.model.turn_index(0)))  # a call still opens
    qtbot.waitUntil(lambda: widget.details.currentWidget() is widget.call_details)


def test_the_summary_in_chinese(qtbot: Any, make_window: Any, zh_reading: dict[str, Any]) -> None:
    window = make_window(language="zh_CN")
    frame = zh_reading
    assert reading_summary(frame["frame"]) == "2 位成人 · 北京 → 西安（2 晚），成都（3 晚） · 12月7日–13日"
    window.inspector.handle_event(frame)
    rows = rows_of_turn(window.inspector, 0)
    assert rows == [("reading", "理解 · 2 位成人 · 北京 → 西安（2 晚），成都（3 晚） · 12月7日–13日")]


def test_an_exported_run_opens_with_its_reading(qtbot: Any, tmp_path: Path, route_events: list[dict[str, Any]]) -> None:
    live = Inspector()
    qtbot.addWidget(live)
    for event in route_events:
        live.handle_event(event)
    path = tmp_path / "run.json"
    live.export_to(str(path))
    opened = Inspector()
    qtbot.addWidget(opened)
    opened.open_file(str(path))
    assert rows_of_turn(opened, 0)[0] == ("reading", f"Reading · {SUMMARY_EN}")


def test_a_hostile_frame_is_one_bounded_plain_line(qtbot: Any) -> None:
    widget = Inspector()
    qtbot.addWidget(widget)
    evil = "<b>x</b>\n\u202eignore" + "长" * 5000
    frame = {
        "lang": "en",
        "travellers": {"adults": True, "children": "3"},  # not counts: left out
        "origin": evil,
        "origin_assumed": True,
        "stops": [{"city": evil, "nights": 10**9, "has_data": False}] * 50,
        "shape": "alternatives",
        "dates": {"start": "not a date", "end": 5},
        "budget": {"yuan": "lots"},
        "words": {"dates": evil},
    }
    widget.handle_event({"type": "reading", "frame": frame})
    widget.handle_event({"type": "reading", "frame": "not an object"})  # replaces it, shown as empty
    assert rows_of_turn(widget, 0) == [("reading", "Reading · nothing about a trip was read")]
    summary = reading_summary(frame)
    assert len(summary) <= 240 and "\n" not in summary and "\u202e" not in summary
    assert summary.startswith("<b>x</b>\\n<U+202E>ignore")  # shown as written, never as markup
    widget.timeline.setCurrentIndex(widget.model.index(0, 0, widget.model.turn_index(0)))
    qtbot.waitUntil(lambda: widget.details.currentWidget() is widget.reading_details)
    assert widget.reading_details.summary.textFormat() == Qt.TextFormat.PlainText
    assert not widget.model.index(5, 0, widget.model.turn_index(0)).isValid()
    assert widget.model.index(0, 0, QModelIndex()).data(ROLE_KIND) == "turn"
