"""The reading of a trip, frozen: who, from where, which stops for how many nights, when, for how much.

`None` always means "not said" (the planner then assumes, and says what it assumed); the words each
slot was read from travel with it, so the inspector can show why the planner read what it did.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from datetime import date
from typing import Any

from desktop_app.travel.stay import nights_to_stay


@dataclass(frozen=True)
class Travellers:
    """The party: adults and children (children share their parents' rooms)."""

    adults: int
    children: int = 0
    rooms: int = 1

    @property
    def seats(self) -> int:
        """Every traveller needs a seat (the sample fares do not price children apart)."""
        return self.adults + self.children


@dataclass(frozen=True)
class Stop:
    """One place of the trip, in the order said; `nights` as said for it, or None."""

    city: str  # the sample city's id, or a place without data as named
    nights: int | None = None
    has_data: bool = True


@dataclass(frozen=True)
class Dates:
    """When: an exact day, a range, a week, a month, a season or a holiday, with its year."""

    kind: str
    start: date
    end: date


@dataclass(frozen=True)
class Budget:
    """The money said, counted in yuan; `per_person` when said per traveller."""

    yuan: int
    per_person: bool = False


@dataclass(frozen=True)
class TripFrame:
    """What the traveller asked, as read: every slot None (or empty) when not said."""

    lang: str
    asks: tuple[str, ...] = ()  # weather, flights, hotels, guide, save, compare
    looks_up: tuple[str, ...] = ()  # the lookups planned: those named, or all three for a whole trip or a weighing
    travellers: Travellers | None = None
    origin: str | None = None
    origin_assumed: bool = False
    stops: tuple[Stop, ...] = ()
    targets: tuple[str, ...] = ()  # sample cities looked up: the stops with data, stand-ins, an open ask's picks
    shape: str = "trip"  # trip (one place) | route (city to city) | alternatives (weighed) | open (to be picked)
    dates: Dates | None = None
    typical_months: tuple[int, ...] = ()  # undated weather: now's month, a season's, or all twelve
    nights: int | None = None
    budget: Budget | None = None
    stars: int | None = None
    hotel_cap: int | None = None  # yuan a night at most
    mode: str | None = None  # train | flight | both ("train or plane?": both fares)
    one_way: bool = False
    beyond: tuple[str, ...] = ()  # what the data cannot know (visas, safety, …): said first
    words: dict[str, str] = field(default_factory=dict)  # slot -> the words it was read from
    learned: float | None = None  # the classifier's certainty where its reading of the asks or topic won

    @property
    def seats(self) -> int:
        return self.travellers.seats if self.travellers else 1

    @property
    def rooms(self) -> int:
        return self.travellers.rooms if self.travellers else 1

    @property
    def stay_nights(self) -> int:
        """Nights of hotel: as said, else what the dates span (a weekend: one), else the seed's three."""
        dates = self.dates
        span = (dates.end - dates.start).days + 1 if dates else 0
        return nights_to_stay(self.nights, dates.kind if dates else None, span)

    def as_json(self) -> dict[str, Any]:
        """The frame as the `reading` event carries it: plain JSON, dates as ISO, nothing unsaid dropped."""
        out = {f.name: _plain(getattr(self, f.name)) for f in fields(self)}
        if self.travellers is not None:
            out["travellers"]["seats"] = self.travellers.seats
        return out


def _plain(value: Any) -> Any:
    """A slot as JSON: a dataclass as an object, a tuple as a list, a date as ISO text; None stays None."""
    if is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value.isoformat() if isinstance(value, date) else value
