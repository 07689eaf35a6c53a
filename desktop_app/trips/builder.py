"""Folds tool calls and their results into the conversation's current plan as they arrive (an alternative or a
correction replaces it, a comparison keeps its options apart); a saved conversation rebuilds it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Any

from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.tools.travel.lookup import LOOKUPS
from desktop_app.trips.model import (
    CostKind,
    Day,
    DayItem,
    Leg,
    Mode,
    Option,
    PeakCost,
    Stay,
    Travellers,
    Trip,
    costs_of,
    iso_date,
)
from desktop_app.trips.zones import zone_for

_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class _Found:
    """One successful result of a travel tool, with the call that asked for it."""

    call: ToolCall
    data: dict[str, Any]
    tool: str = ""


@dataclass
class _Results:
    """The travel results of one question (or of the plan so far), the latest per route, city or day."""

    flights: dict[tuple[str, str], _Found] = field(default_factory=dict)
    hotels: dict[str, _Found] = field(default_factory=dict)
    weather: dict[tuple[str, str], _Found] = field(default_factory=dict)

    def places(self) -> set[str]:
        """Where these results go (not where they leave from)."""
        homes = {o for o, _ in self.flights}
        return ({d for _, d in self.flights} | set(self.hotels) | {c for c, _ in self.weather}) - homes

    def merged(self, later: _Results) -> _Results:
        """The plan after a later question: about other places it replaces the plan (an alternative,
        a correction); about the same places each kind it looked up replaces that kind."""
        if not later.places() & self.places():
            return later if later.places() or later.flights else self
        return _Results(later.flights or self.flights, later.hotels or self.hotels, later.weather or self.weather)

    def only(self, place: str) -> _Results:
        """One option's share: the flights to `place` (and back), its hotel and its weather."""
        return _Results(
            {k: f for k, f in self.flights.items() if place in k},
            {k: f for k, f in self.hotels.items() if k == place},
            {k: f for k, f in self.weather.items() if k[0] == place},
        )

    def is_route(self) -> bool:
        """City to city: some flight leaves from a place another flight goes to."""
        ends = {d for _, d in self.flights}
        origins = [o for o, _ in self.flights]
        return len(set(origins)) > 1 and any(o in ends for o in origins[1:])


