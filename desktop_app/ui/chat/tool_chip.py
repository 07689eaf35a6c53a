"""One tool call inline in the transcript: name, short arguments, status; click for its JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QSizePolicy, QVBoxLayout, QWidget

from desktop_app import jsonsafe
from desktop_app.ui.i18n import tr
from desktop_app.ui.text import make_visible, pretty_json, summarize_arguments

if TYPE_CHECKING:  # mcp.results imports the tool registry (asyncio): only once a result arrives
    from desktop_app.ui.chat.resource_links import ResourceLinks

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
# plain symbols every desktop font has (emoji render as boxes without an emoji font)
STATUS_GLYPH = {"waiting": "?", "done": "✓", "error": "✗", "denied": "⊘", "cancelled": "■"}

if TYPE_CHECKING:  # the event dataclasses load after the first paint
    from desktop_app.agent.events import ToolCallEvent, ToolResultEvent


def status_label(status: str) -> str:
    """The chip's status in words (translated)."""
    return {
        "waiting": tr("waiting for approval"),
        "running": tr("running"),
        "done": tr("done"),
        "error": tr("error"),
        "denied": tr("denied"),
        "cancelled": tr("cancelled"),
    }.get(status, status)


def saved_call(call: Any) -> ToolCallEvent:
    """A saved message's tool call (a dict read from disk, so every field is checked) as the event."""
    data = call if isinstance(call, dict) else {}
    args = data.get("arguments")
    raw = data.get("arguments_raw")
    from desktop_app.agent.events import ToolCallEvent

    return ToolCallEvent(
        str(data.get("id", "")),
        str(data.get("name", "")),
        args if isinstance(args, dict) else {},
        raw if isinstance(raw, str) else None,
    )


class ToolChip(QFrame):
    """One tool call inline: name, short arguments, status; click to expand its JSON."""

    selected = Signal(str)  # the call id, when the chip is clicked
    resourceOpened = Signal(str, str, str)  # server, uri, name: a resource link in its result was clicked

    def __init__(self, event: ToolCallEvent, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolChip")
        self.call_id = event.id
        self.name = event.name
        self.call = event
        self.result: ToolResultEvent | None = None
        self.status = "running"
        self._frame = 0
        self._details: QPlainTextEdit | None = None
        self.cards: QLabel | None = None  # a listing result's cards, under the title
        self.links: ResourceLinks | None = None
        self.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)
        layout = self.box = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        row = QHBoxLayout()
        row.setSpacing(8)
        self.glyph = QLabel(self)
        self.glyph.setObjectName("glyph")
        self.title = QLabel(self)
        self.title.setObjectName("title")
        self.title.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        # a long call may be cut at the chip's edge, never widen the transcript past the view
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.state = QLabel(self)
        self.state.setObjectName("state")
        row.addWidget(self.glyph)
        row.addWidget(self.title, 1)
        row.addWidget(self.state)
        layout.addLayout(row)
        args = event.arguments_raw or summarize_arguments(event.arguments)
        self.title.setText(f"{self.name}({make_visible(str(args))[:80]})")
        self.title.setToolTip(tr("Click to show the JSON and select it in the inspector"))
        self.set_status("running")

    def set_status(self, status: str) -> None:
        self.status = status
        self.setProperty("status", status)
        self.state.setText(status_label(status))
        self.glyph.setText(STATUS_GLYPH.get(status, SPINNER[self._frame]))
        self.style().unpolish(self)
        self.style().polish(self)

    def tick(self) -> None:
        """Advance the spinner (driven by the chat view's one shared timer)."""
        self._frame = (self._frame + 1) % len(SPINNER)
        self.glyph.setText(SPINNER[self._frame])

    def set_result(self, event: ToolResultEvent) -> None:
        self.result = event
        if self.status != "denied":
            self.set_status("error" if event.is_error else "done")
        if self._details is not None:
            self._details.setPlainText(self.json_text())
        if not event.is_error and self.cards is None:
            self._show_cards(event.content)
        self._offer_links(event.content)

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
        from desktop_app.mcp.results import resource_links
        from desktop_app.ui.chat.resource_links import ResourceLinks

        links = resource_links(self.name, content) if self.links is None else []
        if links:
            self.links = ResourceLinks(links, self)
            self.links.opened.connect(self.resourceOpened)
            self.box.insertWidget(1, self.links)

    def json_text(self) -> str:
        """What the expanded chip shows: the call and its result, result JSON decoded."""
        data: dict[str, Any] = {"id": self.call_id, "name": self.name}
        data["arguments"] = self.call.arguments
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

    def expanded(self) -> bool:
        return self._details is not None and self._details.isVisible()

    def toggle(self) -> None:
        if self._details is None:
            self._details = QPlainTextEdit(self)
            self._details.setObjectName("json")
            self._details.setReadOnly(True)
            self._details.setMaximumHeight(260)
            self.box.addWidget(self._details)
            self._details.setPlainText(self.json_text())
            self._details.show()
        else:
            self._details.setVisible(not self._details.isVisible())

    def mouseReleaseEvent(self, event: Any) -> None:
        if event.button() == QtCore.Qt.MouseButton.LeftButton:
            self.toggle()
            self.selected.emit(self.call_id)
        super().mouseReleaseEvent(event)
