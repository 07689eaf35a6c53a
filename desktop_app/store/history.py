"""Conversation history in SQLite: every message committed durably before anyone sees it.

Durability: WAL journal with `synchronous=FULL`, one transaction per message, so `kill -9` (or a
power cut) at any moment loses at most the answer still streaming, and the file stays intact.

Threads: one connection per store, opened with `check_same_thread=False` and guarded by a
re-entrant lock, so the window's Qt thread and an engine thread may share one store; every call
holds the lock for one short transaction. Other processes (the CLI beside the window) are safe
too: writes take SQLite's write lock (`BEGIN IMMEDIATE`) and wait up to `BUSY_TIMEOUT_S` for it.
"""

from __future__ import annotations

import builtins
import contextlib
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from desktop_app.core.messages import Message, Usage
from desktop_app.errors import HistoryError as HistoryError  # its home is errors.py; kept importable here
from desktop_app.store.history_rows import UNTITLED as UNTITLED
from desktop_app.store.history_rows import ConversationInfo as ConversationInfo
from desktop_app.store.history_rows import clean_title, decode, encode
from desktop_app.store.history_rows import new_id as new_id
from desktop_app.store.history_rows import repair as repair
from desktop_app.store.history_schema import MIGRATIONS as MIGRATIONS
from desktop_app.store.history_schema import translate

FILENAME = "history.sqlite3"
BUSY_TIMEOUT_S = 5.0
EMPTY_GRACE_S = 24 * 3600  # empty conversations older than this are pruned on open

if TYPE_CHECKING:  # imported on use (an import of a file), not with every window
    from desktop_app.store.history_import import ImportedConversation


_INFO_SQL = """
SELECT c.id, c.title, c.created_at, c.updated_at,
       (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id) AS n,
       c.provider, c.model, c.input_tokens, c.output_tokens, c.forked_from
FROM conversations c
"""


