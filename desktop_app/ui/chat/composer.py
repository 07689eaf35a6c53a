"""The message box: Enter sends, Shift+Enter starts a new line."""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QMimeData, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from desktop_app.ui.i18n import tr


class Composer(QPlainTextEdit):
    """A multi-line input whose Enter key submits the text."""

    submitted = Signal(str)  # the text, when Enter is pressed on non-blank input
    edgeRequested = Signal(bool)  # Ctrl+End (True) / Ctrl+Home (False): the transcript's end or start

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        self.retranslate()
        self.setTabChangesFocus(True)
        self.setMaximumHeight(80)

    def retranslate(self) -> None:
        self.setPlaceholderText(tr("Ask about a trip… (Enter sends, Shift+Enter new line)"))
        self.setAccessibleName(tr("Message"))
        self.setAccessibleDescription(tr("Enter sends, Shift+Enter starts a new line"))

    def canInsertFromMimeData(self, source: QMimeData) -> bool:  # noqa: N802 - Qt's name
        """A dropped MCP bundle is not text: the window takes it (and offers to install it)."""
        if source.hasUrls() and any(u.toLocalFile().lower().endswith((".mcpb", ".dxt")) for u in source.urls()):
            return False
        return super().canInsertFromMimeData(source)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        keys, modifiers = QtCore.Qt.Key, event.modifiers()
        enter = event.key() in (keys.Key_Return, keys.Key_Enter)
        if enter and not modifiers & QtCore.Qt.KeyboardModifier.ShiftModifier:
            self.submit()
            return
        if event.key() in (keys.Key_Home, keys.Key_End) and modifiers == QtCore.Qt.KeyboardModifier.ControlModifier:
            self.edgeRequested.emit(event.key() == keys.Key_End)  # the box is a line or two: the transcript moves
            return
        super().keyPressEvent(event)

    def submit(self) -> None:
        text = self.toPlainText()
        if text.strip():
            self.submitted.emit(text.strip())
