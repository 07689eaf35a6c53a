"""The history store: round trips, listing, search, rename/delete, export, repair, errors."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core.messages import (
    AssistantMessage,
    Message,
    ToolCall,
    ToolResultMessage,
    UserMessage,
    message_to_dict,
)
from desktop_app.llm.base import ModelRequest
from desktop_app.llm.fake import FakeModel
from desktop_app.store import history
from desktop_app.store.history import (
    HistoryError,
    HistoryStore,
    RunSink,
    new_id,
    repair,
)
from desktop_app.store.history_rows import INTERRUPTED
from desktop_app.tools.registry import ToolRegistry


@pytest.fixture
def store(tmp_path: Path) -> Iterator[HistoryStore]:
    s = HistoryStore(tmp_path / "h.sqlite3")
    yield s
    s.close()


def every_kind() -> list[Message]:
    """One of each message shape the engine produces."""
    return [
        UserMessage("我在北京，下周想去三亚玩三天", created_at=1.5),
        AssistantMessage(
            "Let me check.",
            (
                ToolCall("call_1", "get_weather", {"city": "三亚"}, '{"city":"三亚"}'),
                ToolCall("toolu_2", "get_flight_price", None, '{"origin": "北京", '),
                ToolCall("call_3", "get_hotel_price", {"city": "三亚", "stars": 4}),
            ),
            stop_reason="tool_calls",
            created_at=2.25,
        ),
        ToolResultMessage("call_1", "get_weather", '{"temp": "33°C"}', created_at=3.0),
        ToolResultMessage("toolu_2", "get_flight_price", "arguments are not JSON", True, 3.1),
        ToolResultMessage("call_3", "get_hotel_price", "¥680/晚 含早", created_at=3.2),
        AssistantMessage("The total is ¥4,600.", created_at=4.0),
        UserMessage("", created_at=5.0),
        AssistantMessage("cut off mid-sen", incomplete=True, stop_reason="error", created_at=6.0),
        AssistantMessage("too long", stop_reason="length", created_at=7.0),
    ]


def _conv_with(store: HistoryStore, msgs: list[Message], title: str = "trip") -> str:
    conv = store.new_conversation(title=title, provider="offline", model="planner")
    for m in msgs:
        conv.append(m)
    return conv.id


# ---------------------------------------------------------------- storage


def test_every_message_kind_round_trips_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with HistoryStore(path) as s:
        conv_id = _conv_with(s, every_kind())
        assert s.stored_messages(conv_id) == every_kind()
    with HistoryStore(path) as s:
        assert s.stored_messages(conv_id) == every_kind()
        assert s.messages(conv_id) == every_kind()  # nothing to repair
        info = s.info(conv_id)
    assert (info.title, info.provider, info.model, info.message_count) == (
        "trip",
        "offline",
        "planner",
        len(every_kind()),
    )


def test_database_settings_wal_full_and_schema_version(store: HistoryStore) -> None:
    conn = store._connection()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(history.MIGRATIONS)


def test_migration_path_upgrades_an_old_file_and_keeps_its_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "h.sqlite3"
    with HistoryStore(path) as s:
        conv_id = _conv_with(s, every_kind())
    step = ("ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0",)
    monkeypatch.setattr(history, "MIGRATIONS", [*history.MIGRATIONS, step])
    with HistoryStore(path) as s:
        conn = s._connection()
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(history.MIGRATIONS)
        assert conn.execute("SELECT pinned FROM conversations").fetchone()[0] == 0
        assert s.stored_messages(conv_id) == every_kind()


def test_a_file_from_a_newer_app_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    HistoryStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(HistoryError, match="newer version"):
        HistoryStore(path)


def test_ids_are_short_url_safe_unique_and_time_sortable() -> None:
    ids = [new_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[0-9a-z]{16}", i) for i in ids)
    time.sleep(0.002)
    assert new_id() > max(ids)


def test_usage_totals_accumulate(store: HistoryStore) -> None:
    conv = store.new_conversation(title="t", provider="p", model="m")
    conv.append(UserMessage("hi"))
    conv.add_usage(100, 20)
    conv.add_usage(50, 5)
    info = store.info(conv.id)
    assert (info.input_tokens, info.output_tokens) == (150, 25)
    keys = set(info.to_dict())
    assert {"id", "title", "created_at", "updated_at", "message_count", "provider", "model"} <= keys


# ---------------------------------------------------------------- list, search, rename, delete


def test_list_is_newest_first_and_hides_empty_conversations(store: HistoryStore) -> None:
    a = _conv_with(store, [UserMessage("first")], "A")
    b = _conv_with(store, [UserMessage("second")], "B")
    store.new_conversation(title="empty", provider="p", model="m")
    c = _conv_with(store, [UserMessage("third")], "C")
    assert [i.id for i in store.list()] == [c, b, a]
    store.conversation(a).append(AssistantMessage("more"))
    assert [i.id for i in store.list()] == [a, c, b]
    assert store.list()[0].message_count == 2


def test_search_matches_titles_and_message_text(store: HistoryStore) -> None:
    sanya = _conv_with(store, every_kind(), "三亚 trip")
    paris = _conv_with(store, [UserMessage("Weather in PARIS?"), AssistantMessage("Rain.")], "P")
    odd = _conv_with(store, [UserMessage("100% sure_thing")], "odd")
    assert [i.id for i in store.list("三亚")] == [sanya]
    assert [i.id for i in store.list("paris")] == [paris]  # case-insensitive
    assert [i.id for i in store.list("rain")] == [paris]  # the answer's text too
    assert [i.id for i in store.list("¥680")] == [sanya]  # and tool results
    assert [i.id for i in store.list("0% s")] == [odd]
    assert store.list("%") == [store.info(odd)]  # wildcards are literal
    assert store.list("_") == [store.info(odd)]
    assert store.list("nowhere at all") == []
    assert len(store.list("  ")) == 3


def test_rename_and_delete(store: HistoryStore) -> None:
    keep = _conv_with(store, [UserMessage("keep")], "keep")
    gone = _conv_with(store, every_kind(), "gone")
    conv = store.conversation(gone)
    store.rename(gone, "  三亚\n三天  ")
    assert store.info(gone).title == "三亚 三天"
    store.delete(gone)
    assert [i.id for i in store.list()] == [keep]
    with pytest.raises(KeyError):
        store.conversation(gone)
    with pytest.raises(KeyError):
        store.messages(gone)
    with pytest.raises(KeyError):
        store.rename(gone, "x")
    with pytest.raises(KeyError):
        store.delete(gone)
    with pytest.raises(HistoryError, match="deleted"):
        conv.append(UserMessage("late"))
    n = store._connection().execute("SELECT COUNT(*) FROM messages").fetchone()[0]
    assert n == 1


def test_resolve_accepts_a_unique_prefix(store: HistoryStore) -> None:
    conv_id = _conv_with(store, [UserMessage("x")])
    assert store.resolve(conv_id) == conv_id
    assert store.resolve(conv_id[:12]) == conv_id
    with pytest.raises(KeyError):
        store.resolve("zzzz")
    with pytest.raises(KeyError):
        store.resolve("")


# ---------------------------------------------------------------- export


def test_export_json_keeps_every_message_in_the_contract_shape(store: HistoryStore) -> None:
    conv_id = _conv_with(store, every_kind(), "三亚 trip")
    data = json.loads(store.export(conv_id, "json"))
    assert data["id"] == conv_id and data["title"] == "三亚 trip"
    assert data["message_count"] == len(every_kind())
    assert data["messages"] == [message_to_dict(m) for m in every_kind()]
    calls = data["messages"][1]["tool_calls"]
    assert calls[0] == {"id": "call_1", "name": "get_weather", "arguments": {"city": "三亚"}}
    assert calls[1]["arguments_raw"] == '{"origin": "北京", '
    assert data["messages"][3]["is_error"] is True
    assert data["messages"][7]["incomplete"] is True


def test_export_markdown_keeps_tool_calls_and_results_readable(store: HistoryStore) -> None:
    msgs = [*every_kind(), ToolResultMessage("call_9", "shell", "has ``` and ```` fences")]
    conv_id = _conv_with(store, msgs, "三亚 trip")
    md = store.export(conv_id, "md")
    assert md.startswith("# 三亚 trip\n")
    assert '```json\n{\n  "city": "三亚"\n}\n```' in md  # arguments as fenced JSON
    assert '```json\n{\n  "temp": "33°C"\n}\n```' in md  # a JSON result, pretty-printed
    assert '```text\n{"origin": "北京", \n```' in md  # raw arguments kept as they came
    assert "`get_flight_price` · id `toolu_2` · **error**" in md
    assert "¥680/晚 含早" in md and "The total is ¥4,600." in md
    assert "incomplete" in md
    assert "`````text\nhas ``` and ```` fences\n`````" in md  # a fence longer than any inside
    assert md.count("### User") == 2 and md.count("### Tool result") == 4


def test_export_rejects_an_unknown_format(store: HistoryStore) -> None:
    conv_id = _conv_with(store, [UserMessage("x")])
    with pytest.raises(ValueError):
        store.export(conv_id, "pdf")  # type: ignore[arg-type]


# ---------------------------------------------------------------- repair


def _assert_valid_for_providers(messages: list[Message]) -> None:
    """Every tool call answered exactly once, right after its call; no orphan results."""
    i = 0
    while i < len(messages):
        msg = messages[i]
        assert not isinstance(msg, ToolResultMessage), f"orphan result at {i}"
        i += 1
        if isinstance(msg, AssistantMessage) and msg.tool_calls:
            ids = [c.id for c in msg.tool_calls]
            results = messages[i : i + len(ids)]
            assert [getattr(r, "tool_call_id", None) for r in results] == ids
            i += len(ids)


CRASHED: list[Message] = [
    UserMessage("weather, flights, hotel", created_at=1.0),
    AssistantMessage(
        "",
        (
            ToolCall("call_a", "get_weather", {"city": "三亚"}),
            ToolCall("call_b", "get_flight_price", {"origin": "北京", "destination": "三亚"}),
            ToolCall("call_c", "get_hotel_price", {"city": "三亚"}),
        ),
        stop_reason="tool_calls",
        created_at=2.0,
    ),
    ToolResultMessage("call_b", "get_flight_price", "¥1,280", created_at=3.0),
    # the app was killed here: call_a and call_c never got a result
]


def test_dangling_tool_calls_get_a_synthetic_error_result(store: HistoryStore) -> None:
    conv_id = _conv_with(store, CRASHED)
    assert store.stored_messages(conv_id) == CRASHED  # the file keeps what happened
    repaired = store.messages(conv_id)
    _assert_valid_for_providers(repaired)
    results = repaired[2:]
    assert [r.tool_call_id for r in results] == ["call_a", "call_b", "call_c"]
    assert results[1] == CRASHED[2]
    for r in (results[0], results[2]):
        assert r.content == INTERRUPTED and r.is_error
    assert (results[0].name, results[2].name) == ("get_weather", "get_hotel_price")
    with pytest.raises(AssertionError):
        _assert_valid_for_providers(store.stored_messages(conv_id))  # the check can fail


def test_repair_drops_orphan_results_and_reorders_to_call_order() -> None:
    call = AssistantMessage("", (ToolCall("x", "t", {}), ToolCall("y", "t", {})))
    msgs: list[Message] = [
        ToolResultMessage("nobody", "t", "orphan"),
        UserMessage("q"),
        call,
        ToolResultMessage("y", "t", "Y"),
        ToolResultMessage("x", "t", "X"),
        ToolResultMessage("x", "t", "duplicate"),
    ]
    fixed = repair(msgs)
    assert [getattr(m, "content", None) for m in fixed] == ["q", "", "X", "Y"]
    _assert_valid_for_providers(fixed)


async def test_a_crashed_conversation_continues_with_a_valid_model_call(
    store: HistoryStore,
) -> None:
    conv_id = _conv_with(store, CRASHED)
    seen: list[ModelRequest] = []

    def answer(request: ModelRequest) -> AssistantMessage:
        seen.append(request)
        _assert_valid_for_providers(list(request.messages))
        return AssistantMessage("Two tools were interrupted; flights are ¥1,280.")

    agent = Agent(
        model=FakeModel([answer]),
        registry=ToolRegistry([]),
        approver=PolicyApprover("none"),
        sink=RunSink(store.conversation(conv_id)),
        conversation_id=conv_id,
        messages=store.messages(conv_id),
    )
    events = [e async for e in agent.run("what happened?")]
    assert events[-1].to_dict()["type"] == "final"
    assert INTERRUPTED in [getattr(m, "content", "") for m in seen[0].messages]
    after = store.messages(conv_id)
    _assert_valid_for_providers(after)
    assert [m.role for m in after[-2:]] == ["user", "assistant"]


# ---------------------------------------------------------------- failures and threads


def test_a_full_disk_raises_a_clear_error_and_keeps_the_file_intact(store: HistoryStore) -> None:
    conv = store.new_conversation(title="t", provider="p", model="m")
    conv.append(UserMessage("before"))
    conn = store._connection()
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")  # no room for another page
    with pytest.raises(HistoryError, match="disk is full") as info:
        conv.append(AssistantMessage("x" * 200_000))
    assert "\n" not in str(info.value)
    assert not conn.in_transaction
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.execute("PRAGMA max_page_count = 1073741823")
    conv.append(AssistantMessage("after"))
    assert [m.content for m in store.messages(conv.id)] == ["before", "after"]


def test_a_read_only_database_raises_a_clear_error(store: HistoryStore) -> None:
    conv = store.new_conversation(title="t", provider="p", model="m")
    conv.append(UserMessage("before"))
    store._connection().execute("PRAGMA query_only = ON")  # as a read-only file would
    with pytest.raises(HistoryError, match="read-only"):
        conv.append(UserMessage("x"))
    with pytest.raises(HistoryError, match="read-only"):
        store.rename(conv.id, "new")
    assert [i.title for i in store.list()] == ["t"]  # reading still works


def test_a_file_that_is_not_a_database_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    junk = b"this is my diary, not a database\n" * 200
    path.write_bytes(junk)
    with pytest.raises(HistoryError, match="not a history database"):
        HistoryStore(path)
    assert path.read_bytes() == junk


def test_a_closed_store_says_so(store: HistoryStore) -> None:
    conv = store.new_conversation(title="t", provider="p", model="m")
    store.close()
    store.close()
    with pytest.raises(HistoryError, match="closed"):
        conv.append(UserMessage("x"))


def test_threads_and_a_second_connection_share_the_file(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    store, other = HistoryStore(path), HistoryStore(path)
    convs = [store.new_conversation(title=f"c{n}", provider="p", model="m") for n in range(2)]
    shared = store.new_conversation(title="shared", provider="p", model="m")
    errors: list[BaseException] = []

    def write(n: int) -> None:
        try:
            for i in range(100):
                convs[n].append(UserMessage(f"{n}:{i}"))
                target = shared if i % 2 else other.conversation(shared.id)
                target.append(UserMessage(f"s{n}:{i}"))
                store.list("1")
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for n in range(2):
        assert [m.content for m in store.messages(convs[n].id)] == [f"{n}:{i}" for i in range(100)]
    mine = [m.content for m in other.messages(shared.id)]
    assert sorted(mine) == sorted(f"s{n}:{i}" for n in range(2) for i in range(100))
    for n in range(2):
        assert [c for c in mine if c.startswith(f"s{n}:")] == [f"s{n}:{i}" for i in range(100)]
    store.close()
    other.close()


def test_empty_conversations_are_pruned_after_a_day(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "h.sqlite3"
    with HistoryStore(path) as s:
        old_empty = s.new_conversation(title="old", provider="p", model="m").id
        new_empty = s.new_conversation(title="new", provider="p", model="m").id
        kept = _conv_with(s, [UserMessage("hi")])
        s._connection().execute(
            "UPDATE conversations SET updated_at = updated_at - 2 * 86400 WHERE id IN (?, ?)",
            (old_empty, kept),
        )
    with HistoryStore(path) as s:
        with pytest.raises(KeyError):
            s.conversation(old_empty)
        s.conversation(new_empty)  # still within its grace period: the window may use it
        assert [i.id for i in s.list()] == [kept]
