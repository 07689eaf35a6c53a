"""Message bubbles: a finished message rendered once, and an answer rendered as it streams in.

The classes only a streamed answer uses are imported where used (not the first paint's work)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, tint
from desktop_app.ui.qt_fixes import viewport_of
from desktop_app.ui.text import head, is_cut, may_hold_resources, open_web_link

if TYPE_CHECKING:
    from desktop_app.ui.rich_text import SafeBrowser


SLICE_CHARS = 300  # Markdown rendered in one go, at a paragraph's end (a longer paragraph goes whole)
TURN_BUDGET_S = 0.002  # drawing per event-loop turn (then the loop runs): a flood of text never holds a frame


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


def next_cut(text: str, start: int, size: int) -> int:
    """Length of the Markdown from `start` safe to render next: whole paragraphs, about
    `size` characters (more only when one paragraph is longer); 0 when none is finished.
    `start` is a paragraph's start outside a code fence, so the scan begins there."""
    window = size
    while True:
        part = text[start : start + window]
        cut = markdown_cut(part)
        if cut or len(part) < window:
            return cut
        window *= 2  # a long paragraph: look further, never past what is needed


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
        self.caption = QLabel(self)
        self.caption.setObjectName("caption")
        self.copy_button = QToolButton(self)
        self.copy_button.setAutoRaise(True)
        self.copy_button.clicked.connect(self.copy)
        head = hbox(self.caption, self.copy_button, grow=None)
        head.insertStretch(1, 1)
        layout.addLayout(head)
        self._marks = 0  # Ctrl+F's matches marked in the body
        _Bubble.retranslate(self)

    def highlighted(self) -> int:
        """How many matches of the find bar's text are marked in the message."""
        return self._marks

    def retranslate(self) -> None:
        """The caption and button in the current language (the message keeps its own)."""
        caption = {"user": tr("You"), "assistant": tr("Assistant"), "error": tr("Error")}
        self.caption.setText(caption.get(self.role, self.role))
        self.copy_button.setText(tr("Copy"))
        self.copy_button.setToolTip(tr("Copy this message as Markdown"))

    def markdown(self) -> str:
        raise NotImplementedError

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.markdown())


