"""Shared fixtures: every test gets its own app home, offscreen Qt, and no real keys."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":  # a 1920×1080 desktop, not Qt's default 800×800 square
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={Path(__file__).with_name('offscreen_screen.json')}"


TODAY = "2026-12-04"  # a Friday


@pytest.fixture(autouse=True)
def app_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Settings, history and documents go to a fresh folder; provider keys are unset; today is pinned."""
    home = tmp_path / "app-home"
    monkeypatch.setenv("TRAVEL_ASSISTANT_HOME", str(home))
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", TODAY)  # one pinned "today": 下周 is always 7-13 Dec 2026
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    yield home
