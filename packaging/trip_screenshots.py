"""The Trip pane's screenshots: the real window after the seed question, the Trip tab in front.

Usage: xvfb-run -a -s "-screen 0 1600x1000x24" python packaging/trip_screenshots.py OUT_DIR [en|zh_CN] [light|dark]
Writes OUT_DIR/trip-<lang>[-dark].png (the window) and trip-pane-<lang>[-dark].png (the dock alone).
Today is pinned to Friday 4 Dec 2026 (as in the README), so "next week" is 7-10 Dec.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from shot_home import run_in_fresh_home

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUESTIONS = {
    "zh_CN": "我在北京，下周想去三亚玩三天，预算5000，帮我查一下天气、机票和酒店",
    "en": "I'm in Beijing and want to spend three days in Sanya next week, budget 5000: weather, flights and hotels?",
}


async def shoot(out: Path, language: str, suffix: str) -> int:
    from PySide6.QtGui import QGuiApplication

    from desktop_app.app import build_window
    from desktop_app.ui.qt_async import next_emission

    window = build_window(argparse.Namespace(), QGuiApplication.instance())  # type: ignore[arg-type]
    window.resize(1500, 950)
    window.show()
    if not window.painted:
        await next_emission(window.firstPainted)
    await window.session.warm_up()
    done = next_emission(window.runDone)
    window.conversation.send(QUESTIONS[language])
    await done
    window.trip_dock.present()
    for _ in range(6):
        await asyncio.sleep(0.05)
    short = "zh" if language == "zh_CN" else "en"
    for name, widget in ((f"trip-{short}{suffix}", window), (f"trip-pane-{short}{suffix}", window.trip_dock)):
        path = out / f"{name}.png"
        widget.grab().save(str(path), "PNG")
        print(path)
    window.close()
    return 0


def main() -> int:
    out = Path(sys.argv[1])
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    scheme = sys.argv[3] if len(sys.argv) > 3 else ""
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("TRAVEL_ASSISTANT_TODAY", "2026-12-04")
    settings = {"language": language, "color_scheme": scheme}
    return run_in_fresh_home("trip-shots-", settings, lambda: shoot(out, language, "-dark" if scheme == "dark" else ""))


if __name__ == "__main__":
    raise SystemExit(main())
