"""The trip: dates, travellers, legs with their mode, stays, days, costs and a comparison's options, every
figure tied to the tool call that returned it; `costs_of` and `total_of` make every surface's total."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any, Literal

CostKind = Literal["flights", "hotel", "other"]
Mode = Literal["flight", "train", "drive"]
MODE_NAMES: dict[str, tuple[str, str]] = {
    "flight": ("航班", "Flight"),
    "train": ("火车", "Train"),
    "drive": ("自驾", "Drive"),
}


def mode_name(mode: str, lang: str) -> str:
    """航班 / Flight, 火车 / Train, 自驾 / Drive: how a leg is travelled, in the trip's language."""
    zh, en = MODE_NAMES.get(mode, MODE_NAMES["flight"])
    return zh if lang == "zh" else en


LEGS_NAMES: dict[str, tuple[str, str]] = {"flight": ("航班", "Flights"), "train": ("火车", "Trains")}


def legs_name(modes: set[str], lang: str) -> str:
    """The heading of the ways travelled: 航班 / Flights, 火车 / Trains, or 交通 / Transport for several ways
    (a train fare is never headed as a flight)."""
    only = next(iter(modes)) if len(modes) == 1 else ""
    zh, en = LEGS_NAMES.get(only, ("交通", "Transport"))
    return zh if lang == "zh" else en


def fare_mode(legs: tuple[Leg, ...], call_id: str) -> str:
    """How the legs one fare call priced are travelled ("flight" when it priced none)."""
    return next((leg.mode for leg in legs if leg.call_id == call_id), "flight")


@dataclass(frozen=True)
class Leg:
    """One flight: a date when the call had one, a fare per seat, seats, and the cities' time zones."""

    origin: str
    destination: str
    date: date | None
    price_cny: int
    passengers: int
    call_id: str
    origin_en: str = ""
    destination_en: str = ""
    origin_tz: str = ""  # IANA names of the nearest airport (resources/data/airports.json), "" when unknown
    destination_tz: str = ""
    duration_h: float | None = None
    departs: str = ""  # "HH:MM" local time at the origin, when a tool gave one (the sample data does not)
    fare: str = ""  # 直飞经济舱
    fare_en: str = ""  # direct, economy
    estimated: bool = False
    mode: Mode = "flight"  # how the leg is travelled: the tool that priced it says (a train fare: "train")


@dataclass(frozen=True)
class Stay:
    """One hotel: check-in, nights, rooms and the price of one room-night."""

    name: str
    city: str
    check_in: date | None
    nights: int
    rooms: int
    price_cny: int
    call_id: str
    name_en: str = ""
    city_en: str = ""
    stars: int | None = None
    breakfast: bool | None = None
    tz: str = ""


@dataclass(frozen=True)
class DayItem:
    """Something on a day: a flight, a check-in or -out, the weather, a plan the model wrote
    (`update_trip`, confirmed by the user); in both languages where known."""

    kind: Literal["flight", "train", "drive", "check_in", "check_out", "weather", "plan"]  # a leg: its mode
    text: str
    call_id: str
    text_en: str = ""


@dataclass(frozen=True)
class Day:
    """One date of the trip, where the traveller is, and what happens (may be nothing yet)."""

    date: date
    where: str
    items: tuple[DayItem, ...] = ()
    where_en: str = ""


@dataclass(frozen=True)
class Cost:
    """One figure of the budget and the call that returned it."""

    kind: CostKind
    label: str
    amount_cny: int
    call_id: str
    label_en: str = ""


@dataclass(frozen=True)
class PeakCost:
    """A holiday-peak estimate: extra money on top of the sample prices, never part of the total."""

    kind: CostKind
    holiday: str
    extra_cny: int
    call_id: str
    holiday_en: str = ""


@dataclass(frozen=True)
class Travellers:
    """Who travels: seats for adults and children, infants on a lap; rooms follow the adults."""

    adults: int = 1
    children: int = 0
    infants: int = 0

    @property
    def count(self) -> int:
        return self.adults + self.children + self.infants


