"""The answer to an open question: the candidates ranked by what was asked, the assumptions said
out loud, the budget kept; every figure comes from a tool result."""

from __future__ import annotations

from dataclasses import replace

from desktop_app.planner.compare import OpenAsk, basis
from desktop_app.planner.exchange import Exchange
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.trip_lines import costs, dates_line, is_sample, party_line
from desktop_app.planner.wording import Lines, city_name, nights_said, say, yuan
from desktop_app.planner.writer import Place, _data, display, money_cell, temperature, trip_total
from desktop_app.tools.travel.lookup import LOOKUPS, slot_of
from desktop_app.travel import rules

LINES = Lines(rules.table("ranking")["LINES"])  # the open answer's wording, in both languages
HEADS = rules.table("ranking")["HEADS"]  # the ranking table's column heads


def cost(p: Place, q: TripQuery) -> int | None:
    """The trip's cost from what was looked up: the whole trip, else the part that was asked."""
    total = trip_total(p, q)
    if total is not None:
        return total
    hotel, flight = p.hotel_price(), p.flight_price()
    if hotel is not None:
        return hotel * q.stay_nights
    return flight * 2 if flight is not None else None


def ranked(places: list[Place], q: TripQuery, ask: OpenAsk) -> list[Place]:
    """Within budget first, then by the criterion (temperature or cost); missing figures last."""

    def key(p: Place) -> tuple[int, int, float]:
        total = trip_total(p, q)
        over = int(ask.budget is not None and total is not None and total > ask.budget)
        temp = temperature(p)
        if ask.criterion in ("warm", "cool") and temp is not None:
            return over, 0, -temp if ask.criterion == "warm" else temp
        money = cost(p, q)
        return over, int(money is None), float(money or 0)

    return sorted(places, key=key)


def _assumptions(q: TripQuery, ask: OpenAsk, lang: str) -> str:
    origin = city_name(q.origin, lang) if q.origin else "?"
    n, people = q.stay_nights, q.party.size
    whence = LINES("assumed_origin", lang) if q.origin_assumed and not q.origin_world else ""
    stay = LINES("stay", lang, nights=nights_said(n, lang))
    if q.days is None and q.nights is None and q.when is None:
        stay += LINES("assumed_nights", lang)
    who = LINES("party", lang, n=people) if people > 1 else LINES("each", lang)
    said = LINES("aside", lang, text=say(lang, *q.budget_said)) if say(lang, *q.budget_said) else ""
    hotel = nights_said(n, lang).replace(" ", " hotel ")  # 三晚, "3 hotel nights"
    money = LINES("budget", lang, budget=yuan(ask.budget), said=said, nights=hotel, who=who) if ask.budget else ""
    span = LINES("month", lang, month=ask.month) if ask.month else LINES("your_dates", lang)
    undated = "" if q.when else LINES("undated", lang, span=span)
    fields = {"origin": origin, "whence": whence, "stay": stay, "stars": q.stars, "money": money}
    head = LINES("assumptions", lang, undated=undated, **fields)
    picked = LINES("candidates", lang, basis=basis(q.open or ask, lang))
    return "\n".join(x for x in (head, dates_line(q, lang), party_line(q, lang), picked) if x)


def _weather_cell(p: Place, lang: str) -> str:
    temp, data = temperature(p), p.weather.data if p.weather is not None else None
    if is_sample(data):
        return LINES("no_typical", lang)
    if temp is None or not isinstance(data, dict):
        return "—"
    kind = data.get("kind")
    if kind == "typical":
        return LINES("monthly_mean", lang, temp=temp)
    if kind in ("forecast", "observed"):
        return str(data.get("temperature", f"{temp:g}°C"))
    return f"{temp:g}°C {data.get(say(lang, 'condition', 'condition_en'), '')}".strip()  # a result of no kind


def _total_cell(p: Place, q: TripQuery, lang: str) -> str:
    """The trip's cost, with a holiday peak's estimate beside it (never folded into it)."""
    c = costs(_data(p.flight), _data(p.hotel), q)
    if c is None:
        return "—"
    return yuan(c.total) + (LINES("peak", lang, extra=yuan(c.peak_extra)) if c.peak_extra else "")


