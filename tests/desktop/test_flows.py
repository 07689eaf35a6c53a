"""What a person does with the keyboard on a real desktop: approvals, Esc, Settings, closing."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.desktop.slow_server import LONG_ANSWER, SlowServer
from tests.desktop.xdesktop import App, Desktop, wait_for

pytestmark = pytest.mark.desktop
TITLE = "Travel Assistant"
APPROVAL = "Allow this tool call\\?"
QUESTION = "Plan three days in Sanya from Beijing"


@pytest.fixture
def slow() -> Iterator[SlowServer]:
    with SlowServer() as server:
        yield server  # type: ignore[misc]


@pytest.fixture
def online(desktop: Desktop, tmp_path: Path) -> Iterator[App]:
    """The app with an API key in its environment, for a local OpenAI-compatible server."""
    runner = App(desktop, tmp_path / "home", {"OPENAI_API_KEY": "sk-test-key-000000000000"})
    yield runner
    runner.stop()


def ask(app: App, text: str) -> None:
    app.desktop.type(text)
    app.desktop.key("Return")


def only_conversation(app: App) -> str:
    return str(wait_for("a conversation in history", app.conversations, timeout=30)[0]["id"])


def answers(app: App, conversation: str) -> list[dict[str, Any]]:
    return [m for m in app.messages(conversation) if m["role"] == "assistant" and m["content"]]


def wait_answers(app: App, conversation: str, count: int) -> list[dict[str, Any]]:
    return wait_for(f"{count} answer(s)", lambda: (a := answers(app, conversation)) and len(a) >= count and a, 30)  # type: ignore[arg-type,return-value]


def saved_files(app: App) -> list[Path]:
    """Finished itineraries only: the save writes a hidden temporary file first, then renames it."""
    folder = app.home / "documents" / "Travel Assistant"
    return sorted(f for f in folder.glob("*") if not f.name.startswith(".")) if folder.is_dir() else []


def save_results(app: App, conversation: str) -> list[dict[str, Any]]:
    return [m for m in app.messages(conversation) if m["role"] == "tool" and m.get("name") == "save_itinerary"]


def test_an_approval_is_answered_with_the_keyboard(app: App, desktop: Desktop) -> None:
    """Enter is the safe choice (deny); Tab reaches Allow once, Space presses it."""
    app.open()
    ask(app, QUESTION)
    conversation = only_conversation(app)
    wait_answers(app, conversation, 1)
    ask(app, "Save it")
    dialog = desktop.wait_window(APPROVAL)
    desktop.wait_active(dialog)
    desktop.screenshot("approval")
    desktop.key("Return")
    desktop.wait_gone(APPROVAL)
    denied = wait_for("the denied call in history", lambda: save_results(app, conversation), 30)
    assert denied[0]["is_error"] and not saved_files(app)
    wait_answers(app, conversation, 2)
    ask(app, "Save it")
    dialog = desktop.wait_window(APPROVAL)
    desktop.wait_active(dialog)
    desktop.key("Tab", "space")
    desktop.wait_gone(APPROVAL)
    files = wait_for("the itinerary on disk", lambda: saved_files(app), 30)
    itinerary = files[0].read_text(encoding="utf-8")
    assert "Sanya" in itinerary and "not saved" not in itinerary  # the plan, not the earlier refusal
    results = wait_for("two save results", lambda: len(r := save_results(app, conversation)) == 2 and r)
    assert not results[1]["is_error"]  # type: ignore[index]


def test_esc_stops_a_streaming_answer_and_the_cut_answer_is_kept_marked(
    online: App, desktop: Desktop, slow: SlowServer
) -> None:
    slow.push_slow_answer()
    proc, _ = online.open(*slow.app_flags())
    ask(online, QUESTION)
    wait_for("the answer to be streaming", lambda: slow.sent >= 6, 30)
    desktop.key("Escape")
    conversation = only_conversation(online)
    cut = wait_for("the cut answer in history", lambda: answers(online, conversation), 20)
    desktop.screenshot("stopped")
    assert cut[0]["incomplete"] and cut[0]["content"] in LONG_ANSWER
    assert proc.poll() is None  # still running, ready for the next question


def test_closing_while_an_answer_streams_keeps_history_and_reopens(
    online: App, desktop: Desktop, slow: SlowServer
) -> None:
    slow.push_slow_answer()
    proc, _window = online.open(*slow.app_flags())
    ask(online, QUESTION)
    wait_for("the answer to be streaming", lambda: slow.sent >= 6, 30)
    desktop.key("alt+F4")  # the window manager's close, as a person closes any window
    assert online.wait_exit(proc) == 0, online.output()
    conversation = only_conversation(online)
    messages = online.messages(conversation)
    assert [m["content"] for m in messages if m["role"] == "user"] == [QUESTION]
    cut = answers(online, conversation)
    assert cut and cut[-1]["incomplete"] and cut[-1]["content"] in LONG_ANSWER
    again, _ = online.open(*slow.app_flags())
    desktop.screenshot("reopened")
    assert online.messages(conversation) == messages
    desktop.key("ctrl+q")
    assert online.wait_exit(again) == 0, online.output()


def test_settings_by_shortcut_switch_the_language(app: App, desktop: Desktop) -> None:
    """Ctrl+, opens Settings; Ctrl+Tab to General, Tab to Language, Down to 简体中文, Enter saves."""
    app.open()
    desktop.key("ctrl+comma")
    dialog = desktop.wait_window("Settings")
    desktop.wait_active(dialog)
    desktop.key("ctrl+Tab", "ctrl+Tab", "Tab", "Down", "Down", "Return")
    desktop.wait_gone("Settings")
    desktop.wait_window("旅行助手")
    desktop.screenshot("chinese")
    settings = json.loads((app.home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert settings["language"] == "zh_CN"


def test_the_standard_shortcuts(app: App, desktop: Desktop) -> None:
    """Ctrl+N starts a new conversation, Ctrl+L returns to the message box, F1 lists them, Ctrl+Q quits."""
    proc, _window = app.open()
    ask(app, QUESTION)
    first = only_conversation(app)
    wait_answers(app, first, 1)
    desktop.key("ctrl+n", "shift+Tab", "shift+Tab")  # a new conversation; the focus wanders off
    desktop.key("ctrl+l")
    ask(app, "Weather in Sanya")
    both = wait_for("a second conversation", lambda: len(c := app.conversations()) == 2 and c, 30)
    second = next(c["id"] for c in both if c["id"] != first)  # type: ignore[attr-defined]
    assert [m["content"] for m in app.messages(second) if m["role"] == "user"] == ["Weather in Sanya"]
    desktop.key("F1")
    help_box = desktop.wait_window("Keyboard shortcuts")
    desktop.screenshot("shortcuts")
    desktop.wait_active(help_box)
    desktop.key("Return")
    desktop.wait_gone("Keyboard shortcuts")
    desktop.key("ctrl+q")
    assert app.wait_exit(proc) == 0, app.output()


def test_a_second_instance_shares_history_safely(app: App, desktop: Desktop) -> None:
    first, window_a = app.open()
    second, window_b = app.open()
    assert window_a != window_b
    ask(app, QUESTION)  # into the second window, which has the keyboard
    wait_for("the second window's question", lambda: len(app.conversations()) == 1, 30)
    desktop.xdotool("windowactivate", "--sync", window_a)
    desktop.wait_active(window_a)
    ask(app, "Weather in Sanya")
    listed = wait_for("both questions", lambda: len(c := app.conversations()) == 2 and c, 30)
    for conversation in listed:  # type: ignore[attr-defined]
        wait_answers(app, conversation["id"], 1)
    database = app.home / "data" / "history.sqlite3"
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    desktop.key("ctrl+q")
    assert app.wait_exit(first) == 0
    desktop.xdotool("windowactivate", "--sync", window_b)
    desktop.key("ctrl+q")
    assert app.wait_exit(second) == 0
