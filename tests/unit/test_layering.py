"""Nothing outside desktop_app/ui and app.py imports Qt; only ui/qt_async.py imports qasync."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "desktop_app"
QT_ALLOWED = ("ui/", "app.py")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _files() -> list[tuple[str, set[str]]]:
    return [(p.relative_to(PACKAGE).as_posix(), _imports(p)) for p in sorted(PACKAGE.rglob("*.py"))]


def test_package_has_files() -> None:
    assert len(_files()) > 10


def test_qt_only_in_ui_and_app() -> None:
    breaches = [rel for rel, names in _files() if "PySide6" in names and not rel.startswith(QT_ALLOWED)]
    assert breaches == []


def test_qasync_only_in_qt_async() -> None:
    breaches = [rel for rel, names in _files() if "qasync" in names and rel != "ui/qt_async.py"]
    assert breaches == []


def test_detector_catches_a_breach(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom PySide6.QtCore import QObject\n", encoding="utf-8")
    assert "PySide6" in _imports(bad)
