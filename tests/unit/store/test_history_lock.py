"""History locked by another process mid-run: the answer is shown, saved when the lock clears,
or else reported as a `history_write` error after `final` with a recovery file that holds it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import desktop_app.runtime as runtime
from desktop_app.cli import main
from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.llm.base import ModelRequest
from desktop_app.llm.fake import FakeModel
from desktop_app.store import history
from desktop_app.store.history import HistoryStore, RunSink

ANSWER = "三亚下周晴，32°C，记得防晒。"
LOCKER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
print("released", flush=True)
"""


@pytest.fixture
def lockers() -> Iterator[list[subprocess.Popen[str]]]:
    procs: list[subprocess.Popen[str]] = []
    yield procs
    for proc in procs:
        proc.kill()
        proc.wait(10)


def lock(path: Path, seconds: float, procs: list[subprocess.Popen[str]]) -> subprocess.Popen[str]:
    """Another process holds the database's write lock for `seconds` (returns once it holds it)."""
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(path), str(seconds)], stdout=subprocess.PIPE, text=True)
    procs.append(proc)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    return proc


def locking_model(db: Path, seconds: float, procs: list[subprocess.Popen[str]]) -> FakeModel:
    """The model's answer streams while another process takes the lock (after the user's message)."""

    def answer(_request: ModelRequest) -> AssistantMessage:
        lock(db, seconds, procs)
        return AssistantMessage(ANSWER)

    return FakeModel([answer])


def ask_json(
    monkeypatch: pytest.MonkeyPatch, model: FakeModel, capsys: pytest.CaptureFixture[str]
) -> tuple[int, list[dict[str, Any]], str]:
    monkeypatch.setattr(runtime, "build_model", lambda _s, _o: model)
    code = main(["ask", "三亚天气", "--json"])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def db_path(home: Path) -> Path:
    return home / "data" / history.FILENAME


def test_a_lock_released_after_a_second_loses_nothing(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lockers: list[Any]
) -> None:
    code, events, err = ask_json(monkeypatch, locking_model(db_path(app_home), 1.0, lockers), capsys)
    assert code == 0, err
    assert [e["type"] for e in events][-1] == "final" and events[-1]["text"] == ANSWER
    with HistoryStore() as store:
        conv_id = events[0]["conversation_id"]
        assert [(m.role, m.content) for m in store.messages(conv_id)] == [("user", "三亚天气"), ("assistant", ANSWER)]
        assert store.info(conv_id).output_tokens > 0


def test_a_lock_held_throughout_ends_with_history_write_and_a_recovery_file(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lockers: list[Any]
) -> None:
    monkeypatch.setattr(history, "BUSY_TIMEOUT_S", 0.3)  # the test need not wait 5 s twice
    code, events, err = ask_json(monkeypatch, locking_model(db_path(app_home), 120, lockers), capsys)
    kinds = [e["type"] for e in events]
    assert kinds[-2:] == ["final", "error"], kinds
    assert events[-2]["text"] == ANSWER
    error = events[-1]
    assert error["kind"] == "history_write" and "\n" not in error["message"]
    assert "busy" in error["message"]
    path = Path(error["message"].rsplit("written to ", 1)[1])
    assert path.is_file() and path.is_relative_to(app_home / "data" / "recovery")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["id"] == events[0]["conversation_id"]
    assert [(m["role"], m["content"]) for m in saved["messages"]] == [("user", "三亚天气"), ("assistant", ANSWER)]
    assert code == 1 and "Traceback" not in err


def test_writes_kept_while_locked_go_in_order_with_the_next_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lockers: list[Any]
) -> None:
    monkeypatch.setattr(history, "BUSY_TIMEOUT_S", 0.05)
    path = tmp_path / "h.sqlite3"
    with HistoryStore(path) as store:
        sink = RunSink(store.new_conversation(title="t", provider="p", model="m"))
        sink.append(UserMessage("one"))
        holder = lock(path, 0.5, lockers)
        sink.append(AssistantMessage("two"))  # refused: kept, the run goes on
        sink.add_usage(3, 4)
        assert [m.content for m in sink.unsaved] == ["two"]
        assert holder.stdout is not None and holder.stdout.readline().strip() == "released"
        sink.append(UserMessage("three"))  # the lock cleared: all three, in order
        assert sink.unsaved == [] and sink.finish() == ""
        assert [m.content for m in store.messages(sink.id)] == ["one", "two", "three"]
        assert store.info(sink.id).input_tokens == 3


def test_a_data_folder_that_is_a_file_is_one_clear_line(app_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app_home.mkdir(parents=True, exist_ok=True)
    (app_home / "data").write_text("not a folder")
    assert main(["ask", "hi", "--provider", "offline"]) == 1
    err = capsys.readouterr().err
    assert "cannot use the data folder" in err and str(app_home / "data") in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