def _fits(p: Place, q: TripQuery, ask: OpenAsk, lang: str) -> str:
    total = trip_total(p, q)
    if ask.budget is None or total is None:
        return "—"
    return LINES("within", lang) if total <= ask.budget else LINES("over", lang, over=yuan(total - ask.budget))


def table(places: list[Place], q: TripQuery, ask: OpenAsk, lang: str, width: int) -> str:
    """One row per candidate, best first, in its first `width` columns (3: the weather only)."""
    heads = [head.format(nights=nights_said(q.stay_nights, lang)) for head in say(lang, HEADS["zh"], HEADS["en"])]
    rows = ["| " + " | ".join(heads[:width]) + " |", "|---" * width + "|"]
    for i, p in enumerate(places, start=1):
        cells = [str(i), display(p, lang), _weather_cell(p, lang), money_cell(p.flight_price())]
        cells += [money_cell(p.hotel_price()), _total_cell(p, q, lang), _fits(p, q, ask, lang)]
        rows.append("| " + " | ".join(cells[:width]) + " |")
    return "\n".join(rows)


def recommendation(places: list[Place], q: TripQuery, ask: OpenAsk, lang: str) -> str:
    """The pick, or why there is none (everything over budget, or no prices)."""
    best = places[0] if places else None
    money = cost(best, q) if best else None  # the trip's total when there is one
    if best is None or money is None:
        return LINES("no_prices", lang)
    if ask.budget is not None and (total := trip_total(best, q)) is not None and total > ask.budget:
        cheapest = min(places, key=lambda p: cost(p, q) or 10**9)
        low = yuan(cost(cheapest, q) or 0)
        return LINES("nothing_fits", lang, budget=yuan(ask.budget), cheapest=display(cheapest, lang), low=low)
    fit = LINES("fits", lang, budget=yuan(ask.budget)) if ask.budget else ""
    temp = temperature(best)
    by = "by_weather" if ask.criterion in ("warm", "cool") and temp is not None else "by_cost"  # no temperature by cost
    why = LINES(by, lang, label=LINES(ask.criterion, lang), temp=temp)
    return LINES("pick", lang, best=display(best, lang), why=why, money=yuan(money), fit=fit)


SLOTS = ("weather", "fare", "stay")  # the order the answer names what was looked up


def open_answer(q: TripQuery, places: list[Place], exchanges: list[Exchange]) -> str:
    """The whole answer to an open question (the caller adds notes and the offline label)."""
    ask = q.open or OpenAsk()  # ranked by what it really used: temperature when the weather was looked up, else cost
    by_weather = ask.criterion in ("warm", "cool") and any(temperature(p) is not None for p in places)
    ask = replace(ask, criterion=ask.criterion if by_weather else "cheap")
    order = ranked(places, q, ask)
    used = sorted({e.call.name for e in exchanges if slot_of(e.call.name)}, key=lambda t: (SLOTS.index(slot_of(t)), t))
    kinds = LINES("list", q.lang).join(say(q.lang, *LOOKUPS[name].names) for name in used)
    label = LINES(ask.criterion, q.lang)
    intro = LINES("intro", q.lang, cities=len(places), calls=len(exchanges), kinds=kinds, label=label)
    if ask.weather_only:
        return "\n\n".join([intro, _weather_only(q, ask, order)])
    width = 7 if ask.budget is not None else 6
    parts = [intro, _assumptions(q, ask, q.lang), table(order, q, ask, q.lang, width)]
    return "\n\n".join([*parts, recommendation(order, q, ask, q.lang)])


def _weather_only(q: TripQuery, ask: OpenAsk, order: list[Place]) -> str:
    """Where it is warm (or cool), asked without a price: the weather of each candidate and the pick, no fares."""
    lang = q.lang
    picked = LINES("candidates", lang, basis=basis(ask, lang))
    best = order[0] if order and temperature(order[0]) is not None else None
    label = LINES(ask.criterion, lang)
    pick = LINES("pick_by_month", lang, best=display(best, lang), label=label, temp=temperature(best)) if best else ""
    rows = table(order, q, ask, lang, 3)  # its first three columns: the rank, the city, the weather
    return "\n\n".join(x for x in (picked, dates_line(q, lang), rows, pick, LINES("ask_for_prices", lang)) if x)
