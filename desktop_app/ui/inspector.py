"""PLACEHOLDER inspector (the real one is on branch `inspector`): same API, a plain event list."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QListWidget, QVBoxLayout, QWidget


class Inspector(QWidget):
    """Lists the run's events; `callSelected` when a tool call row is chosen."""

    callSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.events: list[dict[str, Any]] = []
        self.list = QListWidget(self)
        QVBoxLayout(self).addWidget(self.list)
        self.list.currentRowChanged.connect(self._row_changed)

    def handle_event(self, event: dict[str, Any]) -> None:
        if event.get("type") == "text_delta":
            return
        self.events.append(event)
        self.list.addItem(json.dumps(event, ensure_ascii=False)[:200])

    def clear(self) -> None:
        self.events.clear()
        self.list.clear()

    def select_call(self, call_id: str) -> None:
        for row, event in enumerate(self.events):
            if event.get("type") == "tool_call" and event.get("id") == call_id:
                self.list.setCurrentRow(row)
                return

    def _row_changed(self, row: int) -> None:
        if 0 <= row < len(self.events) and self.events[row].get("type") == "tool_call":
            self.callSelected.emit(str(self.events[row]["id"]))

    def export_json(self) -> str:
        return json.dumps({"events": self.events}, ensure_ascii=False, indent=2)
