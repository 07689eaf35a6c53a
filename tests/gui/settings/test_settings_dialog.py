"""The Settings dialog: the key goes to the keyring and nowhere else; choices are saved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from desktop_app.store.settings import Settings
from tests.keyrings import MemoryKeyring, PlaintextKeyring, use_keyring

__all__ = ["use_keyring"]

SECRET = "sk-test-0123456789abcdefSECRET"


def files_under(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


def choose(dialog: Any, label_part: str) -> None:
    index = next(i for i in range(dialog.preset.count()) if label_part in dialog.preset.itemText(i))
    dialog.preset.setCurrentIndex(index)


def test_key_is_stored_in_the_keyring_and_nowhere_else(
    qtbot: Any, make_window: Any, use_keyring: Any, app_home: Path, tmp_path: Path
) -> None:
    backend = use_keyring(MemoryKeyring())
    window = make_window()
    dialog = window.open_settings()
    choose(dialog, "OpenAI")
    assert dialog.provider() == "openai"
    assert "not stored" in dialog.key_status.text()
    dialog.key.setText(SECRET)
    qtbot.mouseClick(dialog.store_key, Qt.MouseButton.LeftButton)
    assert backend.store == {("travel-assistant", "openai"): SECRET}
    assert dialog.key.text() == ""  # the field never keeps it
    assert "stored in the keyring" in dialog.key_status.text()
    assert SECRET not in dialog.key_status.text()
    dialog.save()
    window.close()  # writes the window layout too
    saved = json.loads(Settings.path().read_text(encoding="utf-8"))
    assert saved["provider"] == "openai"
    for path in files_under(app_home) + files_under(tmp_path):
        assert SECRET.encode() not in path.read_bytes(), path


def test_plaintext_keyring_is_not_used_key_kept_for_the_session(
    qtbot: Any, make_window: Any, use_keyring: Any, app_home: Path
) -> None:
    from desktop_app.store import secrets

    backend = use_keyring(PlaintextKeyring())
    window = make_window()
    dialog = window.open_settings()
    choose(dialog, "Anthropic")
    dialog.key.setText(SECRET)
    dialog.store_key.click()
    assert backend.store == {}
    assert "memory" in dialog.key_status.text()
    assert secrets.key_status("anthropic").source == "session"
    secrets.forget_session_keys()
    dialog.reject()


def test_presets_fill_url_and_model_and_save(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    dialog = window.open_settings()
    choose(dialog, "DeepSeek")
    assert dialog.base_url.text().startswith("https://api.deepseek.com")
    assert dialog.model.currentText() == "deepseek-chat"
    dialog.live_weather.setChecked(True)
    dialog.timeout.setValue(120)
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    with qtbot.waitSignal(dialog.saved) as blocker:
        dialog.save()
    new = blocker.args[0]
    assert (new.provider, new.model, new.live_weather, new.approval_timeout_s) == ("openai", "deepseek-chat", True, 120)
    assert Settings.load().base_url.startswith("https://api.deepseek.com")
    assert window.settings.provider == "openai"  # the window took the new settings over
    assert not window.banner.isVisible()
    assert window.language.current == "zh_CN"
    reopened = window.open_settings()
    assert "DeepSeek" in reopened.preset.currentText()
    reopened.reject()


def test_test_button_reports_the_offline_provider(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    dialog = window.open_settings()
    choose(dialog, "Offline")
    with qtbot.waitSignal(dialog.testFinished, timeout=10000) as blocker:
        dialog.test_button.click()
    ok, message = blocker.args
    assert ok and "offline" in message
    assert dialog.test_result.text().startswith("✓")
    dialog.reject()


def test_test_button_reports_a_failure_in_one_line(qtbot: Any, make_window: Any, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    window = make_window()
    dialog = window.open_settings()
    choose(dialog, "custom URL")
    dialog.base_url.setText("http://127.0.0.1:9/v1")  # nothing listens on the discard port
    dialog.model.setEditText("m")
    with qtbot.waitSignal(dialog.testFinished, timeout=20000) as blocker:
        dialog.test_button.click()
    ok, message = blocker.args
    assert not ok and message and "\n" not in message
    assert dialog.test_result.text().startswith("✗")
    dialog.reject()


def test_the_sandbox_probe_runs_through_the_window_s_engine_thread(
    qtbot: Any, make_window: Any, monkeypatch: Any
) -> None:
    import threading

    from desktop_app.tools.shell import sandbox

    threads: list[str] = []

    def probe() -> sandbox.Sandbox:
        threads.append(threading.current_thread().name)
        return sandbox.Sandbox("none", False, "no sandbox here")

    monkeypatch.setattr(sandbox, "detect_sandbox", probe)
    window = make_window()
    with qtbot.waitSignal(window.open_settings().shell_section.sandboxShown, timeout=15000) as shown:
        pass
    assert threads and threads[0] != threading.main_thread().name and shown.args[0]
