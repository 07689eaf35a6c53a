"""Where views show: a slot under the transcript (built before the first paint, empty and hidden)
holding one panel per view (title, close button, the view), or the one-line note without WebEngine.
No WebEngine import here: the view is handed in."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QLabel, QToolButton, QVBoxLayout, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label
from desktop_app.ui.palette import colours

MIN_HEIGHT, MAX_HEIGHT, FIRST_HEIGHT = 80, 520, 240  # pixels of a view (it asks for its size)


class AppPanel(QFrame):
    """One view under the answer: which tool of which server it belongs to, and × to close it."""

    closed = Signal(str)  # the call id

    def __init__(self, call_id: str, title: str, view: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpAppPanel")
        self.call_id = call_id
        self.view = view
        c = colours()
        self.setStyleSheet(
            f"QFrame#mcpAppPanel {{ border: 1px solid {c.chip_border}; border-radius: 6px; background: {c.base_bg}; }}"
        )
        self.title = plain_label(title, self)
        self.title.setStyleSheet(f"color: {c.muted};")
        self.close_button = QToolButton(self)
        self.close_button.setText("×")
        self.close_button.setToolTip(tr("Close this view"))
        self.close_button.setAccessibleName(tr("Close this view"))
        self.close_button.clicked.connect(lambda: self.closed.emit(self.call_id))
        head = hbox(self.title, self.close_button)
        head.setContentsMargins(0, 0, 0, 0)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.setSpacing(2)
        box.addLayout(head)
        box.addWidget(view)
        view.setFixedHeight(FIRST_HEIGHT)

    def fit(self, height: int | None) -> None:
        """The view asked for a height (`ui/notifications/size-changed`): held between the limits."""
        if height:
            self.view.setFixedHeight(max(MIN_HEIGHT, min(height, MAX_HEIGHT)))


class AppSlot(QWidget):
    """Under the transcript: the open views (newest last) and the note when views cannot be shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpAppSlot")
        self.note: QLabel | None = None  # built when first needed (the slot exists at the first paint)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(4)
        self.panels: list[AppPanel] = []
        self.setVisible(False)

    def show_note(self, text: str) -> None:
        if self.note is None:
            self.note = plain_label("", self, "mcpAppNote")
            self.box.insertWidget(0, self.note)
        self.note.setStyleSheet(f"color: {colours().muted};")
        self.note.setText(text)
        self.note.setVisible(True)
        self.setVisible(True)

    def add(self, panel: AppPanel) -> None:
        self.panels.append(panel)
        self.box.addWidget(panel)
        self.setVisible(True)

    def remove(self, panel: AppPanel) -> None:
        if panel in self.panels:
            self.panels.remove(panel)
        self.box.removeWidget(panel)
        panel.hide()
        panel.deleteLater()
        self.setVisible(bool(self.panels) or (self.note is not None and self.note.isVisible()))

    def clear(self) -> None:
        for panel in list(self.panels):
            self.remove(panel)
        if self.note is not None:
            self.note.setVisible(False)
        self.setVisible(False)
