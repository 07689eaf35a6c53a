"""The reading of a trip, frozen: who, from where, which stops for how many nights, when, for how much.

`None` always means "not said" (the planner then assumes, and says what it assumed); the words each
slot was read from travel with it, so the inspector can show why the planner read what it did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
        return {
            "lang": self.lang,
            "asks": list(self.asks),
            "looks_up": list(self.looks_up),
            "travellers": _plain(self.travellers, seats=self.travellers.seats if self.travellers else 0),
            "origin": self.origin,
            "origin_assumed": self.origin_assumed,
            "stops": [_plain(s) for s in self.stops],
            "targets": list(self.targets),
            "shape": self.shape,
            "dates": _plain(self.dates),
            "typical_months": list(self.typical_months),
            "nights": self.nights,
            "budget": _plain(self.budget),
            "stars": self.stars,
            "hotel_cap": self.hotel_cap,
            "mode": self.mode,
            "one_way": self.one_way,
            "beyond": list(self.beyond),
            "words": dict(self.words),
            "learned": self.learned,
        }


def _plain(value: Any, **extra: Any) -> dict[str, Any] | None:
    """A slot's dataclass as a JSON object (dates as ISO text), or None when not said."""
    if value is None:
        return None
    out = {k: v.isoformat() if isinstance(v, date) else v for k, v in vars(value).items()}
    return {**out, **extra}
