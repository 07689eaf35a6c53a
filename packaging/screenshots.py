"""Drive the real window through the demo and save a PNG at each step (run under a display).

Usage: xvfb-run -s "-screen 0 1600x1000x24" python packaging/screenshots.py OUT_DIR [en|zh_CN] [light|dark]
Each step waits on the window's own signals; dialogs are captured from the screen, over the window.
The README's window-*.png are 02/03 and window-approval-*.png 04 (see docs/window.md).
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
    "zh_CN": ("我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店", "帮我把这个行程保存下来"),
    "en": (
        "I'm in Beijing and want to spend three days in Sanya next week: weather, flights and hotels?",
        "Please save this itinerary",
    ),
}


async def shoot(out: Path, language: str) -> int:
    from PySide6.QtGui import QGuiApplication

    from desktop_app.app import build_window
    from desktop_app.ui.qt_async import next_emission

    window = build_window(argparse.Namespace(), QGuiApplication.instance())  # type: ignore[arg-type]
    window.resize(1500, 900)
    window.move(0, 0)  # the screen grabs (the confirmation, Settings) show the whole window
    window.show()
    if not window.painted:
        await next_emission(window.firstPainted)
    await window.session.warm_up()

    async def settle() -> None:
        for _ in range(5):
            await asyncio.sleep(0.05)

    def grab(name: str, screen: bool = False) -> None:
        area = window.frameGeometry()  # the screen where the window is: a dialog over it is seen too
        whole = QGuiApplication.primaryScreen().grabWindow(0, area.x(), area.y(), area.width(), area.height())
        pixmap = whole if screen else window.grab()
        pixmap.save(str(out / f"{name}.png"), "PNG")
        print(out / f"{name}.png")

    await settle()
    grab("01-start")
    question, save = QUESTIONS[language]
    done = next_emission(window.runDone)
    window.conversation.send(question)
    await done
    await settle()
    grab("02-answer")
    chips = window.chat.chips()
    if chips:
        chip = window.chat.chip_widget(chips[0].call_id)
        if chip is not None:
            chip.toggle()
        window.chat.select(chips[0].call_id, scroll=False)
        window.inspector.select_call(chips[0].call_id)
    await settle()
    grab("03-chip-expanded")
    shown = next_emission(window.approver.dialogShown)
    done = next_emission(window.runDone)
    window.conversation.send(save)
    (dialog,) = await shown
    dialog.move(window.geometry().center() - dialog.rect().center())
    await settle()
    grab("04-approval", screen=True)
    dialog.allow_once.click()
    await done
    await settle()
    grab("05-saved")
    settings = window.open_settings()
    settings.move(window.geometry().center() - settings.rect().center())
    await settle()
    grab("06-settings", screen=True)
    settings.tabs.setCurrentIndex(1)
    await settle()
    grab("07-settings-approvals", screen=True)
    settings.reject()
    window.close()
    return 0


def main() -> int:
    out = Path(sys.argv[1])
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    scheme = sys.argv[3] if len(sys.argv) > 3 else ""
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("TRAVEL_ASSISTANT_TODAY", "2026-12-04")  # the README's "today": next week is 7-13 Dec
    settings = {"language": language, "color_scheme": scheme}
    return run_in_fresh_home("shots-", settings, lambda: shoot(out, language))


if __name__ == "__main__":
    raise SystemExit(main())
