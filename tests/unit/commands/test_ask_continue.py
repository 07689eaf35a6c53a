"""`ask --continue [ID]`: the model sees the saved conversation and the new messages join it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from desktop_app.cli import main, parse_args
from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.store.history import FILENAME, HistoryStore

OPEN_QUESTION = "12月想从上海去个暖和的地方，预算5000，有什么推荐"


def _events(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[dict[str, Any]]:
    capsys.readouterr()
    assert main(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _calls(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The places of each call (the dates and party the planner adds are checked elsewhere)."""
    keep = ("origin", "destination", "city", "stars")
    return [
        {k: v for k, v in e["arguments"].items() if k in keep}
        for e in events
        if e["type"] == "tool_call" and e["name"] == name
    ]


def _counts(home: Path) -> tuple[int, int]:
    path = home / "data" / FILENAME
    if not path.exists():
        return (0, 0)
    with sqlite3.connect(path) as conn:
        convs = conn.execute("SELECT COUNT(*) FROM conversations").fetchone()[0]
        return (convs, conn.execute("SELECT COUNT(*) FROM messages").fetchone()[0])


def _offline(*argv: str) -> list[str]:
    return ["ask", "--provider", "offline", "--json", *argv]


def test_offline_follow_ups_keep_the_origin_of_the_saved_question(capsys: pytest.CaptureFixture[str]) -> None:
    first = _events(capsys, _offline(OPEN_QUESTION))
    conv_id = first[0]["conversation_id"]
    fresh = _events(capsys, _offline("--no-save", "换成成都呢"))  # the control: no conversation, no origin
    assert _calls(fresh, "get_flight_price")[0]["origin"] != "上海"

    chengdu = _events(capsys, _offline("--continue", "换成成都呢"))
    assert chengdu[0] == {
        "type": "run_started",
        "provider": "offline",
        "model": "offline-planner",
        "conversation_id": conv_id,
    }
    assert _calls(chengdu, "get_flight_price") == [{"origin": "上海", "destination": "成都"}]
    five = _events(capsys, ["ask", "--continue", conv_id[:8], "--provider", "offline", "--json", "五星的呢？"])
    assert _calls(five, "get_hotel_price") == [{"city": "成都", "stars": 5}]
    hotels = _events(capsys, _offline("--continue", "And the hotels there?"))
    assert [c["city"] for c in _calls(hotels, "get_hotel_price")] in (["成都"], ["Chengdu"])

    with HistoryStore() as store:
        (only,) = store.list()
        users = [m.content for m in store.stored_messages(conv_id) if isinstance(m, UserMessage)]
    assert only.id == conv_id and only.title == OPEN_QUESTION
    assert users == [OPEN_QUESTION, "换成成都呢", "五星的呢？", "And the hotels there?"]


def test_continue_with_no_save_sees_the_conversation_but_adds_nothing(
    app_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conv_id = _events(capsys, _offline(OPEN_QUESTION))[0]["conversation_id"]
    before = _counts(app_home)
    events = _events(capsys, _offline("--continue", conv_id, "--no-save", "换成成都呢"))
    assert events[0]["conversation_id"] == conv_id
    assert _calls(events, "get_flight_price") == [{"origin": "上海", "destination": "成都"}]
    assert _counts(app_home) == before


def test_the_latest_conversation_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    with HistoryStore() as store:
        for title in ("old", "new"):
            conv = store.new_conversation(title=title, provider="offline", model="offline-planner")
            conv.append(UserMessage(f"{title} question"))
            conv.append(AssistantMessage(f"{title} answer"))
    events = _events(capsys, _offline("--continue", "thanks"))
    assert events[0]["conversation_id"] == conv.id


def _two_with_one_prefix(home: Path) -> None:
    with HistoryStore() as store:
        ids = []
        for n in range(2):
            conv = store.new_conversation(title=f"t{n}", provider="offline", model="m")
            conv.append(UserMessage("hi"))
            ids.append(conv.id)
    with sqlite3.connect(home / "data" / FILENAME) as conn:
        for old, new in zip(ids, ("abcd0001", "abcd0002"), strict=True):
            conn.execute("UPDATE messages SET conversation_id = ? WHERE conversation_id = ?", (new, old))
            conn.execute("UPDATE conversations SET id = ? WHERE id = ?", (new, old))


@pytest.mark.parametrize(
    ("argv", "words", "setup"),
    [
        (["--continue", "x"], "no saved conversation to continue yet", False),
        (["--continue", "nosuchid", "x"], "no saved conversation with id 'nosuchid'", False),
        (["--continue", "nosuchid", "x"], "no saved conversation with id 'nosuchid'", True),
        (["--continue", "abcd", "x"], "matches several conversations", True),
        (["--continue"], "ask needs a PROMPT", True),
    ],
)
def test_errors_are_one_line_exit_2_and_write_nothing(
    argv: list[str], words: str, setup: bool, app_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if setup:
        _two_with_one_prefix(app_home)
    before = _counts(app_home)
    assert main(["ask", "--provider", "offline", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err and "Traceback" not in err
    assert _counts(app_home) == before
    assert setup or not (app_home / "data" / FILENAME).exists()  # not even an empty database


def test_continue_parses_with_and_without_an_id() -> None:
    assert (parse_args(["ask", "hi"]).continue_id, parse_args(["ask", "hi"]).prompt) == (None, "hi")
    args = parse_args(["ask", "--continue", "01abc", "hi"])
    assert (args.continue_id, args.prompt) == ("01abc", "hi")
    args = parse_args(["ask", "hi", "--continue"])
    assert (args.continue_id, args.prompt) == ("", "hi")
