"""Writes the offline planner's answers from tool results only (never from its own knowledge)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from desktop_app.planner.exchange import Exchange, denials
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.talk import cannot_help
from desktop_app.planner.trip_lines import cost_lines, costs, dated_weather_line, dates_line, is_sample, party_line
from desktop_app.planner.weather_ask import months_line
from desktop_app.planner.wording import Lines, city_name, nights_said, say, yuan, zh_count
from desktop_app.tools.travel.lookup import LOOKUPS, slot_of
from desktop_app.travel import rules
from desktop_app.travel.places import resolve_city
from desktop_app.travel.world_places import no_data_note, stand_ins, unrecognised_note

PRICE = rules.pattern("writer", "PRICE")
NOTE = {lang: "".join(lines) for lang, lines in rules.table("writer")["NOTE"].items()}  # closing every answer
LINES = Lines(rules.table("writer")["LINES"])  # the answers' wording, in both languages


def price_of(data: Any) -> int | None:
    """A CNY amount from `price_cny` or the first number in `price` ("¥1,280", "¥680/晚")."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("price_cny"), int | float):
        return int(data["price_cny"])
    match = PRICE.search(str(data.get("price", "")))
    return int(match.group(0).replace(",", "")) if match else None


def _text(data: dict[str, Any], key: str, lang: str) -> str:
    """A field in the answer's language when the tool gives both (`condition_en`)."""
    return str((lang == "en" and data.get(f"{key}_en")) or data.get(key) or "")


def _failure(e: Exchange) -> str | None:
    """Why a lookup gave nothing usable, or None when it has data."""
    data = e.data
    if e.result.is_error or not isinstance(data, dict) or "error" in data:
        reason = data.get("error") if isinstance(data, dict) else str(data)
        return str(reason or e.result.content)[:200]
    return None


@dataclass
class Place:
    """Everything the results say about one destination."""

    key: str
    weather: Exchange | None = None
    flight: Exchange | None = None  # the last fare (the one a trip's total counts)
    hotel: Exchange | None = None
    fares: list[Exchange] = field(default_factory=list)  # every fare: "train or plane?" looks up both
    months: list[Exchange] = field(default_factory=list)  # every weather result ("best time": twelve months)

    def flight_price(self) -> int | None:
        return price_of(self.flight.data) if self.flight and not _failure(self.flight) else None

    def hotel_price(self) -> int | None:
        return price_of(self.hotel.data) if self.hotel and not _failure(self.hotel) else None


def _place_key(e: Exchange) -> str:
    args = e.call.arguments or {}
    name = str(args.get("destination") or args.get("city") or "")
    city = resolve_city(name)
    return city.id if city else name


def group(exchanges: list[Exchange]) -> list[Place]:
    """Results per destination, in the order the calls were made."""
    places: dict[str, Place] = {}
    slots = {"weather": "weather", "fare": "flight", "stay": "hotel"}
    for e in exchanges:
        if slot := slots.get(slot_of(e.call.name)):
            place = places.setdefault(_place_key(e), Place(_place_key(e)))
            setattr(place, slot, e)  # the last fare is the one the trip keeps (trips/builder.py): the total's
            if slot != "hotel":  # every weather result and every fare kept too
                (place.months if slot == "weather" else place.fares).append(e)
    return list(places.values())


def display(place: Place, lang: str) -> str:
    city = resolve_city(place.key)
    return place.key if city is None else city_name(city, lang)


# ------------------------------------------------------------------ trip answers


def weather_line(p: Place, lang: str) -> str:
    if p.weather is None:
        return ""
    if len(p.months) > 1:
        return months_line([e.data for e in p.months if not _failure(e) and isinstance(e.data, dict)], lang)
    if why := _failure(p.weather):
        return LINES("not_found", lang, what=LINES("weather", lang), why=why)
    d = p.weather.data
    if d.get("kind") in ("typical", "forecast", "sample", "observed"):
        return dated_weather_line(d, lang)
    temp = d.get("temperature") or d.get("temp") or ""
    cond, tip = _text(d, "condition", lang), _text(d, "suggestion", lang).rstrip("。.")
    humidity = LINES("humidity", lang, value=d["humidity"]) if d.get("humidity") else ""
    extra = LINES("comma", lang).join(x for x in (humidity, _text(d, "wind", lang) if d.get("wind") else "") if x)
    detail = LINES("aside", lang, text=extra) if extra else ""
    advice = LINES("tip", lang, tip=tip) if tip else ""
    return LINES("weather_line", lang, temp=temp, cond=cond, detail=detail, advice=advice)


