"""Ctrl+F in the chat: finds in what is shown, then in the part read from the store; Esc closes."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.store.history import HistoryStore


def _long(rounds: int) -> str:
    with HistoryStore() as store:
        conv = store.new_conversation(title="long", provider="offline", model="offline-planner")
        for i in range(rounds):
            conv.append(UserMessage(f"question {i}"))
            conv.append(AssistantMessage("Lijiang in spring" if i == 0 else f"answer {i}"))
        return conv.id


def test_find_reaches_the_unread_start_of_a_long_conversation(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.conversation.open(_long(300))
    assert window.chat.earlier_button is not None  # the start is not shown, not even read
    window.menus.actions["find"].trigger()
    bar = window.find_bar
    assert bar.isVisible() and window.focusWidget() is bar.field
    qtbot.keyClicks(bar.field, "lijiang")
    assert len(bar.matches) == 1 and bar.count.text() == "1 of 1"
    found = bar.matches[0]
    assert found.found is True and "Lijiang" in found.markdown()
    assert found.widget is not None and found.widget.property("found") is True  # scrolled to, outlined
    assert window.chat.earlier_button is None  # the rest was read to search it


def test_next_and_previous_walk_the_matches_and_esc_closes(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.conversation.open(_long(5))
    window.find_bar.open_bar()
    qtbot.keyClicks(window.find_bar.field, "answer")
    bar = window.find_bar
    assert bar.count.text() == "1 of 4"  # the newest first
    qtbot.keyClick(bar.field, Qt.Key.Key_Return)
    assert bar.count.text() == "2 of 4"
    bar.previous()
    assert bar.count.text() == "1 of 4"
    window.conversation.stop()  # what Esc does: in the bar, it closes the bar
    assert not bar.isVisible() and not any(getattr(r, "found", False) for r in window.chat.rows())
