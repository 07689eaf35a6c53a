"""The window's keys for getting around, pressed through the X server and checked on the screen:
Ctrl+F marks the match (and Esc clears it), Home/End and Ctrl+Home/End move the transcript, and
Alt+1…4 each bring their pane forward."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage

from tests.desktop.test_flows import QUESTION, ask, only_conversation, wait_answers
from tests.desktop.test_small_screen import client_geometry
from tests.desktop.xdesktop import App, Desktop, wait_for

pytestmark = pytest.mark.desktop
FIND_BG = QColor("#fff3b0").rgb()  # palette.LIGHT.find_bg: what Ctrl+F marks a match with


class Screen:
    """Screenshots of one window, compared by region (fractions of the window's client area)."""

    def __init__(self, desktop: Desktop, window: str) -> None:
        self.desktop = desktop
        self.geometry = client_geometry(desktop, window)
        self.count = 0

    def area(self, left: float, top: float, right: float, bottom: float) -> QRect:
        g = self.geometry
        return QRect(
            g["x"] + int(g["w"] * left),
            g["y"] + int(g["h"] * top),
            int(g["w"] * (right - left)),
            int(g["h"] * (bottom - top)),
        )

    def shot(self, area: QRect) -> QImage:
        self.count += 1
        return QImage(str(self.desktop.screenshot(f"keys-{self.count:02d}"))).copy(area)

    def settled(self, area: QRect, differs_from: tuple[QImage, ...] = (), least: int = 20) -> QImage:
        """The region once it shows something (text: at least `least` colours), two screenshots
        in a row agree, and it is none of `differs_from`."""
        last: list[QImage] = [self.shot(area)]

        def steady() -> QImage | None:
            now = self.shot(area)
            same = now == last[0] and colours(now) >= least
            last[0] = now
            return now if same and all(now != other for other in differs_from) else None

        return wait_for("the screen to settle", steady, timeout=15)

    def becomes(self, area: QRect, expected: QImage) -> None:
        wait_for("the region seen before", lambda: self.shot(area) == expected, timeout=15)


def colours(image: QImage) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)})


def marked(image: QImage) -> int:
    """Pixels in the find colour."""
    return sum(image.pixel(x, y) == FIND_BG for x in range(0, image.width(), 2) for y in range(0, image.height(), 2))


def test_find_marks_the_match_and_esc_clears_it(app: App, desktop: Desktop) -> None:
    _proc, window = app.open()
    ask(app, QUESTION)
    wait_answers(app, only_conversation(app), 1)
    screen = Screen(desktop, window)
    chat = screen.area(0.2, 0.1, 0.62, 0.85)
    assert marked(screen.settled(chat)) == 0
    desktop.key("ctrl+f")
    desktop.type("Sanya")
    wait_for("the match marked in the find colour", lambda: marked(screen.shot(chat)) > 50)
    desktop.key("Return")  # the next match: marked too
    wait_for("the next match marked", lambda: marked(screen.shot(chat)) > 50)
    desktop.key("Escape")
    wait_for("the marks cleared", lambda: marked(screen.shot(chat)) == 0)


def test_home_end_and_ctrl_home_end_move_the_transcript(app: App, desktop: Desktop, tmp_path: Path) -> None:
    rounds = [
        [{"role": "user", "content": f"question {i}"}, {"role": "assistant", "content": f"answer {i}"}]
        for i in range(30)
    ]
    saved = tmp_path / "long.json"
    saved.write_text(json.dumps({"title": "long", "messages": [m for r in rounds for m in r]}), encoding="utf-8")
    conversation = str(app.cli("history", "import", str(saved))).strip()
    _proc, window = app.open("--conversation", conversation)
    screen = Screen(desktop, window)
    chat = screen.area(0.22, 0.2, 0.6, 0.7)
    end = screen.settled(chat)
    desktop.key("ctrl+Home")  # from the message box
    start = screen.settled(chat, differs_from=(end,))
    desktop.key("ctrl+End")
    screen.becomes(chat, end)
    g = screen.geometry
    desktop.click(window, int(g["w"] * 0.4), int(g["h"] * 0.45))  # into the transcript
    desktop.key("Home")
    screen.becomes(chat, start)
    desktop.key("End")
    screen.becomes(chat, end)


def test_alt_1_to_4_each_bring_their_pane_forward(app: App, desktop: Desktop) -> None:
    _proc, window = app.open()
    ask(app, QUESTION)
    wait_answers(app, only_conversation(app), 1)
    screen = Screen(desktop, window)
    side = screen.area(0.62, 0.08, 1.0, 0.92)
    desktop.key("alt+4")
    trip = screen.settled(side)
    seen = [trip]
    for key in ("alt+1", "alt+2", "alt+3"):
        desktop.key(key)  # after the Trip tab: the inspector comes forward, on another tab each time
        seen.append(screen.settled(side, differs_from=tuple(seen)))
        desktop.key("alt+4")
        screen.becomes(side, trip)
    desktop.screenshot("alt-keys")
