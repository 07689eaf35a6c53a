"""Ctrl+F: find text in the open conversation, the part not shown yet included."""

from __future__ import annotations

from typing import Any

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from desktop_app.ui.i18n import tr


class FindBar(QWidget):
    """A one-line bar above the transcript; `chat` is the ChatView it searches."""

    closed = Signal()

    def __init__(self, chat: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.chat = chat
        self.matches: list[Any] = []  # the chat's rows that contain the text
        self.current = -1
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.field = QLineEdit(self)
        self.field.setObjectName("findText")
        self.field.setClearButtonEnabled(True)
        self.count = QLabel(self)
        self.previous_button = QToolButton(self)
        self.next_button = QToolButton(self)
        self.close_button = QToolButton(self)
        for widget in (self.field, self.count, self.previous_button, self.next_button, self.close_button):
            row.addWidget(widget, 1 if widget is self.field else 0)
        self.field.returnPressed.connect(self.next)
        self.field.installEventFilter(self)  # Shift+Enter: the previous match
        self.field.textChanged.connect(self._search)
        self.previous_button.clicked.connect(self.previous)
        self.next_button.clicked.connect(self.next)
        self.close_button.clicked.connect(self.close_bar)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.field.setPlaceholderText(tr("Find in this conversation"))
        self.field.setAccessibleName(tr("Find in this conversation"))
        self.previous_button.setText("↑")
        self.previous_button.setAccessibleName(tr("Previous match"))
        self.next_button.setText("↓")
        self.next_button.setAccessibleName(tr("Next match"))
        self.close_button.setText("×")
        self.close_button.setAccessibleName(tr("Close the find bar"))
        self._count()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Shift+Enter in the field steps back (Enter alone is returnPressed: forward)."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):  # (Qt's namespace: not at import)
            keys = QtCore.Qt.Key
            enter = event.key() in (keys.Key_Return, keys.Key_Enter)
            if enter and event.modifiers() & QtCore.Qt.KeyboardModifier.ShiftModifier:
                self.previous()
                return True
        return super().eventFilter(watched, event)

    def open_bar(self) -> None:
        self.show()
        self.field.setFocus()
        self.field.selectAll()

    def close_bar(self) -> None:
        self.chat.mark_found(None)
        self.hide()
        self.closed.emit()

    def _search(self, text: str = "") -> None:
        needle = (text or self.field.text()).casefold().strip()
        self.matches = [w for w in self.chat.rows() if needle and needle in w.search_text().casefold()]
        if needle and not self.matches and self.chat.earlier_button is not None:
            self.chat.show_earlier()  # the rest of the conversation, read from the store
            self.matches = [w for w in self.chat.rows() if needle in w.search_text().casefold()]
        self.current = len(self.matches) - 1 if self.matches else -1  # the newest first
        self._go()

    def next(self) -> None:
        if self.matches:
            self.current = (self.current - 1) % len(self.matches)  # up the conversation, newest first
            self._go()

    def previous(self) -> None:
        if self.matches:
            self.current = (self.current + 1) % len(self.matches)
            self._go()

    def _go(self) -> None:
        found = self.matches[self.current] if self.matches else None
        self.chat.mark_found(found, self.field.text().strip())
        self._count()

    def _count(self) -> None:
        """ "2 of 5", "No match" or nothing, in the current language."""
        if self.matches:
            shown = len(self.matches) - self.current
            self.count.setText(tr("%1 of %2").replace("%1", str(shown)).replace("%2", str(len(self.matches))))
        else:
            self.count.setText(tr("No match") if self.field.text().strip() else "")
