"""The window's bundle confirmation: one line per field under its own label; replacing an installed bundle asks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QPlainTextEdit

from desktop_app.mcp.bundles.installer import bundles_dir, install, read_bundle
from desktop_app.mcp.setup.config import app_config_path
from desktop_app.store.settings import Settings
from desktop_app.ui.mcp.bundle_dialog import BundleDialog
from tests.keyrings import MemoryKeyring, use_keyring
from tests.mcpb_files import make_bundle
from tests.unit.mcp.test_bundle_consent import _forging, _other_publisher, _token_bundle

__all__ = ["use_keyring"]

LABELS = ("Name", "Description", "Version", "Author", "Server", "It runs", "Environment", "It asks for", "Files")


def test_no_manifest_text_starts_a_line_of_the_window_confirmation(qtbot: Any, tmp_path: Path) -> None:
    dialog = BundleDialog(read_bundle(make_bundle(tmp_path / "b.mcpb", _forging())))
    qtbot.addWidget(dialog)
    assert dialog.details.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap  # a line is a line on screen
    lines = dialog.details.toPlainText().split("\n")
    facts = lines[:-1]
    assert [line.split(":")[0] for line in facts if line.startswith("It runs:")] == ["It runs"]
    assert all(line.split(":")[0] in LABELS for line in facts), facts
    assert not any(ch in dialog.details.toPlainText() for ch in "\r\x1b\x0b\x85\u2028")
    titles = [label.text() for label in dialog.findChildren(QLabel) if label.text().startswith("Units")]
    assert titles == ["Units\\x0b  it runs:      python3 /opt/safe.py"]


def test_a_secret_by_name_is_kept_in_the_keyring_from_the_window(qtbot: Any, tmp_path: Path, use_keyring: Any) -> None:
    store = use_keyring(MemoryKeyring())
    dialog = BundleDialog(read_bundle(_token_bundle(tmp_path)))
    qtbot.addWidget(dialog)
    token = dialog.fields["API_TOKEN"]
    assert isinstance(token, QLineEdit) and token.echoMode() == QLineEdit.EchoMode.Password
    assert dialog.findChild(QCheckBox, "keep_API_TOKEN").isChecked()  # the keyring unless the user unticks it
    dialog.fields["api_key"].setText("k")  # type: ignore[union-attr]
    token.setText("gui-tok")
    with qtbot.waitSignal(dialog.installed):
        dialog.install_button.click()
    assert "gui-tok" not in app_config_path().read_text(encoding="utf-8")
    assert store.store[("travel-assistant", "mcp/toybundle/API_TOKEN")] == "gui-tok"


def test_a_secret_by_name_in_the_command_line_says_where_it_is_written(qtbot: Any, tmp_path: Path) -> None:
    dialog = BundleDialog(read_bundle(_token_bundle(tmp_path, in_args=True)))
    qtbot.addWidget(dialog)
    said = dialog.findChild(QLabel, "plainSecret")
    assert said is not None and "plain text" in said.text() and str(app_config_path()) in said.text()


def test_replacing_another_publishers_bundle_is_asked_and_drops_its_allowances(
    qtbot: Any, make_window: Any, tmp_path: Path, use_keyring: Any
) -> None:
    use_keyring(MemoryKeyring())
    install(read_bundle(make_bundle(tmp_path / "a.mcpb")), {"api_key": "k-old"})
    window = make_window()
    window.settings.auto_approve = ["toybundle__*", "mine__search"]
    window.settings.save()
    dialog = window.mcp_actions.install_bundle(_other_publisher(tmp_path))
    assert isinstance(dialog, BundleDialog)
    text = dialog.details.toPlainText()
    assert "Replaces: the installed toybundle 1.2.0 (Toy Author)" in text
    assert "With: 9.9.9 (Someone Else <x@evil.example>)" in text and "ANOTHER" in text
    assert not dialog.install_button.isEnabled()  # not until the replacement is ticked
    dialog.replace_box.setChecked(True)
    with qtbot.waitSignal(dialog.installed):
        dialog.install_button.click()
    assert window.settings.auto_approve == ["mine__search"]
    assert Settings.load().auto_approve == ["mine__search"]
    assert json.loads((bundles_dir() / "toybundle" / "manifest.json").read_text())["version"] == "9.9.9"
