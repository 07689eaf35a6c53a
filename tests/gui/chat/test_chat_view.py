"""The chat pane on its own: incremental streaming, batching per frame, chips, visible text."""

from __future__ import annotations

from typing import Any

from desktop_app.core.events import ApprovalEvent, ToolCallEvent, ToolResultEvent
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.ui.chat.bubbles import SLICE_CHARS, MessageBubble, StreamBubble, markdown_cut, next_cut
from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.text import hidden_characters, make_visible, summarize_arguments


def test_markdown_cut_keeps_unfinished_paragraphs_and_fences() -> None:
    assert markdown_cut("# Title\n\nsome te") == len("# Title\n\n")
    assert markdown_cut("no blank line yet") == 0
    fenced = "intro\n\n```\ncode\n\nmore code\n"
    assert markdown_cut(fenced) == len("intro\n\n")  # not inside the open fence
    closed = fenced + "```\n\nafter"
    assert markdown_cut(closed) == len(closed) - len("after")


def test_next_cut_takes_about_a_slice_of_whole_paragraphs() -> None:
    text = "".join(f"p{i} " + "x" * 20 + "\n\n" for i in range(100))
    cut = next_cut(text, 0, 100)
    assert 0 < cut <= 100 and text[cut - 2 : cut] == "\n\n"
    assert next_cut(text, cut, 100) <= 100  # from where the last piece ended
    long = "y" * 500 + "\n\nz"
    assert next_cut(long, 0, 100) == 502  # a paragraph longer than the slice goes whole
    assert next_cut("no blank line yet", 0, 4) == 0


def test_stream_bubble_renders_markdown_incrementally(qtbot: Any) -> None:
    bubble = StreamBubble()
    qtbot.addWidget(bubble)
    text = "# 三亚\n\n**天气**：晴\n\n- 机票 ¥1,280\n- 酒店 ¥2,040\n\n合计 ¥4,600"
    for i in range(0, len(text), 3):
        bubble.append(text[i : i + 3])
    assert bubble.markdown() == text
    bubble.finish()
    qtbot.waitUntil(lambda: not bubble.drawing(), timeout=2000)  # drawn on the loop's next turns
    doc = bubble.body.document()
    assert doc.toPlainText().rstrip().endswith("合计 ¥4,600")
    assert "**" not in doc.toPlainText()  # bold was rendered, not shown as asterisks
    rendered = doc.toMarkdown()
    assert "**天气**" in rendered and "- 机票 ¥1,280" in rendered


def test_stream_bubble_touches_only_the_tail(qtbot: Any) -> None:
    bubble = StreamBubble()
    qtbot.addWidget(bubble)
    bubble.append("first paragraph\n\n")
    bubble.settle()
    first_block = bubble.body.document().firstBlock()
    for _ in range(200):
        bubble.append("word ")
        bubble.settle()
    assert bubble.body.document().lastBlock().text().startswith("word word")  # the tail, as plain text
    assert bubble.body.document().firstBlock() == first_block  # never re-rendered
    assert bubble._rendered == len("first paragraph\n\n")


