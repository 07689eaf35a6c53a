"""The window's bundle confirmation: one line per field under its own label; replacing an installed bundle asks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLabel, QPlainTextEdit

from desktop_app.mcp.bundles import read_bundle
from desktop_app.ui.mcp.bundle_dialog import BundleDialog
from tests.mcpb_files import make_bundle
from tests.unit.mcp.test_bundle_consent import _forging

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
