"""The chat pane's layout: header row, offline banner, transcript, skill and attachment chips, input, buttons."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from desktop_app.ui.i18n import tr


class RunButtons:
    """Retry, Stop and Send under the input box, enabled by whether a run is going."""

    def __init__(self, parent: QWidget) -> None:
        self.send = QPushButton(parent)
        self.stop = QPushButton(parent)
        self.retry = QPushButton(parent)
        self.retranslate()
        self.set_busy(False, can_retry=False)

    def widgets(self) -> tuple[QPushButton, ...]:
        return self.retry, self.stop, self.send

    def retranslate(self) -> None:
        self.send.setText(tr("Send"))
        self.stop.setText(tr("Stop"))
        self.stop.setToolTip(tr("Stop the run (Esc)"))
        self.retry.setText(tr("Retry"))
        self.retry.setToolTip(tr("Ask again for the last answer"))

    def set_busy(self, busy: bool, can_retry: bool) -> None:
        self.send.setEnabled(not busy)
        self.stop.setEnabled(busy)
        self.retry.setEnabled(not busy and can_retry)


def chat_pane(
    parent: QWidget,
    header: Sequence[QWidget],
    banner: QWidget,
    find_bar: QWidget,
    transcript: QWidget,
    chips: Sequence[QWidget],
    composer: QWidget,
    buttons: Sequence[QWidget],
    below: QWidget | None = None,
) -> QWidget:
    """Lay the given widgets out (the window owns them); the transcript and the header's first widget stretch."""
    pane = QWidget(parent)
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(8, 8, 8, 8)
    layout.addLayout(_row(header, stretch_first=True))
    layout.addWidget(banner)
    layout.addWidget(find_bar)
    layout.addWidget(transcript, 1)
    if below is not None:  # MCP Apps' views, under the answer
        layout.addWidget(below)
    chip_row = _row(chips)
    chip_row.addStretch(1)  # the chips keep their own width
    layout.addLayout(chip_row)
    layout.addWidget(composer)
    button_row = QHBoxLayout()
    button_row.addStretch(1)
    for button in buttons:
        button_row.addWidget(button)
    layout.addLayout(button_row)
    return pane


def _row(widgets: Sequence[QWidget], stretch_first: bool = False) -> QHBoxLayout:
    row = QHBoxLayout()
    for i, widget in enumerate(widgets):
        row.addWidget(widget, 1 if stretch_first and i == 0 else 0)
    return row