class MessageBubble(_Bubble):
    """A finished message rendered once as Markdown (history, user input, errors)."""

    def __init__(self, role: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(role, parent)
        self._text = text
        text = head(text)  # a huge message: its head here, all of it in the viewer
        self.body = QLabel(self)
        self.body.setObjectName("body")
        self.body.setWordWrap(True)
        shown, rich = text, False
        if role != "user" and may_hold_resources(text):  # read here first: nothing it names is loaded
            from desktop_app.ui.rich_text import label_markdown

            shown, rich = label_markdown(text, self.body.font())
        formats = QtCore.Qt.TextFormat
        kind = formats.PlainText if role == "user" else formats.RichText if rich else formats.MarkdownText
        self.body.setTextFormat(kind)
        self.body.setTextInteractionFlags(
            QtCore.Qt.TextInteractionFlag.TextSelectableByMouse | QtCore.Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.body.setOpenExternalLinks(False)  # linkActivated: web links only, on a click
        self.body.linkActivated.connect(open_web_link)
        policy = self.body.sizePolicy()  # keeps height-for-width; an unbreakable word is cut
        policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
        self.body.setSizePolicy(policy)
        self.body.setText(shown)
        self._shown, self._kind = shown, kind  # what highlight() marks, and shows again after
        self.box.addWidget(self.body)
        self.show_all: QToolButton | None = None
        if is_cut(self._text):
            self.show_all = QToolButton(self)
            self.show_all.setObjectName("showAll")
            self.show_all.clicked.connect(self.open_full_text)
            self.box.addWidget(self.show_all)
            self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        if self.show_all is not None:
            rest = len(self._text) - len(head(self._text))
            self.show_all.setText(tr("Show all: %1 more characters…").replace("%1", f"{rest:,}"))
            self.show_all.setToolTip(tr("The message is too long to show here; see it whole as plain text"))

    def highlight(self, needle: str) -> int:
        """Ctrl+F: every `needle` in the message on the find colour ("" shows it as it was); the
        first one's height in the bubble, -1 when none is shown."""
        from desktop_app.ui.palette import colours
        from desktop_app.ui.rich_text import mark_label

        doc, found = mark_label(self.body, self._shown, self._kind, needle, colours().find_bg)
        self._marks = len(found)
        if not found:
            return -1
        block = found[0].block()
        top = doc.documentLayout().blockBoundingRect(block).y()  # lays the block out: its lines exist now
        line = block.layout().lineForTextPosition(found[0].selectionStart() - block.position())
        return self.body.y() + int(top + (line.y() if line.isValid() else 0))

    def open_full_text(self) -> QWidget:
        """The whole message in a plain-text viewer (Copy and Save there too)."""
        from desktop_app.ui.chat.full_text import FullTextDialog

        dialog = FullTextDialog(self._text, self.window())
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def markdown(self) -> str:
        return self._text


class StreamBubble(_Bubble):
    """An answer arriving in pieces: finished paragraphs become Markdown, the tail stays plain.

    Drawing is paced: each turn of the event loop draws for at most TURN_BUDGET_S (new
    paragraphs and what the unfinished one grew by), so a burst of text, or the rest at the
    answer's end, is drawn over several turns instead of stalling one. `markdown()` is always whole."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from desktop_app.ui.rich_text import SafeBrowser

        super().__init__("assistant", parent)
        self.body: SafeBrowser = SafeBrowser(self)
        self.body.setObjectName("body")
        self.body.setOpenLinks(False)  # anchorClicked: web links only, in the browser
        self.body.anchorClicked.connect(lambda url: open_web_link(url.toString()))
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        viewport_of(self.body).setAutoFillBackground(False)
        self.body.setFixedHeight(24)
        self.body.document().setDocumentMargin(2)
        layout = self.body.document().documentLayout()
        layout.documentSizeChanged.connect(self._fit)
        self.box.addWidget(self.body)
        self._source = ""
        self._rendered = 0  # characters of _source already rendered as Markdown
        self._tail_pos = 0  # document position where the plain tail starts
        self._tail_len = 0  # characters of _source after _rendered shown there as plain text
        self._finished = False
        self._drawn = False  # finished and everything drawn
        self._next_turn = QtCore.QTimer(self, singleShot=True, interval=0)
        self._next_turn.timeout.connect(self._draw)

    def markdown(self) -> str:
        return self._source

    def highlight(self, needle: str) -> int:
        """Ctrl+F: every `needle` in the answer on the find colour ("" clears); the first one's
        height in the bubble, -1 when none is shown."""
        from desktop_app.ui.palette import colours
        from desktop_app.ui.rich_text import find_all

        self.settle()  # all of it drawn, so all of it is searched
        found = find_all(self.body.document(), needle)
        self._marks = tint(self.body, found, colours().find_bg)
        return self.body.y() + self.body.cursorRect(found[0]).top() if found else -1

    def drawing(self) -> bool:
        """Whether some text is not drawn yet (it is being drawn, a bounded piece per turn)."""
        return self._next_turn.isActive()

    def append(self, text: str) -> None:
        """Add streamed text; the new paragraphs and the tail's growth are drawn on the next turns."""
        if text:
            self._source += text
            self._next_turn.start()

    def finish(self) -> None:
        """The answer is whole: what is left (an unclosed paragraph or code block) becomes Markdown."""
        self._finished = True
        self._next_turn.start()

    def settle(self) -> None:
        """Draw everything now (the warm-up, and tests that read the document at once)."""
        self._next_turn.stop()
        while self._step():
            pass

    def _draw(self) -> None:
        """One turn's drawing: pieces for up to TURN_BUDGET_S (timed: a busy machine draws
        less per turn, not longer), then the loop runs before the next piece."""
        deadline = time.perf_counter() + TURN_BUDGET_S
        while self._step():
            if time.perf_counter() >= deadline:
                self._next_turn.start()
                return

    def _step(self) -> int:
        """Draw the next piece (paragraphs as Markdown, else the tail's growth); how many
        characters it covered, 0 when nothing is left to draw."""
        cut = next_cut(self._source, self._rendered, SLICE_CHARS)
        if not cut and self._finished:
            cut = len(self._source) - self._rendered
        if cut:
            self._render_markdown(self._source[self._rendered : self._rendered + cut])
            return cut
        if self._finished:
            self._trim()
            return 0
        return self._grow_tail()

    def _render_markdown(self, finished: str) -> None:
        """Replace the plain tail by `finished` as Markdown; a new empty block takes the tail."""
        from PySide6.QtGui import QTextBlockFormat, QTextCharFormat, QTextCursor

        from desktop_app.ui.rich_text import insert_markdown

        cursor = QTextCursor(self.body.document())
        cursor.setPosition(self._tail_pos)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        if finished.strip():
            insert_markdown(cursor, finished)
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
            self._tail_pos = cursor.position()
        self._rendered += len(finished)
        self._tail_len = 0

    def _grow_tail(self) -> int:
        """Show up to SLICE_CHARS more of the unfinished paragraph as plain text, at the end."""
        from PySide6.QtGui import QTextCharFormat, QTextCursor

        start = self._rendered + self._tail_len
        more = self._source[start : start + SLICE_CHARS]
        if more:
            cursor = QTextCursor(self.body.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(more, QTextCharFormat())
            self._tail_len += len(more)
        return len(more)

    def _trim(self) -> None:
        """Drop the empty block kept for a tail that never came (the answer is drawn)."""
        from PySide6.QtGui import QTextCursor

        if self._drawn:
            return
        self._drawn = True
        cursor = QTextCursor(self.body.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        while cursor.block().length() <= 1 and cursor.blockNumber() > 0:
            cursor.deletePreviousChar()

    def _fit(self) -> None:
        height = int(self.body.document().size().height()) + 4
        if height != self.body.height():
            self.body.setFixedHeight(height)
