"""A trip through several cities ("do Beijing, Xi'an and Chengdu in 10 days", 北京、西安、成都玩十天):
one-way flights from stop to stop and home, the nights shared out in order, a hotel and the
weather in each city, one cost block. Places named to be weighed against each other stay a comparison."""

from __future__ import annotations

from dataclasses import replace

from desktop_app.planner import calls, writer
from desktop_app.planner.exchange import Exchange, denials
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.reading import frame_of
from desktop_app.planner.trip_lines import Costs, cost_lines, peak_sum
from desktop_app.planner.wording import Lines, city_name, nights_en, nights_said, say, yuan
from desktop_app.tools.travel.lookup import LOOKUPS, slot_of
from desktop_app.travel import rules
from desktop_app.travel.places import City
from desktop_app.travel.when import span_text
from desktop_app.trips.model import mode_name

R = rules.Rules("route")
LINES = Lines(rules.table("route")["LINES"])  # the route's answer, in both languages


def is_route(text: str, q: TripQuery) -> bool:
    """Two or more places as one trip: said as a route, or given one length and no single lookup."""
    if len(q.destinations) < 2 or "compare" in q.intents or q.open is not None:
        return False
    said_as_route = R.ROUTE_WORDS.search(text) is not None
    # a province's cities ("去云南玩一周") are candidates to weigh, unless named in order (先昆明再大理)
    if q.regions and not (said_as_route and all(_named(c, text) for c in q.destinations)):
        return False
    if said_as_route or len(q.stop_nights) == len(q.destinations):
        return True  # said as a route, or nights said for every stop (青岛两晚、大连一晚)
    return (q.days is not None or q.nights is not None) and not R.SINGLE_LOOKUP.search(text)


def _named(city: City, text: str) -> bool:
    """The city itself is named in the text (not only its province)."""
    folded = text.casefold()
    return any(len(n) > 1 and n.casefold() in folded for n in city.names())


def stop_nights(q: TripQuery) -> list[int]:
    """The nights in each city: as said ("Xi'an (2 nights), then Chengdu (3 nights)"), else shared out."""
    return calls.stop_nights(frame_of(q))


def _leg_line(e: Exchange, lang: str) -> tuple[str, int]:
    """One flight of the route, and what it costs the party (0 when it was not found)."""
    d = e.data if isinstance(e.data, dict) else {}
    route = str(d.get(say(lang, "route", "route_en")) or f"{(e.call.arguments or {}).get('origin')}→?")
    price = writer.price_of(d)
    if e.result.is_error or "error" in d or price is None:
        return LINES("not_found", lang, route=route), 0
    seats = int(d.get("passengers") or 1)
    cost = int(d["total_cny"]) if isinstance(d.get("total_cny"), int) else price * seats
    when = f"{d['depart_date'][5:].replace('-', '/')} " if isinstance(d.get("depart_date"), str) else ""
    each = LINES("per_person", lang) if seats > 1 else ""
    record = LOOKUPS[e.call.name]
    route = route if record.mode == "flight" else f"{mode_name(record.mode, lang)} {route}"  # 火车 上海→杭州
    zh, _, en = str(d.get("note", "")).partition(" / ")  # the tool's: close cities, long connections
    note = f"（{zh}）" if lang == "zh" and zh else (f" ({en})" if en else "")
    return f"- {when}{route}  {yuan(price)}{each} · {d.get('duration', '')}{note}", cost


def _peaks(exchanges: list[Exchange]) -> tuple[int, tuple[tuple[str, str], ...]]:
    """Every leg's and stay's holiday peak estimate (a fare gives a list, a stay one)."""
    found = [e.data.get("peak_estimate") for e in exchanges if isinstance(e.data, dict)]
    return peak_sum([p for value in found for p in (value if isinstance(value, list) else [value])])


def route_answer(q: TripQuery, exchanges: list[Exchange]) -> str:
    """The route's plan: where the trip goes and when, each city's weather and hotel, the flights, one total."""
    lang, cities = q.lang, q.destinations
    nights = stop_nights(q)
    q = replace(q, nights=sum(nights), days=None)  # one night at least in each city: the dates line counts them
    days = calls.arrivals(calls.travel_dates(q.when, q.stay_nights), nights)
    names = [city_name(c, lang) for c in cities]
    found = {p.key: p for p in writer.group(exchanges)}
    sections, hotels = [], 0
    for i, city in enumerate(cities):
        place = found.get(city.id, writer.Place(city.id))  # its weather and hotel
        head = LINES("stop", lang, name=names[i], n=nights[i], nights=nights_en(nights[i]))
        start, leave = days[i], days[i + 1]
        if start is not None and leave is not None:
            head += LINES("aside", lang, text=span_text(start, leave, lang))
        lines = [head, writer.weather_line(place, lang), writer.hotel_line(place, replace(q, nights=nights[i]), lang)]
        sections.append("\n\n".join(line for line in lines if line))
        hotels += (place.hotel_price() or 0) * nights[i] * q.party.rooms
    fares = [e for e in exchanges if slot_of(e.call.name) == "fare"]
    legs = [_leg_line(e, lang) for e in fares]
    flown = all(LOOKUPS[e.call.name].mode == "flight" for e in fares)  # else "travel": some legs go by train
    total = sum(nights)
    intro = LINES("intro", lang, route=LINES("arrow", lang).join(names), nights=nights_said(total, lang))
    parts = [intro + writer.when_who(q, lang), *sections]
    if legs:
        parts.append(LINES("flights" if flown else "travel", lang) + "\n" + "\n".join(line for line, _ in legs))
    # the cost block: its one-way legs, and the nights of every city
    c = Costs(sum(cost for _, cost in legs), hotels, *_peaks(exchanges), legs=1)
    flights = LINES("flight_legs" if flown else "travel_legs", lang, legs=len(legs))
    hotel = LINES("hotels", lang, rooms=q.party.rooms, n=total, nights=nights_en(total))
    parts.append(cost_lines(c, q, lang, flights, hotel, ("机票", "flights") if flown else ("交通", "travel")))
    return "\n\n".join(parts) + writer.notes(q, exchanges) + writer.assumption(q, lang) + denials(exchanges, lang)
