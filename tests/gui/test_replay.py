"""Try a tool (Tool definitions → Try it) and replay a recorded call (Run again, Edit arguments,
Edit result): through the real window, waiting on its signals. `REPLAY_SCREENSHOTS=DIR` also
saves the README's two screenshots there."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage
from desktop_app.llm.base import ModelRequest
from desktop_app.llm.fake import FakeModel
from desktop_app.store.history import HistoryStore
from tests.gui.conftest import scripted_factory

SHOTS = os.environ.get("REPLAY_SCREENSHOTS", "")
WEATHER = ToolCall("call_w1", "get_weather", {"city": "三亚"}, '{"city": "三亚"}')


def saw_result(request: ModelRequest) -> AssistantMessage:
    """The model's answer names the tool result it was given (so a fork's answer shows the edit)."""
    last = request.messages[-1]
    assert isinstance(last, ToolResultMessage)
    return AssistantMessage(f"The tool said: {last.content[:80]}")


def shot(window: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        assert window.grab().save(str(Path(SHOTS) / name))


def ready(qtbot: Any, make_window: Any, factory: Any = None) -> Any:
    """A window whose Tool definitions are listed (before any run)."""
    window = make_window(factory)
    window.resize(1500, 950)
    with qtbot.waitSignal(window.replay.toolsListed, timeout=20000):
        pass
    return window


def try_tool(qtbot: Any, window: Any, name: str, values: dict[str, str]) -> Any:
    window.dock.show_tab(2)
    defs = window.inspector.tool_defs
    assert defs.select_tool(name)
    panel = defs.try_panel
    for field, text in values.items():
        panel.findChild(QWidget, f"field_{field}").setText(text)
    return panel


def test_try_a_read_tool_shows_its_result(qtbot: Any, make_window: Any) -> None:
    window = ready(qtbot, make_window)
    panel = try_tool(qtbot, window, "get_weather", {"city": "三亚"})
    with qtbot.waitSignal(window.replay.tried, timeout=20000) as blocker:
        qtbot.mouseClick(panel.call_button, Qt.MouseButton.LeftButton)
    content, is_error = blocker.args
    assert not is_error and "三亚" in content
    assert panel.call_button.isEnabled() and "三亚" in panel.result.raw_text()
    shot(window, "try-a-tool-en.png")


def test_try_a_write_tool_asks_first_and_a_denial_is_an_error(qtbot: Any, make_window: Any) -> None:
    window = ready(qtbot, make_window)
    panel = try_tool(qtbot, window, "save_itinerary", {"title": "Sanya", "markdown": "# Day 1"})
    with qtbot.waitSignal(window.approver.dialogShown, timeout=20000):
        qtbot.mouseClick(panel.call_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.replay.tried, timeout=20000) as blocker:
        qtbot.mouseClick(window.approver.dialog.deny, Qt.MouseButton.LeftButton)
    assert blocker.args[1] is True and "denied" in blocker.args[0]
    with qtbot.waitSignal(window.approver.dialogShown, timeout=20000):
        qtbot.mouseClick(panel.call_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(window.replay.tried, timeout=20000) as blocker:
        qtbot.mouseClick(window.approver.dialog.allow_once, Qt.MouseButton.LeftButton)
    assert blocker.args[1] is False and "Sanya" in blocker.args[0]


def recorded_run(qtbot: Any, make_window: Any) -> tuple[Any, str]:
    """A finished run with one get_weather call; the model's next turn reports what it read."""
    model = FakeModel(
        [AssistantMessage("", (WEATHER,), stop_reason="tool_calls"), AssistantMessage("Sunny."), saw_result]
    )
    window = ready(qtbot, make_window, scripted_factory(model))
    with qtbot.waitSignal(window.runDone, timeout=20000):
        window.conversation.send("三亚天气？")
    original = window.session.conversation_id
    window.inspector.select_call("call_w1")
    return window, original


def fork_of(window: Any, original: str) -> tuple[str, list[Any]]:
    store: HistoryStore = window.history
    forks = [c for c in store.list() if c.forked_from == original]
    assert len(forks) == 1
    assert window.session.conversation_id == forks[0].id
    return forks[0].id, store.stored_messages(forks[0].id)


def test_edit_result_and_continue_forks_and_reruns_the_turn(qtbot: Any, make_window: Any) -> None:
    window, original = recorded_run(qtbot, make_window)
    before = window.history.stored_messages(original)
    button = window.inspector.call_details.replay_buttons["edit_result"]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.replay.dialog
    assert '"三亚"' in dialog.editor.toPlainText() or "三亚" in dialog.editor.toPlainText()
    dialog.editor.setPlainText('{"weather": "typhoon warning", "temperature": "24°C"}')
    with qtbot.waitSignal(window.runDone, timeout=20000):
        dialog._ok()
    fork_id, messages = fork_of(window, original)
    assert window.history.stored_messages(original) == before  # the original is kept
    assert messages[2].content == '{"weather": "typhoon warning", "temperature": "24°C"}'
    assert messages[-1].content.startswith('The tool said: {"weather": "typhoon')
    assert "typhoon" in window.chat.answer_text()
    items = [window.history_panel.list.item(i) for i in range(window.history_panel.list.count())]
    fork_item = next(i for i in items if i.data(0x0100) == fork_id)
    assert fork_item.text().startswith("↳ ") and "Fork of" in fork_item.toolTip()
    shot(window, "forked-conversation-en.png")


def test_run_again_and_edit_arguments(qtbot: Any, make_window: Any) -> None:
    window, original = recorded_run(qtbot, make_window)
    with qtbot.waitSignal(window.replay.forked, timeout=20000), qtbot.waitSignal(window.runDone, timeout=20000):
        qtbot.mouseClick(window.inspector.call_details.replay_buttons["again"], Qt.MouseButton.LeftButton)
    _fork_id, messages = fork_of(window, original)
    assert "三亚" in messages[2].content and not messages[2].is_error  # the real tool ran again
    # edit the arguments of the same call, from the original conversation
    window.conversation.open(original)
    window.inspector.select_call("call_w1")
    model = FakeModel([saw_result])
    window.session._factory = scripted_factory(model)
    button = window.inspector.call_details.replay_buttons["edit_arguments"]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.replay.dialog
    dialog.editor.setPlainText("[1, 2]")
    dialog._ok()
    assert "JSON object" in dialog.error.text() and dialog.isVisible()
    dialog.editor.setPlainText(json.dumps({"city": "海口"}, ensure_ascii=False))
    with qtbot.waitSignal(window.runDone, timeout=20000):
        dialog._ok()
    forks = [c for c in window.history.list() if c.forked_from == original]
    assert len(forks) == 2
    messages = window.history.stored_messages(window.session.conversation_id)
    call = messages[1].tool_calls[0]
    assert call.arguments == {"city": "海口"} and "海口" in messages[2].content
    assert model.requests[0].messages[1].tool_calls[0].arguments == {"city": "海口"}


def test_file_export_as_python(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, _original = recorded_run(qtbot, make_window)
    window.menus.actions["export_anthropic"].trigger()
    dialog = window.history_panel.export_dialog
    assert dialog is not None
    target = tmp_path / "run.py"
    dialog.fileSelected.emit(str(target))
    text = target.read_text(encoding="utf-8")
    compile(text, str(target), "exec")
    assert "client.messages.create(" in text and "三亚天气？" in text and "MAX_TURNS" in text
