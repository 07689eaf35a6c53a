"""The chat pane: Markdown messages streamed in incrementally, tool calls as inline chips.

The transcript is virtualized (`virtual_rows.py`); the bubbles themselves are in `bubbles.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QToolButton, QWidget

from desktop_app.ui.chat.bubbles import MessageBubble, StreamBubble
from desktop_app.ui.chat.tool_chip import CallRow, ToolChip
from desktop_app.ui.chat.virtual_rows import Row, VirtualRows
from desktop_app.ui.i18n import tr
from desktop_app.ui.text import head

if TYPE_CHECKING:  # the event dataclasses load after the first paint (~6 ms)
    from collections.abc import Callable, Sequence

    from desktop_app.core.events import ApprovalEvent, ErrorEvent, FinalEvent, ToolCallEvent, ToolResultEvent
    from desktop_app.core.messages import Message

    # how many saved messages come before the shown ones, and how to read messages [start, end)
    Older = tuple[int, Callable[[int, int], list[Message]]]

FRAME_MS = 16  # streamed text is handed to the answer's bubble at most once a frame (it paces the drawing)
PAGE = 400  # earlier messages read from the store at a time as the user scrolls up


MARKABLE = (MessageBubble, StreamBubble, ToolChip)  # the row widgets Ctrl+F marks its text in


class MessageRow(Row):
    """A message in the transcript; `stream` while its answer is still arriving (the widget then
    holds the text, and it is kept built off screen)."""

    __slots__ = ("found", "role", "stream", "text")

    def __init__(self, role: str, text: str, stream: bool = False) -> None:
        super().__init__()
        self.role, self.text, self.found, self.stream = role, text, False, stream
        self.keep = stream

    def markdown(self) -> str:
        if self.stream and isinstance(self.widget, StreamBubble):
            return self.widget.markdown()
        return self.text

    search_text = markdown


class EarlierRow(Row):
    """The "Show N earlier messages" button above a long conversation's tail."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__()
        self.keep = True


def guess_lines(text: str, per_line: int) -> int:
    """Wrapped lines a text may take (a CJK character counts twice): a row's height before it is built."""
    lines = 0
    for part in text.split("\n"):
        size = (len(part.encode()) + len(part)) // 2
        lines += 1 + size // per_line
    return lines


