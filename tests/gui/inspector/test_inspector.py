"""The inspector fed by real engine runs: calls paired, JSON faithful, sequence and definitions."""

from __future__ import annotations

import ast
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, QPoint, Qt, QTranslator
from PySide6.QtWidgets import QApplication, QLabel

from desktop_app import jsonsafe
from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.tools.registry import ToolRegistry, tool
from desktop_app.ui.i18n import qm_path
from desktop_app.ui.inspector.inspector import Inspector
from desktop_app.ui.inspector.json_view import JsonPane, JsonTreeModel, decode_nested
from desktop_app.ui.inspector.sequence_view import API, ARROW, CODE, EXEC, MODEL
from tests.gui.inspector.inspector_runs import SANYA_CALLS, run_events, sanya_events, trouble_events

# The offscreen platform's note when a shown top-level window gets size hints: not our warning.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def sanya() -> list[dict[str, Any]]:
    """The seed's three-call Sanya run, with OpenAI-shaped wire bodies."""
    return asyncio.run(sanya_events(wire=True))


@pytest.fixture(scope="module")
def trouble() -> list[dict[str, Any]]:
    return asyncio.run(trouble_events())


@pytest.fixture
def inspector(qtbot: Any) -> Inspector:
    widget = Inspector()
    qtbot.addWidget(widget)
    widget.resize(560, 820)
    return widget


def feed(widget: Inspector, events: list[dict[str, Any]]) -> None:
    for event in events:
        widget.handle_event(event)


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def tree_value(model: JsonTreeModel, parent: QModelIndex | None = None) -> Any:
    """Rebuild the JSON value the tree shows, walking it through the model API only."""
    parent = parent or QModelIndex()
    node = model.node(parent)
    rows = [model.index(r, 0, parent) for r in range(model.rowCount(parent))]
    kind = node.kind if node is not None else ("object" if rows and rows[0].data() else "array")
    if node is not None and kind not in ("object", "array", "json-string"):
        return node.value
    if node is not None and kind == "json-string":
        kind = "object" if isinstance(json.loads(node.value), dict) else "array"
    if kind == "object":
        return {i.data(): tree_value(model, i) for i in rows}
    return [tree_value(model, i) for i in rows]


