"""A 1366×768 laptop: the whole window, frame included, is on the screen (input buttons, status bar)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.desktop.xdesktop import App, Desktop, XServer, missing_tools

pytestmark = pytest.mark.desktop
WIDTH, HEIGHT = 1366, 768


@pytest.fixture(scope="module")
def laptop_display() -> Iterator[str]:
    """An Xvfb + openbox screen the size of the most common small laptop."""
    missing = missing_tools(own_server=True)
    if missing:
        pytest.skip(f"desktop tests need {', '.join(missing)} (apt-get install xvfb openbox xdotool)")
    server = XServer().start(f"{WIDTH}x{HEIGHT}x24")
    try:
        yield server.display
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


def test_the_first_window_fits_a_1366x768_screen(laptop_display: str, tmp_path: Path) -> None:
    desktop = Desktop(laptop_display, tmp_path / "screenshots")
    app = App(desktop, tmp_path / "home")
    try:
        proc, window = app.open()
        geometry = client_geometry(desktop, window)
        left, right, top, bottom = frame_extents(desktop, window)
        shot = desktop.screenshot("laptop-1366x768")
    finally:
        app.stop()
    assert proc.returncode is not None  # ended by app.stop()
    assert top > 0, "the window manager framed the window"
    assert geometry["x"] - left >= 0 and geometry["y"] - top >= 0, geometry
    assert geometry["x"] + geometry["w"] + right <= WIDTH, (geometry, left, right)
    assert geometry["y"] + geometry["h"] + bottom <= HEIGHT, (geometry, top, bottom)
    assert shot.stat().st_size > 10_000
