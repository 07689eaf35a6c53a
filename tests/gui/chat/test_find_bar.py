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


def _edge(widget: Any) -> set[str]:
    """The colours of a widget's left border, as painted."""
    image = widget.grab().toImage()
    return {image.pixelColor(x, image.height() // 2).name() for x in range(0, 2)}


def test_the_match_is_outlined_highlighted_and_scrolled_into_view(qtbot: Any, make_window: Any) -> None:
    from desktop_app.ui.palette import colours

    window = make_window()
    window.conversation.open(_long(40))
    window.resize(1280, 800)
    chat = window.chat
    chat.verticalScrollBar().setValue(chat.verticalScrollBar().maximum())  # at the end, the match far above
    window.find_bar.open_bar()
    qtbot.keyClicks(window.find_bar.field, "lijiang")
    found = window.find_bar.matches[0]
    bubble = found.widget
    assert bubble is not None and bubble in chat.widgets()
    viewport = chat.viewport().rect()
    assert viewport.intersects(bubble.geometry())  # scrolled into view
    assert colours().focus in _edge(bubble)  # the outline is painted, not lost to the bubble's own border
    assert bubble.highlighted() == 1  # the word itself is marked in the text
    assert colours().find_bg.lstrip("#") in bubble.body.text()
    window.conversation.stop()  # what Esc does (tests/desktop presses it through X)
    assert not window.find_bar.isVisible()
    assert bubble.highlighted() == 0 and colours().find_bg.lstrip("#") not in bubble.body.text()
    assert colours().focus not in _edge(bubble)


def test_enter_and_shift_enter_step_through_the_matches(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.conversation.open(_long(5))
    bar = window.find_bar
    bar.open_bar()
    qtbot.keyClicks(bar.field, "answer")
    first = bar.matches[bar.current]
    qtbot.keyClick(bar.field, Qt.Key.Key_Return)
    second = bar.matches[bar.current]
    assert second is not first and second.found and not first.found
    assert second.widget is not None and second.widget.highlighted() == 1
    assert first.widget is None or first.widget.highlighted() == 0
    qtbot.keyClick(bar.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert bar.matches[bar.current] is first and bar.count.text() == "1 of 4"


def test_a_streamed_answer_is_highlighted_too(qtbot: Any, make_window: Any) -> None:
    from tests.gui.test_main_window import SEED_QUESTION, run_and_wait

    window = make_window()
    run_and_wait(qtbot, window, SEED_QUESTION)
    bar = window.find_bar
    bar.open_bar()
    qtbot.keyClicks(bar.field, "4,600")
    found = bar.matches[bar.current]
    assert found.widget is not None and found.widget.highlighted() >= 1
    bar.close_bar()
    assert found.widget.highlighted() == 0