class TripBuilder:
    """Feed it every message of a conversation in order; `trip()` is the trip so far (None: no travel
    result yet). Each question's results fold into the plan (`_Results.merged`): an alternative or a
    correction replaces it, a refinement replaces what it looked up again."""

    def __init__(self) -> None:
        self._calls: dict[str, ToolCall] = {}
        self._plan = _Results()
        self._turn = _Results()
        self._plans: dict[str, _Found] = {}  # update_trip: the day's plan, the latest one kept
        self._lang: str = ""

    def add(self, message: Message) -> None:
        if isinstance(message, UserMessage):
            self._plan, self._turn = self._plan.merged(self._turn), _Results()
            if not self._lang:
                self._lang = "zh" if _CJK.search(message.content) else "en" if message.content.strip() else ""
        elif isinstance(message, AssistantMessage):
            self._calls.update((c.id, c) for c in message.tool_calls)
        elif isinstance(message, ToolResultMessage) and not message.is_error:
            self._result(message)

    def _result(self, message: ToolResultMessage) -> None:
        call = self._calls.get(message.tool_call_id)
        try:
            data = json.loads(message.content)
        except ValueError:
            return
        if call is None or not isinstance(data, dict):
            return
        found, turn = _Found(call, data), self._turn
        if _mode(message.name) and _is_int(data.get("price_cny")) and data.get("origin"):
            turn.flights[(str(data["origin"]), str(data.get("destination", "")))] = _Found(call, data, message.name)
        elif message.name == "get_hotel_price" and _is_int(data.get("price_cny")) and data.get("city"):
            turn.hotels[str(data["city"])] = found
        elif message.name == "get_weather" and data.get("city") and iso_date(data.get("date")):
            turn.weather[(str(data["city"]), str(data["date"]))] = found
        elif message.name == "update_trip" and iso_date(data.get("date")) and isinstance(data.get("plan"), str):
            self._plans[str(data["date"])] = found

    def trip(self, trip_id: str, conversation_id: str, chosen: str = "") -> Trip | None:
        """The trip so far, or None when no flight, hotel or dated weather has come back yet; with
        alternatives the plan is the `chosen` one (none chosen: only the options)."""
        plan = self._plan.merged(self._turn)
        if not (plan.flights or plan.hotels or plan.weather):
            return None
        whole = self._assemble(plan, trip_id, conversation_id, plan.is_route())
        options = self._options(plan)
        if not options:
            return whole
        chosen = chosen if chosen in {o.key for o in options} else ""
        if chosen:
            picked = self._assemble(plan.only(chosen), trip_id, conversation_id, False)
            return replace(picked, party=whole.party, travellers=whole.travellers, options=options, chosen=chosen)
        return replace(whole, legs=(), stays=(), days=(), costs=(), peaks=(), options=options)

    def _options(self, plan: _Results) -> tuple[Option, ...]:
        """A comparison's alternatives: two or more places, each reached from home and back."""
        if plan.is_route():
            return ()
        places = [d for _, d in plan.flights] + list(plan.hotels)
        places = list(dict.fromkeys(p for p in places if p not in {o for o, _ in plan.flights}))
        if len(places) < 2:
            return ()
        out = []
        for place in places:
            part = self._assemble(plan.only(place), "", "", False)
            title_en = (
                f"{part.origin_en} → {part.destinations_en[0]}" if part.origin_en and part.destinations_en else ""
            )
            title = f"{part.origin}→{place}" if part.origin else place
            out.append(Option(place, title, title_en, part.legs, part.stays))
        return tuple(out)

    def _assemble(self, plan: _Results, trip_id: str, conversation_id: str, route: bool) -> Trip:
        """The trip of these results: legs (one way each on a route), stays, dates, days and costs."""
        legs = tuple(leg for f in plan.flights.values() for leg in _legs(f, round_trip=not route))
        stays = tuple(_stay(f) for f in plan.hotels.values())
        origin = legs[0] if legs else None
        places = [leg.destination for leg in legs] + [s.city for s in stays] + [c for c, _ in plan.weather]
        places_en = {x.origin: x.origin_en for x in legs} | {x.destination: x.destination_en for x in legs}
        places_en |= {s.city: s.city_en for s in stays}
        places_en |= {str(f.data["city"]): str(f.data.get("city_en", "")) for f in plan.weather.values()}
        dests = tuple(dict.fromkeys(p for p in places if p and (origin is None or p != origin.origin)))
        dated = [leg.date for leg in legs if leg.date] + [s.check_in for s in stays if s.check_in]
        ends = [s.check_in + timedelta(days=s.nights) for s in stays if s.check_in] + dated
        if not any(not leg.date for leg in legs) and not any(not s.check_in for s in stays):
            dated += [date.fromisoformat(day) for _, day in plan.weather]  # an undated trip: today's weather no date
        start, end = (min(dated), max(ends or dated)) if dated else (None, None)
        seats = max([leg.passengers for leg in legs] + [1])
        children = min(max([_count(f.data.get("children"), 0) for f in plan.flights.values()] + [0]), seats - 1)
        return Trip(
            id=trip_id,
            conversation_id=conversation_id,
            lang="en" if self._lang == "en" else "zh",
            origin=origin.origin if origin else "",
            origin_en=origin.origin_en if origin else "",
            destinations=dests,
            destinations_en=tuple(places_en.get(d, "") or d for d in dests),
            start=start,
            end=end,
            party=seats,
            legs=legs,
            stays=stays,
            days=self._days(plan, start, end, legs, stays, dests, places_en),
            costs=costs_of(legs, stays),
            peaks=tuple(_peaks(plan.flights.values(), plan.hotels.values())),
            travellers=Travellers(adults=seats - children, children=children),
        )

    def _days(
        self,
        plan: _Results,
        start: date | None,
        end: date | None,
        legs: tuple[Leg, ...],
        stays: tuple[Stay, ...],
        dests: tuple[str, ...],
        names_en: dict[str, str],
    ) -> tuple[Day, ...]:
        if start is None or end is None or (end - start).days > 60:
            return ()
        out = []
        where = dests[0] if dests else ""
        for n in range((end - start).days + 1):
            day = start + timedelta(days=n)
            items = [_flight_item(leg) for leg in legs if leg.date == day]
            for s in stays:
                if s.check_in == day:
                    items.append(DayItem("check_in", s.name, s.call_id, s.name_en))
                if s.check_in and s.check_in + timedelta(days=s.nights) == day:
                    items.append(DayItem("check_out", s.name, s.call_id, s.name_en))
            here = next((c for c, d in plan.weather if d == day.isoformat()), "")
            weather = plan.weather.get((here, day.isoformat())) or _typical(plan, where, day)
            if weather is not None:
                items.append(_weather_item(weather))
            found = self._plans.get(day.isoformat())
            if found is not None:
                items.append(_plan_item(found))
            arrived = [leg.destination for leg in legs if leg.date == day]
            where = arrived[-1] if arrived else here or where
            out.append(Day(day, where, tuple(items), names_en.get(where, "")))
        return tuple(out)


def build_trip(messages: Iterable[Message], trip_id: str, conversation_id: str, chosen: str = "") -> Trip | None:
    """The trip of a saved conversation (None: it holds no travel result); `chosen`: the option picked."""
    builder = TripBuilder()
    for message in messages:
        builder.add(message)
    return builder.trip(trip_id, conversation_id, chosen)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _count(value: Any, default: int = 1) -> int:
    return value if _is_int(value) and value > 0 else default


def fare_legs(data: dict[str, Any], call_id: str = "", tool: str = "get_flight_price") -> tuple[Leg, ...]:
    """A fare result as the trip's legs (both ways unless it says one way): the answer's cost block reads it too."""
    if not _is_int(data.get("price_cny")):
        return ()
    return tuple(_legs(_Found(ToolCall(call_id, tool, {}), {"origin": "", **data}, tool)))


