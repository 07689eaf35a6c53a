"""The chat pane on its own: incremental streaming, batching per frame, chips, visible text."""

from __future__ import annotations

from typing import Any

from desktop_app.agent.events import ApprovalEvent, ToolCallEvent, ToolResultEvent
from desktop_app.ui.chat.chat_view import FLUSH_CHARS, ChatView, StreamBubble, markdown_cut
from desktop_app.ui.text import hidden_characters, make_visible, summarize_arguments


def test_markdown_cut_keeps_unfinished_paragraphs_and_fences() -> None:
    assert markdown_cut("# Title\n\nsome te") == len("# Title\n\n")
    assert markdown_cut("no blank line yet") == 0
    fenced = "intro\n\n```\ncode\n\nmore code\n"
    assert markdown_cut(fenced) == len("intro\n\n")  # not inside the open fence
    closed = fenced + "```\n\nafter"
    assert markdown_cut(closed) == len(closed) - len("after")


def test_stream_bubble_renders_markdown_incrementally(qtbot: Any) -> None:
    bubble = StreamBubble()
    qtbot.addWidget(bubble)
    text = "# 三亚\n\n**天气**：晴\n\n- 机票 ¥1,280\n- 酒店 ¥2,040\n\n合计 ¥4,600"
    for i in range(0, len(text), 3):
        bubble.append(text[i : i + 3])
    assert bubble.markdown() == text
    bubble.finish()
    doc = bubble.body.document()
    assert doc.toPlainText().rstrip().endswith("合计 ¥4,600")
    assert "**" not in doc.toPlainText()  # bold was rendered, not shown as asterisks
    rendered = doc.toMarkdown()
    assert "**天气**" in rendered and "- 机票 ¥1,280" in rendered


def test_stream_bubble_touches_only_the_tail(qtbot: Any) -> None:
    bubble = StreamBubble()
    qtbot.addWidget(bubble)
    bubble.append("first paragraph\n\n")
    first_block = bubble.body.document().firstBlock()
    for _ in range(200):
        bubble.append("word ")
    assert bubble.body.document().firstBlock() == first_block  # never re-rendered
    assert bubble._rendered == len("first paragraph\n\n")


def test_thousands_of_deltas_are_applied_per_frame_not_per_chunk(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    applied: list[int] = []
    original = StreamBubble.append

    def counting(self: StreamBubble, text: str) -> None:
        applied.append(len(text))
        original(self, text)

    StreamBubble.append = counting  # type: ignore[method-assign]
    try:
        for i in range(6000):
            view.append_delta(f"w{i} " if i % 50 else "\n\n")
        qtbot.waitUntil(lambda: not view._pending, timeout=2000)
    finally:
        StreamBubble.append = original  # type: ignore[method-assign]
    total = sum(applied)
    assert all(n <= FLUSH_CHARS for n in applied)  # bounded work per slice
    assert len(applied) == -(-total // FLUSH_CHARS)  # batched: slices, not one update per chunk
    view.end_stream()
    assert "w5999" in view.answer_text()


def test_chip_status_flow(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    chip = view.add_tool_call(ToolCallEvent("c1", "get_weather", {"city": "三亚"}))
    assert chip.status == "running" and "city=三亚" in chip.title.text()
    view.set_waiting("c1")
    assert chip.status == "waiting"
    view.on_approval(ApprovalEvent("c1", "get_weather", "approved", "user"))
    assert chip.status == "running"
    view.on_result(ToolResultEvent("c1", "get_weather", '{"temp": "33°C"}', False, 1.0))
    assert chip.status == "done"
    assert '"temp": "33°C"' in chip.json_text()
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


def _rounds(n: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(n):
        call = {"id": f"c{i}", "name": "get_weather", "arguments": {"city": "三亚"}}
        out += [
            {"role": "user", "content": f"q{i}"},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{i}", "name": "get_weather", "content": "{}"},
            {"role": "assistant", "content": f"a{i}"},
        ]
    return out


def test_long_history_shows_its_tail_then_the_rest_on_demand(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    messages = _rounds(250)  # 1,000 messages
    view.load_messages(messages)
    shown = view.chips()
    assert 0 < len(shown) <= 40 and all(c.status == "done" for c in shown)
    assert view.earlier_button is not None and "earlier" in view.earlier_button.text()
    assert view.answer_text().endswith("a249")
    view.earlier_button.click()
    assert len(view.chips()) == 250 and all(c.status == "done" for c in view.chips())
    assert view.answer_text().startswith("a0\n\na1")  # earlier ones went above, in order
    assert view.earlier_button is None


def test_short_history_is_shown_whole(qtbot: Any) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.load_messages(_rounds(5))
    assert view.earlier_button is None and len(view.chips()) == 5


def test_a_long_tool_call_never_widens_the_transcript(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    view = ChatView()
    qtbot.addWidget(view)
    view.resize(300, 400)
    view.show()
    view.add_tool_call(ToolCallEvent("c", "save_itinerary", {"markdown": "长" * 400}))
    view.add_user("https://example.com/" + "x" * 300)  # one unbreakable word
    view.add_assistant("`" + "y" * 300 + "`")
    QApplication.processEvents()  # let the layout settle (no waiting on time)
    assert view.widget().minimumSizeHint().width() <= view.viewport().width()
