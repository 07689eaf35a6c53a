"""The window's keys for getting around: Home/End in the transcript (Ctrl+ from the message box)
and Alt+1…4, each bringing its pane forward with the keyboard in it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.store.history import HistoryStore
from desktop_app.ui.inspector.tabs import TABS


def _long(rounds: int) -> str:
    with HistoryStore() as store:
        conv = store.new_conversation(title="long", provider="offline", model="offline-planner")
        for i in range(rounds):
            conv.append(UserMessage(f"question {i}"))
            conv.append(AssistantMessage(f"answer {i}"))
        return conv.id


def test_ctrl_home_and_end_in_the_message_box_move_the_transcript(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.conversation.open(_long(40))
    bar = window.chat.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    window.composer.setFocus()
    window.composer.insertPlainText("a question\nof two lines")
    qtbot.keyClick(window.composer, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert bar.value() == 0
    assert window.composer.toPlainText() == "a question\nof two lines"  # the text is untouched
    qtbot.keyClick(window.composer, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert bar.value() == bar.maximum()
    qtbot.keyClick(window.composer, Qt.Key.Key_Home)  # Home alone stays in the box: the line's start
    assert window.composer.textCursor().positionInBlock() == 0 and bar.value() == bar.maximum()


def _in_front(widget: QWidget) -> bool:
    """Shown and not behind another tab of its dock area."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


@pytest.mark.parametrize("index", range(len(TABS)))
def test_alt_1_to_3_bring_the_inspector_forward_after_the_trip_tab(qtbot: Any, make_window: Any, index: int) -> None:
    window = make_window()
    window.menus.actions["trip"].trigger()  # Alt+4
    assert _in_front(window.trip_dock.pane()) and not _in_front(window.inspector)
    window.menus.actions[TABS[index].name].trigger()  # Alt+1 / 2 / 3
    inspector = window.inspector
    assert _in_front(inspector) and not _in_front(window.trip_dock.pane())
    assert inspector.tabs.currentIndex() == index
    focused = (inspector.timeline, inspector.sequence, inspector.tool_defs.list)[index]
    assert window.focusWidget() is focused
    window.menus.actions["trip"].trigger()  # and back: Alt+4 again
    assert _in_front(window.trip_dock.pane()) and not _in_front(inspector)
