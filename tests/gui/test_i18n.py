"""Both languages load from Qt translation files; every UI string has a Chinese translation."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from desktop_app.ui.i18n import Language, resolve_language, tr

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import update_translations  # noqa: E402


def test_system_language_decides_when_not_chosen() -> None:
    assert resolve_language("", "zh_CN") == "zh_CN"
    assert resolve_language("", "zh_TW") == "zh_CN"
    assert resolve_language("", "en_US") == "en"
    assert resolve_language("", "de_DE") == "en"
    assert resolve_language("en", "zh_CN") == "en"


def test_chinese_and_english_load(qapp: QApplication) -> None:
    language = Language(qapp)
    try:
        assert language.apply("zh_CN") == "zh_CN"
        assert tr("Send") == "发送"
        assert tr("%n call(s) waiting for your decision", None, 3) == "3 个调用等待你的决定"
        assert language.apply("en") == "en"
        assert tr("Send") == "Send"
        assert tr("%n call(s) waiting for your decision", None, 2) == "2 call(s) waiting for your decision"
    finally:
        language.apply("en")


def test_window_in_chinese(qtbot: Any, make_window: Any) -> None:
    window = make_window(language="zh_CN")
    assert window.send_button.text() == "发送"
    assert window.windowTitle() == "旅行助手"
    assert "离线演示" in window.banner_text.text()
    assert window.dock.windowTitle() == "检查器"


def test_window_in_english(qtbot: Any, make_window: Any) -> None:
    window = make_window(language="en")
    assert window.send_button.text() == "Send"
    assert "Offline demo" in window.banner_text.text()


def test_every_ui_string_is_translated() -> None:
    strings = update_translations.ui_strings()
    known = update_translations.read_ts(update_translations.TS_DIR / "travel_assistant_zh_CN.ts")
    assert len(strings) > 50
    assert [s for s in strings if s not in known] == []


def test_compiled_qm_matches_the_ts(tmp_path: Path) -> None:
    ts = update_translations.TS_DIR / "travel_assistant_zh_CN.ts"
    out = tmp_path / "fresh.qm"
    subprocess.run([update_translations.lrelease(), "-silent", str(ts), "-qm", str(out)], check=True)
    assert out.read_bytes() == ts.with_suffix(".qm").read_bytes(), "run packaging/update_translations.py"


def test_switching_language_in_settings_relabels_the_open_window(qtbot: Any, make_window: Any) -> None:
    window = make_window(language="en")
    dialog = window.open_settings()
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    dialog.save()
    qtbot.waitUntil(lambda: window.send_button.text() == "发送")  # LanguageChange is posted
    assert window.history_panel.new_button.text() == "新对话"
    assert "离线演示" in window.banner_text.text()
    assert window.menus.view_menu.title() == "视图"