def leg_cost(leg: Leg) -> int:
    """One leg for everyone on it: the fare per seat times the seats."""
    return leg.price_cny * leg.passengers


def stay_cost(stay: Stay) -> int:
    """One stay: the room-night price times the nights times the rooms."""
    return stay.price_cny * stay.nights * stay.rooms


def costs_of(legs: tuple[Leg, ...], stays: tuple[Stay, ...]) -> tuple[Cost, ...]:
    """The plan's cost lines, one per tool call: every surface's figures come from here."""
    out: list[Cost] = []
    by_call: dict[str, list[Leg]] = {}
    for leg in legs:
        by_call.setdefault(leg.call_id, []).append(leg)
    for call_id, group in by_call.items():
        first, seats = group[0], group[0].passengers
        way_zh, way_en = (
            ("往返", "return") if len(group) == 2 and group[1].origin == first.destination else ("单程", "one way")
        )
        route_en = f"{first.origin_en} → {first.destination_en}" if first.origin_en else ""
        label = f"{first.origin}→{first.destination} {way_zh} ×{seats}人"
        out.append(Cost("flights", label, sum(map(leg_cost, group)), call_id, f"{route_en} {way_en} ×{seats}"))
    for s in stays:
        label_en = f"{s.name_en} {s.nights} night(s) × {s.rooms} room(s)"
        out.append(Cost("hotel", f"{s.name} {s.nights}晚 ×{s.rooms}间", stay_cost(s), s.call_id, label_en))
    return tuple(out)


def total_of(costs: tuple[Cost, ...]) -> int:
    """The one total: flights, hotel and other costs at sample prices (peak estimates are kept apart)."""
    return sum(c.amount_cny for c in costs)


@dataclass(frozen=True)
class Option:
    """One alternative of a comparison: its own legs, stays and total, never added to another's."""

    key: str  # the destination it goes to (Chinese name, as the tools return it)
    title: str  # 上海→厦门
    title_en: str = ""
    legs: tuple[Leg, ...] = ()
    stays: tuple[Stay, ...] = ()

    @property
    def total_cny(self) -> int:
        return total_of(costs_of(self.legs, self.stays))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(json.dumps(asdict(self), default=date.isoformat))
        return data | {"total_cny": self.total_cny}


