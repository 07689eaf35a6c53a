"""The parts of an answer about *when* and *who*: the dates assumed, the party, typical weather,
costs for everyone, and holiday peaks as their own estimate line (figures from tool results only)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from desktop_app import clock
from desktop_app.planner.nlu import TripQuery
from desktop_app.tools.travel.when import span_text


def nights_en(n: int) -> str:
    """ "1 night", "3 nights"."""
    return f"{n} night" if n == 1 else f"{n} nights"


def trip_dates(query: TripQuery) -> tuple[str, str] | None:
    """(depart, return) as ISO dates: the span's first day (never before today) plus the nights."""
    if query.when is None:
        return None
    start = max(query.when.start, clock.today())
    return start.isoformat(), (start + timedelta(days=query.stay_nights)).isoformat()


def _iso(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def dates_line(q: TripQuery, trip: tuple[str, str] | None, lang: str) -> str:
    """`**日期**：下周 = 12月7日–13日；按 12月7日–10日（3晚）查询。` (nothing when no time was named)."""
    if q.when is None:
        return ""
    said = q.when.label(lang)
    start, end = (_iso(trip[0]), _iso(trip[1])) if trip else (None, None)
    unofficial = not q.when.official
    if q.one_way and "hotels" not in q.intents and start:  # a fare, no stay: the day only
        day = span_text(start, start, lang)
        return f"**日期**：{said}；按 {day} 出发查单程。" if lang == "zh" else f"**Dates**: {said}; one way on {day}."
    if lang == "zh":
        line = f"**日期**：{said}"
        if start and end:
            line += f"；按 {span_text(start, end, 'zh')}（{q.stay_nights}晚）查询"
        if unofficial:
            line += f"（{q.when.start.year}年放假安排尚未公布，按法定假日估算）"
        return line + "。"
    line = f"**Dates**: {said}"
    if start and end:
        line += f"; looked up for {span_text(start, end, 'en')} ({nights_en(q.stay_nights)})"
    if unofficial:
        line += f" ({q.when.start.year}'s official holiday schedule is not published yet: statutory days used)"
    return line + "."


def party_line(q: TripQuery, lang: str) -> str:
    """Who the prices are for: seats for everyone, rooms at two a room."""
    if q.party.size <= 1:
        return ""
    n, rooms, said = q.party.size, q.party.rooms, q.party.said
    counted = r"(?i)\d|[一二两三四五六七八九十]\s*(?:个人|人|位|口)|people|of us|ppl|adults|persons|family|group|\bfor "
    if re.search(counted, said):
        said = ""  # the count itself was said: no need to repeat it
    asked = q.party.asked_rooms > 0
    if lang == "zh":
        who = f"（{said}）" if said else ""
        how = "按你说的" if asked else "每间 2 人"
        return f"**人数**：{n}人{who}；机票按 {n} 张、酒店按 {rooms} 间（{how}）计算。"
    who = f" ({said})" if said else ""
    how = "as asked" if asked else "two to a room"
    return f"**Travellers**: {n}{who}; {n} seats and {rooms} room{'s' if rooms > 1 else ''} ({how})."


def dated_weather_line(d: dict[str, Any], lang: str) -> str:
    """Typical values said to be typical, a forecast said to be one (never one passed off as the other)."""
    temp = d.get("temperature", "")
    cond = d.get("condition_en" if lang == "en" else "condition", "")
    tip = str(d.get("suggestion_en" if lang == "en" else "suggestion", "")).rstrip("。.")
    day = _iso(d.get("date"))
    advice = (f"建议：{tip}。" if lang == "zh" else f" {tip}.") if tip else ""
    if d.get("kind") == "sample":
        when = span_text(day, day, lang) if day else ""
        if lang == "zh":
            return (
                f"**天气（样例，不针对{when}）**：示例数据里的普通一天是 {temp}，{cond}。"
                f"没有{when}的预报或典型值，这个数字不代表那天。"
            )
        return (
            f"**Weather (sample, not for {when})**: the sample data's ordinary day is {temp}, {cond}. There is no "
            f"forecast or typical value for {when}, so this figure does not describe that day."
        )
    if d.get("kind") == "observed":
        if lang == "zh":
            return f"**天气（去年同期实测）**：{cond}。这是历史数据，不是天气预报。{advice}"
        return f"**Weather (last year, observed)**: {cond}. Historical data, not a forecast.{advice}"
    if d.get("kind") == "typical":
        if lang == "zh":
            return f"**天气（典型值）**：{cond}，约 {temp}。这是气候平均值，不是天气预报。{advice}"
        return f"**Weather (typical)**: {cond}, about {temp}. A climate average, not a forecast.{advice}"
    when = span_text(day, day, lang) if day else ""
    if lang == "zh":
        return f"**天气预报（{when}）**：{temp}，{cond}。{advice}"
    return f"**Forecast ({when})**: {temp}, {cond}." + (f" Tip: {tip}." if tip else "")


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
    """Round trip for everyone plus the nights for every room; the tools' own totals where they gave them."""
    if not flight or not hotel or "price_cny" not in flight or "price_cny" not in hotel:
        return None
    seats, rooms, nights = q.party.size, q.party.rooms, q.stay_nights
    legs = 1 if flight.get("legs") == 1 else 2
    flights = int(flight["price_cny"]) * legs * seats
    if isinstance(flight.get("total_cny"), int) and flight.get("legs") in (1, 2):
        flights = int(flight["total_cny"])
    stay = int(hotel["price_cny"]) * nights * rooms
    if isinstance(hotel.get("total_cny"), int) and hotel.get("nights") == nights:
        stay = int(hotel["total_cny"])
    extra, names = peak_sum([*(flight.get("peak_estimate") or []), hotel.get("peak_estimate")])
    return Costs(flights, stay, extra, names, legs)


def peak_sum(estimates: list[Any]) -> tuple[int, tuple[tuple[str, str], ...]]:
    """The tools' holiday peak estimates (anything not one is skipped): the extra yuan, and each
    holiday's (zh, en) name once."""
    peaks = [p for p in estimates if isinstance(p, dict)]
    names = tuple(dict.fromkeys((str(p.get("holiday", "")), str(p.get("holiday_en", ""))) for p in peaks))
    return sum(int(p.get("extra_cny", 0)) for p in peaks), names


def cost_lines(c: Costs, q: TripQuery, lang: str, yuan: Any, count: Any) -> str:
    """The seed's cost block (¥2,560 + ¥2,040 = ¥4,600 for one), for the party, with a peak line."""
    seats, rooms, nights = q.party.size, q.party.rooms, q.stay_nights
    if lang == "zh":
        who = f"（{seats}人）" if seats > 1 else ""
        room = f"{rooms}间×" if rooms > 1 else ""
        text = (
            f"**预估总费用**：\n- {'往返' if c.legs == 2 else '单程'}机票{who}：约 {yuan(c.flights)}\n"
            f"- 酒店{room}{count(nights)}晚：{yuan(c.hotel)}\n"
            f"- 合计：约 {yuan(c.total)}（不含餐饮、门票和交通）"
        )
        return text + peak_and_budget(c, q, lang, yuan)
    who = f" for {seats}" if seats > 1 else ""
    room = f"{rooms} rooms × " if rooms > 1 else ""
    text = (
        f"**Estimated cost**:\n- {'Round-trip' if c.legs == 2 else 'One-way'} flights{who}: about {yuan(c.flights)}\n"
        f"- Hotel, {room}{nights_en(nights)}: "
        f"{yuan(c.hotel)}\n- Total: about {yuan(c.total)} (meals, tickets and local transport not included)"
    )
    return text + peak_and_budget(c, q, lang, yuan)


def peak_and_budget(c: Costs, q: TripQuery, lang: str, yuan: Any) -> str:
    """The cost block's last lines: the holiday peak's estimate, and whether the budget asked about holds."""
    text = ""
    if c.peak_extra and lang == "zh":
        text = (
            f"\n- {'、'.join(z for z, _ in c.peak_names)}高峰估算：再加约 {yuan(c.peak_extra)}，"
            f"即约 {yuan(c.total + c.peak_extra)}（样例价按节假日系数上浮估算，不是报价）"
        )
    elif c.peak_extra:
        text = (
            f"\n- {', '.join(e for _, e in c.peak_names)} peak estimate: about {yuan(c.peak_extra)} more, "
            f"about {yuan(c.total + c.peak_extra)} (sample prices raised by a holiday factor: an estimate, not a quote)"
        )
    return text + _budget_line(c, q, lang, yuan)


def _budget_line(c: Costs, q: TripQuery, lang: str, yuan: Any) -> str:
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
        return f"\n- 预算 {yuan(budget)}{said}：{verdict}（按约 {yuan(estimate)} 算，只含机票和酒店）"
    verdict = f"enough, about {gap} to spare" if estimate <= budget else f"not enough, about {gap} short"
    said = f" ({en})" if en else ""
    return f"\n- Budget {yuan(budget)}{said}: {verdict} (against about {yuan(estimate)}, flights and hotel only)"
