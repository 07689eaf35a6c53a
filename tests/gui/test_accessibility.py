"""Keyboard and screen readers: every control is named in the accessibility tree, every action has a key."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

from tests.gui.conftest import scripted_factory
from tests.gui.test_approval import book_hotel, booking_model, call

INTERACTIVE = (QAbstractButton, QLineEdit, QTextEdit, QPlainTextEdit, QComboBox, QTabBar, QAbstractItemView)


def accessible_name(widget: QWidget) -> str:
    """What a screen reader says for the widget: its accessible name, a button's text, a buddy label."""
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None, widget
    return interface.text(QAccessible.Text.Name).replace("&", "").strip()


def activate(qtbot: Any, window: QWidget) -> None:
    """Shortcuts and mnemonics go to the active window (offscreen Qt activates only on request)."""
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _skip(widget: QWidget) -> bool:
    """Qt's own parts: scroll bars, a combo box's popup list, a line edit's clear button."""
    return (
        widget.focusPolicy() == Qt.FocusPolicy.NoFocus
        or widget.objectName().startswith("qt_")
        or widget.window().inherits("QComboBoxPrivateContainer")
    )


def unnamed_controls(root: QWidget) -> list[str]:
    """Every interactive widget under `root` that a screen reader could only call by its role."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, INTERACTIVE) and not _skip(widget) and not accessible_name(widget):
            found.append(f"{type(widget).__name__} {widget.objectName()!r} in {type(widget.parent()).__name__}")
    return found


def test_every_control_of_the_window_settings_and_inspector_is_named(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    _ = window.inspector
    settings = window.open_settings()
    assert unnamed_controls(window) == []
    assert unnamed_controls(settings) == []
    assert unnamed_controls(window.inspector) == []


def test_every_control_of_the_approval_dialog_is_named(qtbot: Any, make_window: Any) -> None:
    window = make_window(scripted_factory(booking_model(call()), [book_hotel]))
    with qtbot.waitSignal(window.approver.dialogShown, timeout=10000):
        window.conversation.send("book it")
    dialog = window.approver.dialog
    activate(qtbot, dialog)
    assert unnamed_controls(dialog) == []
    assert accessible_name(dialog.arguments).startswith("Arguments")
    with qtbot.waitSignal(window.runDone, timeout=10000):
        qtbot.keyClick(dialog.reason, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)  # &Deny
    assert dialog.choice == "deny"


def test_alt_a_allows_once(qtbot: Any, make_window: Any) -> None:
    window = make_window(scripted_factory(booking_model(call()), [book_hotel]))
    with qtbot.waitSignal(window.approver.dialogShown, timeout=10000):
        window.conversation.send("book it")
    dialog = window.approver.dialog
    activate(qtbot, dialog)
    with qtbot.waitSignal(window.runDone, timeout=10000):
        qtbot.keyClick(dialog.reason, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    assert dialog.choice == "once"


def test_the_walk_finds_an_unnamed_control(qtbot: Any) -> None:
    root = QWidget()
    qtbot.addWidget(root)
    QLineEdit(root)
    assert len(unnamed_controls(root)) == 1


def test_shortcuts_focus_the_input_start_anew_and_switch_inspector_tabs(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    activate(qtbot, window)
    window.history_panel.search.setFocus()
    qtbot.keyClick(window.history_panel.search, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.composer
    for index, key in enumerate((Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3)):
        qtbot.keyClick(QApplication.focusWidget(), key, Qt.KeyboardModifier.AltModifier)
        assert window.inspector.tabs.currentIndex() == index
    assert QApplication.focusWidget() is window.inspector.tool_defs.list
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.inspector.timeline
    window.composer.setPlainText("draft")
    qtbot.keyClick(window.inspector.timeline, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.composer


def test_arrow_keys_move_through_calls_in_the_timeline(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    activate(qtbot, window)
    with qtbot.waitSignal(window.runDone, timeout=15000):
        window.conversation.send("Plan three days in Sanya from Beijing")
    qtbot.keyClick(window.composer, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.inspector.timeline
    timeline = window.inspector.timeline
    timeline.setCurrentIndex(timeline.model().index(0, 0))
    seen: list[str] = []
    window.inspector.callSelected.connect(seen.append)
    qtbot.keyClick(timeline, Qt.Key.Key_Down)  # first, how the offline planner read the question
    assert window.inspector.details.currentWidget() is window.inspector.reading_details and seen == []
    for _ in range(3):
        qtbot.keyClick(timeline, Qt.Key.Key_Down)
    assert len(seen) == 3 and len(set(seen)) == 3  # three different tool calls, one per key


def test_a_finished_run_is_announced_with_its_answer(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    with qtbot.waitSignal(window.announced, timeout=15000) as said:
        window.conversation.send("Plan three days in Sanya from Beijing")
    assert said.args[0].startswith("Answer: ") and "Sanya" in said.args[0]
    assert window.chat.accessibleDescription() == said.args[0]
    with qtbot.waitSignal(window.announced, timeout=15000) as again:
        window.conversation.send("Plan three days in Sanya from Beijing")
    assert len(again.args[0]) <= len("Answer: ") + 600


def test_the_help_page_lists_every_shortcut(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    text = window.menus.show_shortcuts(window).text()
    for keys in ("Ctrl+N", "Ctrl+L", "Esc", "Enter", "Alt+1", "Alt+2", "Alt+3", "Alt+A", "↑ / ↓", "F1"):
        assert keys in text, keys
    window.menus.shortcuts_box.close()
