"""One tool call inline in the transcript: name, short arguments, status; click for its JSON.

Its state lives in a `CallRow`, which outlives the `ToolChip` widget when the chip scrolls away."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QLabel, QPlainTextEdit, QSizePolicy, QVBoxLayout, QWidget

from desktop_app import jsonsafe
from desktop_app.ui.chat.virtual_rows import Row
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label
from desktop_app.ui.text import make_visible, pretty_json, summarize_arguments

if TYPE_CHECKING:
    # the event dataclasses load after the first paint
    from desktop_app.core.events import ToolCallEvent, ToolResultEvent

    # mcp.results imports the tool registry (asyncio): only once a result arrives
    from desktop_app.ui.chat.resource_links import ResourceLinks

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
# plain symbols every desktop font has (emoji render as boxes without an emoji font)
STATUS_GLYPH = {"waiting": "?", "done": "✓", "error": "✗", "denied": "⊘", "cancelled": "■"}


def status_names() -> dict[str, str]:
    """A call's status in words, translated (the chips; the inspector's timeline, details and sequence)."""
    return {
        "waiting": tr("waiting for approval"),
        "running": tr("running"),
        "done": tr("done"),
        "error": tr("error"),
        "denied": tr("denied"),
        "cancelled": tr("cancelled"),
    }


class CallRow(Row):
    """A tool call in the transcript: the call, its result and status (kept off screen too)."""

    __slots__ = ("_search", "call", "expanded", "found", "frame", "result", "selected", "status")

    def __init__(self, event: ToolCallEvent) -> None:
        super().__init__()
        self.call = event
        self.result: ToolResultEvent | None = None
        self.status = "running"
        self.frame = 0
        self.expanded = False
        self.selected = False
        self.found = False
        self._search = ""  # what Ctrl+F looks in, made once per result

    @property
    def call_id(self) -> str:
        return self.call.id

    @property
    def name(self) -> str:
        return self.call.name

    def chip(self) -> ToolChip | None:
        return self.widget if isinstance(self.widget, ToolChip) else None

    def set_status(self, status: str) -> None:
        self.status = status
        if (chip := self.chip()) is not None:
            chip.refresh()

    def set_result(self, event: ToolResultEvent) -> None:
        self.result = event
        self._search = ""
        if self.status != "denied":
            self.status = "error" if event.is_error else "done"
        if (chip := self.chip()) is not None:
            chip.refresh()

    def tick(self) -> None:
        """Advance the spinner (driven by the chat view's one shared timer)."""
        self.frame = (self.frame + 1) % len(SPINNER)
        if (chip := self.chip()) is not None:
            chip.glyph.setText(SPINNER[self.frame])

    def search_text(self) -> str:
        """The name, arguments and result as one string (no pretty-printing: Ctrl+F over 2,500 calls)."""
        if not self._search:
            args = self.call.arguments_raw or json.dumps(self.call.arguments, ensure_ascii=False)
            self._search = f"{self.name}({args}) {self.result.content if self.result else ''}"
        return self._search

    def json_text(self) -> str:
        """What the expanded chip shows: the call and its result, result JSON decoded."""
        data: dict[str, Any] = {"id": self.call_id, "name": self.name, "arguments": self.call.arguments}
        if self.call.arguments_raw is not None:
            data["arguments_raw"] = self.call.arguments_raw
        if self.result is not None:
            content = self.result.content
            try:
                data["result"] = jsonsafe.loads(content)
            except (TypeError, ValueError):
                data["result"] = content
            data["is_error"] = self.result.is_error
        return pretty_json(data)


class ToolChip(QFrame):
    """The widget of a `CallRow`: name, short arguments, status; click to expand its JSON."""

    selected = Signal(str)  # the call id, when the chip is clicked
    resourceOpened = Signal(str, str, str)  # server, uri, name: a resource link in its result was clicked

    def __init__(self, row: CallRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolChip")
        self.row = row
        row.widget = self
        self._details: QPlainTextEdit | None = None
        self.cards: QLabel | None = None  # a listing result's cards, under the title
        self.links: ResourceLinks | None = None
        self._seen: ToolResultEvent | None = None
        self.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)
        layout = self.box = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.glyph = QLabel(self)
        self.glyph.setObjectName("glyph")
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.title.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        # a long call may be cut at the chip's edge, never widen the transcript past the view
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.state = QLabel(self)
        self.state.setObjectName("state")
        line = hbox(self.glyph, self.title, self.state, grow=1)
        line.setSpacing(8)
        layout.addLayout(line)
        event = row.call
        args = event.arguments_raw or summarize_arguments(event.arguments)
        self._title = f"{row.name}({make_visible(str(args))[:80]})"
        self.title.setText(self._title)
        self._marks = 0  # Ctrl+F's matches marked in the title
        self.origin: QLabel | None = None  # who asked, when not the model itself (as the approval dialog says)
        if event.origin == "recovered_from_text":
            self.origin = plain_label("", self, "origin")
            layout.addWidget(self.origin)
        self.retranslate()

    def highlight(self, needle: str) -> int:
        """Ctrl+F: `needle` marked in the call's line ("" clears; the chip is outlined either
        way: the match may be in its result); always -1, the chip is one line."""
        from desktop_app.ui.palette import colours
        from desktop_app.ui.rich_text import mark_label

        plain = QtCore.Qt.TextFormat.PlainText
        _doc, found = mark_label(self.title, self._title, plain, needle, colours().find_bg)
        self._marks = len(found)
        return -1

    def highlighted(self) -> int:
        return self._marks

    def retranslate(self) -> None:
        """The tip and the status word in the current language."""
        self.title.setToolTip(tr("Click to show the JSON and select it in the inspector"))
        if self.origin is not None:
            self.origin.setText(tr("recovered from text: the model wrote this call as text"))
        self.refresh()

    def refresh(self) -> None:
        """Show the row's state: status, highlight, result cards and links, the open JSON."""
        row = self.row
        self.setProperty("status", row.status)
        self.setProperty("selected", row.selected)
        self.setProperty("found", row.found)
        self.state.setText(status_names().get(row.status, row.status))
        self.glyph.setText(STATUS_GLYPH.get(row.status, SPINNER[row.frame]))
        self.style().unpolish(self)
        self.style().polish(self)
        if row.result is not None and row.result is not self._seen:
            self._seen = row.result  # cards and links are looked for once per result
            if not row.result.is_error and self.cards is None:
                self._show_cards(row.result.content)
            if self.links is None:
                self._offer_links(row.result.content)
        if row.expanded and self._details is None:
            self._details = QPlainTextEdit(self)
            self._details.setObjectName("json")
            self._details.setReadOnly(True)
            self._details.setMaximumHeight(260)
            self.box.addWidget(self._details)
        if self._details is not None:
            if row.expanded and self._details.toPlainText() != (text := row.json_text()):
                self._details.setPlainText(text)
            self._details.setVisible(row.expanded)

    def _show_cards(self, content: str) -> None:
        """Stays, hotels, places: readable cards (escaped, links on click only, no picture fetched)."""
        from desktop_app.ui.chat.listing_cards import ListingCards, find_listings

        try:
            cards = find_listings(jsonsafe.loads(content))
        except (TypeError, ValueError):
            return
        if cards:
            self.cards = ListingCards(cards, self)
            self.box.insertWidget(1, self.cards)

    def _offer_links(self, content: str) -> None:
        """Resource links in an MCP tool's result become buttons that open the resource browser."""
        from desktop_app.mcp.client import resource_links
        from desktop_app.ui.chat.resource_links import ResourceLinks

        links = resource_links(self.row.name, content)
        if links:
            self.links = ResourceLinks(links, self)
            self.links.opened.connect(self.resourceOpened)
            self.box.insertWidget(1, self.links)

    def expanded(self) -> bool:
        return self._details is not None and self._details.isVisible()

    def toggle(self) -> None:
        self.row.expanded = not self.row.expanded
        self.refresh()

    def mouseReleaseEvent(self, event: Any) -> None:
        if event.button() == QtCore.Qt.MouseButton.LeftButton:
            self.toggle()
            self.selected.emit(self.row.call_id)
        super().mouseReleaseEvent(event)
