"""The first turn's tool calls, planned from the frozen reading alone (a TripFrame): what it looks up,
for which places, when, for whom. The reading the inspector shows is the one the calls came from."""

from __future__ import annotations

import itertools
from datetime import date, timedelta
from typing import Any

from desktop_app import clock
from desktop_app.planner.weather_ask import weather_dates
from desktop_app.planner.wording import city_name
from desktop_app.tools.travel.lookup import Lookup, fare_for
from desktop_app.travel.frame import Dates, TripFrame
from desktop_app.travel.places import City, city_by_id
from desktop_app.travel.seasons import holiday_on
from desktop_app.travel.span import Span

Call = tuple[str, dict[str, Any]]


def plan_calls(frame: TripFrame, offered: set[str]) -> list[Call]:
    """Every lookup of the first turn (independent ones go out together): a route stop by stop, else
    each target city's weather, fare and hotel as asked."""
    if frame.shape == "route":
        return route_calls(frame, offered)
    cities = [c for c in (city_by_id(i) for i in frame.targets) if c is not None]
    return [call for city in cities for call in _lookups(city, frame, offered)]


def travel_dates(when: Dates | Span | None, nights: int) -> tuple[date, date] | None:
    """(depart, return): the span's first day (never before today) plus the nights; a month said alone starts
    after a holiday block on its first days ("in October" is not the National Day week at its peak)."""
    if when is None:
        return None
    first = max(when.start, clock.today())
    block = holiday_on(first) if when.kind == "month" else None
    if block is not None and block.end < when.end:
        first = block.end + timedelta(days=1)
    return first, first + timedelta(days=nights)


def _lookups(city: City, frame: TripFrame, offered: set[str]) -> list[Call]:
    place, dates, origin = city_name(city, frame.lang), travel_dates(frame.dates, frame.stay_nights), _origin(frame)
    day, back = (dates[0].isoformat(), "" if frame.one_way else dates[1].isoformat()) if dates else ("", "")
    calls: list[Call] = []
    if "weather" in frame.looks_up and "get_weather" in offered:  # undated: now, a season's or every month's
        calls += [("get_weather", {"city": place, "date": d}) for d in weather_dates(frame.typical_months, city, day)]
    if "flights" in frame.looks_up and origin is not None:  # a flight, or a train where that is the usual way
        args = fare_args(frame, city_name(origin, frame.lang), place, day, back, both_ways=not frame.one_way)
        calls += [(fare.tool, fare.arguments(args)) for fare in _fares(frame, origin, city, offered)]
    if "hotels" in frame.looks_up and "get_hotel_price" in offered:  # the nights the answer counts
        calls.append(("get_hotel_price", stay_args(frame, place, day, frame.stay_nights)))
    return calls


def _fares(frame: TripFrame, origin: City, city: City, offered: set[str]) -> list[Lookup]:
    """The fare tools to ask: the one for the way asked (or the usual way), both when the train and the plane
    are weighed ("高铁还是飞机": the flight first, the train last, as the trip counts the last)."""
    modes = ("flight", "train") if frame.mode == "both" else (frame.mode or "",)
    found = (fare_for(origin, city, offered, mode) for mode in modes)
    return list({f.tool: f for f in found if f is not None}.values())


def _origin(frame: TripFrame) -> City | None:
    return city_by_id(frame.origin) if frame.origin else None


def stop_nights(frame: TripFrame) -> list[int]:
    """The nights in each stop: as said ("Xi'an (2 nights), then Chengdu (3 nights)"), else shared out."""
    said = [s.nights for s in frame.stops if s.has_data]
    if said and all(n is not None for n in said):
        return [n or 0 for n in said]
    return share_nights(frame.stay_nights, len(said))


def share_nights(total: int, cities: int) -> list[int]:
    """`total` nights over the cities in order (one at least each), the first ones taking the remainder."""
    base, extra = divmod(max(total, cities), cities)
    return [base + (1 if i < extra else 0) for i in range(cities)]


def arrivals(dates: tuple[date, date] | None, nights: list[int]) -> list[date | None]:
    """The day the trip reaches each stop, then the day it heads home (None each when undated)."""
    return [dates[0] + timedelta(days=sum(nights[:i])) if dates else None for i in range(len(nights) + 1)]


def route_calls(frame: TripFrame, offered: set[str]) -> list[Call]:
    """(tool, arguments) for every stop: the way in, its weather and hotel; then the way home."""
    nights = stop_nights(frame)
    days, home = arrivals(travel_dates(frame.dates, frame.stay_nights), nights), _origin(frame)
    places = [city_by_id(s.city) for s in frame.stops if s.has_data]
    calls: list[Call] = []
    for i, (came_from, stop) in enumerate(itertools.pairwise([home, *places, home])):
        day = arrive.isoformat() if (arrive := days[i]) is not None else ""
        fare = fare_for(came_from, stop, offered, frame.mode or "")
        if came_from is not None and stop is not None and came_from != stop and fare is not None:
            args = fare_args(frame, city_name(came_from, frame.lang), city_name(stop, frame.lang), day)
            calls.append((fare.tool, fare.arguments(args)))
        if i == len(places) or stop is None:
            continue  # home: no hotel, no weather
        name = city_name(stop, frame.lang)
        if "get_weather" in offered:
            calls.append(("get_weather", {"city": name, "date": weather_dates((), stop, day)[0]}))
        if "get_hotel_price" in offered:
            calls.append(("get_hotel_price", stay_args(frame, name, day, nights[i])))
    return calls


def fare_args(
    frame: TripFrame, origin: str, destination: str, day: str, back: str = "", both_ways: bool = False
) -> dict[str, Any]:
    """A fare for the party: one way, or there and back when `back` (the return date) is given or,
    undated, when `both_ways` (an undated trip for several is a round trip like a dated one)."""
    fare: dict[str, Any] = {"origin": origin, "destination": destination}
    fare |= ({"depart_date": day} | ({"return_date": back} if back else {})) if day else {}
    if frame.seats == 1:
        return fare
    fare |= {"passengers": frame.seats} | ({"round_trip": True} if both_ways and not day else {})
    children = frame.travellers.children if frame.travellers else 0
    return fare | ({"children": children} if children else {})


def stay_args(frame: TripFrame, city: str, day: str, nights: int) -> dict[str, Any]:
    """A hotel for the party's rooms, from `day` when there is one, for `nights` (0: none said)."""
    stay: dict[str, Any] = {"city": city, "stars": frame.stars or 4}
    stay |= {"check_in": day, "nights": nights} if day else ({"nights": nights} if nights else {})
    return stay | ({"rooms": frame.rooms} if frame.seats > 1 or frame.rooms > 1 else {})
