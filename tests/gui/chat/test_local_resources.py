"""No text from a model, a tool, a server or history makes the window open a local file.

Qt lays rich text out by loading what it names (an image, a stylesheet, a background) from disk:
`![room](/dev/zero)` once made the window read /dev/zero until it ran out of memory. Each text
here names a FIFO; a watcher in another process (Qt holds the interpreter's lock while it
blocks) notices when anything opens it for reading and lets that reader go, so a test that
regresses fails instead of hanging.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage
from desktop_app.store.history import HistoryStore
from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.text import may_hold_resources

WATCH = """
import os, sys, time
path = sys.argv[1]
while True:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)  # succeeds only while a reader has it open
    except OSError:
        time.sleep(0.002)
        continue
    print("opened", flush=True)
    os.write(fd, b"x")
    os.close(fd)
    time.sleep(0.01)
"""

# {f}: the FIFO's absolute path; "room.png" is the same FIFO by a path relative to the cwd
TEXTS = [
    "![room]({f})",
    "![room](file://{f})",
    "![room](room.png)",
    "![room](./room.png)",
    '<img src="{f}">',
    'a \\`<img src="{f}">\\` b',  # escaped backticks: no code span, so the tag is live HTML
    "unclosed ```fence <img src={f}> and ![x](room.png)",
    "text\n\n![room][r]\n\n[r]: {f}",
    '<link rel="stylesheet" href="{f}"><p style="background-image:url({f})">x</p>',
    '<table background="{f}"><tr><td>x</td></tr></table>',
    "![![nested]({f})](room.png)",
]


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], int]]:
    """A FIFO at tmp_path/room.png (also the cwd); calling the fixture's value says how many
    times it was opened for reading so far."""
    path = tmp_path / "room.png"
    os.mkfifo(path)
    monkeypatch.chdir(tmp_path)
    watcher = subprocess.Popen([sys.executable, "-c", WATCH, str(path)], stdout=subprocess.PIPE)
    assert watcher.stdout is not None
    out = watcher.stdout.fileno()
    os.set_blocking(out, False)
    seen = bytearray()

    def opened() -> int:
        time.sleep(0.05)  # the watcher polls every 2 ms: a blocked reader is found well before this
        with contextlib.suppress(BlockingIOError):
            seen.extend(os.read(out, 1 << 16))
        return seen.count(b"opened")

    yield opened
    watcher.kill()
    watcher.wait()


def _texts(path: Path) -> list[str]:
    return [t.replace("{f}", str(path)) for t in TEXTS]


def _paint(widget: QWidget) -> None:
    """Lay out and paint (where Qt would load what the text names), tooltips included."""
    widget.resize(700, 900)
    QApplication.processEvents()
    widget.grab()


def test_every_hostile_text_is_caught_by_the_cheap_check() -> None:
    for text in _texts(Path("/dev/zero")):
        assert may_hold_resources(text), text
    assert not may_hold_resources("**bold**, [a link](https://example.com) and `code`")


@pytest.mark.parametrize("role", ["assistant", "error", "user"])
def test_a_finished_message_opens_nothing(qtbot: Any, fifo: Callable[[], int], tmp_path: Path, role: str) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    for text in _texts(tmp_path / "room.png"):
        chat.reveal(chat.add_user(text) if role == "user" else chat.add_message(role, text))
        _paint(chat)
    assert fifo() == 0


def test_a_streamed_answer_opens_nothing(qtbot: Any, fifo: Callable[[], int], tmp_path: Path) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    chat.show()
    for text in _texts(tmp_path / "room.png"):
        for piece in (text[: len(text) // 2], text[len(text) // 2 :], "\n\n"):
            chat.append_delta(piece)
            chat.flush()
            _paint(chat)
        chat.end_stream()
        _paint(chat)
    assert fifo() == 0
    assert "[picture: room]" in chat.answer_text() or "picture" in chat.widgets()[-1].body.toPlainText()  # type: ignore[attr-defined]


def test_pictures_become_their_alt_text(qtbot: Any) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    bubble = chat.reveal(
        chat.add_message("assistant", "see ![a room](/dev/zero) and ![view](https://example.com/v.png)")
    )
    html = bubble.body.text()  # type: ignore[attr-defined]
    assert "<img" not in html and "/dev/zero" not in html
    assert "[picture: a room]" in html and 'href="https://example.com/v.png"' in html  # a web one: a link, not fetched


def test_an_opened_conversation_opens_nothing(make_window: Any, fifo: Callable[[], int], tmp_path: Path) -> None:
    texts = _texts(tmp_path / "room.png")
    with HistoryStore() as store:
        conv = store.new_conversation(title=texts[4], provider="offline", model="offline-planner")
        for i, text in enumerate(texts):
            conv.append(UserMessage(text))
            conv.append(AssistantMessage(text, (ToolCall(f"c{i}", "get_weather", {"city": text}),)))
            conv.append(ToolResultMessage(f"c{i}", "get_weather", json.dumps({"note": text})))
        conv.append(AssistantMessage("\n\n".join(texts)))
        conv_id = conv.id
    window = make_window()
    window.conversation.open(conv_id)
    _paint(window)
    for chip in window.chat.chips():
        window.chat.select(chip.call_id)
        window.conversation.select_in_inspector(chip.call_id)
        _paint(window)
    assert fifo() == 0
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    auto = [w for w in window.findChildren(QLabel) if w.textFormat() == Qt.TextFormat.AutoText and "<img" in w.text()]
    assert not auto, [w.objectName() or w.text()[:40] for w in auto]  # shown as text, not left to Qt's guess


@pytest.mark.qt_log_ignore("QFile::at: Cannot set file position")
def test_the_watcher_sees_a_label_that_loads_a_picture(qtbot: Any, fifo: Callable[[], int], tmp_path: Path) -> None:
    """The control: Qt's own Markdown label does open the FIFO, so the tests above can fail."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    label = QLabel()
    qtbot.addWidget(label)
    label.setTextFormat(Qt.TextFormat.MarkdownText)
    label.setText(f"![room]({tmp_path / 'room.png'})")
    _paint(label)
    assert fifo() > 0


def test_tooltips_from_data_open_nothing(qtbot: Any, fifo: Callable[[], int], tmp_path: Path) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QLabel, QToolTip

    from desktop_app.ui.text import plain_tip

    anchor = QLabel("x")
    qtbot.addWidget(anchor)
    anchor.show()
    for text in _texts(tmp_path / "room.png"):
        QToolTip.showText(QPoint(10, 10), plain_tip(text), anchor)
        for tip in QApplication.topLevelWidgets():
            if tip.inherits("QTipLabel"):
                _paint(tip)
    QToolTip.hideText()
    assert fifo() == 0
