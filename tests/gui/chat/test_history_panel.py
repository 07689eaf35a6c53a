"""The conversation list: a run's start and end rewrite one row, not the whole list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.store.history import HistoryStore
from desktop_app.ui.chat.history_panel import FORK_MARK, HistoryPanel

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _store(tmp_path: Path, count: int) -> tuple[HistoryStore, list[str]]:
    store = HistoryStore(tmp_path / "history.sqlite3")
    ids = []
    for i in range(count):
        conv = store.new_conversation(title=f"trip {i}", provider="offline", model="offline-planner")
        conv.append(UserMessage(f"question {i}"))
        ids.append(conv.id)
    return store, ids


def _rows(panel: HistoryPanel) -> list[str]:
    return [panel.list.item(r).text() for r in range(panel.list.count())]


def test_a_run_moves_its_row_to_the_top_and_lists_what_the_store_lists(qtbot: Any, tmp_path: Path) -> None:
    store, ids = _store(tmp_path, 30)
    panel = HistoryPanel(store)
    qtbot.addWidget(panel)
    panel.refresh()
    assert _rows(panel)[0] == "trip 29"
    store.conversation(ids[5]).append(AssistantMessage("answer"))
    panel.show_current(ids[5])
    assert panel.selected_id() == ids[5] and _rows(panel)[0] == "trip 5"
    assert "· 2" in panel.list.item(0).toolTip()  # its message count, re-read
    shown = _rows(panel)
    panel.refresh()  # what a full listing shows: the same rows in the same order
    assert _rows(panel) == shown and panel.selected_id() == ids[5]


def test_a_new_conversation_appears_and_a_fork_names_its_original(qtbot: Any, tmp_path: Path) -> None:
    store, ids = _store(tmp_path, 3)
    panel = HistoryPanel(store)
    qtbot.addWidget(panel)
    panel.refresh()
    fork = store.fork(ids[0], [UserMessage("question 0")])
    fresh = store.new_conversation(title="new trip", provider="offline", model="offline-planner")
    panel.show_current(fresh.id)
    assert panel.list.count() == 3  # nothing saved in it yet: not listed
    fresh.append(UserMessage("hi"))
    panel.show_current(fresh.id)
    assert _rows(panel)[0] == "new trip" and panel.list.count() == 4
    panel.show_current(fork)
    assert _rows(panel)[0].startswith(FORK_MARK) and "“trip 0”" in panel.list.item(0).toolTip()


def test_with_a_search_typed_the_full_listing_decides(qtbot: Any, tmp_path: Path) -> None:
    store, ids = _store(tmp_path, 5)
    panel = HistoryPanel(store)
    qtbot.addWidget(panel)
    panel.search.setText("trip 1")
    panel.refresh()
    assert _rows(panel) == ["trip 1"]
    store.conversation(ids[3]).append(AssistantMessage("answer"))
    panel.show_current(ids[3])  # not a match: it must not appear in the filtered list
    assert _rows(panel) == ["trip 1"]
