"""Through the real MainWindow: the Skills menu and chip, the shell/web settings, the shell's confirmation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.core.events import Event, ToolDefsEvent
from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage
from desktop_app.llm.fake import FakeModel
from desktop_app.paths import config_dir
from desktop_app.store.settings import Settings
from tests.gui.conftest import scripted_factory
from tests.gui.test_main_window import inspector_calls, run_and_wait
from tests.keyrings import MemoryKeyring, use_keyring

__all__ = ["use_keyring"]

SECTIONS = ("天气概况", "必去景点", "美食推荐", "交通建议", "预算估算")
SKILL = "search_and_summarize"


def skill_action(window: Any, name: str) -> Any:
    window.skills_menu.refresh()
    return next(a for a in window.skills_menu.actions() if a.isCheckable() and a.data() == name)


def test_menu_lists_bundled_skill_with_description(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    action = skill_action(window, SKILL)
    assert SKILL in action.text() and "搜索并总结" in action.text()
    assert "web_search ≤ 5" in action.toolTip() and "read_page ≤ 3" in action.toolTip()
    assert window.skills_menu in [a.menu() for a in window.menuBar().actions()]
    assert not window.skill_chip.isVisible()


def test_chosen_skill_shows_chip_and_runs_the_guide(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    events: list[Event] = []
    window.session.every_event(events.append)
    skill_action(window, SKILL).trigger()
    assert window.skill_chip.isVisible()
    assert SKILL in window.skill_chip.label.text()
    assert window.skill.name == SKILL and skill_action(window, SKILL).isChecked()
    assert run_and_wait(qtbot, window, "三亚旅游攻略", timeout=30000) == "done"
    answer = window.chat.answer_text()
    positions = [answer.find(s) for s in SECTIONS]
    assert -1 not in positions and positions == sorted(positions), answer
    names = [e["name"] for e in inspector_calls(window)]
    assert "web_search" in names and "read_page" in names
    assert names.count("web_search") <= 5 and names.count("read_page") <= 3
    assert set(names) <= {"web_search", "read_page", "get_weather"}  # only the skill's tools
    tool_defs = next(e for e in events if isinstance(e, ToolDefsEvent))
    assert {t["name"] for t in tool_defs.tools} >= {"web_search", "read_page"}
    assert window.skill_chip.isVisible()  # still active for the conversation's next message


def test_removing_the_chip_deactivates_the_skill(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    skill_action(window, SKILL).trigger()
    assert window.setup.options().skill == SKILL
    qtbot.mouseClick(window.skill_chip.close_button, Qt.MouseButton.LeftButton)
    assert not window.skill_chip.isVisible()
    assert window.skill.name == ""
    assert window.setup.options().skill == ""
    assert not skill_action(window, SKILL).isChecked()
    assert run_and_wait(qtbot, window, "三亚旅游攻略", timeout=30000) == "done"
    assert "web_search" not in [e["name"] for e in inspector_calls(window)]


def test_typed_slash_command_shows_the_same_chip(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.composer.setFocus()
    window.composer.insertPlainText(f"/{SKILL}")
    qtbot.keyClick(window.composer, Qt.Key.Key_Return)
    assert window.skill_chip.isVisible() and window.skill.name == SKILL
    assert window.chat.message_count() == 0 and not window.session.busy  # nothing sent yet
    window.conversation.new()
    assert not window.skill_chip.isVisible()
    status = run_and_wait(qtbot, window, f"/{SKILL} 三亚旅游攻略", timeout=30000)
    assert status == "done" and window.skill.name == SKILL
    assert "预算估算" in window.chat.answer_text()


def test_broken_skill_is_listed_disabled_with_its_error(qtbot: Any, make_window: Any) -> None:
    folder = config_dir() / "skills" / "broken"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: broken\n---\nno description\n", encoding="utf-8")
    window = make_window()
    window.skills_menu.refresh()
    (problem,) = [a for a in window.skills_menu.actions() if a.objectName() == "brokenSkill"]
    assert not problem.isEnabled()
    assert "broken" in problem.text() and "description" in problem.text()
    assert "SKILL.md:" in problem.toolTip() and "'description' is required" in problem.toolTip()
    assert SKILL in [a.data() for a in window.skills_menu.actions() if a.isCheckable()]


def shell_section(qtbot: Any, window: Any) -> Any:
    section = window.open_settings().shell_section
    if section.sandbox_status.text() == "Checking the OS sandbox…":
        with qtbot.waitSignal(section.sandboxShown, timeout=15000):
            pass
    return section


def test_shell_settings_save_and_say_there_is_no_sandbox(
    qtbot: Any, make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_SANDBOX", "off")
    workspace = tmp_path / "notes"
    workspace.mkdir()
    window = make_window()
    section = shell_section(qtbot, window)
    text = section.sandbox_status.text()
    assert "No OS sandbox is available" in text and "every command will need your confirmation" in text
    assert not section.enable_shell.isChecked()
    section.enable_shell.setChecked(True)
    assert "workspace" in section.workspace_status.text()  # enabled without a folder: said so
    section.workspace.setText(str(workspace))
    assert section.workspace_status.text().startswith("Commands run in this folder")
    section.extra_commands.setText("python3, jq curl")
    assert not section.extra_warning.isHidden()  # its tab is not the current one
    assert "python3" in section.extra_warning.text() and "curl" in section.extra_warning.text()
    assert "jq" not in section.extra_warning.text()
    window.settings_dialog.save()
    saved = json.loads(Settings.path().read_text(encoding="utf-8"))
    assert saved["enable_shell"] is True
    assert saved["workspace"] == str(workspace)
    assert saved["shell_extra_commands"] == ["python3", "jq", "curl"]
    assert window.settings.enable_shell and window.settings.workspace == str(workspace)


def test_sandbox_sentence_when_bubblewrap_works(qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop_app.tools.shell.sandbox import detect_sandbox

    monkeypatch.delenv("TRAVEL_ASSISTANT_SANDBOX", raising=False)
    window = make_window()
    section = shell_section(qtbot, window)
    expected = detect_sandbox()
    assert expected.detail in section.sandbox_status.text()
    lead = "Commands run in the" if expected.available else "No OS sandbox is available"
    assert section.sandbox_status.text().startswith(lead)


def test_workspace_folder_dialog_is_opened_not_executed(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    section = shell_section(qtbot, window)
    dialog = section.open_folder_dialog()
    assert dialog.isVisible() and dialog.isModal()  # open(): window-modal, the loop keeps running
    with qtbot.waitSignal(dialog.finished, timeout=5000):
        dialog.fileSelected.emit(str(tmp_path))  # what QFileDialog emits when a folder is accepted
        dialog.reject()
    assert section.workspace.text() == str(tmp_path)
    assert section._folder_dialog is None


def test_live_web_options_and_search_key_go_to_keyring(
    qtbot: Any, make_window: Any, use_keyring: Any, app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BRAVE_SEARCH_API_KEY", raising=False)
    backend = use_keyring(MemoryKeyring())
    secret = "brave-secret-0123456789"
    window = make_window()
    section = shell_section(qtbot, window)
    assert not section.search_key.isEnabled()  # the local library needs no key
    section.live_web.setChecked(True)
    section.search_provider.setCurrentIndex(section.search_provider.findData("brave"))
    assert "not stored" in section.search_key_status.text()
    section.search_endpoint.setText("http://127.0.0.1:9/search")
    section.search_key.setText(secret)
    qtbot.mouseClick(section.store_search_key, Qt.MouseButton.LeftButton)
    assert backend.store == {("travel-assistant", "brave"): secret}
    assert section.search_key.text() == ""
    assert "stored in the keyring" in section.search_key_status.text()
    window.settings_dialog.save()
    raw = Settings.path().read_text(encoding="utf-8")
    saved = json.loads(raw)
    assert (saved["live_web"], saved["web_search_provider"]) == (True, "brave")
    assert saved["web_search_endpoint"] == "http://127.0.0.1:9/search"
    assert secret not in raw


def test_shell_confirmation_shows_the_warning_and_exact_command(
    qtbot: Any, make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_SANDBOX", "off")
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "itinerary.md").write_text("三亚\n", encoding="utf-8")
    args = {"command": "ls -la"}
    call = ToolCall("call_sh1", "execute_shell", args, json.dumps(args))
    model = FakeModel([AssistantMessage(tool_calls=(call,), stop_reason="tool_calls"), AssistantMessage("done")])
    settings = Settings(enable_shell=True, workspace=str(workspace), auto_approve=["execute_shell"])
    window = make_window(scripted_factory(model), settings=settings)
    with qtbot.waitSignal(window.approver.dialogShown, timeout=15000) as shown:
        window.conversation.send("list my notes")
    dialog = shown.args[0]  # shown although "always allow" names it: every shell call is confirmed
    assert dialog.tool_warnings.isVisible()
    assert "no OS sandbox is available" in dialog.tool_warnings.text()
    assert dialog.command.text() == "$ ls -la"
    assert not dialog.allow_conversation.isVisible()
    with qtbot.waitSignal(window.runDone, timeout=15000):
        qtbot.mouseClick(dialog.allow_once, Qt.MouseButton.LeftButton)
    result = next(m for m in model.requests[-1].messages if isinstance(m, ToolResultMessage))
    assert not result.is_error and "itinerary.md" in result.content
