"""Writes a short README.md in each package of desktop_app: its files, each with its docstring's
first line. `python packaging/package_readmes.py` after adding a module; a test checks they match."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "desktop_app"


def first_line(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())  # the first paragraph, on one line


def readme(folder: Path) -> str:
    title = folder.relative_to(ROOT).as_posix()
    init = folder / "__init__.py"
    lines = [f"# `{title}/`", ""]
    if init.exists() and first_line(init):
        lines += [first_line(init), ""]
    lines += ["| file | what it is for |", "|---|---|"]
    for path in sorted(folder.glob("*.py")):
        if path.name != "__init__.py":
            lines.append(f"| `{path.name}` | {first_line(path).replace('|', '/')} |")
    subs = sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / "__init__.py").exists())
    if subs:
        lines += ["", "Packages: " + ", ".join(f"[`{s}/`]({s}/README.md)" for s in subs)]
    return "\n".join(lines) + "\n"


def folders() -> list[Path]:
    return sorted({p.parent for p in PACKAGE.rglob("__init__.py")} - {PACKAGE})


def main() -> int:
    check = "--check" in sys.argv
    stale = [
        f
        for f in folders()
        if not (f / "README.md").exists() or (f / "README.md").read_text(encoding="utf-8") != readme(f)
    ]
    if check:
        print("\n".join(str(f / "README.md") for f in stale))
        return 1 if stale else 0
    for folder in folders():
        (folder / "README.md").write_text(readme(folder), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