class HistoryStore:
    """Saved conversations in one SQLite file (see the module docstring for threads)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else _default_path()
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            msg = f"cannot create the history folder {self.path.parent}: {exc.strerror or exc}"
            raise HistoryError(msg) from exc
        self._conn = self._connect()
        try:
            self._migrate()
            self._prune_empty()
        except BaseException:
            self.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from exc
        try:
            conn.execute("PRAGMA journal_mode=WAL").fetchone()
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            conn.close()
            raise translate(exc, self.path) from exc
        return conn

    # -- transactions

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise HistoryError("the history store is closed")
        return self._conn

    @contextmanager
    def _write(self, wait: bool = True) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE transaction, committed (fsynced) on exit or rolled back on any error;
        `wait=False` gives up at once when another process holds the write lock."""
        with self._lock, self._busy(wait):
            conn = self._connection()
            try:
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback(conn)
                raise translate(exc, self.path) from exc
            except BaseException:
                self._rollback(conn)
                raise

    @contextmanager
    def _busy(self, wait: bool) -> Iterator[None]:
        """SQLite's busy wait: `BUSY_TIMEOUT_S`, or none at all for a quick retry."""
        if wait:
            yield
            return
        conn = self._connection()
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            yield
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._connection()
            try:
                yield conn
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from exc

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # SQLite already rolled back (e.g. after SQLITE_FULL)
                conn.execute("ROLLBACK")

    def _migrate(self) -> None:
        """Bring the file to the newest schema, one step per transaction."""
        with self._read() as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise HistoryError(
                f"the history database {self.path} was written by a newer version of the app "
                f"(schema {version}); update the app"
            )
        for step in range(version, len(MIGRATIONS)):
            with self._write() as conn:
                if conn.execute("PRAGMA user_version").fetchone()[0] != step:
                    continue  # another process migrated it meanwhile
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {step + 1}")

    def _prune_empty(self) -> None:
        """Forget conversations that never got a message (a window opened and closed)."""
        where = (
            "WHERE updated_at < ? AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id)"
        )
        cutoff = (time.time() - EMPTY_GRACE_S,)
        with contextlib.suppress(HistoryError):  # read-only or busy: housekeeping can wait; reading still works
            with self._read() as conn:
                if conn.execute(f"SELECT 1 FROM conversations {where}", cutoff).fetchone() is None:
                    return  # the usual case: no write (and no fsync) just for opening
            with self._write() as conn:
                conn.execute(f"DELETE FROM conversations {where}", cutoff)

    # -- the API

    def new_conversation(self, *, title: str, provider: str, model: str) -> Conversation:
        """A new, empty conversation (listed once its first message is committed)."""
        conv_id = new_id()
        now = time.time()
        with self._write() as conn:
            conn.execute(
                "INSERT INTO conversations (id, title, provider, model, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (conv_id, clean_title(title), provider, model, now, now),
            )
        return Conversation(self, conv_id)

    def conversation(self, conv_id: str) -> Conversation:
        """Continue a saved conversation; KeyError when there is none with this id."""
        self.info(conv_id)
        return Conversation(self, conv_id)

    def info(self, conv_id: str) -> ConversationInfo:
        """One conversation's row; KeyError when missing."""
        with self._read() as conn:
            row = conn.execute(_INFO_SQL + " WHERE c.id = ?", (conv_id,)).fetchone()
        if row is None:
            raise KeyError(conv_id)
        return ConversationInfo(*row)

    def list(self, search: str = "") -> list[ConversationInfo]:
        """Conversations with a message, newest first; `search` matches titles and message text."""
        where = "WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)"
        params: tuple[str, ...] = ()
        if search.strip():
            pattern = "%" + _escape_like(search.strip()) + "%"
            where += (
                " AND (c.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM messages m "
                "WHERE m.conversation_id = c.id AND m.content LIKE ? ESCAPE '\\'))"
            )
            params = (pattern, pattern)
        sql = f"{_INFO_SQL} {where} ORDER BY c.updated_at DESC, c.id DESC"
        with self._read() as conn:
            return [ConversationInfo(*row) for row in conn.execute(sql, params).fetchall()]

    def resolve(self, prefix: str) -> str:
        """The full id for an id or a unique prefix of one (for the CLI); KeyError otherwise."""
        return str(self.by_id("conversations", "id", prefix, "conversation")[0])

    def by_id(self, table: str, columns: str, ref: str, what: str, hint: str = "") -> tuple[Any, ...]:
        """`columns` of the row of `table` whose id is `ref`, or the one id starting with it (the first
        column is the id); KeyError with the line to show when there is none or `ref` is ambiguous."""
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {columns} FROM {table} WHERE id = ? OR id LIKE ? ESCAPE '\\' LIMIT 3",
                (ref, _escape_like(ref) + "%"),
            ).fetchall()
        exact = [r for r in rows if r[0] == ref]
        if exact or (len(rows) == 1 and ref):
            return tuple((exact or rows)[0])
        if not rows or not ref:
            raise KeyError(f"no saved {what} with id {ref!r}{hint}")
        raise KeyError(f"id prefix {ref!r} matches several {what}s; give more of it")

    def latest(self) -> str:
        """The id of the conversation updated last (for `ask --continue`); KeyError when none."""
        items = self.list()
        if not items:
            raise KeyError("there is no saved conversation to continue yet")
        return items[0].id

    def stored_messages(self, conv_id: str) -> builtins.list[Message]:
        """Exactly what was committed, in order (no repair); KeyError when missing."""
        return self.messages_slice(conv_id, 0)

    def messages_slice(self, conv_id: str, start: int, end: int | None = None) -> builtins.list[Message]:
        """Stored messages [start, end) in order (no repair): the window reads a long conversation's
        earlier part a page at a time as the user scrolls up."""
        self.info(conv_id)
        start = max(0, start)
        limit = -1 if end is None else max(0, end - start)  # SQLite: -1 is no limit
        with self._read() as conn:
            rows = conn.execute(
                "SELECT role, content, data, created_at FROM messages WHERE conversation_id = ? "
                "ORDER BY seq LIMIT ? OFFSET ?",
                (conv_id, limit, start),
            ).fetchall()
        try:
            return [decode(*row) for row in rows]
        except (ValueError, KeyError, TypeError) as exc:
            raise HistoryError(f"conversation {conv_id} has an unreadable message: {exc}") from exc

    def messages(self, conv_id: str) -> builtins.list[Message]:
        """The conversation ready for the next model call: dangling tool calls get a result."""
        return repair(self.stored_messages(conv_id))

    def messages_tail(self, conv_id: str, limit: int) -> tuple[builtins.list[Message], int]:
        """The last `limit` messages (repaired, in order) and how many there are in all: a window
        opens a 10,000-message conversation by reading only what it shows."""
        with self._read() as conn:
            (total,) = conn.execute("SELECT count(*) FROM messages WHERE conversation_id = ?", (conv_id,)).fetchone()
        return repair(self.messages_slice(conv_id, total - max(limit, 0))), int(total)

    def add_imported(self, conv: ImportedConversation) -> str:
        """A new conversation holding a whole imported one, in one transaction: all or nothing."""
        conv_id = new_id()
        head = (conv_id, clean_title(conv.title), conv.provider, conv.model, conv.created_at, time.time())
        with self._write() as conn:
            conn.execute(
                "INSERT INTO conversations (id, title, provider, model, created_at, updated_at, input_tokens, "
                "output_tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*head, conv.input_tokens, conv.output_tokens),
            )
            _insert_all(conn, conv_id, conv.messages)
        return conv_id

    def fork(self, conv_id: str, messages: Sequence[Message]) -> str:
        """A new conversation holding `messages` (see history_rows.fork_messages), linked to
        `conv_id` by `forked_from`; the original is left as it is. KeyError when it is missing."""
        info = self.info(conv_id)
        fork_id, now = new_id(), time.time()
        with self._write() as conn:
            conn.execute(
                "INSERT INTO conversations (id, title, provider, model, created_at, updated_at, forked_from) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (fork_id, info.title, info.provider, info.model, now, now, conv_id),
            )
            _insert_all(conn, fork_id, messages)
        return fork_id

    def rename(self, conv_id: str, title: str) -> None:
        """Change the title; KeyError when missing."""
        with self._write() as conn:
            cur = conn.execute("UPDATE conversations SET title = ? WHERE id = ?", (clean_title(title), conv_id))
            if cur.rowcount == 0:
                raise KeyError(conv_id)

    def delete(self, conv_id: str) -> None:
        """Remove a conversation and its messages; KeyError when missing."""
        with self._write() as conn:
            conn.execute("DELETE FROM messages WHERE conversation_id = ?", (conv_id,))
            cur = conn.execute("DELETE FROM conversations WHERE id = ?", (conv_id,))
            if cur.rowcount == 0:
                raise KeyError(conv_id)

    def export(self, conv_id: str, fmt: Literal["md", "json"]) -> str:
        """The conversation as Markdown or JSON text, tool calls and results included."""
        info = self.info(conv_id)
        messages = self.stored_messages(conv_id)
        from desktop_app.store import history_export

        if fmt == "json":
            return history_export.to_json(info, messages)
        if fmt == "md":
            return history_export.to_markdown(info, messages)
        raise ValueError(f"unknown export format {fmt!r}; use md or json")

    def close(self) -> None:
        """Close the connection (idempotent); conversations of this store stop working."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writes for Conversation

    def _save(self, conv_id: str, items: Sequence[Message | Usage], wait: bool = True) -> None:
        """Messages and token counts, in order, in one transaction (all or nothing)."""
        with self._write(wait) as conn:
            self._touch(conn, conv_id)
            for item in items:
                if isinstance(item, Usage):
                    conn.execute(
                        "UPDATE conversations SET input_tokens = input_tokens + ?, "
                        "output_tokens = output_tokens + ? WHERE id = ?",
                        (int(item.input_tokens), int(item.output_tokens), conv_id),
                    )
                else:
                    conn.execute(
                        "INSERT INTO messages (conversation_id, seq, role, content, data, created_at) "
                        "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM messages "
                        "WHERE conversation_id = ?",
                        (conv_id, item.role, item.content, encode(item), item.created_at, conv_id),
                    )

    def _recover(self, conv_id: str, unsaved: Sequence[Message]) -> Path | None:
        """The conversation (what was saved, then what was not) as a `history export --format json`
        file in the data folder's `recovery/` (else the temp folder); None when neither is writable."""
        try:
            with self._lock, self._busy(wait=False):
                saved, info = self.stored_messages(conv_id), self.info(conv_id)
        except (HistoryError, KeyError):
            now = time.time()
            saved, info = [], ConversationInfo(conv_id, UNTITLED, now, now, 0, "", "")
        messages = [*saved, *unsaved]
        from desktop_app.store import history_export

        text = history_export.to_json(replace(info, message_count=len(messages)), messages)
        name = f"conversation-{conv_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        for folder in (self.path.parent / "recovery", Path(tempfile.gettempdir()) / "travel-assistant-recovery"):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                (folder / name).write_text(text, encoding="utf-8")
            except OSError:
                continue
            return folder / name
        return None

    @staticmethod
    def _touch(conn: sqlite3.Connection, conv_id: str) -> None:
        cur = conn.execute(
            "UPDATE conversations SET updated_at = MAX(updated_at, ?) WHERE id = ?",
            (time.time(), conv_id),
        )
        if cur.rowcount == 0:
            raise HistoryError(f"cannot save: conversation {conv_id} was deleted")