@dataclass(frozen=True)
class Trip:
    """A conversation's trip (one per conversation; `id` is the trip's own)."""

    id: str
    conversation_id: str
    lang: Literal["zh", "en"] = "zh"
    origin: str = ""
    origin_en: str = ""
    destinations: tuple[str, ...] = ()
    destinations_en: tuple[str, ...] = ()
    start: date | None = None
    end: date | None = None
    party: int = 1
    legs: tuple[Leg, ...] = ()
    stays: tuple[Stay, ...] = ()
    days: tuple[Day, ...] = ()
    costs: tuple[Cost, ...] = ()
    peaks: tuple[PeakCost, ...] = field(default=())
    travellers: Travellers = field(default_factory=Travellers)
    options: tuple[Option, ...] = ()  # a comparison's alternatives; the plan is the chosen one ("": none yet)
    chosen: str = ""

    @property
    def total_cny(self) -> int:
        """Flights, hotel and other costs at sample prices; peak estimates and options are kept apart."""
        return total_of(self.costs)

    @property
    def peak_extra_cny(self) -> int:
        return sum(p.extra_cny for p in self.peaks)

    @property
    def priced(self) -> bool:
        """Whether any fare, hotel or option was looked up: a weather question alone is no "¥0" trip."""
        return bool(self.legs or self.stays or self.costs or self.options)

    @property
    def title(self) -> str:
        """`北京→三亚 12月7日–10日` / `Beijing → Sanya, 7–10 Dec`: places first, then dates when known."""
        zh = self.lang == "zh"
        dests = self.destinations if zh or not self.destinations_en else self.destinations_en
        origin = self.origin if zh or not self.origin_en else self.origin_en
        joiner = ("、" if zh else ", ") if self.chosen or not self.options else (" 或 " if zh else " or ")
        places = joiner.join(dests) or ("行程" if zh else "Trip")
        if origin:
            places = f"{origin}→{places}" if zh else f"{origin} → {places}"
        span = date_span(self.start, self.end, self.lang)
        return f"{places} {span}" if zh and span else f"{places}, {span}" if span else places

    def summary(self) -> dict[str, Any]:
        """The CONTRACT's `trip` event and `trip list --json` fields."""
        return {
            "id": self.id,
            "title": self.title,
            "start": self.start.isoformat() if self.start else None,
            "end": self.end.isoformat() if self.end else None,
            "destinations": list(self.destinations),
            "party": self.party,
            "total_cny": self.total_cny,
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything, as JSON-ready values (dates as ISO text); `from_dict` reads it back."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self), default=date.isoformat))
        data.update(title=self.title, total_cny=self.total_cny, peak_extra_cny=self.peak_extra_cny)
        data["options"] = [o.to_dict() for o in self.options]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Trip:
        """A trip saved by `to_dict`; KeyError, TypeError or ValueError when it is not one."""
        legs, stays = _legs(data.get("legs", ())), _stays(data.get("stays", ()))
        days = tuple(
            Day(
                date=date.fromisoformat(d["date"]),
                where=d["where"],
                items=tuple(DayItem(**i) for i in d.get("items", ())),
                where_en=d.get("where_en", ""),
            )
            for d in data.get("days", ())
        )
        return cls(
            id=data["id"],
            conversation_id=data["conversation_id"],
            lang="en" if data.get("lang") == "en" else "zh",
            origin=data.get("origin", ""),
            origin_en=data.get("origin_en", ""),
            destinations=tuple(data.get("destinations", ())),
            destinations_en=tuple(data.get("destinations_en", ())),
            start=_day(data.get("start")),
            end=_day(data.get("end")),
            party=int(data.get("party", 1)),
            legs=legs,
            stays=stays,
            days=days,
            costs=tuple(Cost(**c) for c in data.get("costs", ())),
            peaks=tuple(PeakCost(**p) for p in data.get("peaks", ())),
            travellers=Travellers(**data.get("travellers") or {"adults": int(data.get("party", 1))}),
            options=tuple(
                Option(
                    o["key"], o["title"], o.get("title_en", ""), _legs(o.get("legs", ())), _stays(o.get("stays", ()))
                )
                for o in data.get("options", ())
            ),
            chosen=str(data.get("chosen", "")),
        )


def _legs(rows: Any) -> tuple[Leg, ...]:
    return tuple(Leg(**{**x, "date": _day(x["date"])}) for x in rows)


def _stays(rows: Any) -> tuple[Stay, ...]:
    return tuple(Stay(**{**x, "check_in": _day(x["check_in"])}) for x in rows)


def _day(value: Any) -> date | None:
    return date.fromisoformat(value) if isinstance(value, str) and value else None


def iso_date(value: Any) -> date | None:
    """A `YYYY-MM-DD` from a tool result or a frame, else None (never an error)."""
    try:
        return date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        return None


MONTHS_EN = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def date_span(start: date | None, end: date | None, lang: str) -> str:
    """`12月7日–10日` / `7–10 Dec` (the year only when the trip crosses one)."""
    if start is None:
        return ""
    end = end or start
    if lang == "zh":
        head = (
            f"{start.year}年{start.month}月{start.day}日" if start.year != end.year else f"{start.month}月{start.day}日"
        )
        if end == start:
            return head
        tail = f"{end.day}日" if (end.year, end.month) == (start.year, start.month) else f"{end.month}月{end.day}日"
        return f"{head}–{end.year}年{end.month}月{end.day}日" if start.year != end.year else f"{head}–{tail}"
    if end == start:
        return f"{start.day} {MONTHS_EN[start.month - 1]}"
    if (end.year, end.month) == (start.year, start.month):
        return f"{start.day}–{end.day} {MONTHS_EN[end.month - 1]}"
    return f"{start.day} {MONTHS_EN[start.month - 1]} – {end.day} {MONTHS_EN[end.month - 1]}"