# -- the Sanya run ------------------------------------------------------------------------
def test_three_tool_calls_listed_with_ids_paired(inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    model = inspector.model
    assert model.rowCount() == 2  # two model turns
    turn1 = model.index(0, 0)
    assert model.rowCount(turn1) == 3
    calls = of_type(sanya, "tool_call")
    results = {e["id"]: e for e in of_type(sanya, "tool_result")}
    assert [c["id"] for c in calls] == [c.id for c in SANYA_CALLS]
    for row, call in enumerate(calls):
        index = model.index(row, 0, turn1)
        assert index.data().startswith(call["name"] + "(")
        assert model.index(row, 3, turn1).data() == "done"
        inspector.select_call(call["id"])
        details = inspector.call_details
        assert details.call_id.text() == call["id"]
        assert details.result_id.text() == results[call["id"]]["id"]
        assert details.pairing.text().startswith("✓")
        assert details.source.text() == "built-in" and details.risk.text() == "read"
    assert "3 tool calls" in inspector.summary.text()


def test_json_tree_and_raw_text_match_the_events(inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    results = {e["id"]: e for e in of_type(sanya, "tool_result")}
    for call in of_type(sanya, "tool_call"):
        inspector.select_call(call["id"])
        args, result = inspector.call_details.arguments, inspector.call_details.result
        assert tree_value(args.model) == call["arguments"]
        assert args.raw_text() == jsonsafe.indented(call["arguments"])
        content = results[call["id"]]["content"]
        parsed = json.loads(content)  # a tool result is a JSON string: shown parsed
        assert tree_value(result.model) == parsed
        assert result.raw_text() == jsonsafe.indented(parsed)
        assert result.raw.toPlainText() == jsonsafe.indented(parsed)
        result.decode_box.setChecked(False)  # the exact string the model was sent
        assert result.raw_text() == content
        result.decode_box.setChecked(True)


def test_turn_shows_exact_request_and_response_bodies(inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    requests, responses = of_type(sanya, "model_request"), of_type(sanya, "model_response")
    for turn in range(2):
        inspector.timeline.setCurrentIndex(inspector.model.index(turn, 0))
        details = inspector.turn_details
        assert inspector.details.currentWidget() is details
        assert details.request.value == requests[turn]["body"]
        assert details.response.value == responses[turn]["body"]
        usage = of_type(sanya, "usage")[turn]
        assert details.usage.text() == f"{usage['input_tokens']} input / {usage['output_tokens']} output"
    assert 'finish_reason="stop"' in inspector.turn_details.stop.text()
    # OpenAI's arguments are a JSON string inside the body: the tree opens it
    inspector.timeline.setCurrentIndex(inspector.model.index(1, 0))
    shown = tree_value(inspector.turn_details.request.model)
    assert shown == decode_nested(requests[1]["body"])
    assert shown["messages"][2]["tool_calls"][0]["function"]["arguments"] == {"city": "三亚"}


def test_nested_json_inside_a_result_string_is_decoded(inspector: Inspector) -> None:
    inner = {"city": "三亚", "temp": "33°C"}

    @tool()
    def mcp_like(city: str) -> dict[str, Any]:
        """Returns MCP-style content whose text is itself JSON.

        Args:
            city: a city
        """
        return {"content": [{"type": "text", "text": json.dumps(inner, ensure_ascii=False)}]}

    model = FakeModel(
        [
            AssistantMessage(
                tool_calls=(ToolCall("call_n", "mcp_like", {"city": "三亚"}),),
                stop_reason="tool_calls",
            ),
            AssistantMessage("ok"),
        ]
    )
    agent = Agent(model, ToolRegistry([mcp_like]), PolicyApprover("none"))
    feed(inspector, asyncio.run(run_events(agent, "hi")))
    inspector.select_call("call_n")
    pane = inspector.call_details.result
    text_index = pane.model.index(1, 0, pane.model.index(0, 0, pane.model.index(0, 0)))
    assert text_index.data() == "text"
    assert pane.model.node(text_index).kind == "json-string"
    assert tree_value(pane.model)["content"][0]["text"] == inner
    assert '"temp": "33°C"' in pane.raw_text()  # decoded, not an escaped string
    pane.decode_box.setChecked(False)
    assert '\\"temp\\"' in pane.raw_text()


def test_key_and_type_columns_fit_what_they_show(qtbot: Any) -> None:
    """Measured by the pane, not ResizeToContents (which asks for every row at each layout)."""
    pane = JsonPane("Result")
    qtbot.addWidget(pane)
    pane.resize(600, 400)
    pane.show()
    long_key = "a_rather_long_key_four_levels_down"
    deep = {"outer": {"inner": {"third": {long_key: 1}}}, "k": "json-string"}
    pane.set_value(deep)
    header, metrics, step = pane.tree.header(), pane.tree.fontMetrics(), pane.tree.indentation()
    third = pane.model.index(0, 0, pane.model.index(0, 0, pane.model.index(0, 0)))
    assert third.data() == "third" and not pane.tree.isExpanded(third)  # shown, closed
    assert header.sectionSize(0) >= step * 3 + metrics.horizontalAdvance("third")
    assert header.sectionSize(2) >= metrics.horizontalAdvance("json-string")
    before = header.sectionSize(0)
    assert before < step * 4 + metrics.horizontalAdvance(long_key)  # not shown yet
    pane.tree.expand(third)  # the reader opens it: the column grows to show the key whole
    assert header.sectionSize(0) >= step * 4 + metrics.horizontalAdvance(long_key)
    pane.set_value({"k": 1})  # a new value: measured afresh, narrower again
    assert header.sectionSize(0) < before


def test_selecting_a_row_or_a_sequence_step_emits_call_selected(qtbot: Any, inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    inspector.show()
    qtbot.waitExposed(inspector)
    flight = inspector.model.index(1, 0, inspector.model.index(0, 0))
    inspector.timeline.scrollTo(flight)
    rect = inspector.timeline.visualRect(flight)
    with qtbot.waitSignal(inspector.callSelected) as blocker:
        qtbot.mouseClick(inspector.timeline.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == ["call_sanya_flight"]
    assert inspector.call_details.title.text() == "get_flight_price"

    inspector.tabs.setCurrentWidget(inspector.sequence)
    view = inspector.sequence
    rows = view.rows()
    hotel_row = next(i for i, r in enumerate(rows) if r.kind == EXEC and r.call == 2)
    y = view.header_height() + hotel_row * view.row_height() + view.row_height() // 2
    with qtbot.waitSignal(inspector.callSelected) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(100, y))
    assert blocker.args == ["call_sanya_hotel"]
    assert inspector.timeline.currentIndex().data().startswith("get_hotel_price(")


def test_select_call_emits_once_per_change(qtbot: Any, inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    seen: list[str] = []
    inspector.callSelected.connect(seen.append)
    inspector.select_call("call_sanya_flight")
    inspector.select_call("call_sanya_flight")  # no echo loop with the chat pane
    inspector.select_call("no-such-id")
    assert seen == ["call_sanya_flight"]


def test_export_json_round_trips(qtbot: Any, inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    exported = json.loads(inspector.export_json())
    assert exported["format"] == "travel-assistant.run"
    assert [{k: v for k, v in e.items() if k != "ts"} for e in exported["events"]] == sanya
    stamps = [e["ts"] for e in exported["events"]]
    assert stamps == sorted(stamps)
    again = Inspector()
    qtbot.addWidget(again)
    again.load_events(exported["events"])
    assert again.export_json() == inspector.export_json()
    assert again.model.rowCount(again.model.index(0, 0)) == 3
    assert [c.paired for c in again.trace.calls] == [True] * 3


def test_export_button_writes_a_file_that_open_reads(
    qtbot: Any, inspector: Inspector, sanya: list, tmp_path: Path
) -> None:
    feed(inspector, sanya)
    target = tmp_path / "run.json"
    inspector.export_to(str(target))
    fresh = Inspector()
    qtbot.addWidget(fresh)
    fresh.open_file(str(target))
    assert fresh.export_json() == inspector.export_json()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    fresh.open_file(str(bad))
    assert fresh.status_line.text().startswith("Could not open")
    assert fresh.export_json() == inspector.export_json()  # a bad file changes nothing


def test_sequence_view_has_four_arrows_per_turn(inspector: Inspector, sanya: list) -> None:
    turn2 = next(i for i, e in enumerate(sanya) if e == {"type": "turn_started", "turn": 2})
    feed(inspector, sanya[: turn2 + 1])
    view = inspector.sequence
    assert [(a.src, a.dst) for a in view.arrows(0)] == [
        (CODE, API),
        (API, MODEL),
        (MODEL, API),
        (API, CODE),
    ]
    assert [(a.src, a.dst) for a in view.arrows(1)] == [(CODE, API), (API, MODEL)]  # live
    feed(inspector, sanya[turn2 + 1 :])
    assert len(view.arrows(0)) == 4 and len(view.arrows(1)) == 4
    assert view.arrows(0)[2].label == "tool_calls JSON (3)"
    assert view.arrows(1)[2].label == "final answer"
    assert 'finish_reason="tool_calls"' in view.arrows(0)[3].sub
    executions = [r for r in view.rows() if r.kind == EXEC]
    assert [inspector.trace.calls[r.call].id for r in executions] == [c.id for c in SANYA_CALLS]
    assert all(r.turn == 0 for r in executions)
    rows = view.rows()  # executions sit between turn 1's response and turn 2's request
    first_exec = rows.index(executions[0])
    assert rows[first_exec - 1] == view.arrows(0)[3]
    assert rows[first_exec + 3] == view.arrows(1)[0]


def test_definitions_show_openai_and_anthropic_side_by_side(inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    defs = inspector.tool_defs
    assert defs.list.count() == len(sanya[0]["tools"]) >= 3
    assert defs.select_tool("get_weather")
    listing = next(t for t in sanya[0]["tools"] if t["name"] == "get_weather")
    openai, anthropic = defs.openai.value, defs.anthropic.value
    assert openai["type"] == "function"
    assert openai["function"]["parameters"] == listing["parameters"]
    assert anthropic["input_schema"] == listing["parameters"]
    assert "input_schema" not in defs.openai.raw_text()
    assert '"parameters"' not in defs.anthropic.raw_text()
    assert [defs.table.item(0, c).text() for c in range(3)] == [
        "Schema field",
        "function.parameters",
        "input_schema",
    ]
    assert defs.mapping_note.text() == "Mapped by the providers' tool_to_wire"
    assert defs.openai.mark_key("parameters") == 1
    assert defs.anthropic.mark_key("input_schema") == 1


def test_error_denied_and_invalid_arguments_render(inspector: Inspector, trouble: list) -> None:
    feed(inspector, trouble)
    details = inspector.call_details
    inspector.select_call("call_bad_json")
    assert details.status.text() == "error"
    assert details.raw_warning.isVisibleTo(details)
    assert details.arguments.raw_text() == '{"city": 三亚'  # exactly what the model sent
    assert details.arguments.is_raw()
    assert "not valid JSON" in tree_value(details.result.model)["error"]

    inspector.select_call("call_typo")
    assert details.status.text() == "error" and details.result.title.text() == "Result (error)"
    assert not details.raw_warning.isVisibleTo(details)
    assert not details.arguments.is_raw()  # the forced raw mode did not stick
    assert "unknown tool" in details.result.raw_text()

    inspector.select_call("call_book")
    assert details.status.text() == "denied"
    assert details.approval.text().startswith("denied by policy:")
    assert details.risk.text() == "write"
    assert inspector.model.index(2, 3, inspector.model.index(0, 0)).data() == "denied"

    inspector.select_call("call_map")
    images = details.images.findChildren(QLabel)
    assert len(images) == 1 and not images[0].pixmap().isNull()
    assert images[0].pixmap().width() > 0


def test_run_error_and_unpaired_result_render(inspector: Inspector) -> None:
    feed(
        inspector,
        [
            {"type": "run_started", "provider": "openai", "model": "m", "conversation_id": ""},
            {"type": "turn_started", "turn": 1},
            {
                "type": "tool_result",
                "id": "call_ghost",
                "name": "x",
                "content": "plain text",
                "is_error": False,
                "duration_ms": 1.0,
            },
            {"type": "error", "message": "401 invalid key", "kind": "auth"},
        ],
    )
    assert inspector.status_line.text() == "Run failed (auth): 401 invalid key"
    assert inspector.model.index(0, 3).data() == "error"
    arrows = inspector.sequence.arrows(0)
    assert arrows[-1].label == "error: 401 invalid key" and (arrows[-1].src, arrows[-1].dst) == (
        API,
        CODE,
    )
    record = inspector.trace.calls[0]
    assert record.orphan and not record.paired
    inspector.sequence.callClicked.emit(0)
    assert inspector.call_details.pairing.text().startswith("✗")
    assert inspector.call_details.result.raw_text() == "plain text"  # not JSON: shown as is


def test_a_run_s_events_change_text_not_the_layout(qtbot: Any, inspector: Inspector, sanya: list) -> None:
    """The header keeps its room: a run's first event must not move the tabs (a re-layout of every pane)."""
    inspector.show()
    qtbot.waitExposed(inspector)
    before = inspector.tabs.geometry()
    feed(inspector, sanya)
    QApplication.processEvents()
    assert inspector.status_line.isVisible() and inspector.tabs.geometry() == before


def test_live_status_waiting_running_done_and_progress(inspector: Inspector) -> None:
    listing = {
        "name": "book",
        "description": "",
        "parameters": {},
        "source": "mcp:hotels",
        "risk": "write",
        "needs_confirmation": True,
        "status": "ok",
        "warnings": [],
    }
    feed(
        inspector,
        [
            {"type": "tool_defs", "tools": [listing]},
            {"type": "run_started", "provider": "fake", "model": "m", "conversation_id": ""},
            {"type": "turn_started", "turn": 1},
            {"type": "turn_finished", "turn": 1, "stop_reason": "tool_calls"},
            {
                "type": "tool_call",
                "id": "c1",
                "name": "book",
                "arguments": {},
                "source": "mcp:hotels",
                "risk": "write",
            },
        ],
    )
    status = inspector.model.index(0, 3, inspector.model.index(0, 0))
    assert status.data() == "running"  # until a person is asked
    feed(inspector, [{"type": "approval_waiting", "id": "c1", "name": "book"}])
    assert status.data() == "waiting for approval"
    assert inspector._tick.isActive()
    inspector.select_call("c1")
    assert inspector.call_details.source.text() == "MCP server “hotels”"
    inspector.handle_event(
        {
            "type": "approval",
            "id": "c1",
            "name": "book",
            "decision": "approved",
            "by": "user",
            "reason": "",
        }
    )
    assert status.data() == "running"
    inspector.handle_event({"type": "tool_progress", "id": "c1", "progress": 3, "total": 10, "message": "3 of 10"})
    assert status.data() == "running 3/10"
    assert inspector.call_details.progress.value() == 300
    inspector.handle_event(
        {
            "type": "tool_result",
            "id": "c1",
            "name": "book",
            "content": "{}",
            "is_error": False,
            "duration_ms": 5,
        }
    )
    assert status.data() == "done" and not inspector._tick.isActive()
    assert inspector.call_details.approval.text() == "approved by the user"


def test_text_deltas_redraw_nothing(qtbot: Any, inspector: Inspector, sanya: list) -> None:
    turn2 = next(i for i, e in enumerate(sanya) if e["type"] == "text_delta")
    feed(inspector, sanya[:turn2])
    qtbot.waitUntil(lambda: not inspector.sequence._timer.isActive())
    changes: list[str] = []
    model = inspector.model
    for name in ("dataChanged", "rowsInserted", "modelReset", "layoutChanged"):
        getattr(model, name).connect(lambda *a, n=name: changes.append(n))
    for _ in range(2000):
        inspector.handle_event({"type": "text_delta", "text": "三亚"})
    assert changes == []
    assert not inspector.sequence._timer.isActive()
    assert inspector.trace.turns[-1].text_chars == 4000
    assert len(inspector.trace.events) == turn2 + 2000  # kept for the export


def test_clear_keeps_tool_definitions(inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    inspector.clear()
    assert inspector.model.rowCount() == 0 and inspector.summary.text() == "No run yet"
    assert inspector.tool_defs.list.count() == len(sanya[0]["tools"])
    assert json.loads(inspector.export_json())["events"][0]["type"] == "tool_defs"


def test_five_hundred_tool_calls_stay_cheap(inspector: Inspector) -> None:
    turns: list[Any] = [
        AssistantMessage(
            tool_calls=tuple(ToolCall(f"call_{t}_{i}", "get_weather", {"city": "三亚"}) for i in range(50)),
            stop_reason="tool_calls",
        )
        for t in range(10)
    ] + [AssistantMessage("done")]
    from desktop_app.runtime import RunOptions, build_registry
    from desktop_app.store.settings import Settings

    agent = Agent(
        FakeModel(turns),
        build_registry(Settings(), RunOptions()),
        PolicyApprover("none"),
        max_turns=11,
    )
    events = asyncio.run(run_events(agent, "many"))
    feed(inspector, events)  # its speed is tests/benchmarks/bench_inspector.py's
    QApplication.processEvents()
    assert len(inspector.trace.calls) == 500 and all(c.paired for c in inspector.trace.calls)
    assert inspector.model.rowCount() == 11
    assert sum(1 for r in inspector.sequence.rows() if r.kind == EXEC) == 500
    assert sum(1 for r in inspector.sequence.rows() if r.kind == ARROW) == 44
    inspector.select_call("call_9_49")
    assert inspector.call_details.call_id.text() == "call_9_49"


# -- languages and screenshots ------------------------------------------------------------
def _tr_strings() -> set[str]:
    """Every literal passed to tr() or marked() in the inspector modules."""
    found: set[str] = set()
    modules = [
        "inspector",
        "json_view",
        "sequence_view",
        "tool_defs_view",
        "call_details",
        "timeline_model",
        "try_panel",
    ]
    for module in modules:
        tree = ast.parse((ROOT / "desktop_app" / "ui" / "inspector" / f"{module}.py").read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in ("tr", "marked"):
                    found.add(node.args[0].value)  # type: ignore[arg-type]
    from desktop_app.ui.inspector.timeline_model import TimelineModel

    found.update(JsonTreeModel.COLUMNS, TimelineModel.COLUMNS)
    found.update(("string", "number", "boolean", "null", "object", "array", "json-string"))
    return found


def test_every_label_has_a_chinese_translation_in_the_one_ts_file() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "packaging"))
    import update_translations

    table = update_translations.read_ts(update_translations.TS_DIR / "travel_assistant_zh_CN.ts")
    missing = sorted(_tr_strings() - {k for k, v in table.items() if v})
    assert missing == []
    for english in _tr_strings():  # placeholders survive translation
        assert sorted(_fields(english)) == sorted(_fields(table[english])), english


def _fields(text: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


@pytest.fixture
def chinese(qapp: QApplication) -> Any:
    translator = QTranslator()
    assert translator.load(qm_path("zh_CN"))
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


def test_chinese_labels_and_screenshot(qtbot: Any, chinese: Any, sanya: list, tmp_path: Path) -> None:
    widget = Inspector()
    qtbot.addWidget(widget)
    widget.resize(560, 820)
    feed(widget, sanya)
    assert [widget.tabs.tabText(i) for i in range(3)] == ["时间线", "时序图", "工具定义"]
    widget.select_call("call_sanya_weather")
    assert widget.call_details.pairing.text() == "✓ 结果 ID 与调用 ID 一致"
    assert widget.call_details.source.text() == "内置"  # the app's translator, not Qt's per-class one
    assert widget.model.index(0, 3, widget.model.index(0, 0)).data() == "完成"
    image = widget.grab().toImage()
    assert image.width() == 560 and image.height() == 820
    assert len({image.pixel(x, y) for x in range(0, 560, 7) for y in range(0, 820, 7)}) > 20
    assert image.save(str(tmp_path / "inspector_zh.png"))


def test_void_qt_calls_cannot_free_none() -> None:
    """PySide6 6.12 on Python 3.11 drops a None reference per void call; the guard holds."""
    from PySide6.QtCore import QSize

    from desktop_app.ui.qt_fixes import apply_qt_fixes, leaks_none

    fixes = apply_qt_fixes()
    size = QSize(1, 1)
    for _ in range(20_000):  # more than None's natural reference count
        size.setHeight(2)
    assert sys.getrefcount(None) > 20_000
    if sys.version_info < (3, 12) and leaks_none():
        assert fixes.none is True


def test_copy_buttons_put_json_and_ids_on_the_clipboard(qtbot: Any, inspector: Inspector, sanya: list) -> None:
    feed(inspector, sanya)
    inspector.show()
    qtbot.waitExposed(inspector)
    inspector.select_call("call_sanya_hotel")
    details = inspector.call_details
    qtbot.mouseClick(details.result.copy_button, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == details.result.raw_text()
    assert json.loads(QApplication.clipboard().text())["name"] == "三亚湾海景酒店"
    qtbot.mouseClick(details.copy_id, Qt.MouseButton.LeftButton)
    assert QApplication.clipboard().text() == "call_sanya_hotel"


def _unfinished_run() -> list[dict[str, Any]]:
    return [
        {"type": "run_started", "provider": "fake", "model": "m", "conversation_id": ""},
        {"type": "turn_started", "turn": 1},
        {"type": "turn_finished", "turn": 1, "stop_reason": "tool_calls"},
        {"type": "tool_call", "id": "c1", "name": "slow", "arguments": {}},
    ]


def test_a_call_waits_for_approval_only_once_the_run_says_so(inspector: Inspector) -> None:
    run = _unfinished_run()
    run[-1] = {**run[-1], "risk": "write"}
    feed(inspector, run)
    status = inspector.model.index(0, 3, inspector.model.index(0, 0))
    assert status.data() == "running"  # a write is not a question: always-allowed ones never wait
    feed(inspector, [{"type": "approval_waiting", "id": run[-1]["id"], "name": run[-1]["name"]}])
    assert status.data() == "waiting for approval"


def test_an_ended_run_leaves_nothing_running(inspector: Inspector) -> None:
    feed(inspector, _unfinished_run())
    status = inspector.model.index(0, 3, inspector.model.index(0, 0))
    assert status.data() == "running" and inspector._tick.isActive()
    inspector.handle_event({"type": "error", "message": "cancelled", "kind": "cancelled"})
    assert status.data() == "error" and not inspector._tick.isActive()
    assert not inspector.trace.running


def test_a_saved_unfinished_run_does_not_tick(inspector: Inspector) -> None:
    inspector.load_events(_unfinished_run())
    assert inspector.trace.running and not inspector._tick.isActive()
    assert inspector.model.index(0, 3, inspector.model.index(0, 0)).data() == "running"


def test_an_image_that_is_not_an_image_says_so(inspector: Inspector) -> None:
    feed(inspector, _unfinished_run())
    inspector.handle_event(
        {
            "type": "tool_result",
            "id": "c1",
            "name": "slow",
            "content": "{}",
            "is_error": False,
            "duration_ms": 1,
            "images": [{"data": "not base64!", "mime_type": "image/png"}],
        }
    )
    inspector.select_call("c1")
    labels = inspector.call_details.images.findChildren(QLabel)
    assert [label.text() for label in labels] == ["(an image that could not be decoded)"]


def test_tool_text_never_renders_as_html(qapp: QApplication) -> None:
    model = JsonTreeModel()
    model.set_value({"note": "<img src='x'><b>bold</b>"})
    tip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;b&gt;bold&lt;/b&gt;" in tip and "<b>" not in tip
    assert model.index(0, 1).data() == "<img src='x'><b>bold</b>"  # shown as the text it is


def test_the_inspector_reveals_hidden_characters_and_copies_the_exact_text(qtbot: Any) -> None:
    """Issue 24: one way of showing JSON everywhere: the approval dialog and the inspector alike
    show a bidi override as ⟨U+202E⟩ (it reorders what a person reads); Copy keeps the exact text."""
    from PySide6.QtCore import Qt as QtNs
    from PySide6.QtGui import QGuiApplication

    from desktop_app.ui.inspector.json_view import JsonPane

    pane = JsonPane("Arguments")
    qtbot.addWidget(pane)
    raw = '{"file": "invoice\u202egpj.exe"}'
    pane.set_json_text(raw)
    assert "\u202e" not in pane.raw.toPlainText() and "U+202E" in pane.raw.toPlainText()
    index = pane.model.index(0, 1)
    shown = pane.model.data(index, QtNs.ItemDataRole.DisplayRole)
    assert "\u202e" not in shown and "U+202E" in shown
    pane.copy()
    assert "\u202e" in QGuiApplication.clipboard().text()