def hotel_stay(data: dict[str, Any], call_id: str = "") -> Stay | None:
    """A hotel result as the trip's stay (None: no price in it)."""
    if not _is_int(data.get("price_cny")):
        return None
    return _stay(_Found(ToolCall(call_id, "get_hotel_price", {}), {"city": "", **data}))


def _mode(tool: str) -> Mode | None:
    """The way a fare tool travels, from its lookup record (None: not a fare)."""
    record = LOOKUPS.get(tool)
    return record.mode if record and record.slot == "fare" else None  # type: ignore[return-value]


def _legs(found: _Found, round_trip: bool = True) -> list[Leg]:
    """The outbound leg, and the return leg when the fare counts both ways (a return date, `legs`: 2,
    or a bare fare in a plan that is not city to city: priced both ways like the answer's cost block)."""
    d, cid = found.data, found.call.id
    origin, dest = str(d["origin"]), str(d.get("destination", ""))
    route_en = str(d.get("route_en", ""))
    o_en, _, d_en = route_en.partition(" → ")
    duration = d.get("duration_h")
    common: dict[str, Any] = {
        "price_cny": d["price_cny"],
        "passengers": _count(d.get("passengers")),
        "call_id": cid,
        "duration_h": float(duration) if isinstance(duration, int | float) else None,
        "fare": str(d.get("type", "")),
        "fare_en": str(d.get("type_en", "")),
        "estimated": bool(d.get("estimated", False)),
        "mode": _mode(found.tool) or "flight",
    }

    def leg(start: str, to: str, start_en: str, to_en: str, when: str) -> Leg:
        """A flight from `start` to `to` on the call's `<when>_date` at its `<when>_time`."""
        return Leg(
            start,
            to,
            iso_date(d.get(f"{when}_date")),
            origin_en=start_en,
            destination_en=to_en,
            origin_tz=zone_for(start),
            destination_tz=zone_for(to),
            departs=str(d.get(f"{when}_time", ""))[:5],
            **common,
        )

    out = [leg(origin, dest, o_en, d_en, "depart")]
    if d.get("legs") == 2 or iso_date(d.get("return_date")) or (round_trip and "legs" not in d):
        out.append(leg(dest, origin, d_en, o_en, "return"))
    return out


def _stay(found: _Found) -> Stay:
    d = found.data
    stars = d.get("stars")
    return Stay(
        name=str(d.get("name", "")),
        city=str(d["city"]),
        check_in=iso_date(d.get("check_in")),
        nights=_count(d.get("nights")),
        rooms=_count(d.get("rooms")),
        price_cny=int(d["price_cny"]),
        call_id=found.call.id,
        name_en=str(d.get("name_en", "")),
        city_en=str(d.get("city_en", "")),
        stars=stars if _is_int(stars) else None,
        breakfast=d["breakfast"] if isinstance(d.get("breakfast"), bool) else None,
        tz=zone_for(str(d["city"])),
    )


def _peaks(flights: Iterable[_Found], hotels: Iterable[_Found]) -> list[PeakCost]:
    found: list[tuple[CostKind, _Found, Any]] = [
        ("flights", f, p) for f in flights for p in f.data.get("peak_estimate") or ()
    ]
    found += [("hotel", h, h.data.get("peak_estimate")) for h in hotels]
    return [
        PeakCost(kind, str(p.get("holiday", "")), p["extra_cny"], f.call.id, str(p.get("holiday_en", "")))
        for kind, f, p in found
        if isinstance(p, dict) and _is_int(p.get("extra_cny"))
    ]


def _flight_item(leg: Leg) -> DayItem:
    """The day's leg, of its mode's kind (a flight, a train, a drive)."""
    en = f"{leg.origin_en} → {leg.destination_en}" if leg.origin_en else ""
    return DayItem(leg.mode, f"{leg.origin}→{leg.destination}", leg.call_id, en)


def _typical(plan: _Results, city: str, day: date) -> _Found | None:
    """A month's typical value stands for every day of that month in that city (a sample day or a
    forecast stands only for its own day)."""
    month = day.isoformat()[:7]
    found = (
        f for (c, d), f in plan.weather.items() if c == city and d[:7] == month and f.data.get("kind") == "typical"
    )
    return next(found, None)


def _plan_item(found: _Found) -> DayItem:
    place = str(found.data.get("place") or "")
    text = f"{found.data['plan']}" + (f"（{place}）" if place else "")
    return DayItem("plan", text, found.call.id, text)


def _weather_item(found: _Found) -> DayItem:
    d = found.data
    if d.get("kind") == "sample":  # the answer gives no temperature for it (trip_lines.is_sample): nor does the trip
        return DayItem(
            "weather", "样例数据：无此月气候均值", found.call.id, "sample data: no climate average for the month"
        )
    temp = str(d.get("temperature", ""))
    zh = " ".join(x for x in (temp, str(d.get("condition", ""))) if x)
    en = " ".join(x for x in (temp, str(d.get("condition_en", ""))) if x)
    kind = str(d.get("kind", ""))
    if kind == "typical":
        zh, en = zh + "（典型值）", en + " (typical)"
    return DayItem("weather", zh, found.call.id, en)
