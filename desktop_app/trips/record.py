"""The trip board's side of a run: after each batch of tool results, rebuild the trip, save it, report it;
an option the traveller picks becomes the plan (`pick_option`)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from desktop_app.core import events as ev
from desktop_app.core.messages import Message
from desktop_app.errors import HistoryError
from desktop_app.store.history import HistoryStore, new_id
from desktop_app.store.trip_rows import list_trips, load_trip, save_trip, trip_id_for
from desktop_app.trips.builder import build_trip
from desktop_app.trips.model import Trip

log = logging.getLogger(__name__)


class TripRecorder:
    """The loop's Watcher for one conversation: a `trip` event whenever the trip is new or changed;
    with a store it is saved too (a write the database refuses is logged, the run goes on)."""

    def __init__(self, store: HistoryStore | None, conversation_id: str) -> None:
        self._store = store if conversation_id else None
        self._conversation_id = conversation_id
        self._trip_id = ""
        self._last: dict[str, Any] | None = None
        if self._store is not None:
            self._trip_id = trip_id_for(self._store, conversation_id)
            if self._trip_id:
                self._last = load_trip(self._store, self._trip_id).data
        self._trip_id = self._trip_id or new_id()

    def after_tools(self, messages: Sequence[Message]) -> Sequence[ev.AnyEvent]:
        chosen = str((self._last or {}).get("chosen", ""))  # an option the traveller picked stays picked
        trip = build_trip(messages, self._trip_id, self._conversation_id, chosen)
        if trip is None:
            return ()
        data = trip.to_dict()
        if data == self._last:
            return ()
        self._last = data
        s = trip.summary()  # exactly the trip event's fields
        if self._store is not None:
            try:
                save_trip(self._store, self._conversation_id, trip.id, s, data)
            except HistoryError as exc:
                log.warning("the trip could not be saved: %s", exc)
        return (ev.TripEvent(**s | {"destinations": tuple(s["destinations"])}, detail=data),)


def pick_option(store: HistoryStore, conversation_id: str, key: str) -> Trip | None:
    """The traveller picks one option of a comparison: the trip, rebuilt with it as the plan, is saved
    (None: the conversation has no trip, or no such option)."""
    trip_id = trip_id_for(store, conversation_id)
    trip = build_trip(store.stored_messages(conversation_id), trip_id, conversation_id, key) if trip_id else None
    if trip is None or trip.chosen != key:
        return None
    save_trip(store, conversation_id, trip.id, trip.summary(), trip.to_dict())
    return trip


def saved_trips(store: HistoryStore) -> list[Trip]:
    """Every saved trip, newest first (a row that no longer reads as a trip is skipped)."""
    out = []
    for row in list_trips(store):
        try:
            out.append(Trip.from_dict(row.data))
        except (KeyError, TypeError, ValueError):
            log.warning("trip %s is unreadable; skipped", row.id)
    return out


def saved_trip(store: HistoryStore, ref: str) -> Trip:
    """The saved trip with this id or unique prefix; KeyError (the line to show) otherwise."""
    row = load_trip(store, ref)
    try:
        return Trip.from_dict(row.data)
    except (KeyError, TypeError, ValueError) as exc:
        raise KeyError(f"trip {row.id} is unreadable: {exc}") from None
