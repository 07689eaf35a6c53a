"""A call read out of a local model's text is marked in the inspector, with the text it came from."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QTranslator

from desktop_app.ui.i18n import qm_path
from desktop_app.ui.inspector.inspector import Inspector

RAW = '<tools>\n{"name": "get_weather", "arguments": {"city": "三亚"}}\n</tools>'
EVENTS: list[dict[str, Any]] = [
    {"type": "run_started", "provider": "openai", "model": "qwen2.5-1.5b", "conversation_id": ""},
    {"type": "turn_started", "turn": 1},
    {
        "type": "tool_call",
        "id": "call_txt_1",
        "name": "get_weather",
        "arguments": {"city": "三亚"},
        "recovered_from_text": True,
        "raw_text": RAW,
    },
    {"type": "tool_call", "id": "call_native", "name": "get_weather", "arguments": {"city": "北京"}},
    {"type": "turn_finished", "turn": 1, "stop_reason": "tool_calls"},
]


def _inspector(qtbot: Any) -> Inspector:
    widget = Inspector()
    qtbot.addWidget(widget)
    widget.resize(560, 820)
    for event in EVENTS:
        widget.handle_event(event)
    return widget


def test_a_recovered_call_is_marked_and_shows_its_raw_text(qtbot: Any) -> None:
    widget = _inspector(qtbot)
    details = widget.call_details
    widget.select_call("call_txt_1")
    assert details.recovered.isVisibleTo(details)
    assert details.recovered.text().startswith("Recovered from text")
    assert details.recovered_text.toPlainText() == RAW
    widget.select_call("call_native")
    assert not details.recovered.isVisibleTo(details)
    assert not details.recovered_text.isVisibleTo(details)


def test_the_mark_is_translated(qtbot: Any) -> None:
    translator = QTranslator()
    assert translator.load(qm_path("zh_CN"))
    QCoreApplication.installTranslator(translator)
    try:
        widget = _inspector(qtbot)
        widget.select_call("call_txt_1")
        assert widget.call_details.recovered.text().startswith("从文本中恢复")
    finally:
        QCoreApplication.removeTranslator(translator)
