"""Writes the table of rooms in docs/architecture-in-code.md (each part of desktop_app and what it
may import) from the layering test's table, so the map cannot drift from the ground: the rows and
the right column come from ALLOWED, the middle column (what lives there) is kept from the page.
`python packaging/rooms.py` after changing the table; a test runs it with `--check`."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "desktop_app"
DOC = ROOT / "docs" / "architecture-in-code.md"
START, END = "<!-- rooms:start -->", "<!-- rooms:end -->"
HEAD = ("| part | what lives there | may import |", "|---|---|---|")
UNDESCRIBED = "(not described yet: say what lives here)"


def layering_table() -> dict[str, frozenset[str]]:
    """ALLOWED from tests/unit/test_layering.py: the one table of who may import whom."""
    sys.path.insert(0, str(ROOT))
    from tests.unit.test_layering import ALLOWED

    return ALLOWED


def label(part: str, package: Path = PACKAGE) -> str:
    """A part as the page names it: `ui/` for a package, `runtime.py` for a module."""
    if part == "desktop_app":
        return "`__init__.py`"
    return f"`{part}/`" if (package / part).is_dir() else f"`{part}.py`"


def descriptions(block: str) -> dict[str, str]:
    """The middle column of the rows already on the page, by their first cell."""
    found = {}
    for line in block.splitlines():
        cells = line.split(" | ")
        if line.startswith("| `") and len(cells) >= 3:
            found[cells[0].removeprefix("| ")] = " | ".join(cells[1:-1])
    return found


def rows(allowed: dict[str, frozenset[str]], described: dict[str, str], package: Path = PACKAGE) -> list[str]:
    """One row per part, in the layering table's order."""
    out = list(HEAD)
    for part, may in allowed.items():
        name = label(part, package)
        imports = ", ".join(f"`{p}`" for p in sorted(may)) or "—"
        out.append(f"| {name} | {described.get(name, UNDESCRIBED)} | {imports} |")
    return out


def rewrite(doc: str, allowed: dict[str, frozenset[str]], package: Path = PACKAGE) -> str:
    """The page with its marked block written again (the text around it untouched)."""
    head, start, rest = doc.partition(START)
    block, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"the page has no {START} … {END} block")
    return head + START + "\n" + "\n".join(rows(allowed, descriptions(block), package)) + "\n" + END + tail


def main() -> int:
    doc = DOC.read_text(encoding="utf-8")
    written = rewrite(doc, layering_table())
    if "--check" in sys.argv:
        stale = written != doc
        print(f"{DOC} differs from the layering table (run packaging/rooms.py)" if stale else "up to date")
        return 1 if stale else 0
    DOC.write_text(written, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
