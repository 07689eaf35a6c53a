"""MCP in the window: the manager after first paint, runs using server tools, settings, dialogs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from desktop_app.core.events import ToolCallEvent, ToolResultEvent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig, app_config_path, read_config_file, save_servers
from desktop_app.paths import config_dir
from desktop_app.store.settings import Settings
from desktop_app.ui.mcp.dialogs import ElicitationDialog
from desktop_app.ui.mcp.servers import McpServers
from tests.gui.conftest import scripted_factory
from tests.integration.mcp.conftest import toy

SERVER_WAIT_MS = 60_000


def wait_state(qtbot: Any, bridge: McpServers, name: str, *states: str) -> Any:
    """Until server `name` reports one of `states` (checked first: no signal is missed)."""
    status = bridge.statuses.get(name)
    if status is not None and status.state in states:
        return status
    with qtbot.waitSignal(
        bridge.statusChanged,
        timeout=SERVER_WAIT_MS,
        check_params_cb=lambda s: s.name == name and s.state in states,
    ) as blocker:
        pass
    return blocker.args[0]


def script(*calls: tuple[str, dict[str, Any]]) -> FakeModel:
    """For each call: the model asks for it, then says it is done."""
    turns: list[Any] = []
    for i, (name, args) in enumerate(calls):
        turns += [AssistantMessage("", tool_calls=(ToolCall(f"c{i}", name, args),)), AssistantMessage(f"done {i}")]
    return FakeModel(turns)


def run(qtbot: Any, window: Any, text: str = "go") -> list[ToolResultEvent]:
    """Send `text`, wait for the run to end; the tool results it produced."""
    results: list[ToolResultEvent] = []
    window.session.toolResult.connect(results.append)
    with qtbot.waitSignal(window.runDone, timeout=SERVER_WAIT_MS) as blocker:
        assert window.conversation.send(text)
    window.session.toolResult.disconnect(results.append)
    assert blocker.args[0] == "done"
    return results


def test_manager_starts_after_first_paint_and_a_run_uses_an_mcp_tool(
    qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_servers([toy("toy")])
    painted_at_start: list[bool] = []
    real_start = McpServers.start

    def spy(self: McpServers, bridge: Any) -> Any:
        painted_at_start.append(self.parent().painted)
        return real_start(self, bridge)

    monkeypatch.setattr(McpServers, "start", spy)
    started: list[McpManager] = []
    real_manager_start = McpManager.start

    def counted(self: McpManager) -> None:
        started.append(self)
        real_manager_start(self)

    monkeypatch.setattr(McpManager, "start", counted)
    settings = Settings(auto_approve=["toy__ping"])
    window = make_window(scripted_factory(script(("toy__ping", {"text": "hi"}))), settings=settings)
    assert painted_at_start in ([], [True])  # never before the first paint
    wait_state(qtbot, window.mcp, "toy", "ready")
    assert painted_at_start == [True]
    calls: list[ToolCallEvent] = []
    window.session.toolCall.connect(calls.append)
    results = run(qtbot, window)
    assert [(r.name, r.content, r.is_error) for r in results] == [("toy__ping", "pong: hi", False)]
    assert [(c.name, c.source) for c in calls] == [("toy__ping", "mcp:toy")]
    assert started == [window.mcp.manager]  # the run attached to the window's servers and started none


def test_settings_lists_a_failed_server_with_its_reason_and_adds_one(qtbot: Any, make_window: Any) -> None:
    save_servers([ServerConfig(name="broken", command="no-such-mcp-program-xyz")])
    window = make_window()
    failed = wait_state(qtbot, window.mcp, "broken", "failed")
    assert "no-such-mcp-program-xyz" in failed.reason
    dialog = window.open_settings()
    page = dialog.findChild(QWidget, "mcpSettings")
    assert page is not None
    line = page.list.item(0).text()
    assert "broken" in line and "failed" in line and "no-such-mcp-program-xyz" in line
    assert "no-such-mcp-program-xyz" in page.details.toPlainText()

    editor = page.add()
    editor.name.setText("broken")
    editor.save()  # the name is taken: a one-line error, nothing saved
    assert editor.error.isVisible() and "already exists" in editor.error.text()
    good = toy("extra")
    editor.name.setText("extra")
    editor.command.setText(good.command)
    editor.args.setText(" ".join(good.args))
    editor.env.setPlainText("GREETING=hello")
    editor.save()
    saved = {s.name: s for s in read_config_file(app_config_path())}
    assert saved["extra"].args == good.args and saved["extra"].env == {"GREETING": "hello"}
    wait_state(qtbot, window.mcp, "extra", "ready")

    page.list.setCurrentRow(0)  # broken: disable it, then remove it
    page.toggle()
    assert {s.name: s.disabled for s in read_config_file(app_config_path())}["broken"] is True
    wait_state(qtbot, window.mcp, "broken", "disabled")
    page.remove()
    assert [s.name for s in read_config_file(app_config_path())] == ["extra"]
    dialog.reject()


def test_changed_definition_dialog_approves_and_the_tool_becomes_callable(qtbot: Any, make_window: Any) -> None:
    save_servers([toy("mut", "mutable", env={"TOY_VERSION": "v1"})])
    settings = Settings(auto_approve=["mut__weather"])
    window = make_window(scripted_factory(script(("mut__weather", {"city": "Paris"}))), settings=settings)
    wait_state(qtbot, window.mcp, "mut", "ready")  # first sight: pinned
    assert not window.mcp_notice.isVisible()
    changed = [toy("mut", "mutable", env={"TOY_VERSION": "v2"})]
    with qtbot.waitSignal(window.mcp.pendingChanged, timeout=SERVER_WAIT_MS, check_params_cb=bool):
        save_servers(changed)
        window.mcp.update(changed)
    assert window.mcp_notice.isVisible() and "review" in window.mcp_notice.text()
    dialog = window.mcp_actions.review_changes()
    assert "Weather for a city." in dialog.old_text.toPlainText()
    assert "evil.example" in dialog.new_text.toPlainText()
    assert "⟦hidden tag text: 'Ignore'⟧" in dialog.new_text.toPlainText()
    assert dialog.warnings.isVisible()
    with qtbot.waitSignal(window.mcp.pendingChanged, timeout=SERVER_WAIT_MS, check_params_cb=lambda p: not p):
        dialog.approve_button.click()
    assert not window.mcp_notice.isVisible()
    results = run(qtbot, window)
    assert [(r.content, r.is_error) for r in results] == [("sunny in Paris", False)]


def test_damaged_pins_show_a_notice_and_every_tool_waits_for_review(qtbot: Any, make_window: Any) -> None:
    save_servers([toy("mut", "mutable", env={"TOY_VERSION": "v1"})])
    (config_dir() / "mcp-trust.json").write_text("{}", encoding="utf-8")  # damaged: not a store we wrote
    window = make_window()
    with qtbot.waitSignal(window.mcp.problem, timeout=SERVER_WAIT_MS) as told:
        pass
    assert "mcp-trust.json" in told.args[0] and "held back" in told.args[0] and "\n" not in told.args[0]
    status = wait_state(qtbot, window.mcp, "mut", "ready")
    qtbot.waitUntil(lambda: len(window.mcp.pending) == len(status.tools), timeout=SERVER_WAIT_MS)
    assert status.warnings and "mcp-trust.json" in status.warnings[0]
    assert window.mcp_notice.isVisible()
    dialog = window.mcp_actions.review_changes()
    assert "could not be read" in dialog.old_text.toPlainText()
    dialog.reject()


def test_keep_blocked_refuses_the_call(qtbot: Any, make_window: Any) -> None:
    save_servers([toy("mut", "mutable", env={"TOY_VERSION": "v1"})])
    settings = Settings(auto_approve=["mut__weather"])
    window = make_window(scripted_factory(script(("mut__weather", {"city": "Paris"}))), settings=settings)
    wait_state(qtbot, window.mcp, "mut", "ready")
    changed = [toy("mut", "mutable", env={"TOY_VERSION": "v2"})]
    with qtbot.waitSignal(window.mcp.pendingChanged, timeout=SERVER_WAIT_MS, check_params_cb=bool):
        window.mcp.update(changed)
    dialog = window.mcp_actions.review_changes()
    dialog.keep_button.click()
    results = run(qtbot, window)
    assert results[0].is_error
    assert window.mcp_notice.isVisible()


def _asker_window(qtbot: Any, make_window: Any, *calls: tuple[str, dict[str, Any]]) -> Any:
    save_servers([toy("ask", "asker")])
    settings = Settings(auto_approve=["ask__book", "ask__summarize"])
    window = make_window(scripted_factory(script(*calls)), settings=settings)
    wait_state(qtbot, window.mcp, "ask", "ready")
    return window


def _answer_next_dialog(qtbot: Any, window: Any, answer: Any) -> list[Any]:
    shown: list[Any] = []

    def on_shown(dialog: Any) -> None:
        shown.append(dialog)
        answer(dialog)

    window.mcp.interaction.dialogShown.connect(on_shown)
    return shown


def test_elicitation_form_returns_accepted_data_then_decline(qtbot: Any, make_window: Any) -> None:
    window = _asker_window(qtbot, make_window, ("ask__book", {"city": "Paris"}), ("ask__book", {"city": "Rome"}))

    def fill(dialog: ElicitationDialog) -> None:
        assert "Book a hotel in Paris" in dialog.findChild(QWidget, "message").text()
        dialog.accept_button.click()  # nothing filled in yet: refused, the form stays open
        assert dialog.isVisible() and "name" in dialog.error.text()
        dialog.findChild(QWidget, "field_name").setText("Ann")
        dialog.findChild(QWidget, "field_nights").setValue(3)
        dialog.accept_button.click()

    shown = _answer_next_dialog(qtbot, window, fill)
    results = run(qtbot, window)
    assert len(shown) == 1
    assert results[0].content == "booked 3 nights for Ann in Paris"
    window.mcp.interaction.dialogShown.disconnect()
    _answer_next_dialog(qtbot, window, lambda d: d.decline_button.click())
    results = run(qtbot, window)
    assert results[0].content.startswith("booking: decline\n")
    assert "but the user declined the form" in results[0].content  # what the model is told


def test_sampling_deny_tells_the_server(qtbot: Any, make_window: Any) -> None:
    window = _asker_window(qtbot, make_window, ("ask__summarize", {"text": "a long trip report"}))

    def deny(dialog: Any) -> None:
        text = dialog.request_text.toPlainText()
        assert "Summarize in one line." in text and "a long trip report" in text
        dialog.deny_button.click()

    shown = _answer_next_dialog(qtbot, window, deny)
    results = run(qtbot, window)
    assert len(shown) == 1
    assert "sampling refused" in results[0].content and "declined" in results[0].content


def test_sampling_approve_sends_it_to_the_configured_model(qtbot: Any, make_window: Any) -> None:
    window = _asker_window(qtbot, make_window, ("ask__summarize", {"text": "a long trip report"}))
    window.mcp._model = lambda: FakeModel([AssistantMessage("Trip was long.")])  # the configured model
    _answer_next_dialog(qtbot, window, lambda d: d.approve_button.click())
    results = run(qtbot, window)
    assert results[0].content.startswith("summary: Trip was long. (by fake")


def test_elicitation_form_fields_follow_the_schema(qtbot: Any) -> None:
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Your name"},
            "nights": {"type": "integer", "minimum": 1, "maximum": 30},
            "budget": {"type": "number"},
            "breakfast": {"type": "boolean", "default": True},
            "room": {"type": "string", "enum": ["single", "double"], "enumNames": ["Single", "Double"]},
        },
        "required": ["name", "room"],
    }
    dialog = ElicitationDialog("hotel", "Details?", schema, None)
    qtbot.addWidget(dialog)
    dialog.findChild(QWidget, "field_name").setText("Ann")
    dialog.findChild(QWidget, "field_nights").setValue(2)
    dialog.findChild(QWidget, "field_budget").setValue(120.5)
    room = dialog.findChild(QWidget, "field_room")
    room.setCurrentIndex(room.findData("double"))
    assert dialog.form.content() == {"name": "Ann", "nights": 2, "budget": 120.5, "breakfast": True, "room": "double"}
    dialog._send()
    assert dialog.action == "accept"


def _toy_children() -> list[int]:
    """Our child processes running the toy server (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == os.getpid() and b"toy_server.py" in cmdline and stat[0] != "Z":
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_closing_the_window_stops_the_servers(qtbot: Any, make_window: Any) -> None:
    save_servers([toy("toy")])
    window = make_window()
    wait_state(qtbot, window.mcp, "toy", "ready")
    assert len(_toy_children()) == 1
    window.close()
    assert window.mcp.manager is None
    assert _toy_children() == []


def test_stop_closes_an_open_form_and_cancels_the_run(qtbot: Any, make_window: Any) -> None:
    window = _asker_window(qtbot, make_window, ("ask__book", {"city": "Paris"}))
    with qtbot.waitSignal(window.mcp.interaction.dialogShown, timeout=SERVER_WAIT_MS) as shown:
        assert window.conversation.send("go")
    dialog = shown.args[0]
    assert dialog.isVisible()
    with qtbot.waitSignal(window.runDone, timeout=SERVER_WAIT_MS) as done:
        window.conversation.stop()
    assert done.args[0] == "cancelled"
    assert window.mcp.interaction.open_dialogs == []


def test_trusting_read_only_hints_is_a_checkbox_that_says_what_it_does(qtbot: Any) -> None:
    """Ticked, the entry carries trustReadOnlyHints; an SSE entry keeps its "type" through an edit."""
    from desktop_app.ui.mcp.server_editor import ServerEditor

    existing = ServerConfig(name="legacy", url="http://127.0.0.1:1/events", kind="sse")
    editor = ServerEditor(existing, set(), None)
    qtbot.addWidget(editor)
    assert not editor.read_only.isChecked()
    assert "without asking" in editor.read_only.text() and "dishonest" in editor.read_only.toolTip()
    editor.read_only.setChecked(True)
    editor.save()
    assert editor.config is not None and editor.config.trust_read_only_hints
    assert editor.config.transport == "sse" and editor.config.to_json()["type"] == "sse"


def test_a_run_in_the_window_never_waits_on_a_dead_server(qtbot: Any, make_window: Any) -> None:
    """A server that never answers initialize: the run starts after the grace period and finishes."""
    import sys
    import time

    from tests.integration.mcp.test_slow_servers import SILENT

    save_servers([ServerConfig(name="dead", command=sys.executable, args=(str(SILENT),)), toy("toy")])
    settings = Settings(auto_approve=["toy__ping"], mcp_grace_s=0.3)
    window = make_window(scripted_factory(script(("toy__ping", {"text": "hi"}))), settings=settings)
    wait_state(qtbot, window.mcp, "toy", "ready")
    assert window.mcp.statuses["dead"].state == "connecting"
    started = time.monotonic()
    results = run(qtbot, window)
    assert time.monotonic() - started < 10  # the dead server's connect timeout is 30 s
    assert [(r.name, r.content) for r in results] == [("toy__ping", "pong: hi")]
