"""Forks: `fork_messages` cuts and edits at a recorded call, `HistoryStore.fork` links the new
conversation by `forked_from` (schema step 2), the original is untouched, the loop re-runs the turn."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.llm.fake import FakeModel
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.history import MIGRATIONS, HistoryStore, RunSink
from desktop_app.store.history_rows import fork_messages
from desktop_app.store.settings import Settings

CALLS = (
    ToolCall("c1", "get_weather", {"city": "三亚"}, '{"city": "三亚"}'),
    ToolCall("c2", "get_hotel_price", {"city": "三亚"}, '{"city": "三亚"}'),
)


def trip() -> list[Message]:
    return list(TRIP)


TRIP: list[Message] = [
    UserMessage("三亚天气和酒店"),
    AssistantMessage("", CALLS, stop_reason="tool_calls"),
    ToolResultMessage("c1", "get_weather", '{"weather": "晴"}'),
    ToolResultMessage("c2", "get_hotel_price", '{"price": 680}'),
    AssistantMessage("晴，¥680"),
    UserMessage("thanks"),
    AssistantMessage("you're welcome"),
]


def test_fork_keeps_what_came_before_and_replaces_one_result() -> None:
    forked = fork_messages(trip(), "c1", result=('{"weather": "暴雨"}', False))
    assert forked[:2] == trip()[:2]
    assert [m.content for m in forked[2:]] == ['{"weather": "暴雨"}', '{"price": 680}']
    assert len(forked) == 4  # the answer and everything after the call's turn are gone


def test_fork_with_edited_arguments_and_an_error_result() -> None:
    forked = fork_messages(trip(), "c2", arguments={"city": "海口", "stars": 5}, result=("boom", True))
    turn = forked[1]
    assert isinstance(turn, AssistantMessage)
    assert turn.tool_calls[1].arguments == {"city": "海口", "stars": 5}
    assert turn.tool_calls[1].arguments_raw == '{"city": "海口", "stars": 5}'
    assert turn.tool_calls[0] == CALLS[0]
    last = forked[3]
    assert isinstance(last, ToolResultMessage) and last.is_error and last.content == "boom"


def test_fork_of_a_call_without_a_result_gets_one_and_unknown_ids_fail() -> None:
    forked = fork_messages(trip()[:3], "c1")  # c2's result never came (a crash)
    assert [m.tool_call_id for m in forked[2:] if isinstance(m, ToolResultMessage)] == ["c1", "c2"]
    with pytest.raises(KeyError):
        fork_messages(trip(), "nope")


def test_store_fork_links_and_keeps_the_original(tmp_path: Path) -> None:
    with HistoryStore(tmp_path / "h.sqlite3") as store:
        conv = store.new_conversation(title="三亚 trip", provider="openai", model="gpt")
        for m in trip():
            conv.append(m)
        fork_id = store.fork(conv.id, fork_messages(trip(), "c1", result=("x", False)))
        info = store.info(fork_id)
        assert info.forked_from == conv.id and info.title == "三亚 trip" and info.provider == "openai"
        assert info.to_dict()["forked_from"] == conv.id
        assert store.info(conv.id).forked_from == ""
        assert store.stored_messages(conv.id) == trip()
        assert [m.content for m in store.stored_messages(fork_id)][2] == "x"
        assert {c.id for c in store.list()} == {conv.id, fork_id}
        with pytest.raises(KeyError):
            store.fork("missing", [])


def test_a_version_1_file_gains_forked_from(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('old1', 't', 1, 1)")
    conn.execute("INSERT INTO messages VALUES ('old1', 1, 'user', 'hi', '{}', 1)")
    conn.commit()
    conn.close()
    with HistoryStore(path) as store:
        assert store._connection().execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 3
        assert store.info("old1").forked_from == ""
        assert store.stored_messages("old1") == [UserMessage("hi", created_at=1)]


async def test_the_loop_reruns_the_model_turn_of_a_fork(tmp_path: Path) -> None:
    model = FakeModel([AssistantMessage("下暴雨，别去海边")])
    with HistoryStore(tmp_path / "h.sqlite3") as store:
        conv = store.new_conversation(title="t", provider="p", model="m")
        for m in trip():
            conv.append(m)
        fork_id = store.fork(conv.id, fork_messages(trip(), "c1", result=('{"weather": "暴雨"}', False)))
        agent = Agent(model, build_registry(Settings(), RunOptions()), PolicyApprover("none"))
        agent.messages = store.messages(fork_id)
        agent.sink = RunSink(store.conversation(fork_id))
        events: list[Any] = [e async for e in agent.run(None)]
        assert events[-1].type == "final" and events[-1].text == "下暴雨，别去海边"
        seen = model.requests[0].messages
        assert isinstance(seen[-1], ToolResultMessage) and seen[-1].content == '{"price": 680}'
        assert seen[-2].content == '{"weather": "暴雨"}'
        assert not any(isinstance(m, UserMessage) for m in store.stored_messages(fork_id)[1:])
        assert store.stored_messages(fork_id)[-1].content == "下暴雨，别去海边"