def _default_path() -> Path:
    """The database in the data folder; a folder that cannot be made is one clear line."""
    from desktop_app.paths import data_dir

    try:
        return data_dir() / FILENAME
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        raise HistoryError(f"cannot use the data folder{where}: {exc.strerror or exc}") from None


def _insert_all(conn: sqlite3.Connection, conv_id: str, messages: Sequence[Message]) -> None:
    """A new conversation's messages, numbered from 1."""
    conn.executemany(
        "INSERT INTO messages (conversation_id, seq, role, content, data, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [(conv_id, seq, m.role, m.content, encode(m), m.created_at) for seq, m in enumerate(messages, 1)],
    )


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class Conversation:
    """One saved conversation; `append` returns once the message is on disk (or raises)."""

    def __init__(self, store: HistoryStore, conv_id: str) -> None:
        self._store = store
        self.id = conv_id

    def append(self, message: Message) -> None:
        """Commit one message in its own transaction (fsynced) before returning."""
        self._store._save(self.id, [message])

    def add_usage(self, input_tokens: int, output_tokens: int) -> None:
        """Add one model call's token counts to the conversation's totals."""
        self._store._save(self.id, [Usage(input_tokens, output_tokens)])

    def __repr__(self) -> str:
        return f"Conversation({self.id!r})"


