"""Renders the inspector on the Sanya run: `python -m tests.gui.inspector.inspector_screenshots DIR`.

Needs a CJK font (fonts-noto-cjk). Writes every tab in English and Chinese to DIR, and the
README's picture to resources/screenshots/inspector.png.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QApplication

from desktop_app.ui.i18n import qm_path
from desktop_app.ui.inspector.inspector import Inspector
from tests.gui.inspector.inspector_runs import sanya_events, trouble_events

ROOT = Path(__file__).resolve().parents[3]


def shoot(out: Path, lang: str) -> None:
    """One PNG per view of the Sanya run, and the troubled run's denied and invalid calls."""
    widget = Inspector()
    widget.resize(600, 860)
    for event in asyncio.run(sanya_events(wire=True)):
        widget.handle_event(event)
    widget.show()
    widget.select_call("call_sanya_flight")
    QApplication.processEvents()
    widget.grab().save(str(out / f"inspector_call_{lang}.png"))
    widget._select("turn", 0)
    QApplication.processEvents()
    widget.grab().save(str(out / f"inspector_turn_{lang}.png"))
    widget.tabs.setCurrentWidget(widget.sequence)
    QApplication.processEvents()
    widget.grab().save(str(out / f"inspector_sequence_{lang}.png"))
    widget.tabs.setCurrentWidget(widget.tool_defs)
    widget.tool_defs.select_tool("get_weather")
    QApplication.processEvents()
    widget.grab().save(str(out / f"inspector_tools_{lang}.png"))
    widget.load_events(asyncio.run(trouble_events()))
    widget.tabs.setCurrentIndex(0)
    for call_id in ("call_bad_json", "call_book", "call_map"):
        widget.select_call(call_id)
        QApplication.processEvents()
        widget.grab().save(str(out / f"inspector_{call_id}_{lang}.png"))
    widget.close()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    shoot(out, "en")
    translator = QTranslator()
    if not translator.load(qm_path("zh_CN")):
        raise SystemExit("resources/translations/travel_assistant_zh_CN.qm is missing")
    QCoreApplication.installTranslator(translator)
    shoot(out, "zh")
    target = ROOT / "resources" / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    (target / "inspector.png").write_bytes((out / "inspector_sequence_zh.png").read_bytes())
    print(f"wrote {len(list(out.glob('*.png')))} screenshots to {out}")
    del app


if __name__ == "__main__":
    main()
