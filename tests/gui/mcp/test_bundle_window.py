"""File → Install MCP bundle… and a dropped .mcpb: the facts, the options (sensitive ones hidden), then Install."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

from desktop_app.mcp.setup.config import app_config_path
from desktop_app.ui.mcp.bundle_dialog import BundleDialog
from tests.keyrings import MemoryKeyring, use_keyring
from tests.mcpb_files import make_bundle

__all__ = ["use_keyring"]


def _drop(window: Any, path: Path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    how = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(QPoint(10, 10), *how)
    QApplication.sendEvent(window, enter)  # as a drag over the window: the filter accepts a bundle
    assert enter.isAccepted()
    QApplication.sendEvent(window, QDropEvent(QPointF(10, 10), *how))


def test_a_dropped_bundle_is_shown_then_installed_with_its_secret_in_the_keyring(
    qtbot: Any, make_window: Any, tmp_path: Path, use_keyring: Any
) -> None:
    store = use_keyring(MemoryKeyring())
    window = make_window()
    _drop(window, make_bundle(tmp_path / "toy.mcpb"))
    dialog = window.mcp_actions.bundle_dialog
    assert isinstance(dialog, BundleDialog)
    text = dialog.details.toPlainText()
    for fact in ("toybundle", "1.2.0", "Toy Author", "python3 ", "toy_server.py basic", "API key"):
        assert fact in text
    secret = dialog.fields["api_key"]
    assert isinstance(secret, QLineEdit) and secret.echoMode() == QLineEdit.EchoMode.Password
    dialog.install_button.click()  # the required key is missing: said, nothing written
    assert "API key" in dialog.note.text() and not app_config_path().exists()
    secret.setText("gui-secret")
    dialog.install_button.click()
    assert store.store[("travel-assistant", "mcp/toybundle/api_key")] == "gui-secret"
    entry = json.loads(app_config_path().read_text(encoding="utf-8"))["mcpServers"]["toybundle"]
    assert entry["env"]["TOY_KEY"] == {"keyring": "api_key"} and "gui-secret" not in json.dumps(entry)
    assert "toybundle" in window.statusBar().currentMessage()


def test_the_file_menu_opens_a_non_modal_file_dialog_and_a_bad_bundle_says_why(
    qtbot: Any, make_window: Any, tmp_path: Path
) -> None:
    window = make_window()
    action = window.menus.actions["install_bundle"]
    assert action.text().replace("&", "") == "Install MCP bundle…"
    action.trigger()
    chooser = window.mcp_actions.bundle_dialog
    assert isinstance(chooser, QFileDialog) and chooser.isVisible()
    chooser.reject()
    bad = make_bundle(tmp_path / "bad.mcpb", extra=[("../evil", b"x")])
    box = window.mcp_actions.install_bundle(bad)
    assert isinstance(box, QMessageBox) and "outside its folder" in box.text()
    box.close()
    assert not app_config_path().exists()


def test_the_message_box_leaves_a_dropped_bundle_to_the_window(make_window: Any, tmp_path: Path) -> None:
    window = make_window()
    bundle, text = QMimeData(), QMimeData()
    bundle.setUrls([QUrl.fromLocalFile(str(tmp_path / "toy.mcpb"))])
    text.setUrls([QUrl.fromLocalFile(str(tmp_path / "notes.txt"))])
    assert not window.composer.canInsertFromMimeData(bundle)
    assert window.composer.canInsertFromMimeData(text)
