"""Two layout helpers the panes and dialogs share: a row of widgets, and a bold heading."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget


def hbox(*widgets: QWidget, grow: int | None = 0) -> QHBoxLayout:
    """`widgets` side by side; the one at index `grow` takes the spare width (None: none does)."""
    row = QHBoxLayout()
    for i, widget in enumerate(widgets):
        row.addWidget(widget, 1 if i == grow else 0)
    return row


def bold(label: QLabel, scale: float = 1.0) -> QLabel:
    """`label` set in bold, `scale` times its point size (a heading)."""
    font = label.font()
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label