def _fare_line(fare: Exchange, p: Place, q: TripQuery, lang: str) -> str:
    record = LOOKUPS[fare.call.name]
    what = say(lang, record.names[0], record.names[1].capitalize())
    if why := _failure(fare):
        return LINES("not_found", lang, what=what, why=why)
    d = fare.data
    route = _text(d, "route", lang) or f"→{display(p, lang)}"
    kind, took = _text(d, "type", lang), say(lang, *record.took).format(dur=d.get("duration", ""))
    price = price_of(d)
    shown = yuan(price) if price is not None else d.get("price", "?")
    if q.party.size > 1:
        shown += LINES("per_person", lang) + _fare_total(d, p, q, lang)
    elif q.day_trip:  # 一日游: there and back is the whole cost
        shown += _fare_total(d, p, q, lang)
    zh_note, _, en_note = str(d.get("note", "") if record.mode != "flight" else "").partition(" / ")
    note = say(lang, zh_note, en_note)
    why = LINES("aside", lang, text=note) if note else ""
    return LINES("fare", lang, what=what, route=route, kind=kind, shown=shown, took=took, why=why)


def _fare_total(d: dict[str, Any], p: Place, q: TripQuery, lang: str) -> str:
    """What the fare comes to for everyone ("两个人多少钱"), when no cost block below sums it with a hotel."""
    total, legs = d.get("total_cny"), d.get("legs")
    if not isinstance(total, int) or trip_total(p, q) is not None:
        return ""
    way = LINES("round_trip" if legs == 2 else "one_way", lang)
    one = q.party.size == 1
    return LINES("fare_total_one" if one else "fare_total", lang, n=q.party.size, way=way, total=yuan(total))


def hotel_line(p: Place, q: TripQuery, lang: str) -> str:
    if p.hotel is None:
        return ""
    if why := _failure(p.hotel):
        return LINES("not_found", lang, what=LINES("hotel", lang), why=why)
    d = p.hotel.data
    name, stars, price = _text(d, "name", lang), d.get("stars", q.stars), p.hotel_price()
    n, rooms = q.stay_nights, q.party.rooms
    breakfast = d.get("breakfast")  # the tool's True or False, None when it does not say
    meal = LINES("breakfast", lang) if breakfast else (LINES("no_breakfast", lang) if breakfast is False else "")
    each = LINES("rooms", lang, rooms=rooms) if rooms > 1 else ""
    cost = yuan(price * n * rooms) if price is not None else ""
    total = LINES("hotel_total", lang, rooms=each, nights=nights_said(n, lang), total=cost) if cost else ""
    shown = yuan(price) if price else d.get("price")
    line = LINES("hotel_line", lang, name=name, stars=stars, shown=shown, meal=meal, total=total)
    if price is not None and (cap := q.night_cap) is not None:  # "under 500 a night": whether it is, else what to ask
        line += LINES("within_cap" if price <= cap else "over_cap", lang, cap=yuan(cap))
    return line + _hotel_peak(d, p, q, lang)


def _hotel_peak(d: dict[str, Any], p: Place, q: TripQuery, lang: str) -> str:
    """春节期间三亚酒店一晚多少钱: the holiday's estimate beside the sample price, when no cost block says it."""
    peak = d.get("peak_estimate")
    if not isinstance(peak, dict) or not isinstance(peak.get("price_cny"), int) or trip_total(p, q) is not None:
        return ""
    name = say(lang, str(peak.get("holiday", "")), str(peak.get("holiday_en", "")))
    return LINES("hotel_peak", lang, names=name, each=yuan(peak["price_cny"]), more=yuan(int(peak.get("extra_cny", 0))))


def cost_block(p: Place, q: TripQuery, lang: str) -> str:
    """Round trip for everyone + hotel x nights x rooms, as the seed computes ¥2,560 + ¥2,040 = ¥4,600."""
    c = costs(_data(p.flight), _data(p.hotel), q)
    if c is None:
        return ""
    rooms = LINES("times_rooms", lang, rooms=q.party.rooms) if q.party.rooms > 1 else ""
    zh, en = LOOKUPS[p.flight.call.name].names if p.flight else ("机票", "flights")
    flights = LINES("round_trip_fares" if c.legs == 2 else "one_way_fares", lang, fare=say(lang, zh, en))
    hotel = LINES("hotel_nights", lang, rooms=rooms, nights=nights_said(q.stay_nights, lang))
    return cost_lines(c, q, lang, flights, hotel, (zh, en))


