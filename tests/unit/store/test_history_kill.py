"""THE KILL TEST: SIGKILL a writer at random moments; every reported message survives intact."""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from desktop_app.store.history import HistoryStore

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
WRITER = HERE / "history_writer.py"
RUNS = int(os.environ.get("HISTORY_KILL_RUNS", "24"))  # raise it for a longer soak
SEED = 20261202


def _writer_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("history_writer", WRITER)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_and_kill(db: Path, run: int, rng: random.Random) -> tuple[str | None, list[int]]:
    """Start a writer, SIGKILL it at a random moment; return its conversation id and reports."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, str(WRITER), str(db), str(run)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,  # communicate() reads the raw pipe: nothing may sit in a reader's buffer
    )
    assert proc.stdout is not None
    first = b""
    if run % 3:  # two runs in three: mid-conversation; the rest: anywhere, startup included
        first = proc.stdout.readline()
    time.sleep(rng.uniform(0.0, 0.25))
    proc.kill()  # SIGKILL on POSIX (TerminateProcess on Windows): no cleanup code runs
    rest, err = proc.communicate(timeout=10)
    assert proc.returncode == (-signal.SIGKILL if os.name == "posix" else 1), err.decode()
    lines = (first + rest).decode().split()
    if not lines:
        return None, []
    assert lines[0] == "conv", lines[:3]
    return lines[1], [int(x) for x in lines[2:]]


def _integrity(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def test_sigkill_loses_no_committed_message(tmp_path: Path) -> None:
    writer = _writer_module()
    rng = random.Random(SEED)
    db = tmp_path / "history.sqlite3"
    survived: dict[str, int] = {}
    started = time.monotonic()
    reported_total = 0
    for run in range(RUNS):
        conv_id, reported = _run_and_kill(db, run, rng)
        if db.exists():
            assert _integrity(db) == "ok", f"run {run}"
        assert reported == list(range(len(reported))), "the writer reports in order"
        reported_total += len(reported)
        if conv_id is None:
            continue
        with HistoryStore(db) as store:
            stored = store.stored_messages(conv_id)
        # every reported message is there; at most one more (committed, killed before printing)
        assert len(reported) <= len(stored) <= len(reported) + 1, f"run {run}"
        assert stored == [writer.make_message(i) for i in range(len(stored))], f"run {run}"
        survived[conv_id] = len(stored)
    # later runs (and their recoveries) never damaged earlier conversations
    with HistoryStore(db) as store:
        for conv_id, count in survived.items():
            assert len(store.stored_messages(conv_id)) == count
    assert _integrity(db) == "ok"
    assert reported_total > RUNS, "the kills landed while messages were being written"
    assert RUNS > 24 or time.monotonic() - started < 30
