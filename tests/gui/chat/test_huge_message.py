"""A huge message is shown cut, with its whole text a click away in a plain-text viewer.

Opening a conversation with one 2 MB message froze the window for 16 s (10 MB: 59 s): the
label laid all of it out as Markdown. The transcript now shows its head and "Show all".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.store.history import HistoryStore
from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.chat.full_text import LINE_CHARS, viewer_lines
from desktop_app.ui.text import HEAD_CHARS, head

PARAGRAPH = "三亚 **12 月**平均 26°C，海水温暖。预算 5000 元足够。\n\n"


def _huge(megabytes: int, paragraph: str = PARAGRAPH) -> str:
    return paragraph * (megabytes * 1_000_000 // len(paragraph.encode()))


def test_the_head_ends_at_a_paragraph_and_short_texts_are_whole() -> None:
    text = _huge(1)
    cut = head(text)
    assert HEAD_CHARS // 2 < len(cut) <= HEAD_CHARS and text.startswith(cut) and cut.endswith("。")
    assert head("short\n\ntext") == "short\n\ntext"
    assert len(head("x" * (HEAD_CHARS * 3))) == HEAD_CHARS  # one unbroken line: cut where it must


def test_the_viewer_breaks_only_huge_lines() -> None:
    assert viewer_lines("a\nb") == "a\nb"
    line = "word " * (LINE_CHARS // 2)
    shown = viewer_lines(line)
    assert max(len(part) for part in shown.split("\n")) <= LINE_CHARS and shown.replace("\n", "") == line


def test_a_10_mb_message_opens_cut_and_shows_whole_in_the_viewer(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    text = _huge(10)
    with HistoryStore() as store:
        conv = store.new_conversation(title="huge", provider="offline", model="offline-planner")
        conv.append(UserMessage("where in December?"))
        conv.append(AssistantMessage(text))
        conv_id = conv.id
    window = make_window()
    window.conversation.open(conv_id)
    bubble = window.chat.widgets()[-1]
    assert len(bubble.body.text()) <= HEAD_CHARS and text.startswith(bubble.body.text()[:1000])
    assert bubble.show_all is not None and bubble.show_all.isVisible()
    assert f"{len(text) - len(head(text)):,}" in bubble.show_all.text()
    assert window.chat.answer_text() == text  # Copy and Find still have all of it
    dialog = bubble.open_full_text()
    qtbot.waitExposed(dialog)
    assert dialog.view.toPlainText() == text
    dialog.save_to(str(tmp_path / "m.md"))
    assert (tmp_path / "m.md").read_text(encoding="utf-8") == text
    dialog.close()


def test_a_huge_user_message_and_a_huge_single_line_are_cut_too(qtbot: Any) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    chat.resize(700, 600)
    rows = (
        chat.add_user("q" * 3_000_000),
        chat.add_message("assistant", _huge(3, "一段很长的话 ")),
        chat.add_error("e" * 100_000),
    )
    for row in rows:
        bubble = chat.reveal(row)
        assert len(bubble.body.text()) <= HEAD_CHARS and bubble.show_all is not None  # type: ignore[attr-defined]
    small = chat.reveal(chat.add_message("assistant", "short"))
    assert small.show_all is None  # type: ignore[attr-defined]