def _data(e: Exchange | None) -> dict[str, Any] | None:
    if e is None or _failure(e) or not isinstance(e.data, dict):
        return None
    data = dict(e.data)
    if "price_cny" not in data and (price := price_of(data)) is not None:
        data["price_cny"] = price
    return data


def trip_total(p: Place, q: TripQuery) -> int | None:
    c = costs(_data(p.flight), _data(p.hotel), q)
    return c.total if c is not None else None


def _intro(places: list[Place], q: TripQuery, lang: str) -> str:
    """The first line: an N-day trip only when it has N-1 nights, else the nights looked up (玩三天
    is priced as three nights, the seed's convention: not a "3-day trip")."""
    names = LINES("and", lang).join(display(p, lang) for p in places)
    days = q.days if q.days and q.days == q.stay_nights + 1 else None
    stay = q.stay_nights if q.days or q.nights else None  # said (or its dates' span), echoed: never assumed
    n = days or stay
    span = LINES("days" if days else "stay", lang, n=n, zh=zh_count(n)) if n else LINES("trip", lang)
    return LINES("intro", lang, names=names, span=span)


def assumption(q: TripQuery, lang: str) -> str:
    """The origin the flights assumed, said out loud (none was asked)."""
    if not q.origin_assumed or q.origin is None or q.origin_world is not None:
        return ""
    return LINES("assumed_origin", lang, city=city_name(q.origin, lang))


def when_who(q: TripQuery, lang: str) -> str:
    """The dates and party the answer assumed, stated before any figure."""
    return "".join(f"\n\n{line}" for line in (dates_line(q, lang), party_line(q, lang)) if line)


def _looked_up(p: Place, q: TripQuery, lang: str) -> list[str]:
    """A destination's weather, fare and hotel lines (empty where nothing was looked up): each fare looked up
    for the place (a flight; the train too when both were weighed), the last one also its `flight`."""
    return [weather_line(p, lang), "\n\n".join(_fare_line(e, p, q, lang) for e in p.fares), hotel_line(p, q, lang)]


def single(p: Place, q: TripQuery, lang: str) -> str:
    body = "\n\n".join(line for line in (*_looked_up(p, q, lang), cost_block(p, q, lang)) if line)
    return f"{_intro([p], q, lang)}{when_who(q, lang)}\n\n{body}"


def compare(places: list[Place], q: TripQuery, lang: str) -> str:
    """A side-by-side table and a recommendation for two or more destinations."""
    sections = [f"### {display(p, lang)}\n\n" + "\n\n".join(x for x in _looked_up(p, q, lang) if x) for p in places]
    header = "| | " + " | ".join(display(p, lang) for p in places) + " |"
    rule = "|---" * (len(places) + 1) + "|"
    n, flown = q.stay_nights, _all_flown(places)
    rows = [
        (LINES("weather", lang), [_short_weather(p, lang) for p in places]),
        (LINES("one_way_flight" if flown else "one_way_travel", lang), [money_cell(p.flight_price()) for p in places]),
        (LINES("hotel_night", lang), [money_cell(p.hotel_price()) for p in places]),
        (LINES("trip_total", lang, nights=nights_said(n, lang)), [money_cell(trip_total(p, q)) for p in places]),
    ]
    rows = [(label, vals) for label, vals in rows if any(v != "—" for v in vals)]  # what was looked up
    table = "\n".join([header, rule] + [f"| {label} | " + " | ".join(vals) + " |" for label, vals in rows])
    return "\n\n".join([_intro(places, q, lang) + when_who(q, lang), *sections, table, _recommend(places, q, lang)])


def _all_flown(places: list[Place]) -> bool:
    """Every option travels by air (else the answer says "travel", not "flight")."""
    return all(p.flight is None or LOOKUPS[p.flight.call.name].mode == "flight" for p in places)


def money_cell(amount: int | None) -> str:
    """A table cell: the amount, or a dash when there is none."""
    return yuan(amount) if amount is not None else "—"


def _short_weather(p: Place, lang: str) -> str:
    if p.weather is None or _failure(p.weather):
        return "—"
    if is_sample(p.weather.data):  # as the place's own weather line says
        return LINES("no_typical", lang)
    d = p.weather.data
    return f"{d.get('temperature') or d.get('temp', '')} {_text(d, 'condition', lang)}".strip()


