"""An MCP App's JSON-RPC traffic, kept per tool call and listed in the inspector beside that call.

No WebEngine import: the inspector shows the list whether or not views can be rendered."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from desktop_app.mcp.apps import pretty, summary
from desktop_app.ui.i18n import tr
from desktop_app.ui.text import make_visible

MAX_KEPT = 2000  # messages kept per call (a view that floods is rate-limited long before)
ARROWS = {"in": "←", "out": "→", "note": "•"}  # view → host, host → view, the host's own note


class TrafficLog(QObject):
    """call id -> [(time, direction, message)]; `added(call id)` after each."""

    added = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.calls: dict[str, list[tuple[float, str, Any]]] = {}

    def record(self, call_id: str, direction: str, message: Any) -> None:
        kept = self.calls.setdefault(call_id, [])
        if len(kept) < MAX_KEPT:
            kept.append((time.time(), direction, message))
        elif len(kept) == MAX_KEPT:
            kept.append((time.time(), "note", f"more than {MAX_KEPT} messages: the rest are not kept"))
        self.added.emit(call_id)

    def lines(self, call_id: str) -> list[str]:
        """One line per message: `→ tools/call #3` (host → view), `←` view → host, `•` a host note."""
        return [f"{ARROWS.get(d, d)} {make_visible(summary(m))}" for _, d, m in self.calls.get(call_id, [])]


class TrafficPane(QWidget):
    """The inspector's list of one call's MCP App messages, both ways, and the selected one's JSON."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log: TrafficLog | None = None
        self.call_id = ""
        self.title = QLabel(self)
        self.list = QListWidget(self)
        self.list.setAccessibleName(tr("MCP App messages"))
        self.body = QPlainTextEdit(self)
        self.body.setReadOnly(True)
        self.body.setAccessibleName(tr("The selected MCP App message"))
        split = QSplitter(self)
        split.addWidget(self.list)
        split.addWidget(self.body)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.title)
        box.addWidget(split, 1)
        self.list.currentRowChanged.connect(self._show)
        self.setVisible(False)

    def attach(self, log: TrafficLog) -> None:
        if self.log is None:
            self.log = log
            log.added.connect(self._added)

    def show_for(self, call_id: str) -> None:
        self.call_id = call_id
        self._fill()

    def _added(self, call_id: str) -> None:
        if call_id == self.call_id:
            self._fill()

    def _fill(self) -> None:
        lines = self.log.lines(self.call_id) if self.log is not None else []
        self.setVisible(bool(lines))
        if not lines:
            return
        self.title.setText(tr("MCP App (ui://) messages: ← from the view, → to the view"))
        row = self.list.currentRow()
        if self.list.count() > len(lines):
            self.list.clear()
        for line in lines[self.list.count() :]:
            self.list.addItem(line)
        if row < 0:
            self.list.setCurrentRow(0)

    def _show(self, row: int) -> None:
        entries = self.log.calls.get(self.call_id, []) if self.log is not None else []
        if 0 <= row < len(entries):
            self.body.setPlainText(make_visible(pretty(entries[row][2])))
