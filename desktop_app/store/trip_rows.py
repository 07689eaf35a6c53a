"""The `trips` table of the history database: one trip per conversation, kept as JSON beside its summary.

Dicts only: the store never imports the trip package."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from desktop_app.errors import HistoryError
from desktop_app.store.history import HistoryStore, new_id

_COLUMNS = "t.id, t.conversation_id, t.title, t.start_date, t.end_date, t.total_cny, t.data, t.created_at, t.updated_at"


@dataclass(frozen=True)
class TripRow:
    """One saved trip: its summary columns and the whole trip as saved."""

    id: str
    conversation_id: str
    title: str
    start: str | None
    end: str | None
    total_cny: int
    data: dict[str, Any]
    created_at: float
    updated_at: float


def _row(row: tuple[Any, ...]) -> TripRow:
    try:
        data = json.loads(row[6])
    except ValueError as exc:
        raise HistoryError(f"trip {row[0]} is unreadable: {exc}") from exc
    trip_id, conversation_id, title, start, end, total, _, created, updated = row
    data = data if isinstance(data, dict) else {}
    return TripRow(trip_id, conversation_id, title, start, end, int(total), data, float(created), float(updated))


def trip_id_for(store: HistoryStore, conversation_id: str) -> str:
    """The id of the conversation's trip, or "" when it has none yet."""
    with store._read() as conn:
        row = conn.execute("SELECT id FROM trips WHERE conversation_id = ?", (conversation_id,)).fetchone()
    return str(row[0]) if row else ""


def save_trip(
    store: HistoryStore, conversation_id: str, trip_id: str, summary: dict[str, Any], data: dict[str, Any]
) -> bool:
    """Insert or update the conversation's trip; False when the saved one is the same already."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    now = time.time()
    head = (summary.get("title", ""), summary.get("start"), summary.get("end"), int(summary.get("total_cny", 0)))
    with store._write() as conn:
        old = conn.execute("SELECT data FROM trips WHERE conversation_id = ?", (conversation_id,)).fetchone()
        if old is not None and old[0] == text:
            return False
        if old is None:
            conn.execute(
                "INSERT INTO trips (id, conversation_id, title, start_date, end_date, total_cny, data, created_at, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (trip_id or new_id(), conversation_id, *head, text, now, now),
            )
        else:
            conn.execute(
                "UPDATE trips SET title = ?, start_date = ?, end_date = ?, total_cny = ?, data = ?, updated_at = ? "
                "WHERE conversation_id = ?",
                (*head, text, now, conversation_id),
            )
    return True


def list_trips(store: HistoryStore) -> list[TripRow]:
    """Every saved trip, newest (last changed) first."""
    with store._read() as conn:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM trips t ORDER BY t.updated_at DESC, t.id DESC").fetchall()
    return [_row(tuple(r)) for r in rows]


def load_trip(store: HistoryStore, ref: str) -> TripRow:
    """The trip with this id or unique id prefix; KeyError with the line to show otherwise."""
    return _row(store.by_id("trips t", _COLUMNS, ref, "trip", " (see `travel-assistant trip list`)"))
