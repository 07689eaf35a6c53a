"""The `gui` command as CONTRACT.md describes it, and the error reporter."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

ROOT = Path(__file__).resolve().parents[2]
SEED_QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


def gui(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ["QT_QPA_PLATFORM"], "TRAVEL_ASSISTANT_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "gui", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_scripted_demo_answers_screenshots_and_reports_the_stall(tmp_path: Path, monkeypatch: Any) -> None:
    shot = tmp_path / "window.png"
    done = gui("--prompt", SEED_QUESTION, "--screenshot", str(shot), "--exit-when-done", home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"ui_max_stall_ms=\d+\n", done.stdout), done.stdout
    image = QImage(str(shot))
    assert not image.isNull() and image.width() >= 800 and image.height() >= 500
    assert "Traceback" not in done.stderr
    from desktop_app.store.history import HistoryStore

    monkeypatch.setenv("TRAVEL_ASSISTANT_HOME", str(tmp_path / "home"))
    saved = HistoryStore().list()
    assert len(saved) == 1 and saved[0].message_count >= 5  # user, calls, 3 results, answer


def test_without_a_prompt_it_exits_after_the_first_paint(tmp_path: Path) -> None:
    done = gui("--exit-when-done", home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ui_max_stall_ms=")


def test_error_reporter_logs_and_shows_a_non_modal_box(qtbot: Any, caplog: Any) -> None:
    from desktop_app.app import ErrorReporter

    reporter = ErrorReporter()
    try:
        raise ValueError("boom")
    except ValueError as exc:
        reporter.excepthook(ValueError, exc, exc.__traceback__)
    assert "unhandled error" in caplog.text
    box = reporter.boxes[0]
    assert isinstance(box, QMessageBox) and box.isVisible() and not box.isModal()
    assert "boom" in box.text()
    box.close()


def test_no_display_is_one_line_pointing_to_ask_and_offscreen_exit_2(tmp_path: Path) -> None:
    """A server or a container: no DISPLAY, no WAYLAND_DISPLAY, no platform chosen (Qt aborted, 134)."""
    unset = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    env = {k: v for k, v in os.environ.items() if k not in unset} | {"TRAVEL_ASSISTANT_HOME": str(tmp_path)}
    for argv in ([], ["gui"]):
        done = subprocess.run(
            [sys.executable, "-m", "desktop_app", *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 2, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and "no display" in lines[0], done.stderr
        assert "travel-assistant ask" in lines[0] and "QT_QPA_PLATFORM=offscreen" in lines[0]
        assert done.stdout == ""


def test_a_display_or_a_chosen_platform_is_enough() -> None:
    from desktop_app.app import display_problem

    assert display_problem({}, "linux")
    assert display_problem({"DISPLAY": ""}, "linux")
    for env in ({"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"}, {"QT_QPA_PLATFORM": "offscreen"}):
        assert display_problem(env, "linux") == ""
    assert display_problem({}, "win32") == "" and display_problem({}, "darwin") == ""  # their own window systems
