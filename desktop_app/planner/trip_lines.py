"""The parts of an answer about *when* and *who*: the dates assumed, the party, typical weather,
costs for everyone, and holiday peaks as their own estimate line (figures from tool results only)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from desktop_app.planner.calls import travel_dates
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.second_look import looks_up
from desktop_app.planner.wording import nights_en, say, yuan
from desktop_app.travel.when import span_text
from desktop_app.trips.builder import fare_legs, hotel_stay
from desktop_app.trips.model import costs_of, total_of


def _iso(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def dates_line(q: TripQuery, lang: str) -> str:
    """`**日期**：下周 = 12月7日–13日；按 12月7日–10日（3晚）查询。` (nothing when no time was named)."""
    if q.when is None:
        return ""
    said, trip = q.when.label(lang), travel_dates(q.when.start, q.stay_nights)  # as the calls were planned
    start, end = (_iso(trip[0]), _iso(trip[1])) if trip else (None, None)
    if q.one_way and "hotels" not in q.intents and start:  # a fare, no stay: the day only
        day = span_text(start, start, lang)
        return say(lang, f"**日期**：{said}；按 {day} 出发查单程。", f"**Dates**: {said}; one way on {day}.")
    line = say(lang, f"**日期**：{said}", f"**Dates**: {said}")
    wanted = looks_up(q)
    if start and end and "hotels" in wanted:
        span, n = span_text(start, end, lang), q.stay_nights
        line += say(lang, f"；按 {span}（{n}晚）查询", f"; looked up for {span} ({nights_en(n)})")
    elif start and end and "flights" in wanted:  # a round-trip fare, no stay: the days out and back
        out, back = span_text(start, start, lang), span_text(end, end, lang)
        line += say(lang, f"；往返按 {out}去、{back}回查询", f"; round trip looked up out {out}, back {back}")
    if not q.when.official and lang == "zh":
        line += f"（{q.when.start.year}年放假安排尚未公布，按法定假日估算）"
    elif not q.when.official:
        line += f" ({q.when.start.year}'s official holiday schedule is not published yet: statutory days used)"
    return line + say(lang, "。", ".")


def party_line(q: TripQuery, lang: str) -> str:
    """Who the prices are for: seats for everyone, rooms at two a room."""
    if q.party.size <= 1:
        return ""
    n, rooms, said = q.party.size, q.party.rooms, q.party.said
    counted = r"(?i)\d|[一二两三四五六七八九十]\s*(?:个人|人|位|口)|people|of us|ppl|adults|persons|family|group|\bfor "
    if re.search(counted, said):
        said = ""  # the count itself was said: no need to repeat it
    who = say(lang, f"（{said}）", f" ({said})") if said else ""
    how = say(lang, "按你说的", "as asked") if q.party.asked_rooms else say(lang, "每间 2 人", "two to a room")
    if q.party.children and not q.party.asked_rooms:
        how = say(lang, "每间 2 位大人，孩子与父母同住", "two adults to a room, children share their parents' rooms")
    wanted = looks_up(q)  # seats only beside a fare, rooms only beside a hotel: nothing nobody asked for
    seats = say(lang, f"机票/车票按 {n} 张", f"{n} seats") if "flights" in wanted else ""
    rooms_said = say(lang, f"酒店按 {rooms} 间（{how}）", f"{rooms} room{'s' if rooms > 1 else ''} ({how})")
    parts = [part for part in (seats, rooms_said if "hotels" in wanted else "") if part]
    if lang == "zh":
        return f"**人数**：{n}人{who}" + (f"；{'、'.join(parts)}计算。" if parts else "。")
    return f"**Travellers**: {n}{who}" + (f"; {' and '.join(parts)}." if parts else ".")


def is_sample(data: Any) -> bool:
    """A weather result that is the sample's ordinary day: never shown as a day's or a month's weather."""
    return isinstance(data, dict) and data.get("kind") == "sample"