def temperature(p: Place) -> float | None:
    """The temperature a weather result gave, as a number."""
    data = p.weather.data if p.weather is not None else None
    if not isinstance(data, dict) or "error" in data or data.get("kind") == "sample":
        return None  # "sample": no typical value for that date, and the sample's day is not that month's
    if isinstance(data.get("mean_temp_c"), int | float):  # a month's typical mean
        return float(data["mean_temp_c"])
    high, low = data.get("temp_high_c"), data.get("temp_low_c")
    if isinstance(high, int | float) and isinstance(low, int | float):  # a forecast or last year's month
        return round((float(high) + float(low)) / 2, 1)
    value = data.get("temperature_c")
    return float(value) if isinstance(value, int | float) else None


def _recommend(places: list[Place], q: TripQuery, lang: str) -> str:
    priced = sorted(((trip_total(p, q), p) for p in places if trip_total(p, q) is not None), key=lambda t: t[0] or 0)
    if len(priced) < 2:
        return _warmth(places, lang)
    (low, cheap), (high, dear) = priced[0], priced[-1]
    way = LINES("flight" if _all_flown(places) else "travel", lang)
    hotel = nights_said(q.stay_nights, lang).replace(" ", " hotel ")  # 三晚, "3 hotel nights"
    fields = {"cheap": display(cheap, lang), "dear": display(dear, lang), "diff": yuan((high or 0) - (low or 0))}
    return LINES("comparison", lang, way=way, nights=hotel, low=yuan(low or 0), **fields)


def _warmth(places: list[Place], lang: str) -> str:
    """ "Which is warmer in February, Xiamen or Guilin?": the places by their temperatures, said in one line."""
    temps = sorted(((t, display(p, lang)) for p in places if (t := temperature(p)) is not None), key=lambda t: t[0])
    if len(temps) < 2 or len(temps) < len(places):
        return ""  # a place without a figure cannot be weighed
    (low, cold), (high, warm) = temps[0], temps[-1]
    key = "same_warmth" if high - low < 0.5 else "warmer" if len(temps) == 2 else "warmest"
    return LINES(key, lang, warm=warm, cold=cold, high=f"{high:g}", low=f"{low:g}", diff=f"{high - low:.1f}")


def answer(q: TripQuery, exchanges: list[Exchange]) -> str:
    """The final answer of a trip lookup, written from the tool results."""
    lang = q.lang
    saved = [e for e in exchanges if e.call.name == "save_itinerary"]
    if saved:  # the plan of this same question first, when it looked things up before saving
        looked_up = [e for e in exchanges if e.call.name != "save_itinerary"]
        plan = answer(q, looked_up) + "\n\n" if group(looked_up) else ""
        return plan + saved_answer(saved[0], lang)
    places = group(exchanges)
    if not places:
        body = "\n".join(f"- {e.call.name}: {e.result.content[:300]}" for e in exchanges)  # no place: the raw results
        return f"{LINES('raw_results', lang)}\n{body}{NOTE[lang]}" if exchanges else cannot_help(q.lang)
    text = single(places[0], q, lang) if len(places) == 1 else compare(places, q, lang)
    return text + notes(q, exchanges) + assumption(q, lang) + denials(exchanges, lang) + NOTE[lang]


def notes(q: TripQuery, exchanges: list[Exchange]) -> str:
    """Places asked about that have no sample data (with the nearest that do) and unknown words."""
    stood_in = {_place_key(e) for e in exchanges} & {c.id for p in q.no_data for c in stand_ins(p)}
    names = LINES("list", q.lang).join(sorted(display(Place(k), q.lang) for k in stood_in))
    tail = LINES("stood_in", q.lang, names=names) if stood_in else ""
    places = [*([q.origin_world] if q.origin_world else []), *q.no_data]
    missing = _not_in_data(q, {e.call.name for e in exchanges})
    return no_data_note(places, q.lang) + tail + _origin_note(q) + missing + unrecognised_note(q.unknown_places, q.lang)


def _not_in_data(q: TripQuery, called: set[str]) -> str:
    """What was asked that the sample data cannot say: train fares, rain or snow, sights (visas and the
    like are said first: planner/scope.py)."""
    modes = {LOOKUPS[c].mode for c in called if slot_of(c) == "fare"}
    gaps = {
        "no_train": q.by_train and "flight" in modes and "train" not in modes,
        "no_rain": q.asks_rain and q.when is not None and "weather" in {slot_of(c) for c in called},
        "no_sights": "guide" in q.intents,
        "priced_too": _trip_unpriced(q, called),
        "no_booking": q.booking and bool({slot_of(c) for c in called} & {"fare", "stay"}),
    }
    return "".join(LINES("gap", q.lang, text=LINES(gap, q.lang)) for gap, asked in gaps.items() if asked)


