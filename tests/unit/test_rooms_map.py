"""The map's table of rooms (docs/architecture-in-code.md) is the layering test's table, written out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import rooms  # noqa: E402 - packaging/ is not a package

PAGE = (
    "intro\n<!-- rooms:start -->\n| part | what lives there | may import |\n|---|---|---|\n{rows}\n"
    "<!-- rooms:end -->\nafter\n"
)


def test_the_docs_table_of_rooms_is_the_layering_table() -> None:
    """Issue 43: a part added, moved or allowed a new import changes the page too, or this fails."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "rooms.py"), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout
    assert rooms.UNDESCRIBED not in rooms.DOC.read_text(encoding="utf-8")


def test_a_stale_row_is_rewritten_and_a_missing_one_added(tmp_path: Path) -> None:
    (tmp_path / "core").mkdir()
    stale = PAGE.format(rows="| `core/` | the floor | `ui` |\n| `gone.py` | moved away | — |")
    allowed = {"core": frozenset(), "runtime": frozenset({"store", "agent"})}
    written = rooms.rewrite(stale, allowed, tmp_path)
    assert written == PAGE.format(
        rows=f"| `core/` | the floor | — |\n| `runtime.py` | {rooms.UNDESCRIBED} | `agent`, `store` |"
    )
    assert rooms.rewrite(written, allowed, tmp_path) == written  # written once, it stays
