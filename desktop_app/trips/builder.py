"""Folds tool calls and their results into a trip as they arrive; a saved conversation rebuilds it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.trips.model import Cost, CostKind, Day, DayItem, Leg, PeakCost, Stay, Trip
from desktop_app.trips.zones import zone_for

_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class _Found:
    """One successful result of a travel tool, with the call that asked for it."""

    call: ToolCall
    data: dict[str, Any]


class TripBuilder:
    """Feed it every message of a conversation in order; `trip()` is the trip so far (None: no travel
    result yet). A later result for the same route, hotel city or weather day replaces the earlier one."""

    def __init__(self) -> None:
        self._calls: dict[str, ToolCall] = {}
        self._flights: dict[tuple[str, str], _Found] = {}
        self._hotels: dict[str, _Found] = {}
        self._weather: dict[tuple[str, str], _Found] = {}
        self._plans: dict[str, _Found] = {}  # update_trip: the day's plan, the latest one kept
        self._lang: str = ""

    def add(self, message: Message) -> None:
        if isinstance(message, UserMessage) and not self._lang:
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
        found = _Found(call, data)
        if message.name == "get_flight_price" and _is_int(data.get("price_cny")) and data.get("origin"):
            self._flights[(str(data["origin"]), str(data.get("destination", "")))] = found
        elif message.name == "get_hotel_price" and _is_int(data.get("price_cny")) and data.get("city"):
            self._hotels[str(data["city"])] = found
        elif message.name == "get_weather" and data.get("city") and _iso(data.get("date")):
            self._weather[(str(data["city"]), str(data["date"]))] = found
        elif message.name == "update_trip" and _iso(data.get("date")) and isinstance(data.get("plan"), str):
            self._plans[str(data["date"])] = found

    def trip(self, trip_id: str, conversation_id: str) -> Trip | None:
        """The trip so far, or None when no flight, hotel or dated weather has come back yet."""
        if not (self._flights or self._hotels or self._weather):
            return None
        legs = tuple(leg for f in self._flights.values() for leg in _legs(f))
        stays = tuple(_stay(f) for f in self._hotels.values())
        origin = legs[0] if legs else None
        places = [leg.destination for leg in legs] + [s.city for s in stays] + [c for c, _ in self._weather]
        places_en = {x.origin: x.origin_en for x in legs} | {x.destination: x.destination_en for x in legs}
        places_en |= {s.city: s.city_en for s in stays}
        places_en |= {str(f.data["city"]): str(f.data.get("city_en", "")) for f in self._weather.values()}
        dests = tuple(dict.fromkeys(p for p in places if p and (origin is None or p != origin.origin)))
        dated = [leg.date for leg in legs if leg.date] + [s.check_in for s in stays if s.check_in]
        ends = [s.check_in + timedelta(days=s.nights) for s in stays if s.check_in] + dated
        dated += [date.fromisoformat(day) for _, day in self._weather]
        start, end = (min(dated), max(ends or dated)) if dated else (None, None)
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
            party=max([leg.passengers for leg in legs] + [1]),
            legs=legs,
            stays=stays,
            days=self._days(start, end, legs, stays, dests, places_en),
            costs=tuple(_costs(self._flights.values(), self._hotels.values())),
            peaks=tuple(_peaks(self._flights.values(), self._hotels.values())),
        )

    def _days(
        self,
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
            here = next((c for c, d in self._weather if d == day.isoformat()), "")
            if here:
                items.append(_weather_item(self._weather[(here, day.isoformat())]))
            plan = self._plans.get(day.isoformat())
            if plan is not None:
                items.append(_plan_item(plan))
            arrived = [leg.destination for leg in legs if leg.date == day]
            where = arrived[-1] if arrived else here or where
            out.append(Day(day, where, tuple(items), names_en.get(where, "")))
        return tuple(out)


def build_trip(messages: Iterable[Message], trip_id: str, conversation_id: str) -> Trip | None:
    """The trip of a saved conversation (None: it holds no travel result)."""
    builder = TripBuilder()
    for message in messages:
        builder.add(message)
    return builder.trip(trip_id, conversation_id)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _iso(value: Any) -> date | None:
    try:
        return date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        return None


def _count(value: Any, default: int = 1) -> int:
    return value if _is_int(value) and value > 0 else default


def _legs(found: _Found) -> list[Leg]:
    """The outbound leg, and the return leg when the call had a return date."""
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
    }

    def leg(start: str, to: str, start_en: str, to_en: str, when: str) -> Leg:
        """A flight from `start` to `to` on the call's `<when>_date` at its `<when>_time`."""
        return Leg(
            start,
            to,
            _iso(d.get(f"{when}_date")),
            origin_en=start_en,
            destination_en=to_en,
            origin_tz=zone_for(start),
            destination_tz=zone_for(to),
            departs=str(d.get(f"{when}_time", ""))[:5],
            **common,
        )

    out = [leg(origin, dest, o_en, d_en, "depart")]
    if d.get("legs") == 2 or _iso(d.get("return_date")):
        out.append(leg(dest, origin, d_en, o_en, "return"))
    return out


def _stay(found: _Found) -> Stay:
    d = found.data
    stars = d.get("stars")
    return Stay(
        name=str(d.get("name", "")),
        city=str(d["city"]),
        check_in=_iso(d.get("check_in")),
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


def _costs(flights: Iterable[_Found], hotels: Iterable[_Found]) -> list[Cost]:
    out = []
    for f in flights:
        legs = len(_legs(f))
        seats = _count(f.data.get("passengers"))
        amount = int(f.data["price_cny"]) * seats * legs
        trip_zh, trip_en = ("往返", "return") if legs == 2 else ("单程", "one way")
        route, route_en = f.data.get("route", ""), f.data.get("route_en", "")
        out.append(
            Cost("flights", f"{route} {trip_zh} ×{seats}人", amount, f.call.id, f"{route_en} {trip_en} ×{seats}")
        )
    for h in hotels:
        nights, rooms = _count(h.data.get("nights")), _count(h.data.get("rooms"))
        amount = int(h.data["price_cny"]) * nights * rooms
        label = f"{h.data.get('name', '')} {nights}晚 ×{rooms}间"
        label_en = f"{h.data.get('name_en', '')} {nights} night(s) × {rooms} room(s)"
        out.append(Cost("hotel", label, amount, h.call.id, label_en))
    return out


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
    en = f"{leg.origin_en} → {leg.destination_en}" if leg.origin_en else ""
    return DayItem("flight", f"{leg.origin}→{leg.destination}", leg.call_id, en)


def _plan_item(found: _Found) -> DayItem:
    place = str(found.data.get("place") or "")
    text = f"{found.data['plan']}" + (f"（{place}）" if place else "")
    return DayItem("plan", text, found.call.id, text)


def _weather_item(found: _Found) -> DayItem:
    d = found.data
    temp = str(d.get("temperature", ""))
    zh = " ".join(x for x in (temp, str(d.get("condition", ""))) if x)
    en = " ".join(x for x in (temp, str(d.get("condition_en", ""))) if x)
    kind = str(d.get("kind", ""))
    if kind in ("typical", "sample"):
        zh += "（典型值）" if kind == "typical" else "（样例，非预报）"
        en += " (typical)" if kind == "typical" else " (sample, not a forecast)"
    return DayItem("weather", zh, found.call.id, en)
