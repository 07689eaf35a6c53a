"""The history database's schema steps and the one line the user reads for each SQLite error."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from desktop_app.errors import HistoryError

# Schema migrations: entry N takes the file from user_version N to N+1, in one transaction.
# Append new steps; never edit a shipped one.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        """CREATE TABLE conversations (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            provider TEXT NOT NULL DEFAULT '',
            model TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            input_tokens INTEGER NOT NULL DEFAULT 0,
            output_tokens INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE messages (
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            role TEXT NOT NULL,
            content TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (conversation_id, seq)
        )""",
        "CREATE INDEX conversations_by_update ON conversations(updated_at DESC, id DESC)",
    ),
    # 1 -> 2: a conversation forked from a recorded tool call names its original (issue 16)
    ("ALTER TABLE conversations ADD COLUMN forked_from TEXT NOT NULL DEFAULT ''",),
    # 2 -> 3: the trip board: one trip per conversation, its summary in columns, the whole trip in `data`
    (
        """CREATE TABLE trips (
            id TEXT PRIMARY KEY,
            conversation_id TEXT NOT NULL UNIQUE REFERENCES conversations(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            start_date TEXT,
            end_date TEXT,
            total_cny INTEGER NOT NULL DEFAULT 0,
            data TEXT NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )""",
        "CREATE INDEX trips_by_update ON trips(updated_at DESC, id DESC)",
    ),
]

# sqlite3 error text -> the one line the user reads
_ERRORS: tuple[tuple[str, str], ...] = (
    ("full", "cannot save to history: the disk is full ({path})"),
    ("readonly", "cannot save to history: the database is read-only ({path})"),
    ("unable to open", "cannot open the history database at {path}"),
    ("locked", "the history database is busy (another copy of the app is writing); try again"),
    ("busy", "the history database is busy (another copy of the app is writing); try again"),
    ("not a database", "{path} is not a history database (move it aside to start a new one)"),
    ("malformed", "the history database {path} is damaged (move it aside to start a new one)"),
    ("i/o error", "cannot read or write the history database {path}: disk I/O error"),
)


def translate(exc: sqlite3.Error, path: Path) -> HistoryError:
    """A sqlite3 error as the one line the user reads (never SQLite's own jargon alone)."""
    text = str(exc).lower()
    for needle, message in _ERRORS:
        if needle in text:
            return HistoryError(message.format(path=path))
    return HistoryError(f"history database error ({path}): {' '.join(str(exc).split())}")
