"""The parts of an answer about *when* and *who*: the dates assumed, the party, typical weather,
costs for everyone, and holiday peaks as their own estimate line (figures from tool results only)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from desktop_app.planner.calls import travel_dates
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.second_look import looks_up
from desktop_app.planner.wording import Lines, nights_en, say, yuan
from desktop_app.travel import rules
from desktop_app.travel.when import span_text
from desktop_app.trips.builder import fare_legs, hotel_stay
from desktop_app.trips.model import costs_of, total_of

R = rules.Rules("trip_lines")
LINES = Lines(rules.table("trip_lines")["LINES"])  # the dates, the party and the costs, in both languages
WEATHER_KINDS = Lines(rules.table("trip_lines")["WEATHER_KINDS"])  # the weather of a day by what it is


def _iso(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def dates_line(q: TripQuery, lang: str) -> str:
    """`**日期**：下周 = 12月7日–13日；按 12月7日–10日（3晚）查询。` (nothing when no time was named)."""
    if q.when is None:
        return ""
    said, (start, end) = q.when.label(lang), travel_dates(q.when, q.stay_nights) or (None, None)  # as the calls went
    if q.one_way and "hotels" not in q.intents and start:  # a fare, no stay: the day only
        return LINES("one_way_on", lang, said=said, day=span_text(start, start, lang))
    line = LINES("dates", lang, said=said)
    wanted = looks_up(q)
    if start and end and "hotels" in wanted:
        n = q.stay_nights
        line += LINES("looked_up_for", lang, span=span_text(start, end, lang), n=n, nights=nights_en(n))
    elif start and q.day_trip:  # 一日游: out and back the same day
        line += LINES("same_day", lang, day=span_text(start, start, lang))
    elif start and end and "flights" in wanted:  # a round-trip fare, no stay: the days out and back
        line += LINES("out_and_back", lang, out=span_text(start, start, lang), back=span_text(end, end, lang))
    if not q.when.official:
        line += LINES("unofficial", lang, year=q.when.start.year)
    return line + LINES("stop", lang)


def party_line(q: TripQuery, lang: str) -> str:
    """Who the prices are for: seats for everyone, rooms at two a room."""
    if q.party.size <= 1:
        return ""
    n, rooms, said = q.party.size, q.party.rooms, q.party.said
    who = LINES("aside", lang, text=said) if said and not R.COUNTED.search(said) else ""  # a count said: not repeated
    how = "as_asked" if q.party.asked_rooms else ("with_children" if q.party.children else "two_a_room")
    wanted = looks_up(q)  # seats only beside a fare, rooms only beside a hotel: nothing nobody asked for
    seats = LINES("seats", lang, n=n) if "flights" in wanted else ""
    rooms_said = LINES("rooms", lang, rooms=rooms, s="s" if rooms > 1 else "", how=LINES(how, lang))
    parts = LINES("and", lang).join(part for part in (seats, rooms_said if "hotels" in wanted else "") if part)
    return LINES("party", lang, n=n, who=who) + (LINES("counted", lang, parts=parts) if parts else LINES("stop", lang))


def is_sample(data: Any) -> bool:
    """A weather result that is the sample's ordinary day: never shown as a day's or a month's weather."""
    return isinstance(data, dict) and data.get("kind") == "sample"


def dated_weather_line(d: dict[str, Any], lang: str) -> str:
    """Typical values said to be typical, a forecast said to be one (never one passed off as the other)."""
    tip = str(d.get(say(lang, "suggestion", "suggestion_en"), "")).rstrip("。.")
    day, kind = _iso(d.get("date")), str(d.get("kind"))  # one of WEATHER_KINDS: the only kinds weather_line sends
    when, cond = span_text(day, day, lang) if day else "", d.get(say(lang, "condition", "condition_en"), "")
    advice, tip = (LINES("advice", lang, tip=tip), LINES("tip", lang, tip=tip)) if tip else ("", "")
    return WEATHER_KINDS(kind, lang, when=when, temp=d.get("temperature", ""), cond=cond, advice=advice, tip=tip)


@dataclass(frozen=True)
class Costs:
    flights: int
    hotel: int
    peak_extra: int
    peak_names: tuple[tuple[str, str], ...]  # (zh, en) of each holiday peak the trip meets
    legs: int = 2  # 1: a one-way fare ("one way", 单程)

    @property
    def total(self) -> int:
        return self.flights + self.hotel


def costs(flight: dict[str, Any] | None, hotel: dict[str, Any] | None, q: TripQuery) -> Costs | None:
    """Round trip for everyone plus the nights for every room, counted by the trip's own cost lines
    (trips.model.costs_of), so the answer's total is the Trip tab's and the exports'."""
    if not flight or not hotel or "price_cny" not in flight or "price_cny" not in hotel:
        return None
    legs, stay = fare_legs(flight), hotel_stay(hotel)
    if not legs or stay is None:
        return None
    lines = costs_of(legs, (stay,))
    flights = sum(c.amount_cny for c in lines if c.kind == "flights")
    extra, names = peak_sum([*(flight.get("peak_estimate") or []), hotel.get("peak_estimate")])
    return Costs(flights, total_of(lines) - flights, extra, names, len(legs))


def peak_sum(estimates: list[Any]) -> tuple[int, tuple[tuple[str, str], ...]]:
    """The tools' holiday peak estimates (anything not one is skipped): the extra yuan, and each
    holiday's (zh, en) name once."""
    peaks = [p for p in estimates if isinstance(p, dict)]
    names = tuple(dict.fromkeys((str(p.get("holiday", "")), str(p.get("holiday_en", ""))) for p in peaks))
    return sum(int(p.get("extra_cny", 0)) for p in peaks), names


def cost_lines(c: Costs, q: TripQuery, lang: str, flights: str, hotel: str, fare: tuple[str, str]) -> str:
    """The seed's cost block (¥2,560 + ¥2,040 = ¥4,600 for one), for the party, with a peak line;
    `flights` and `hotel` name its first two lines, `fare` what the fares were (a train's are not flights)."""
    who = LINES("for_party", lang, n=q.party.size) if q.party.size > 1 else ""
    sums = {"fares": yuan(c.flights), "nights": yuan(c.hotel), "total": yuan(c.total)}
    text = LINES("costs", lang, flights=flights, who=who, hotel=hotel, **sums)
    return text + _peak_line(c, lang) + _budget_line(c, q, lang, fare)


def _peak_line(c: Costs, lang: str) -> str:
    """The holiday peak's estimate, beside the total (never folded into it)."""
    if not c.peak_extra:
        return ""
    names = LINES("list", lang).join(say(lang, zh, en) for zh, en in c.peak_names)
    return LINES("peak", lang, names=names, more=yuan(c.peak_extra), total=yuan(c.total + c.peak_extra))


def _budget_line(c: Costs, q: TripQuery, lang: str, fare: tuple[str, str]) -> str:
    """ "预算一万够吗": the answer to the budget asked about, against the estimate with any peak in it."""
    budget = q.budget
    if budget is None:
        return ""
    estimate = c.total + c.peak_extra
    verdict = LINES("enough" if estimate <= budget else "short", lang, gap=yuan(abs(budget - estimate)))
    said = say(lang, *q.budget_said)
    said = LINES("aside", lang, text=said) if said else ""
    money = {"budget": yuan(budget), "estimate": yuan(estimate), "fare": say(lang, *fare)}
    return LINES("budget", lang, said=said, verdict=verdict, **money)
