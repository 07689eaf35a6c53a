"""The chat pane: Markdown messages streamed in incrementally, tool calls as inline chips.

The window's first paint imports this module, so the rich-text classes only a streamed answer
uses (QTextBrowser, QTextCursor and formats: ~3 ms of type set-up) are imported where used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.chat.tool_chip import ToolChip, saved_call
from desktop_app.ui.i18n import tr
from desktop_app.ui.text import open_web_link, safe_markdown

if TYPE_CHECKING:  # the event dataclasses load after the first paint (~6 ms)
    from PySide6.QtWidgets import QTextBrowser

    from desktop_app.agent.events import ApprovalEvent, ErrorEvent, Final, ToolCallEvent, ToolResultEvent

FRAME_MS = 16  # streamed text is applied at most once a frame
TAIL = 40  # messages of a long saved conversation rendered at first
FLUSH_CHARS = 1200  # streamed characters rendered per slice (about 2-3 ms of Markdown layout)


def history_cut(messages: list[dict[str, Any]], tail: int) -> int:
    """Where the shown tail of a long conversation starts: a user message, so calls keep
    their results; 0 when everything fits."""
    if len(messages) <= tail:
        return 0
    for i in range(len(messages) - tail, len(messages)):
        if messages[i].get("role") == "user":
            return i
    return 0


def markdown_cut(text: str) -> int:
    """Index just after the last blank line outside a code fence: the part safe to render."""
    cut, pos, fenced = 0, 0, False
    for line in text.splitlines(keepends=True):
        pos += len(line)
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
        elif not stripped and not fenced and line.endswith("\n"):
            cut = pos
    return cut


class _Bubble(QFrame):
    """Common frame of a message: role caption, a copy button, the body below."""

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.setObjectName(f"{role}Bubble")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = self.box = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(2)
        head = QHBoxLayout()
        caption = {"user": tr("You"), "assistant": tr("Assistant"), "error": tr("Error")}
        self.caption = QLabel(caption.get(role, role), self)
        self.caption.setObjectName("caption")
        head.addWidget(self.caption)
        head.addStretch(1)
        self.copy_button = QToolButton(self)
        self.copy_button.setText(tr("Copy"))
        self.copy_button.setAutoRaise(True)
        self.copy_button.setToolTip(tr("Copy this message as Markdown"))
        self.copy_button.clicked.connect(self.copy)
        head.addWidget(self.copy_button)
        layout.addLayout(head)

    def markdown(self) -> str:
        raise NotImplementedError

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.markdown())


class MessageBubble(_Bubble):
    """A finished message rendered once as Markdown (history, user input, errors)."""

    def __init__(self, role: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(role, parent)
        self._text = text
        self.body = QLabel(self)
        self.body.setObjectName("body")
        self.body.setWordWrap(True)
        self.body.setTextFormat(QtCore.Qt.TextFormat.PlainText if role == "user" else QtCore.Qt.TextFormat.MarkdownText)
        self.body.setTextInteractionFlags(
            QtCore.Qt.TextInteractionFlag.TextSelectableByMouse | QtCore.Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.body.setOpenExternalLinks(False)  # linkActivated: web links only, on a click
        self.body.linkActivated.connect(open_web_link)
        policy = self.body.sizePolicy()  # keeps height-for-width; an unbreakable word is cut
        policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
        self.body.setSizePolicy(policy)
        self.body.setText(text if role == "user" else safe_markdown(text))
        self.box.addWidget(self.body)

    def markdown(self) -> str:
        return self._text


class StreamBubble(_Bubble):
    """An answer arriving in pieces: finished paragraphs become Markdown, the tail stays plain."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QTextBrowser

        super().__init__("assistant", parent)
        self.body: QTextBrowser = QTextBrowser(self)
        self.body.setObjectName("body")
        self.body.setOpenLinks(False)  # anchorClicked: web links only, in the browser
        self.body.anchorClicked.connect(lambda url: open_web_link(url.toString()))
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.body.viewport().setAutoFillBackground(False)
        self.body.setFixedHeight(24)
        self.body.document().setDocumentMargin(2)
        layout = self.body.document().documentLayout()
        layout.documentSizeChanged.connect(self._fit)
        self.box.addWidget(self.body)
        self._source = ""
        self._rendered = 0  # characters of _source already rendered as Markdown
        self._tail_pos = 0  # document position where the plain tail starts

    def markdown(self) -> str:
        return self._source

    def append(self, text: str) -> None:
        """Add streamed text; only the new paragraphs and the short tail are touched."""
        if not text:
            return
        self._source += text
        tail = self._source[self._rendered :]
        cut = markdown_cut(tail)
        self._replace_tail(tail[:cut], tail[cut:])
        self._rendered += cut

    def finish(self) -> None:
        """Render whatever is left (an unclosed paragraph or code block) as Markdown."""
        tail = self._source[self._rendered :]
        if tail:
            self._replace_tail(tail, "")
            self._rendered = len(self._source)
        from PySide6.QtGui import QTextCursor

        cursor = QTextCursor(self.body.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        while cursor.block().length() <= 1 and cursor.blockNumber() > 0:
            cursor.deletePreviousChar()  # the empty block kept for a tail that never came

    def _replace_tail(self, finished: str, tail: str) -> None:
        from PySide6.QtGui import QTextBlockFormat, QTextCharFormat, QTextCursor

        cursor = QTextCursor(self.body.document())
        cursor.setPosition(self._tail_pos)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        if finished.strip():
            cursor.insertMarkdown(safe_markdown(finished))
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
            self._tail_pos = cursor.position()
        if tail:
            cursor.insertText(tail, QTextCharFormat())

    def _fit(self) -> None:
        height = int(self.body.document().size().height()) + 4
        if height != self.body.height():
            self.body.setFixedHeight(height)


class ChatView(QScrollArea):
    """The transcript: appends widgets, batches streamed deltas per frame, follows the end."""

    callSelected = Signal(str)  # a chip was clicked: its call id
    resourceOpened = Signal(str, str, str)  # server, uri, name: a resource link in a tool result

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setWidgetResizable(True)
        self._has_content = False  # _add turns the horizontal scroll bar off (Qt's enums load then)
        self._inner = QWidget(self)
        self._inner.setObjectName("chatInner")
        self._layout = QVBoxLayout(self._inner)
        self._layout.setContentsMargins(12, 12, 12, 12)
        self._layout.setSpacing(8)
        self._layout.addStretch(1)
        self.setWidget(self._inner)
        self._chips: dict[str, ToolChip] = {}
        self._stream: StreamBubble | None = None
        self._pending: list[str] = []
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(FRAME_MS)
        self._flush_timer.timeout.connect(self._flush_slice)
        self._spin_timer = QTimer(self)
        self._spin_timer.setInterval(100)
        self._spin_timer.timeout.connect(self._spin)
        self._follow = True
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._keep_at_end)
        bar.valueChanged.connect(self._track_follow)
        self._selected: ToolChip | None = None
        self._insert_at: int | None = None
        self._earlier: list[dict[str, Any]] = []
        self._older: tuple[int, Callable[[], list[dict[str, Any]]]] | None = None
        self.earlier_button: QToolButton | None = None

    def warm_up(self) -> None:
        """Build and paint one chip and one streamed answer off-screen, so the first real ones
        do not pay for style polish, font loading (CJK) and text-layout set-up mid-run."""
        from PySide6.QtGui import QPixmap

        from desktop_app.agent.events import ToolCallEvent

        chip = ToolChip(ToolCallEvent("warm", "get_weather", {"city": "三亚"}), self)
        bubble = StreamBubble(self)
        bubble.append("**预热** warm-up: 三亚 ¥4,600\n\n- a\n\n`x`")
        bubble.finish()
        for widget in (chip, bubble):
            widget.resize(600, 120)
            pixmap = QPixmap(widget.size())
            widget.render(pixmap)
            widget.deleteLater()

    # ---------------------------------------------------------------- building
    def _add(self, widget: QWidget) -> QWidget:
        if not self._has_content:  # from the first message on: no sideways scrolling, ever
            self._has_content = True
            self.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        if self._insert_at is None:
            self._layout.insertWidget(self._layout.count() - 1, widget)
        else:  # earlier history goes above what is shown
            self._layout.insertWidget(self._insert_at, widget)
            self._insert_at += 1
        return widget

    def clear(self) -> None:
        """Remove every message (a different conversation is shown)."""
        self.flush()
        self._stream = None
        self._chips.clear()
        self._selected = None
        self._earlier = []
        self._older = None
        self.earlier_button = None
        self._spin_timer.stop()
        while self._layout.count() > 1:
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self._follow = True

    def add_user(self, text: str) -> MessageBubble:
        self.end_stream()
        self._follow = True
        return self._add(MessageBubble("user", text, self._inner))  # type: ignore[return-value]

    def add_assistant(self, text: str) -> MessageBubble:
        self.end_stream()
        return self._add(MessageBubble("assistant", text, self._inner))  # type: ignore[return-value]

    def add_error(self, text: str) -> MessageBubble:
        self.end_stream()
        return self._add(MessageBubble("error", text, self._inner))  # type: ignore[return-value]

    # ---------------------------------------------------------------- streaming
    def append_delta(self, text: str) -> None:
        """Queue streamed text; it is applied on the next frame tick, not per chunk."""
        self._pending.append(text)
        if not self._flush_timer.isActive():
            self._flush_timer.start(FRAME_MS)

    def flush(self, limit: int | None = None) -> None:
        """Apply queued text to the streaming bubble (created on demand); with `limit`, at most
        that many characters now and the rest on the loop's next turn."""
        self._flush_timer.stop()
        if not self._pending:
            return
        text = "".join(self._pending)
        self._pending.clear()
        if limit is not None and len(text) > limit:
            self._pending.append(text[limit:])
            text = text[:limit]
            self._flush_timer.start(0)
        if self._stream is None:
            self._stream = StreamBubble(self._inner)
            self._add(self._stream)
        self._stream.append(text)

    def _flush_slice(self) -> None:
        """The frame tick: a bounded slice, so a flood of text never blocks a frame."""
        self.flush(FLUSH_CHARS)

    def end_stream(self) -> None:
        """Finish the answer being streamed (a tool call or the end of the run follows)."""
        self.flush()
        if self._stream is not None:
            self._stream.finish()
            self._stream = None

    def drop_last_answer(self) -> None:
        """Remove the widgets after the last user message (retry replaces the answer)."""
        self.end_stream()
        widgets = self._widgets()
        last_user = max((i for i, w in enumerate(widgets) if getattr(w, "role", "") == "user"), default=-1)
        for widget in widgets[last_user + 1 :]:
            self._layout.removeWidget(widget)
            if isinstance(widget, ToolChip):
                self._chips.pop(widget.call_id, None)
            widget.deleteLater()

    # ---------------------------------------------------------------- tool calls
    def add_tool_call(self, event: ToolCallEvent) -> ToolChip:
        self.end_stream()
        chip = ToolChip(event, self._inner)
        chip.selected.connect(self._chip_clicked)
        chip.resourceOpened.connect(self.resourceOpened)
        self._chips[chip.call_id] = chip
        self._add(chip)
        if not self._spin_timer.isActive():
            self._spin_timer.start()
        return chip

    def chip(self, call_id: str) -> ToolChip | None:
        return self._chips.get(call_id)

    def chips(self) -> list[ToolChip]:
        return list(self._chips.values())

    def set_waiting(self, call_id: str) -> None:
        if (chip := self._chips.get(call_id)) is not None:
            chip.set_status("waiting")

    def on_approval(self, event: ApprovalEvent) -> None:
        if (chip := self._chips.get(event.id)) is not None:
            chip.set_status("running" if event.decision == "approved" else "denied")

    def on_result(self, event: ToolResultEvent) -> None:
        if (chip := self._chips.get(event.id)) is not None:
            chip.set_result(event)

    def on_final(self, _event: Final) -> None:
        self.end_stream()

    def on_error(self, event: ErrorEvent) -> None:
        self.add_error(event.message)

    def stop_spinners(self, status: str = "cancelled") -> None:
        """The run ended: any chip still running or waiting gets `status`."""
        for chip in self._chips.values():
            if chip.status in ("running", "waiting"):
                chip.set_status(status)
        self._spin_timer.stop()

    def _spin(self) -> None:
        running = [c for c in self._chips.values() if c.status == "running"]
        for chip in running:
            chip.tick()
        if not running:
            self._spin_timer.stop()

    def _chip_clicked(self, call_id: str) -> None:
        self.select(call_id, scroll=False)
        self.callSelected.emit(call_id)

    def select(self, call_id: str, scroll: bool = True) -> None:
        """Highlight one chip (from a click here or a selection in the inspector)."""
        chip = self._chips.get(call_id)
        for candidate in (self._selected, chip):
            if candidate is not None:
                candidate.setProperty("selected", candidate is chip)
                candidate.style().unpolish(candidate)
                candidate.style().polish(candidate)
        self._selected = chip
        if chip is not None and scroll:
            self.ensureWidgetVisible(chip)

    # ---------------------------------------------------------------- history
    def load_messages(
        self,
        messages: list[dict[str, Any]],
        tail: int = TAIL,
        older: tuple[int, Callable[[], list[dict[str, Any]]]] | None = None,
    ) -> None:
        """Show a saved conversation (CONTRACT message dicts), chips paired with their results;
        a long one shows its last `tail` messages and a button for the earlier ones (`older`:
        how many came before `messages`, and how to read them, only when asked)."""
        self.clear()
        cut = history_cut(messages, tail)
        self._earlier = messages[:cut]
        self._older = older
        hidden = len(self._earlier) + (older[0] if older else 0)
        if hidden:
            self.earlier_button = QToolButton(self._inner)
            self.earlier_button.setObjectName("earlier")
            self.earlier_button.setText(tr("Show %n earlier message(s)", None, hidden))
            self.earlier_button.clicked.connect(self.show_earlier)
            self._add(self.earlier_button)
        self._load_many(messages[cut:])

    def show_earlier(self) -> None:
        """Render the messages hidden above the tail (inserted at the top)."""
        if self.earlier_button is not None:
            self._layout.removeWidget(self.earlier_button)
            self.earlier_button.deleteLater()
            self.earlier_button = None
        earlier, self._earlier = self._earlier, []
        if self._older is not None:  # the part never read at open, from the store now
            earlier = self._older[1]() + earlier
            self._older = None
        self._insert_at = 0
        try:
            self._load_many(earlier)
        finally:
            self._insert_at = None

    def _load_many(self, messages: list[dict[str, Any]]) -> None:
        self._inner.setUpdatesEnabled(False)
        try:
            for msg in messages:
                self._load_one(msg)
        finally:
            self._inner.setUpdatesEnabled(True)
        self._spin_timer.stop()

    def _load_one(self, msg: dict[str, Any]) -> None:
        role = msg.get("role")
        content = str(msg.get("content") or "")
        if role == "user":
            self.add_user(content)
        elif role == "assistant":
            if content:
                suffix = "\n\n*" + tr("(answer cut off)") + "*" if msg.get("incomplete") else ""
                self.add_assistant(content + suffix)
            for call in msg.get("tool_calls") or []:
                self.add_tool_call(saved_call(call)).set_status("cancelled")
        elif role == "tool":
            chip = self._chips.get(str(msg.get("tool_call_id")))
            if chip is not None:
                from desktop_app.agent.events import ToolResultEvent

                result = ToolResultEvent(chip.call_id, chip.name, content, bool(msg.get("is_error")), 0.0)
                chip.set_result(result)
                if result.is_error and "the user denied" in content:
                    chip.set_status("denied")

    # ---------------------------------------------------------------- scrolling
    def _track_follow(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 4

    def _keep_at_end(self, _min: int, maximum: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(maximum)

    def answer_text(self) -> str:
        """The Markdown of every assistant message shown (tests and the scripted demo)."""
        parts = [w.markdown() for w in self._widgets() if isinstance(w, _Bubble) and w.role == "assistant"]
        return "\n\n".join(parts)

    def _widgets(self) -> list[QWidget]:
        """The transcript's widgets in order (the trailing stretch left out)."""
        items = (self._layout.itemAt(i) for i in range(self._layout.count() - 1))
        return [w for item in items if item is not None and (w := item.widget()) is not None]

    def rows(self) -> list[QWidget]:
        return self._widgets()

    def message_count(self) -> int:
        return self._layout.count() - 1