def _trip_unpriced(q: TripQuery, called: set[str]) -> bool:
    """An itinerary asked with the trip's dates and origin said, and nothing priced: the prices offered, not forced."""
    priced = {slot_of(c) for c in called} & {"fare", "stay"}
    return "guide" in q.intents and not priced and q.when is not None and q.origin is not None and not q.beyond


def _origin_note(q: TripQuery) -> str:
    """A departure city without sample flights: which city the flights were looked up from."""
    if q.origin_world is None or q.origin is None:
        return ""
    near = LINES("nearest", q.lang) if q.origin in stand_ins(q.origin_world) else ""
    return LINES("origin_note", q.lang, here=q.origin_world.label(q.lang), there=city_name(q.origin, q.lang), near=near)


def places_answer(q: TripQuery) -> str:
    """Nothing to look up: every place asked about lacks sample data or is not a place at all."""
    return LINES("sample_cities_only", q.lang) + notes(q, []) + NOTE[q.lang]


def saved_answer(e: Exchange, lang: str) -> str:
    if why := _failure(e):
        return LINES("not_saved", lang, why=why) + NOTE[lang]
    path = e.data.get("path", "") if isinstance(e.data, dict) else str(e.data)
    return LINES("saved", lang, path=path) + NOTE[lang]


def cut_note(lang: str, limit: int) -> str:
    """A question longer than the planner reads: said, so what came after the cut is not silently ignored."""
    return LINES("cut", lang, limit=limit)


def nothing_to_save(lang: str) -> str:
    """Asked to save before any plan exists in this conversation."""
    return LINES("nothing_to_save", lang) + NOTE[lang]


def itinerary_title(q: TripQuery, last_answer: str) -> str:
    names = [city_name(c, q.lang) for c in q.destinations]
    if not names:
        match = rules.pattern("writer", "TITLE_PLACE").search(last_answer)
        names = [match.group(0)] if match else []
    return LINES("title", q.lang, base=LINES("title_and", q.lang).join(names)).strip() or "itinerary"


# ------------------------------------------------------------------ help and guides


# a guide's sections: the pattern of the heading a guide page gives each, and its (zh, en) title
GUIDE_SECTIONS = [
    (rules.pattern("writer", "SECTION", HEADING=s["pattern"]), (s["zh"], s["en"]))
    for s in rules.table("writer")["GUIDE_SECTIONS"]
]


def _section(markdown: str, heading: re.Pattern[str]) -> list[str]:
    """Bullet and text lines under a `## <zh> <en>` heading of a guide page."""
    match = heading.search(markdown)
    lines = [ln.strip() for ln in (match.group("body") if match else "").splitlines() if ln.strip()]
    return [ln if ln.startswith(("-", "*", "|")) else f"- {ln}" for ln in lines][:5]


def guide_answer(q: TripQuery, exchanges: list[Exchange]) -> str:
    """The skill's five-section guide, pulled from the pages read and the weather lookup."""
    lang = q.lang
    pages = [
        str(e.data.get("content", "")) if isinstance(e.data, dict) else str(e.data)
        for e in exchanges
        if e.call.name == "read_page" and not _failure(e)
    ]
    weather = next((e for e in exchanges if e.call.name == "get_weather"), None)
    place = display(group([weather])[0], lang) if weather else (q.destinations[0].zh if q.destinations else "")
    parts = [LINES("guide", lang, place=place)]
    for i, (heading, title) in enumerate(GUIDE_SECTIONS):
        lines: list[str] = []
        if i == 0 and weather is not None:  # the first section, the weather: the weather looked up first
            lines.append("- " + weather_line(Place("x", weather=weather), lang).split("：", 1)[-1].split(": ", 1)[-1])
        for page in pages:
            lines.extend(ln for ln in _section(page, heading) if ln not in lines)
        shown = "\n".join(lines[:6]) or LINES("not_covered", lang)
        parts.append(f"## {say(lang, *title)}\n{shown}")
    searches = sum(e.call.name == "web_search" for e in exchanges)
    reads = sum(e.call.name == "read_page" for e in exchanges)
    return "\n\n".join(parts) + LINES("sources", lang, searches=searches, reads=reads) + NOTE[lang]
