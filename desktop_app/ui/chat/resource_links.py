"""The resource links an MCP tool returned, as buttons under its chip: one click opens the
resource in the MCP resource browser (nothing is read before the click)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.text import make_visible, plain_tip


class ResourceLinks(QWidget):
    """A row of "Open NAME" buttons, one per `(server, uri, name)` link (names from the server: shown plainly)."""

    opened = Signal(str, str, str)  # server, uri, name

    def __init__(self, links: list[tuple[str, str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resourceLinks")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(tr("Resources:"), self)
        label.setTextFormat(Qt.TextFormat.PlainText)
        row.addWidget(label)
        for server, uri, name in links:
            button = QToolButton(self)
            button.setText(make_visible(name or uri)[:60])
            button.setToolTip(
                plain_tip(tr("Open %1 in the MCP resource browser").replace("%1", make_visible(uri)[:300]))
            )
            button.setAutoRaise(True)
            button.clicked.connect(lambda _=False, s=server, u=uri, n=name: self.opened.emit(s, u, n))
            row.addWidget(button)
        row.addStretch(1)
