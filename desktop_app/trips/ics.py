"""The trip as an iCalendar file: flights on their dates (timed with TZID when known), stays as all-day spans."""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import UTC, datetime, time, timedelta
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from icalendar import Calendar, Event, vText

from desktop_app.trips.model import Leg, Stay, Trip, mode_name
from desktop_app.visible import one_line

PRODID = "-//travel-assistant//trip board//EN"
Record = TypeVar("Record", Leg, Stay)


def to_ics(trip: Trip, now: datetime | None = None) -> bytes:
    """An RFC 5545 calendar of the trip's dated flights and stays (undated ones are left out)."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", vText(one_line(trip.title)))  # TEXT: escaped like the events' text
    stamp = now or datetime.now(UTC)
    for n, leg in enumerate(trip.legs):
        if leg.date is not None:
            cal.add_component(_flight(trip, n, leg, stamp))
    for n, stay in enumerate(trip.stays):
        if stay.check_in is not None:
            cal.add_component(_stay(trip, n, stay, stamp))
    cal.add_missing_timezones()  # a VTIMEZONE for every TZID a timed flight uses
    return bytes(cal.to_ical())


def _zone(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name) if name else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _one_line(record: Record) -> Record:
    """The record's text (a tool's or a model's) on one line with controls shown: a value adds no line or property."""
    text: dict[str, Any] = {
        f.name: one_line(v) for f in fields(record) if isinstance(v := getattr(record, f.name), str)
    }
    return replace(record, **text)


def _event(trip: Trip, uid: str, summary: str, description: str, location: str, stamp: datetime) -> Event:
    event = Event()
    event.add("uid", one_line(f"{trip.id}-{uid}@travel-assistant"))
    event.add("dtstamp", stamp)
    event.add("summary", summary)
    event.add("description", description)
    event.add("location", location)
    return event


def _flight(trip: Trip, n: int, leg: Leg, stamp: datetime) -> Event:
    zh, leg = trip.lang == "zh", _one_line(leg)
    route = f"{leg.origin}→{leg.destination}" if zh or not leg.origin_en else f"{leg.origin_en} → {leg.destination_en}"
    summary = f"{mode_name(leg.mode, trip.lang)} {route}"
    price = f"¥{leg.price_cny:,}"
    description = (
        f"{leg.fare} {price}/人 ×{leg.passengers}（样例数据，非实时）\n来源：工具调用 {leg.call_id}"
        if zh
        else f"{price} per seat × {leg.passengers} (sample data, not live)\nsource: tool call {leg.call_id}"
    )
    location = leg.origin if zh or not leg.origin_en else leg.origin_en
    event = _event(trip, f"flight-{n}", summary, description, location, stamp)
    event.add("categories", [leg.mode.upper()])  # FLIGHT, TRAIN or DRIVE: how the leg is travelled
    assert leg.date is not None
    origin_zone, dest_zone = _zone(leg.origin_tz), _zone(leg.destination_tz)
    try:
        clock = time.fromisoformat(leg.departs) if leg.departs else None
    except ValueError:
        clock = None
    if clock is None or origin_zone is None:
        event.add("dtstart", leg.date)  # no time: an all-day event on the flight's date
        event.add("dtend", leg.date + timedelta(days=1))
        event.add("transp", "TRANSPARENT")
        return event
    start = datetime.combine(leg.date, clock, tzinfo=origin_zone)
    end = start + timedelta(hours=leg.duration_h or 1.0)
    event.add("dtstart", start)
    event.add("dtend", end.astimezone(dest_zone or origin_zone))  # the arrival in the destination's zone
    return event


def _stay(trip: Trip, n: int, stay: Stay, stamp: datetime) -> Event:
    zh, stay = trip.lang == "zh", _one_line(stay)
    name = stay.name if zh or not stay.name_en else stay.name_en
    summary = f"酒店 {name}" if zh else f"Hotel {name}"
    price = f"¥{stay.price_cny:,}"
    description = (
        f"{price}/晚 × {stay.nights}晚 × {stay.rooms}间（样例数据，非实时）\n来源：工具调用 {stay.call_id}"
        if zh
        else f"{price}/night × {stay.nights} night(s) × {stay.rooms} room(s) (sample data, not live)\n"
        f"source: tool call {stay.call_id}"
    )
    location = stay.city if zh or not stay.city_en else stay.city_en
    event = _event(trip, f"stay-{n}", summary, description, location, stamp)
    assert stay.check_in is not None
    event.add("dtstart", stay.check_in)  # all-day: the nights from check-in to the check-out morning
    event.add("dtend", stay.check_in + timedelta(days=stay.nights))
    event.add("transp", "TRANSPARENT")
    return event
