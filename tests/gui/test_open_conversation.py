"""`gui --conversation ID`: the window opens that saved conversation instead of a new one."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.app import open_requested
from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage
from desktop_app.store.history import HistoryStore

ROOT = Path(__file__).resolve().parents[2]
OPEN_QUESTION = "12月想从上海去个暖和的地方，预算5000，有什么推荐"


def _saved(title: str = "Paris trip") -> str:
    with HistoryStore() as store:
        conv = store.new_conversation(title=title, provider="offline", model="offline-planner")
        conv.append(UserMessage("Paris in May?"))
        conv.append(AssistantMessage("", (ToolCall("call_1", "get_weather", {"city": "Paris"}),)))
        conv.append(ToolResultMessage("call_1", "get_weather", '{"temperature": 18}'))
        conv.append(AssistantMessage("Mild, around 18°C."))
        return conv.id


def _long_saved(rounds: int, prefix: str = "c", answers: bool = True) -> str:
    """A saved conversation of `rounds` x (question, a call, its result[, the answer])."""
    with HistoryStore() as store:
        conv = store.new_conversation(title="long", provider="offline", model="offline-planner")
        for i in range(rounds):
            conv.append(UserMessage(f"question {i}"))
            conv.append(AssistantMessage("", (ToolCall(f"{prefix}{i}", "get_weather", {"city": "Sanya"}),)))
            conv.append(ToolResultMessage(f"{prefix}{i}", "get_weather", '{"temperature": 33}'))
            if answers:
                conv.append(AssistantMessage(f"answer {i}"))
        return conv.id


def gui(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TRAVEL_ASSISTANT_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "gui", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_requested_conversation_is_shown_and_selected(make_window: Any) -> None:
    other, wanted = _saved("other"), _saved()
    window = make_window()
    open_requested(window, argparse.Namespace(conversation=other))
    open_requested(window, argparse.Namespace(conversation=wanted))
    assert window.session.conversation_id == wanted
    assert window.history_panel.selected_id() == wanted
    assert window.chat.answer_text().endswith("Mild, around 18°C.")
    assert [c.status for c in window.chat.chips()] == ["done"]


def test_the_inspector_shows_a_saved_conversation_as_saved(make_window: Any) -> None:
    window = make_window()
    window.conversation.open(_saved())
    inspector = window.inspector
    assert inspector.summary.text().startswith("offline · offline-planner")  # who answered, as saved
    assert inspector.status_line.text() == "Saved calls, as recorded (no timings)"  # not "Running…"


def test_no_request_leaves_the_new_conversation(make_window: Any) -> None:
    _saved()
    window = make_window()
    open_requested(window, argparse.Namespace(conversation=""))
    assert window.session.conversation_id == "" and window.chat.chips() == []


def test_an_unknown_id_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("TRAVEL_ASSISTANT_HOME", str(home))
    for saved in (False, True):  # no history yet, then a history without that id
        if saved:
            _saved()
        done = gui("--conversation", "nosuchid", "--exit-when-done", home=home)
        assert done.returncode == 2, done.stderr
        assert done.stdout == "" and done.stderr == "travel-assistant: no saved conversation with id 'nosuchid'\n"


def test_a_prefix_opens_the_conversation_and_a_prompt_continues_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("TRAVEL_ASSISTANT_HOME", str(home))
    ask = subprocess.run(
        [sys.executable, "-m", "desktop_app", "ask", "--provider", "offline", "--json", OPEN_QUESTION],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ask.returncode == 0, ask.stderr
    with HistoryStore() as store:
        (saved,) = store.list()
    done = gui("--conversation", saved.id[:9], "--prompt", "换成成都呢", "--exit-when-done", home=home)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"ui_max_stall_ms=\d+\n", done.stdout), done.stdout
    with HistoryStore() as store:
        (after,) = store.list()  # the same conversation, not a new one
        messages = store.stored_messages(saved.id)
    assert after.id == saved.id and after.message_count > saved.message_count
    flights = [
        {k: v for k, v in (c.arguments or {}).items() if k in ("origin", "destination")}
        for m in messages
        if isinstance(m, AssistantMessage)
        for c in m.tool_calls
    ]
    assert {"origin": "上海", "destination": "成都"} in flights  # the window's run saw the saved question


def test_a_long_conversation_reads_only_its_end_and_the_rest_when_asked(make_window: Any) -> None:
    from desktop_app.ui.conversation import READ_AT_OPEN

    rounds = READ_AT_OPEN  # 4 messages a round: several times what is read at open
    conv_id = _long_saved(rounds)
    window = make_window()
    window.conversation.open(conv_id)
    rows = window.chat.message_count() - 1  # the "Show earlier" button is a row too
    assert rows == READ_AT_OPEN // 4 * 3 and window.chat.earlier_button is not None  # question, chip, answer
    assert window.chat.earlier_button.text() == f"Show {rounds * 4 - READ_AT_OPEN} earlier message(s)"
    assert len(window.chat.widgets()) < 30  # widgets only for what is on screen
    assert len(window.inspector.trace.calls) == READ_AT_OPEN // 4  # the calls of what was read
    window.chat.show_earlier()
    assert window.chat.message_count() == rounds * 3  # every round; a call's result joins its chip
    assert window.chat.answer_text().split("\n\n")[0] == "answer 0"


def test_earlier_pages_bring_their_calls_to_the_inspector(qtbot: Any, make_window: Any) -> None:
    from desktop_app.ui.conversation import READ_AT_OPEN

    conv_id = _long_saved(READ_AT_OPEN)  # four messages a round: most of it is not read at open
    window = make_window()
    window.conversation.open(conv_id)
    trace = window.inspector.trace
    assert trace.find_call("c0") is None and len(trace.calls) == READ_AT_OPEN // 4
    window.chat.show_earlier()  # what scrolling to the top does a page at a time
    assert window.inspector.trace is trace  # nothing reloaded while reading (scrolling keeps its frames)
    with qtbot.waitSignal(window.chat.callSelected):
        chip = window.chat.chip_widget("c0")  # an old call, clicked
        assert chip is not None
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    inspector = window.inspector
    trace = inspector.trace
    assert trace.find_call("c0") is not None and len(trace.calls) == READ_AT_OPEN
    assert [c.id for c in trace.calls][:2] == ["c0", "c1"]  # in the conversation's order
    assert inspector._selected[1] == trace.find_call("c0").index  # type: ignore[union-attr]
    assert inspector.status_line.text() == "Saved calls, as recorded (no timings)"


def test_a_run_since_opening_keeps_the_inspector(qtbot: Any, make_window: Any) -> None:
    from desktop_app.ui.conversation import READ_AT_OPEN

    conv_id = _long_saved(READ_AT_OPEN, prefix="old", answers=False)
    window = make_window()
    window.conversation.open(conv_id)
    with qtbot.waitSignal(window.runDone, timeout=20000):
        window.conversation.send("三亚明天天气怎么样？")
    live = window.inspector.trace
    assert window.inspector.live and live.calls
    window.chat.show_earlier()
    window.chat.callSelected.emit("old0")  # an old call picked
    assert window.inspector.trace is live  # the run just made stays; old messages only join the chat