class ChatView(VirtualRows):
    """The transcript: rows for messages and calls, streamed deltas batched per frame, follows the end."""

    callSelected = Signal(str)  # a chip was clicked: its call id
    resourceOpened = Signal(str, str, str)  # server, uri, name: a resource link in a tool result
    earlierRead = Signal(object)  # the saved messages just put above the shown ones, oldest first

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self._calls: dict[str, CallRow] = {}
        self._stream: MessageRow | None = None
        self._pending: list[str] = []
        self._flush_timer = QTimer(self, singleShot=True, interval=FRAME_MS)
        self._flush_timer.timeout.connect(self.flush)
        self._spin_timer = QTimer(self, interval=100)
        self._spin_timer.timeout.connect(self._spin)
        self._selected: CallRow | None = None
        self._found: Row | None = None
        self._needle = ""  # what Ctrl+F marks in the found row
        self._chip_height = 0  # a plain chip's measured height: the estimate for the others
        self._older: Older | None = None
        self._paging = False  # a page of earlier messages is about to be read
        self.earlier_button: QToolButton | None = None

    def warm_up(self) -> None:
        """Build and paint one chip and one streamed answer off-screen, so the first real ones
        do not pay for style polish, font loading (CJK) and text-layout set-up mid-run."""
        from desktop_app.core.events import ToolCallEvent

        self.viewport()  # its wrapper's first use creates ~77 enums (~7 ms): now, not at the first message
        chip = ToolChip(CallRow(ToolCallEvent("warm", "get_weather", {"city": "三亚"})), self)
        bubble = StreamBubble(self)
        bubble.append("**预热** warm-up: 三亚 ¥4,600\n\n- a\n\n`x`")
        bubble.finish()
        bubble.settle()
        for widget in (chip, bubble):
            widget.resize(600, 120)
            widget.grab()
            widget.deleteLater()

    # ---------------------------------------------------------------- the delegate
    def build(self, row: Row) -> QWidget:
        parent = self.viewport()
        if isinstance(row, CallRow):
            chip = ToolChip(row, parent)
            chip.selected.connect(self._chip_clicked)
            chip.resourceOpened.connect(self.resourceOpened)
            if row.found:
                self._show_found(row, chip)
            return chip
        if isinstance(row, EarlierRow) and self.earlier_button is not None:
            return self.earlier_button
        assert isinstance(row, MessageRow)
        bubble = MessageBubble(row.role, row.text, parent)
        if row.found:
            self._show_found(row, bubble)
        return bubble

    def anchors(self, row: Row) -> bool:
        return not isinstance(row, EarlierRow)

    def discard(self, widget: QWidget) -> None:
        if widget is self.earlier_button:  # the view's own: it comes back above the next page
            widget.hide()
        else:
            super().discard(widget)

    def estimate(self, row: Row, width: int) -> int:
        metrics = self.fontMetrics()
        if isinstance(row, CallRow):
            return (self._chip_height or metrics.height() + 14) + (260 if row.expanded else 0)
        if not isinstance(row, MessageRow):
            return metrics.height() + 12
        per_line = max(8, (width - 24) // max(1, metrics.averageCharWidth()))
        return 24 + metrics.height() + guess_lines(head(row.text), per_line) * metrics.lineSpacing()

    def _measure(self, widget: QWidget, width: int) -> int:
        height = super()._measure(widget, width)
        if isinstance(widget, ToolChip) and not self._chip_height and widget.cards is None and widget.links is None:
            self._chip_height = height
        return height

    # ---------------------------------------------------------------- building
    def _add(self, row: Row) -> None:
        self.insert_rows(len(self._rows), [row])

    def clear(self) -> None:
        """Remove every message (a different conversation is shown)."""
        self.flush()
        self._stream = None
        self._calls.clear()
        self._selected = self._found = None
        self._older = None
        self._spin_timer.stop()
        self.clear_rows()
        if self.earlier_button is not None:
            self.earlier_button.deleteLater()
            self.earlier_button = None

    def add_message(self, role: str, text: str) -> MessageRow:
        """A finished message ("user", "assistant" or "error") at the end."""
        self.end_stream()
        row = MessageRow(role, text)
        self._add(row)
        return row

    def add_user(self, text: str) -> MessageRow:
        """The user's message; the view goes to the end with it (an answer follows)."""
        row = self.add_message("user", text)
        self.follow_end()
        return row

    def add_error(self, text: str) -> MessageRow:
        return self.add_message("error", text)

    # ---------------------------------------------------------------- streaming
    def append_delta(self, text: str) -> None:
        """Queue streamed text; it is applied on the next frame tick, not per chunk."""
        self._pending.append(text)
        if not self._flush_timer.isActive():
            self._flush_timer.start(FRAME_MS)

    def flush(self) -> None:
        """Hand queued text to the streaming bubble (created on demand); it draws it in bounded
        pieces on the loop's next turns."""
        self._flush_timer.stop()
        if not self._pending:
            return
        text = "".join(self._pending)
        self._pending.clear()
        if self._stream is None:
            self._stream = MessageRow("assistant", "", stream=True)
            self._stream.widget = StreamBubble(self.viewport())  # it holds the text while it streams
            self._add(self._stream)
        bubble = self._stream.widget
        assert isinstance(bubble, StreamBubble)
        bubble.append(text)

    def drawing(self) -> bool:
        """Whether an answer's text is still being drawn (a screenshot waits for it)."""
        return any(isinstance(r.widget, StreamBubble) and r.widget.drawing() for r in self._rows)

    def end_stream(self) -> None:
        """Finish the answer being streamed (a tool call or the end of the run follows)."""
        self.flush()
        row, self._stream = self._stream, None
        if row is not None and isinstance(row.widget, StreamBubble):
            row.widget.finish()
            row.text, row.stream, row.keep = row.widget.markdown(), False, False

    def drop_last_answer(self) -> None:
        """Remove the rows after the last user message (retry replaces the answer)."""
        self.end_stream()
        rows = self._rows
        last_user = max((i for i, r in enumerate(rows) if isinstance(r, MessageRow) and r.role == "user"), default=-1)
        for row in rows[last_user + 1 :]:
            if isinstance(row, CallRow):
                self._calls.pop(row.call_id, None)
        self.remove_rows(last_user + 1)

    # ---------------------------------------------------------------- tool calls
    def add_tool_call(self, event: ToolCallEvent) -> CallRow:
        self.end_stream()
        row = CallRow(event)
        self._calls[row.call_id] = row
        self._add(row)
        if not self._spin_timer.isActive():
            self._spin_timer.start()
        return row

    def chip(self, call_id: str) -> CallRow | None:
        return self._calls.get(call_id)

    def chips(self) -> list[CallRow]:
        return list(self._calls.values())

    def chip_widget(self, call_id: str) -> ToolChip | None:
        """The call's chip, scrolled into view (built if it was off screen)."""
        row = self._calls.get(call_id)
        if row is not None and row.widget is None:
            self.reveal(row)
        return None if row is None else row.chip()

    def set_waiting(self, call_id: str) -> None:
        if (row := self._calls.get(call_id)) is not None:
            row.set_status("waiting")

    def on_approval(self, event: ApprovalEvent) -> None:
        if (row := self._calls.get(event.id)) is not None:
            row.set_status("running" if event.decision == "approved" else "denied")

    def on_result(self, event: ToolResultEvent) -> None:
        if (row := self._calls.get(event.id)) is not None:
            row.set_result(event)

    def on_final(self, _event: FinalEvent) -> None:
        self.end_stream()

    def on_error(self, event: ErrorEvent) -> None:
        self.add_error(event.message)

    def stop_spinners(self, status: str = "cancelled") -> None:
        """The run ended: any call still running or waiting gets `status`."""
        for row in self._calls.values():
            if row.status in ("running", "waiting"):
                row.set_status(status)
        self._spin_timer.stop()

    def _spin(self) -> None:
        running = [r for r in self._calls.values() if r.status == "running"]
        for row in running:
            row.tick()
        if not running:
            self._spin_timer.stop()

    def _chip_clicked(self, call_id: str) -> None:
        self.select(call_id, scroll=False)
        self.callSelected.emit(call_id)

    def select(self, call_id: str, scroll: bool = True) -> None:
        """Highlight one call (from a click here or a selection in the inspector)."""
        row = self._calls.get(call_id)
        for candidate in (self._selected, row):
            if candidate is not None:
                candidate.selected = candidate is row
                if (chip := candidate.chip()) is not None:
                    chip.refresh()
        self._selected = row
        if row is not None and scroll:
            self.reveal(row)

    def mark_found(self, row: Row | None, needle: str = "") -> None:
        """Outline the row Ctrl+F found (and no other), mark `needle` in it and scroll the first
        mark into view; None clears."""
        self._needle = needle if row is not None else ""
        for candidate in (self._found, row):
            if isinstance(candidate, MessageRow | CallRow):
                candidate.found = candidate is row
                if candidate.widget is not None:
                    self._show_found(candidate, candidate.widget)
        self._found = row
        if row is not None:
            widget = self.reveal(row)
            at = widget.highlight(self._needle) if isinstance(widget, MARKABLE) else -1
            if at >= 0:
                self.reveal(row, at)

    def _show_found(self, row: MessageRow | CallRow, widget: QWidget) -> None:
        """The found outline (a style property) and the marks in the text, as the row is now."""
        widget.setProperty("found", row.found)
        widget.style().unpolish(widget)
        widget.style().polish(widget)
        if isinstance(widget, MARKABLE) and (row.found or widget.highlighted()):
            widget.highlight(self._needle if row.found else "")

    # ---------------------------------------------------------------- history
    def load_messages(self, messages: Sequence[Message], older: Older | None = None) -> None:
        """Show a saved conversation (the history's typed messages), chips paired with their results;
        `older`: how many messages came before these, and how to read a range of them."""
        self.clear()
        self._older = older
        with self.batch():
            if older:
                self.earlier_button = QToolButton(self.viewport())
                self.earlier_button.setObjectName("earlier")
                self.earlier_button.clicked.connect(self.show_earlier)
                self._count_earlier()
                self._add(EarlierRow())
            self.insert_rows(len(self._rows), self._rows_of(messages))
        self.follow_end()

    def show_earlier(self) -> None:
        """Read every message before the shown ones (the button, and Ctrl+F searching it all)."""
        self._paging, was = True, self._paging
        try:
            self._read_earlier(None)
        finally:
            self._paging = was

    def placed(self, first: int) -> None:
        """The user scrolled up to the start of what was read: read the page before it."""
        if first == 0 and self._older is not None and not self._paging:
            self._paging = True
            QTimer.singleShot(0, self._next_page)

    def _next_page(self) -> None:
        try:
            self._read_earlier(PAGE)
        finally:
            self._paging = False  # only now: placing the new rows must not ask for the next page

    def _read_earlier(self, limit: int | None) -> None:
        """Put up to `limit` earlier messages (None: all) above the shown ones, from a question on
        (a call and its result are always read together); the screen does not move."""
        if self._older is None:
            return
        count, read = self._older
        start = 0 if limit is None else max(0, count - limit)
        messages = read(start, count)
        if start > 0:
            cut = next((i for i, m in enumerate(messages) if m.role == "user"), 0)
            messages, start = messages[cut:], start + cut
        self._older = (start, read) if start > 0 else None
        calls = dict(self._calls)  # the calls shown stay after the earlier ones, in order
        self._calls.clear()
        rows = self._rows_of(messages)
        self._calls.update(calls)
        has_button = bool(self._rows) and isinstance(self._rows[0], EarlierRow)
        self.insert_rows(1 if has_button else 0, rows)  # under the button, which stays on top
        self.earlierRead.emit(messages)
        if self._older is not None:
            self._count_earlier()
        elif has_button:
            self.remove_rows(0, 1)
            if self.earlier_button is not None:
                self.earlier_button.deleteLater()
                self.earlier_button = None

    def _count_earlier(self) -> None:
        if self.earlier_button is not None and self._older is not None:
            self.earlier_button.setText(tr("Show %n earlier message(s)", None, self._older[0]))

    def _rows_of(self, messages: Sequence[Message]) -> list[Row]:
        """Rows for saved messages: a call's result joins its row, denied calls are marked."""
        from desktop_app.core.events import ToolResultEvent, call_event

        rows: list[Row] = []
        for msg in messages:
            if msg.role == "user":
                rows.append(MessageRow("user", msg.content))
            elif msg.role == "assistant":
                if msg.content:
                    suffix = "\n\n*" + tr("(answer cut off)") + "*" if msg.incomplete else ""
                    rows.append(MessageRow("assistant", msg.content + suffix))
                for call in msg.tool_calls:
                    row = CallRow(call_event(call))
                    row.status = "cancelled"
                    self._calls[row.call_id] = row
                    rows.append(row)
            elif (paired := self._calls.get(msg.tool_call_id)) is not None:
                paired.set_result(ToolResultEvent(paired.call_id, paired.name, msg.content, msg.is_error, 0.0))
                if msg.is_error and "the user denied" in msg.content:
                    paired.status = "denied"
        return rows

    # ---------------------------------------------------------------- reading
    def answer_text(self) -> str:
        """The Markdown of every assistant message (tests and the scripted demo)."""
        parts = [r.markdown() for r in self._rows if isinstance(r, MessageRow) and r.role == "assistant"]
        return "\n\n".join(parts)

    def message_count(self) -> int:
        return len(self._rows)

    def retranslate(self) -> None:
        """The built rows' captions, buttons and call states in the current language (what was said stays)."""
        self._count_earlier()
        for row in self._rows:
            if isinstance(row.widget, ToolChip | MessageBubble | StreamBubble):
                row.widget.retranslate()

    def widgets(self) -> list[QWidget]:
        """The widgets built now (the rows on screen), top to bottom."""
        return [r.widget for r in self._rows if r.widget is not None and not r.widget.isHidden()]
