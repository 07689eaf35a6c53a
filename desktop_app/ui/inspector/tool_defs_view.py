"""Each tool as OpenAI sees it and as Anthropic sees it, side by side (the seed's 2.3.1, live)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.llm.base import ToolSpec
from desktop_app.ui.i18n import tr
from desktop_app.ui.inspector.call_details import plain_label, source_text
from desktop_app.ui.inspector.json_view import JsonPane, RowDelegate
from desktop_app.ui.inspector.timeline_model import STATUS_COLOURS
from desktop_app.ui.inspector.try_panel import TryPanel
from desktop_app.ui.layout import splitter


def schema_path(wire: dict[str, Any], schema: dict[str, Any]) -> str:
    """Where in a wire definition the JSON Schema sits: `parameters`, `function.parameters`, …."""
    for key, value in wire.items():
        if value is schema or (isinstance(value, dict) and value == schema and "type" in value):
            return key
        if isinstance(value, dict):
            inner = schema_path(value, schema)
            if inner:
                return f"{key}.{inner}"
    return ""


def _list_text(listing: dict[str, Any]) -> str:
    return f"{listing.get('name', '')}  ·  {source_text(str(listing.get('source', '')))}"


class ToolDefsView(QWidget):
    """A tool list; for the selected tool its facts, a difference table, both wire shapes and Try it."""

    tryRequested = Signal(str, object)  # the person calls a tool: name, arguments

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tools: list[dict[str, Any]] = []
        self.list = QListWidget(self)
        self.list.setItemDelegate(RowDelegate(self.list))
        self.empty = plain_label(self)
        self.facts = plain_label(self)
        self.description = plain_label(self)
        self.warnings = plain_label(self)
        self.warnings.setStyleSheet(f"color: {STATUS_COLOURS['waiting']};")
        self.table = QTableWidget(0, 3, self)
        self.table.setHorizontalHeaderLabels(["", "OpenAI", "Anthropic"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.openai = JsonPane("OpenAI", self)
        self.anthropic = JsonPane("Anthropic", self)
        self.mapping_note = plain_label(self)
        self.try_panel = TryPanel(self)
        self.try_panel.tryRequested.connect(self.tryRequested)
        for pane in (self.openai, self.anthropic):
            pane.set_mode(raw=True)
            pane.decode_box.hide()
        self._layout()
        self.list.currentRowChanged.connect(self._show_row)
        self.retranslate()

    def retranslate(self) -> None:
        """The labels, the list's sources and the shown tool's facts in the current language."""
        self.list.setAccessibleName(tr("Tools"))
        self.empty.setText(tr("No tool definitions yet: they appear when a run starts."))
        self.table.setAccessibleName(tr("Differences between the OpenAI and Anthropic definitions"))
        for part in (self.openai, self.anthropic, self.try_panel):
            part.retranslate()
        for row, listing in enumerate(self._tools):
            self.list.item(row).setText(_list_text(listing))
        self._show_row(self.list.currentRow())

    def _layout(self) -> None:
        panes = splitter(self.openai, self.anthropic, across=True)
        detail = QWidget(self)
        box = QVBoxLayout(detail)
        box.setContentsMargins(0, 0, 0, 0)
        for widget in (self.facts, self.description, self.warnings, self.table, self.mapping_note):
            box.addWidget(widget)
        lower = splitter(panes, self.try_panel, stretch=(2, 3))
        lower.setSizes([240, 360])  # Try it's result gets the larger share
        box.addWidget(lower, 1)
        split = splitter(self.list, detail, stretch=(1, 4))
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(self.empty)
        outer.addWidget(split, 1)

    def set_tools(self, tools: list[dict[str, Any]]) -> None:
        """Replace the list; the wire shapes are computed only when a tool is shown."""
        self._tools = list(tools)
        with QSignalBlocker(self.list):
            self.list.clear()
            for listing in self._tools:
                item = QListWidgetItem(_list_text(listing))
                if listing.get("status", "ok") != "ok":
                    item.setForeground(Qt.GlobalColor.darkYellow)
                self.list.addItem(item)
        self.empty.setVisible(not self._tools)
        if self.isVisible() and self._tools:
            self.list.setCurrentRow(0)

    def select_tool(self, name: str) -> bool:
        """Show one tool by name; False when there is no such tool."""
        for row, listing in enumerate(self._tools):
            if listing.get("name") == name:
                self.list.setCurrentRow(row)
                self._show_row(row)
                return True
        return False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._tools and self.list.currentRow() < 0:
            self.list.setCurrentRow(0)

    def _show_row(self, row: int) -> None:
        if not 0 <= row < len(self._tools):
            return
        from desktop_app.llm import anthropic, openai  # their own `tool_to_wire`: exactly what each adapter sends

        listing = self._tools[row]
        params = listing.get("parameters")
        spec = ToolSpec(  # a neutral spec from the `tools --json` entry
            str(listing.get("name", "")),
            str(listing.get("description", "")),
            params if isinstance(params, dict) else {"type": "object", "properties": {}},
        )
        openai_wire, anthropic_wire = openai.tool_to_wire(spec), anthropic.tool_to_wire(spec)
        self.facts.setText(
            tr("{name} · source: {source} · risk: {risk} · status: {status}").format(
                name=spec.name,
                source=source_text(str(listing.get("source", ""))),
                risk=listing.get("risk", ""),
                status=listing.get("status", ""),
            )
        )
        self.description.setText(spec.description)
        warnings = [str(w) for w in listing.get("warnings") or []]
        self.warnings.setText("\n".join("⚠ " + w for w in warnings))
        self.warnings.setVisible(bool(warnings))
        self.mapping_note.setText(tr("Mapped by the providers' tool_to_wire"))
        self._fill_table(spec, openai_wire, anthropic_wire)
        if self.try_panel.name != spec.name:
            self.try_panel.set_tool(listing)
        for pane, wire in ((self.openai, openai_wire), (self.anthropic, anthropic_wire)):
            pane.set_value(wire)
            pane.mark_key(schema_path(wire, spec.parameters).rsplit(".", 1)[-1])

    def _fill_table(self, spec: ToolSpec, openai: dict[str, Any], anthropic: dict[str, Any]) -> None:
        """The seed's table of differences; the first two rows read the actual wire shapes."""
        nested, flat = tr("nested in {key}").format(key="function"), tr("flat")
        rows = [
            (
                tr("Schema field"),
                schema_path(openai, spec.parameters),
                schema_path(anthropic, spec.parameters),
            ),
            (tr("Wrapper"), nested if "function" in openai else flat, nested if "function" in anthropic else flat),
            (
                tr("Arguments returned as"),
                tr("JSON string (json.loads)"),
                tr("JSON object"),
            ),
            (tr("Stop reason"), 'finish_reason: "tool_calls"', 'stop_reason: "tool_use"'),
            (tr("Result sent as"), 'role: "tool"', tr('role: "user" + tool_result')),
            (tr("Call id prefix"), "call_", "toolu_"),
        ]
        self.table.setRowCount(len(rows))
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                self.table.setItem(r, c, QTableWidgetItem(value))
        self.table.resizeRowsToContents()
        self.table.setFixedHeight(self.table.verticalHeader().length() + self.table.horizontalHeader().height() + 4)
