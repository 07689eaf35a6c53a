"""The language switched live (Settings → 简体中文 → Save) looks, pixel for pixel, like the window
started in Chinese: the inspector's header, status line, tabs and timeline. (The details pane and the
transcript may sit a pixel or a few apart, rows re-measured in the new font: tests/gui/test_retranslate.py
reads their every text.)"""

from __future__ import annotations

import pytest

from tests.desktop.test_flows import QUESTION
from tests.desktop.test_keyboard import Screen, colours
from tests.desktop.xdesktop import App, Desktop

pytestmark = pytest.mark.desktop


def test_a_live_switch_to_chinese_looks_like_a_start_in_chinese(app: App, desktop: Desktop) -> None:
    app.cli("ask", QUESTION)  # a saved conversation with three tool calls: no live timings to differ
    conversation = app.conversations()[0]["id"]
    proc, window = app.open("--conversation", conversation)
    screen = Screen(desktop, window)
    whole = screen.area(0.62, 0.06, 1.0, 0.55)  # the inspector's header, tabs and timeline
    english = screen.settled(whole)
    desktop.key("ctrl+comma")
    dialog = desktop.wait_window("Settings")
    desktop.wait_active(dialog)
    desktop.key("ctrl+Tab", "ctrl+Tab", "Tab", "Down", "Down", "Return")
    desktop.wait_gone("Settings")
    desktop.wait_window("旅行助手")
    switched = screen.settled(whole, differs_from=(english,))
    desktop.key("ctrl+q")
    assert app.wait_exit(proc) == 0, app.output()
    _again, window = app.open("--conversation", conversation, title="旅行助手")  # settings.json says zh_CN now
    restarted = Screen(desktop, window)
    assert restarted.geometry == screen.geometry  # the layout saved on quit: the same place
    started = restarted.settled(whole, least=colours(switched) * 4 // 5)  # its conversation shown, not before
    if switched != started:
        switched.save(str(desktop.shots / "switched.png"))
        started.save(str(desktop.shots / "started-in-chinese.png"))
    assert switched == started, f"the live switch differs from a start in Chinese: see {desktop.shots}"