# the weather of a day by what it is: (zh, en) templates of `dated_weather_line`
WEATHER_KINDS = {
    "sample": (
        "**天气**：没有典型值——示例数据里没有这座城市那个月的气候平均值，也没有{when}的预报，所以不给温度。",
        "**Weather**: no typical value: the sample data has no climate average for this city in that month and "
        "no forecast for {when}, so no temperature is given.",
    ),
    "observed": (
        "**天气（去年同期实测）**：{cond}。这是历史数据，不是天气预报。{advice}",
        "**Weather (last year, observed)**: {cond}. Historical data, not a forecast.{advice}",
    ),
    "typical": (
        "**天气（典型值）**：{cond}，约 {temp}。这是气候平均值，不是天气预报。{advice}",
        "**Weather (typical)**: {cond}, about {temp}. A climate average, not a forecast.{advice}",
    ),
    "forecast": ("**天气预报（{when}）**：{temp}，{cond}。{advice}", "**Forecast ({when})**: {temp}, {cond}.{tip}"),
}


def dated_weather_line(d: dict[str, Any], lang: str) -> str:
    """Typical values said to be typical, a forecast said to be one (never one passed off as the other)."""
    tip = str(d.get(say(lang, "suggestion", "suggestion_en"), "")).rstrip("。.")
    day = _iso(d.get("date"))
    template = say(lang, *WEATHER_KINDS.get(str(d.get("kind")), WEATHER_KINDS["forecast"]))
    return template.format(
        when=span_text(day, day, lang) if day else "",
        temp=d.get("temperature", ""),
        cond=d.get(say(lang, "condition", "condition_en"), ""),
        advice=say(lang, f"建议：{tip}。", f" {tip}.") if tip else "",
        tip=f" Tip: {tip}." if tip else "",
    )


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


def cost_lines(
    c: Costs, q: TripQuery, lang: str, flights: str, hotel: str, fare: tuple[str, str] = ("机票", "flights")
) -> str:
    """The seed's cost block (¥2,560 + ¥2,040 = ¥4,600 for one), for the party, with a peak line;
    `flights` and `hotel` name its first two lines, `fare` what the fares were (a train's are not flights)."""
    seats = q.party.size
    who = say(lang, f"（{seats}人）", f" for {seats}") if seats > 1 else ""
    if lang == "zh":
        text = (
            f"**预估总费用**：\n- {flights}{who}：约 {yuan(c.flights)}\n- {hotel}：{yuan(c.hotel)}\n"
            f"- 合计：约 {yuan(c.total)}（不含餐饮、门票和交通）"
        )
    else:
        text = (
            f"**Estimated cost**:\n- {flights}{who}: about {yuan(c.flights)}\n- {hotel}: {yuan(c.hotel)}\n"
            f"- Total: about {yuan(c.total)} (meals, tickets and local transport not included)"
        )
    return text + _peak_line(c, lang) + _budget_line(c, q, lang, fare)


def _peak_line(c: Costs, lang: str) -> str:
    """The holiday peak's estimate, beside the total (never folded into it)."""
    if not c.peak_extra:
        return ""
    more, total = yuan(c.peak_extra), yuan(c.total + c.peak_extra)
    if lang == "zh":
        names = "、".join(z for z, _ in c.peak_names)
        return f"\n- {names}高峰估算：再加约 {more}，即约 {total}（样例价按节假日系数上浮估算，不是报价）"
    return (
        f"\n- {', '.join(e for _, e in c.peak_names)} peak estimate: about {more} more, "
        f"about {total} (sample prices raised by a holiday factor: an estimate, not a quote)"
    )


def _budget_line(c: Costs, q: TripQuery, lang: str, fare: tuple[str, str]) -> str:
    """ "预算一万够吗": the answer to the budget asked about, against the estimate with any peak in it."""
    budget = q.budget
    if budget is None:
        return ""
    estimate = c.total + c.peak_extra
    gap = yuan(abs(budget - estimate))
    zh, en = q.budget_said
    if lang == "zh":
        verdict = f"够，约剩 {gap}" if estimate <= budget else f"不够，约差 {gap}"
        said = f"（{zh}）" if zh else ""
        return f"\n- 预算 {yuan(budget)}{said}：{verdict}（按约 {yuan(estimate)} 算，只含{fare[0]}和酒店）"
    verdict = f"enough, about {gap} to spare" if estimate <= budget else f"not enough, about {gap} short"
    said = f" ({en})" if en else ""
    return f"\n- Budget {yuan(budget)}{said}: {verdict} (against about {yuan(estimate)}, {fare[1]} and hotel only)"