class RunSink:
    """The engine's Sink for one run: each message is committed before anyone sees it, but a
    write the database refuses (another process holds its lock past `BUSY_TIMEOUT_S`, a full
    disk) does not end the run, since the user already saw the text: what was not saved is kept
    here, in order, retried with the next write and at `finish`, then written to a recovery file."""

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self.id = conversation.id
        self._unsaved: builtins.list[Message | Usage] = []
        self._problem = ""

    def append(self, message: Message) -> None:
        """Commit one message, or keep it for the next try."""
        self._keep(message)

    def add_usage(self, input_tokens: int, output_tokens: int) -> None:
        """Add one model call's token counts, or keep them for the next try."""
        self._keep(Usage(input_tokens, output_tokens))

    @property
    def unsaved(self) -> builtins.list[Message]:
        """Messages not yet on disk (empty when history is up to date)."""
        return [m for m in self._unsaved if not isinstance(m, Usage)]

    def _keep(self, item: Message | Usage) -> None:
        self._unsaved.append(item)
        self._flush(wait=len(self._unsaved) == 1)  # already behind: a quick try, no busy wait

    def _flush(self, wait: bool) -> bool:
        """Write everything kept, oldest first, in one transaction; False when it failed again."""
        if not self._unsaved:
            return True
        try:
            self.conversation._store._save(self.id, self._unsaved, wait)
        except HistoryError as exc:
            self._problem = str(exc)
            return False
        self._unsaved.clear()
        return True

    def finish(self) -> str:
        """At the end of a run: a last try; "" when saved, else one line saying where the text went."""
        if self._flush(wait=True):
            return ""
        path = self.conversation._store._recover(self.id, self.unsaved)
        where = f"it was written to {path}" if path else "no recovery file could be written either"
        return f"the conversation could not be saved to history ({self._problem}); {where}"