def test_thousands_of_deltas_are_applied_per_frame_and_drawn_in_bounded_pieces(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    handed: list[int] = []
    drawn: list[int] = []
    append, render = StreamBubble.append, StreamBubble._render_markdown

    def counting(self: StreamBubble, text: str) -> None:
        handed.append(len(text))
        append(self, text)

    def rendering(self: StreamBubble, finished: str) -> None:
        drawn.append(len(finished))
        render(self, finished)

    StreamBubble.append = counting  # type: ignore[method-assign]
    StreamBubble._render_markdown = rendering  # type: ignore[method-assign]
    try:
        for i in range(6000):
            view.append_delta(f"w{i} " if i % 50 else "\n\n")
        qtbot.waitUntil(lambda: not view._pending and not view.drawing(), timeout=5000)
    finally:
        StreamBubble.append = append  # type: ignore[method-assign]
        StreamBubble._render_markdown = render  # type: ignore[method-assign]
    assert len(handed) == 1  # batched: one hand-over per frame, not one update per chunk
    assert all(n <= SLICE_CHARS for n in drawn)  # bounded work per piece
    view.end_stream()
    assert "w5999" in view.answer_text()


def test_the_rest_of_a_burst_is_drawn_after_the_answer_ends(qtbot: Any) -> None:
    bubble = StreamBubble()
    qtbot.addWidget(bubble)
    text = "".join(f"段落 {i} **粗体** ¥{i}\n\n- 项 {i}\n\n" for i in range(400)) + "```\nunclosed"
    bubble.append(text)
    bubble.finish()
    assert bubble.markdown() == text  # whole at once, while the drawing goes on
    assert bubble.drawing()
    qtbot.waitUntil(lambda: not bubble.drawing(), timeout=5000)
    doc = bubble.body.document()
    assert doc.toPlainText().endswith("unclosed") and "**" not in doc.toPlainText()
    assert doc.lastBlock().text() == "unclosed"  # no empty block left at the end


def test_chip_status_flow(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    chip = view.add_tool_call(ToolCallEvent("c1", "get_weather", {"city": "三亚"}))
    widget = view.chip_widget("c1")
    assert chip.status == "running" and widget is not None and "city=三亚" in widget.title.text()
    view.set_waiting("c1")
    assert chip.status == "waiting"
    view.on_approval(ApprovalEvent("c1", "get_weather", "approved", "user"))
    assert chip.status == "running"
    view.on_result(ToolResultEvent("c1", "get_weather", '{"temp": "33°C"}', False, 1.0))
    assert chip.status == "done"
    assert '"temp": "33°C"' in chip.json_text() and widget.state.text() == "done"  # the widget follows its row
    other = view.add_tool_call(ToolCallEvent("c2", "x", {}))
    view.on_approval(ApprovalEvent("c2", "x", "denied", "user"))
    view.on_result(ToolResultEvent("c2", "x", "{}", True, 1.0))
    assert other.status == "denied"


def test_invisible_characters_become_visible() -> None:
    text = "a\u202eb\u200bc\u3000d\ne"
    shown = make_visible(text)
    assert "\u202e" not in shown and "⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩" in shown
    assert "⟨U+200B ZERO WIDTH SPACE⟩" in shown
    assert "\u3000" in shown and "\n" in shown  # ordinary CJK space and newlines stay
    assert hidden_characters(text) == ["U+200B", "U+202E"]
    assert make_visible("plain") == "plain"


def test_argument_summary_is_short() -> None:
    assert summarize_arguments({"city": "三亚", "stars": 4}) == "city=三亚, stars=4"
    assert len(summarize_arguments({"q": "x" * 500})) == 60


def test_many_signal_emissions_do_not_exhaust_true() -> None:
    import sys

    from PySide6.QtCore import QObject, Signal

    from desktop_app.ui.qt_fixes import QtFixes, apply_qt_fixes

    class Emitter(QObject):
        ping = Signal(object)

    emitter = Emitter()
    for _ in range(20000):  # more than True's references in a fresh 3.11 process
        emitter.ping.emit({"ok": True})
    assert sys.version_info >= (3, 12) or sys.getrefcount(True) > 1000
    assert isinstance(apply_qt_fixes(), QtFixes)


def _shown(qtbot: Any, width: int, height: int) -> ChatView:
    """A chat view on screen at that size (what is built depends on it)."""
    view = ChatView()
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    return view


def _rounds(n: int) -> list[Message]:
    out: list[Message] = []
    for i in range(n):
        call = ToolCall(f"c{i}", "get_weather", {"city": "三亚"})
        out += [
            UserMessage(f"q{i}"),
            AssistantMessage("", (call,)),
            ToolResultMessage(f"c{i}", "get_weather", "{}"),
            AssistantMessage(f"a{i}"),
        ]
    return out


def test_a_long_history_is_rows_and_only_what_is_on_screen_is_built(qtbot: Any) -> None:
    view = _shown(qtbot, 600, 500)
    messages = _rounds(2500)  # 10,000 messages
    view.load_messages(messages[-120:], older=(len(messages) - 120, lambda a, b: messages[a:b]))
    assert view.earlier_button is not None and "9880 earlier" in view.earlier_button.text()
    assert view.answer_text().endswith("a2499") and all(c.status == "done" for c in view.chips())
    built = view.widgets()
    height = view.viewport().height()  # built: what is seen and half a screen around it
    assert 0 < len(built) < 20 and all(
        -height < w.geometry().bottom() and w.geometry().top() < 2 * height for w in built
    )
    assert view.at_end()
    view.earlier_button.click()
    assert len(view.chips()) == 2500 and all(c.status == "done" for c in view.chips())
    assert [c.call_id for c in view.chips()][:2] == ["c0", "c1"]  # earlier calls first, in order
    assert view.answer_text().startswith("a0\n\na1")
    assert view.earlier_button is None and len(view.widgets()) < 20
    bar = view.verticalScrollBar()
    bar.setValue(0)  # to the top: the first rows are built, the last ones dropped
    assert view.widgets()[0] is view.rows()[0].widget
    first = view.rows()[0].widget
    assert isinstance(first, MessageBubble) and first.markdown() == "q0"
    for value in range(0, bar.maximum(), bar.maximum() // 50):  # through the whole conversation
        bar.setValue(value)
        assert 0 < len(view.widgets()) < 40  # of 7,500 rows


def test_scrolling_up_reads_earlier_pages_and_the_screen_stays_put(qtbot: Any) -> None:
    from desktop_app.ui.chat.chat_view import PAGE

    view = _shown(qtbot, 600, 500)
    messages = _rounds(500)  # 2,000 messages
    reads: list[tuple[int, int]] = []

    def read(start: int, end: int) -> list[Message]:
        reads.append((start, end))
        return messages[start:end]

    view.load_messages(messages[-120:], older=(len(messages) - 120, read))
    bar = view.verticalScrollBar()
    bar.setValue(0)  # the top of what was read: the page before it is read on the loop's next turn
    seen = [r for r in view.rows() if r.widget is not None and r.widget.geometry().bottom() > 0]
    top_row = seen[1]  # the first message under the "Show earlier" button
    top = top_row.widget.geometry().top()  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: len(reads) == 1)
    start, end = reads[0]
    assert end == len(messages) - 120 and end - start == PAGE
    assert top_row.widget is not None and top_row.widget.geometry().top() == top  # no jump
    assert view.earlier_button is not None and f"{start} earlier" in view.earlier_button.text()
    assert [c.call_id for c in view.chips()][:1] == [f"c{start // 4}"]  # a page starts at a question
    while view.earlier_button is not None:  # on up to the start
        before = len(reads)
        bar.setValue(0)
        qtbot.waitUntil(lambda: len(reads) > before or view.earlier_button is None)  # noqa: B023 - read now
    assert [c.call_id for c in view.chips()] == [f"c{i}" for i in range(500)]
    assert view.answer_text().startswith("a0\n\na1") and reads[-1][0] == 0


def test_heights_are_measured_on_screen_and_the_view_does_not_jump(qtbot: Any) -> None:
    view = _shown(qtbot, 500, 400)
    long_answer = "\n\n".join(f"paragraph {i} " + "word " * 60 for i in range(8))
    with view.batch():
        for i in range(40):
            view.add_user(f"question {i}")
            view.add_message("assistant", long_answer if i % 3 == 0 else f"short {i}")
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    row = next(r for r in view.rows() if r.widget is not None and r.widget.geometry().top() >= 0)
    top = row.widget.geometry().top()
    bar.setValue(bar.value() - 3 * bar.singleStep())  # rows above get measured as they appear
    bar.setValue(bar.value() + 3 * bar.singleStep())
    assert row.widget is not None and abs(row.widget.geometry().top() - top) <= 1
    for r in view.rows():
        if r.widget is not None and not r.widget.isHidden():
            assert r.height == r.widget.height() and r.width == view.viewport().width() - 24


def test_a_streamed_answer_keeps_its_text_off_screen(qtbot: Any) -> None:
    view = _shown(qtbot, 500, 300)
    with view.batch():
        for i in range(30):
            view.add_user(f"question {i}")
    view.append_delta("part one\n\n")
    view.flush()
    view.verticalScrollBar().setValue(0)  # the user reads the start while the answer streams
    view.append_delta("part two")
    view.flush()
    view.end_stream()
    assert view.answer_text() == "part one\n\npart two"
    view.follow_end()
    last = view.rows()[-1].widget
    assert last is not None and last.isVisible() and "part two" in last.markdown()  # type: ignore[attr-defined]


def test_a_growing_answer_and_a_resize_keep_the_end_in_view(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    view = _shown(qtbot, 500, 300)
    with view.batch():
        for i in range(20):
            view.add_user(f"question {i}")
    bar = view.verticalScrollBar()
    for i in range(30):  # an answer streaming in, paragraph by paragraph
        view.append_delta(f"paragraph {i} " + "word " * 30 + "\n\n")
        view.flush()
        QApplication.processEvents()  # the bubble's layout request arrives, as in the app
        assert bar.value() == bar.maximum()
    last = view.rows()[-1].widget
    assert last is not None and last.geometry().bottom() <= view.viewport().height()
    view.resize(350, 300)  # narrower: every row on screen is taller now
    QApplication.processEvents()
    assert bar.value() == bar.maximum() and view.at_end()
    assert all(r.height == r.widget.height() for r in view.rows() if r.widget is not None and r.widget.isVisible())


def test_keys_scroll_the_transcript(qtbot: Any) -> None:
    from PySide6.QtCore import Qt

    view = _shown(qtbot, 500, 300)
    view.load_messages(_rounds(40))
    bar = view.verticalScrollBar()
    end = bar.value()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert bar.value() < end and not view.at_end()
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert bar.maximum() - bar.value() < 40  # rows measured on the way up may have moved the end a little
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert bar.value() == bar.maximum() and view.at_end()


def test_home_and_end_go_to_the_start_and_the_end(qtbot: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    view = _shown(qtbot, 500, 300)
    view.load_messages(_rounds(40))
    bar = view.verticalScrollBar()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert bar.value() == 0 and not view.at_end()
    first = view.rows()[0].widget
    assert first is not None and first in view.widgets()  # the first message is built and shown
    label = first.findChild(QLabel, "body")
    assert label is not None
    qtbot.keyClick(label, Qt.Key.Key_End)  # from inside a message too
    assert bar.value() == bar.maximum() and view.at_end()


def test_retry_drops_the_rows_after_the_last_question(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.load_messages(_rounds(3))
    view.drop_last_answer()
    assert [c.call_id for c in view.chips()] == ["c0", "c1"] and view.answer_text().endswith("a1")
    assert view.message_count() == 7


def test_short_history_is_shown_whole(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.load_messages(_rounds(5))
    assert view.earlier_button is None and len(view.chips()) == 5


def test_a_long_tool_call_never_widens_the_transcript(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    view = _shown(qtbot, 300, 400)
    view.add_tool_call(ToolCallEvent("c", "save_itinerary", {"markdown": "长" * 400}))
    view.add_user("https://example.com/" + "x" * 300)  # one unbreakable word
    view.add_message("assistant", "`" + "y" * 300 + "`")
    QApplication.processEvents()  # let the layout settle (no waiting on time)
    width = view.viewport().width()
    assert view.widgets() and all(w.geometry().right() < width for w in view.widgets())
    assert all(w.minimumSizeHint().width() <= width for w in view.widgets())
