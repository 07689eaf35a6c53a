"""MCP resources and prompts in the window, against the real server-everything (stdio)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from desktop_app.core.messages import AssistantMessage
from desktop_app.llm.fake import FakeModel
from desktop_app.mcp.setup.config import ServerConfig, save_servers
from tests.gui.conftest import scripted_factory
from tests.gui.mcp.test_mcp_window import SERVER_WAIT_MS, wait_state
from tests.integration.mcp.conftest import find_program

DOC = "demo://resource/static/document/architecture.md"


@pytest.fixture
def window(qtbot: Any, make_window: Any) -> Any:
    program = find_program("mcp-server-everything")
    if program is None:
        pytest.skip("@modelcontextprotocol/server-everything is not installed (see .ci/run)")
    save_servers([ServerConfig(name="everything", command=program, args=("stdio",))])
    window = make_window(scripted_factory(FakeModel([AssistantMessage("noted")])))
    wait_state(qtbot, window.mcp, "everything", "ready")
    return window


def _sent(window: Any, qtbot: Any, text: str) -> str:
    """Send, wait for the run; the user message as saved (what the model was sent)."""
    with qtbot.waitSignal(window.runDone, timeout=SERVER_WAIT_MS):
        assert window.conversation.send(text)
    messages = window.history.messages(window.session.conversation_id)
    return str(next(m.content for m in messages if m.role == "user"))


def test_a_browsed_resource_is_attached_to_the_next_message(qtbot: Any, window: Any) -> None:
    window.menus.actions["resources"].trigger()  # File → MCP resources…
    browser = window.mcp_actions.resource_browser
    if DOC not in _uris(browser):  # the list arrives from the engine thread
        with qtbot.waitSignal(browser.loaded, timeout=SERVER_WAIT_MS):
            pass
    row = next(i for i in range(browser.list.count()) if "architecture.md" in browser.list.item(i).text())
    with qtbot.waitSignal(browser.shown, timeout=SERVER_WAIT_MS):
        browser.list.setCurrentRow(row)
    assert "Architecture" in browser.text.toPlainText() and browser.attach_button.isEnabled()
    browser.attach_button.click()
    assert window.attach_chip.isVisible() and "architecture.md" in window.attach_chip.label.text()
    sent = _sent(window, qtbot, "Summarise the attached document")
    assert sent.startswith("Summarise the attached document")
    assert f'<resource server="everything" uri="{DOC}">' in sent and "Architecture" in sent
    assert not window.attach_chip.isVisible()  # one message takes them


def test_a_slash_prompt_asks_its_arguments_then_sends_what_it_expands_to(qtbot: Any, window: Any) -> None:
    with qtbot.waitSignal(window.mcp_actions.promptOpened, timeout=SERVER_WAIT_MS) as opened:
        assert window.conversation.send("/everything:args-prompt")
    dialog = opened.args[0]
    dialog.run_button.click()  # the required city is missing: the form says so and stays
    assert dialog.isVisible() and "city" in dialog.problem.text()
    dialog.form.fields[0].widget.setText("Sanya")
    with qtbot.waitSignal(window.runDone, timeout=SERVER_WAIT_MS):
        dialog.run_button.click()
    messages = window.history.messages(window.session.conversation_id)
    assert [m.content for m in messages if m.role == "user"] == ["What's weather in Sanya?"]


def test_an_unknown_prompt_is_one_line_in_the_status_bar(qtbot: Any, window: Any) -> None:
    with qtbot.waitSignal(window.statusBar().messageChanged, timeout=SERVER_WAIT_MS):
        assert window.conversation.send("/everything:no-such-prompt")
    assert window.statusBar().currentMessage() == "No MCP prompt /everything:no-such-prompt"


def test_a_resource_link_in_a_tool_result_opens_in_the_browser(qtbot: Any, window: Any) -> None:
    """server-everything's get-resource-links answers with template URIs (not in resources/list)."""
    from desktop_app.core.events import ToolCallEvent, ToolResultEvent
    from desktop_app.mcp.client.results import to_output

    uri = "demo://resource/dynamic/text/2"
    link = {"type": "resource_link", "uri": uri, "name": "Text Resource 2", "description": "Resource 2"}
    name = "everything__get-resource-links"
    window.chat.add_tool_call(ToolCallEvent("c1", name, {"count": 1}))
    window.chat.on_result(ToolResultEvent("c1", name, to_output({"content": [link]}).content, False, 1.0))
    chip = window.chat.chip_widget("c1")
    assert chip is not None and chip.links is not None
    buttons = chip.links.findChildren(QToolButton)
    assert [b.text() for b in buttons] == ["Text Resource 2"]
    buttons[0].click()
    browser = window.mcp_actions.resource_browser
    if "Resource 2" not in browser.text.toPlainText():
        with qtbot.waitSignal(browser.shown, timeout=SERVER_WAIT_MS):
            pass
    assert "Resource 2" in browser.text.toPlainText() and browser.attach_button.isEnabled()
    assert browser.list.currentItem().data(Qt.ItemDataRole.UserRole)["uri"] == uri
    if DOC not in _uris(browser):  # the full list arrives later: the link is not listed twice
        with qtbot.waitSignal(browser.loaded, timeout=SERVER_WAIT_MS):
            pass
    uris = _uris(browser)
    assert uris.count(uri) == 1 and DOC in uris


