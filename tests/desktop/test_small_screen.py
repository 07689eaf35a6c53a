"""A 1366×768 laptop and a 1024×700 screen: the whole window, frame included, is on the screen (input
buttons, status bar), and stays there when Alt+4 and Alt+1 show the side panes."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

from tests.desktop.xdesktop import App, Desktop, XServer, missing_tools, wait_for

pytestmark = pytest.mark.desktop
SIZES = [(1366, 768), (1024, 700)]  # the most common small laptop; the smallest screen the window fits


@pytest.fixture(scope="module", params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def small_display(request: pytest.FixtureRequest) -> Iterator[tuple[str, int, int]]:
    """An Xvfb + openbox screen of that size: (display, width, height)."""
    missing = missing_tools(own_server=True)
    if missing:
        pytest.skip(f"desktop tests need {', '.join(missing)} (apt-get install xvfb openbox xdotool)")
    width, height = request.param
    server = XServer().start(f"{width}x{height}x24")
    try:
        yield server.display, width, height
    finally:
        server.stop()


def frame_extents(desktop: Desktop, window: str) -> tuple[int, int, int, int]:
    """left, right, top, bottom of the window manager's frame (_NET_FRAME_EXTENTS), 0s when unset."""
    out = subprocess.run(
        ["xprop", "-id", window, "_NET_FRAME_EXTENTS"], env=desktop.env, capture_output=True, text=True, check=False
    ).stdout
    numbers = [int(n) for n in out.split("=")[-1].split(",")] if "=" in out else []
    return tuple(numbers) if len(numbers) == 4 else (0, 0, 0, 0)  # type: ignore[return-value]


def client_geometry(desktop: Desktop, window: str) -> dict[str, int]:
    """x, y, width, height of the window's client area on the screen (xwininfo's absolute position:
    xdotool getwindowgeometry counts a reparenting window manager's frame offset twice)."""
    out = subprocess.run(
        ["xwininfo", "-id", window], env=desktop.env, capture_output=True, text=True, check=True
    ).stdout
    fields = {"Absolute upper-left X": "x", "Absolute upper-left Y": "y", "Width": "w", "Height": "h"}
    found = {}
    for line in out.splitlines():
        key, _, value = line.strip().partition(":")
        if key in fields:
            found[fields[key]] = int(value)
    return found


def _fits(desktop: Desktop, window: str, width: int, height: int) -> None:
    geometry = client_geometry(desktop, window)
    left, right, top, bottom = frame_extents(desktop, window)
    assert top > 0, "the window manager framed the window"
    assert geometry["x"] - left >= 0 and geometry["y"] - top >= 0, geometry
    assert geometry["x"] + geometry["w"] + right <= width, (geometry, left, right)
    assert geometry["y"] + geometry["h"] + bottom <= height, (geometry, top, bottom)


def test_the_window_fits_a_small_screen_with_each_pane(small_display: tuple[str, int, int], tmp_path: Path) -> None:
    display, width, height = small_display
    desktop = Desktop(display, tmp_path / "screenshots")
    app = App(desktop, tmp_path / "home")
    try:
        proc, window = app.open()
        _fits(desktop, window, width, height)
        shot = desktop.screenshot(f"small-{width}x{height}")
        desktop.type("Plan three days in Sanya from Beijing")
        desktop.key("Return")
        wait_for("an answer", lambda: app.conversations() and app.messages(app.conversations()[0]["id"])[-1]["content"])
        right = QRect(width * 2 // 3, 0, width // 3, height)  # where the side pane shows
        for key in ("alt+4", "alt+1"):  # the Trip tab, then the inspector: the window stays on the screen
            before = QImage(str(desktop.screenshot(f"small-{width}x{height}-before-{key}"))).copy(right)
            desktop.key(key)

            def changed(key: str = key, before: QImage = before) -> bool:
                return QImage(str(desktop.screenshot(f"small-{width}x{height}-{key}"))).copy(right) != before

            wait_for(f"{key} to show its pane", changed)
            _fits(desktop, window, width, height)
    finally:
        app.stop()
    assert proc.returncode is not None  # ended by app.stop()
    assert shot.stat().st_size > 10_000
