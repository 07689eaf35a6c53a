"""Refresh resources/translations/*.ts from the tr("...") calls in the UI, then compile .qm files.

Run after changing UI strings: `python packaging/update_translations.py`. Existing translations
are kept; new strings are marked unfinished; strings no longer used are dropped.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI_FILES = [*sorted((ROOT / "desktop_app" / "ui").rglob("*.py")), ROOT / "desktop_app" / "app.py"]
# the modules that translate through desktop_app.ui.i18n: every UI string is in the one .ts file
SOURCES = [p for p in UI_FILES if "from desktop_app.ui.i18n import" in p.read_text(encoding="utf-8")]
TS_DIR = ROOT / "resources" / "translations"
CONTEXT = "TravelAssistant"
LANGUAGES = ["zh_CN"]


def ui_strings() -> list[str]:
    """Every literal first argument of a `tr(...)` or `marked(...)` call, in source order, once."""
    seen: dict[str, None] = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("tr", "marked")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                seen.setdefault(node.args[0].value, None)
    return list(seen)


def read_ts(path: Path) -> dict[str, str]:
    """source -> translation (the single or first numerus form)."""
    if not path.exists():
        return {}
    out: dict[str, str] = {}
    for message in ET.parse(path).getroot().iter("message"):
        source = message.findtext("source") or ""
        node = message.find("translation")
        if node is None:
            continue
        form = node.find("numerusform")
        text = (form.text if form is not None else node.text) or ""
        if text and node.get("type") != "unfinished":
            out[source] = text
    return out


def write_ts(path: Path, language: str, strings: list[str], known: dict[str, str]) -> int:
    """Write the .ts file; returns how many strings still lack a translation."""
    ts = ET.Element("TS", version="2.1", language=language)
    context = ET.SubElement(ts, "context")
    ET.SubElement(context, "name").text = CONTEXT
    missing = 0
    for source in strings:
        numerus = "%n" in source
        message = ET.SubElement(context, "message", numerus="yes") if numerus else ET.SubElement(context, "message")
        ET.SubElement(message, "source").text = source
        translation = ET.SubElement(message, "translation")
        text = known.get(source, "")
        if not text:
            translation.set("type", "unfinished")
            missing += 1
        if numerus:
            ET.SubElement(translation, "numerusform").text = text
        else:
            translation.text = text
    ET.indent(ts)
    body = ET.tostring(ts, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    return missing


def lrelease() -> str:
    """The Qt translation compiler shipped in the PySide6 wheel."""
    found = shutil.which("pyside6-lrelease") or str(Path(sys.executable).with_name("pyside6-lrelease"))
    if not Path(found).exists():
        raise SystemExit("pyside6-lrelease not found: install PySide6-Essentials")
    return found


def main() -> int:
    strings = ui_strings()
    for language in LANGUAGES:
        ts = TS_DIR / f"travel_assistant_{language}.ts"
        missing = write_ts(ts, language, strings, read_ts(ts))
        qm = ts.with_suffix(".qm")
        subprocess.run([lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)
        print(f"{ts.name}: {len(strings)} strings, {missing} untranslated -> {qm.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