def _uris(browser: Any) -> list[str]:
    return [browser.list.item(i).data(Qt.ItemDataRole.UserRole).get("uri") for i in range(browser.list.count())]


def test_the_prompts_menu_lists_each_servers_prompts_and_runs_one(qtbot: Any, window: Any) -> None:
    menu = window.prompts_menu
    with qtbot.waitSignal(menu.filled, timeout=SERVER_WAIT_MS):
        menu.aboutToShow.emit()  # what opening it does
    entries = {a.text(): a for a in menu.actions()}
    assert "/everything:simple-prompt" in entries and "/everything:args-prompt" in entries
    with qtbot.waitSignal(window.mcp_actions.promptOpened, timeout=SERVER_WAIT_MS) as opened:
        entries["/everything:args-prompt"].trigger()
    dialog = opened.args[0]
    dialog.form.fields[0].widget.setText("Lijiang")
    with qtbot.waitSignal(window.runDone, timeout=SERVER_WAIT_MS):
        dialog.run_button.click()
    messages = window.history.messages(window.session.conversation_id)
    assert [m.content for m in messages if m.role == "user"] == ["What's weather in Lijiang?"]


def test_a_resource_template_is_filled_in_then_read(qtbot: Any, window: Any) -> None:
    window.menus.actions["resources"].trigger()
    browser = window.mcp_actions.resource_browser
    with qtbot.waitSignal(browser.templatesLoaded, timeout=SERVER_WAIT_MS):
        pass
    row = next(i for i in range(browser.list.count()) if "Dynamic Text Resource" in browser.list.item(i).text())
    assert "(template)" in browser.list.item(row).text()
    browser.list.setCurrentRow(row)  # nothing is read: the URI waits to be completed
    assert browser.uri.text() == "demo://resource/dynamic/text/{resourceId}" and not browser.attach_button.isEnabled()
    browser.uri.setText("demo://resource/dynamic/text/7")
    with qtbot.waitSignal(browser.shown, timeout=SERVER_WAIT_MS):
        browser.open_button.click()
    assert "Resource 7" in browser.text.toPlainText() and browser.attach_button.isEnabled()
    assert browser.list.currentItem().data(Qt.ItemDataRole.UserRole)["uri"] == "demo://resource/dynamic/text/7"


def test_turning_the_shell_on_in_settings_offers_its_workspace_as_a_root(
    qtbot: Any, window: Any, tmp_path: Path
) -> None:
    """server-everything offers get-roots-list only to a client with roots: it appears once the
    shell is on (the servers reconnect, as the capability is agreed at initialize)."""
    from dataclasses import replace

    workspace = tmp_path / "trip"
    workspace.mkdir()

    def offers_roots_tool(status: Any) -> bool:
        return status.state == "ready" and any("get-roots-list" in t for t in status.tools + status.held_back)

    assert not offers_roots_tool(window.mcp.statuses["everything"])
    with qtbot.waitSignal(window.mcp.statusChanged, timeout=SERVER_WAIT_MS, check_params_cb=offers_roots_tool):
        window.apply_settings(replace(window.settings, enable_shell=True, workspace=str(workspace)))
    assert window.mcp.manager.roots == (workspace.resolve(),)
