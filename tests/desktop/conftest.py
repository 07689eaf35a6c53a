"""The desktop session: our own Xvfb + openbox (never a person's real desktop), or skip."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.desktop.xdesktop import App, Desktop, XServer, missing_tools

EXISTING_DISPLAY = "TRAVEL_ASSISTANT_DESKTOP_DISPLAY"  # e.g. ":0" to watch the suite on a real screen


@pytest.fixture(scope="session")
def x_display() -> Iterator[str]:
    """An X display with a window manager for the whole session; skips when none can be had."""
    chosen = os.environ.get(EXISTING_DISPLAY, "")
    if chosen:
        if missing_tools(own_server=False):
            pytest.skip(f"desktop tests need {', '.join(missing_tools(own_server=False))}")
        yield chosen
        return
    missing = missing_tools(own_server=True)
    if missing:
        pytest.skip(f"desktop tests need {', '.join(missing)} (apt-get install xvfb openbox xdotool)")
    server = XServer().start()
    try:
        yield server.display
    finally:
        server.stop()


@pytest.fixture
def desktop(x_display: str, tmp_path: Path) -> Desktop:
    return Desktop(x_display, tmp_path / "screenshots")


@pytest.fixture
def app(desktop: Desktop, tmp_path: Path) -> Iterator[App]:
    """The installed app with a home of its own; anything left running is ended after the test."""
    runner = App(desktop, tmp_path / "home")
    yield runner
    runner.stop()
