"""Issue 12 for history: CLI handlers live in desktop_app/commands, store modules stay small, no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "desktop_app"


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.update([node.module, *(f"{node.module}.{a.name}" for a in node.names)])
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_no_store_module_is_over_500_lines() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in (PACKAGE / "store").glob("*.py")}
    assert sizes and max(sizes.values()) <= 500, sizes


def test_history_export_does_not_import_the_store_back() -> None:
    for name in ("history_export.py", "history_rows.py", "history_schema.py", "history_import.py"):
        imported = _imported(PACKAGE / "store" / name)
        assert "desktop_app.store.history" not in imported, name
        assert not any(m.startswith("desktop_app.commands") for m in imported), name


def test_history_commands_live_in_commands() -> None:
    assert (PACKAGE / "commands" / "history.py").is_file()
    for path in (PACKAGE / "store").glob("history*.py"):
        text = path.read_text(encoding="utf-8")
        assert "argparse" not in text and "sys.stdout" not in text, path.name
