"""How long a stay is: 三天两晚, "a week", 半个月, a long weekend, and the way back (周日回来, "back Sunday")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from desktop_app.travel import rules
from desktop_app.travel.date_words import _DAYS, _M, WEEKDAYS_EN, WEEKDAYS_ZH
from desktop_app.travel.numbers import number
from desktop_app.travel.span import COMING_DAYS, next_on
from desktop_app.travel.world_places import find_places, matched_len


def nights_to_stay(said: int | None, kind: str | None, span_days: int) -> int:
    """Nights of hotel: as said (0 for a day trip), else what dated days span (a weekend: one), else three."""
    if said is not None:
        return said
    return span_days - 1 if kind in ("weekend", "range", "holiday") and span_days > 1 else 3


def _counted(text: str) -> tuple[int | None, int | None]:
    """(days, nights) said with a number: 三天, 两晚, "3 days", "2 nights", 48小时; 一天几班 and
    24小时营业 are no stay, and 多少钱一晚 is one night only when no other length is said."""
    text = R.NOT_DAYS.sub("   ", text)
    if m := R.PACKAGE.search(text):  # a package's 5D4N says both
        return number(m.group(1)), number(m.group(2))
    days = _said(R.EN_DAYS.search(text) or R.ZH_DAYS.search(text))  # "3 days" read over 三天 when both are said
    days = None if days == 1 and R.DAY_TRIP.search(text) else days  # 一日游, 当天来回: no night
    if days is None and (m := R.HOURS.search(text)):  # 48小时: two days
        days = int(m.group(1)) // 24
    nights = _said(R.ZH_NIGHTS.search(R.A_NIGHT_PRICED.sub(" ", text)))
    nights = nights or 2 if R.COUPLE_NIGHTS.search(text) else nights
    dated = R.MONTH_DAY.sub(" ", text)  # "one night, make it 3" read over "2 nights", and both over 两晚
    return days, (_said(m) if (m := R.MAKE_IT.search(dated) or R.EN_NIGHTS.search(dated)) else nights)


def _said(m: re.Match[str] | None) -> int | None:
    """The number the first group a match said reads (None without a match)."""
    return number(next(g for g in m.groups() if g)) if m else None


def day_trip(text: str) -> bool:
    """一日游, 当天来回, "a day trip": out and back the same day, no hotel night."""
    return R.DAY_TRIP.search(text) is not None


def parse_duration(text: str) -> tuple[int | None, int | None]:
    """(days, nights) from 三天 / 3 days / 两晚 / 一周 / a week / 小长假 / long weekend / 周末 / weekend."""
    text = R.LATE.sub(" ", R.MOVED.sub(" ", R.VISA_FREE.sub(" ", text)))  # 推迟一周, 晚两天到: how far a trip moves
    text = R.COMING.sub(" ", text)  # 未来三天的天气: a time, not a stay
    days, nights = _counted(text)
    for pattern, rule in LENGTHS if days is None else ():  # 两周, 半个月, "a week", 周末 (stay.toml)
        if m := pattern.search(text):
            count = next((g for g in m.groups() if g), None)  # 两周: fourteen days, 半个月: the rule's fifteen
            days = rule["per"] * (number(count) or 2) if count else rule["days"]
            nights = nights or rule.get("nights", nights)
            break
    if days is None and nights is None and (R.A_NIGHT_PRICED.search(text) or R.THAT_NIGHT.search(text)):
        nights = 1  # 外滩附近的酒店多少钱一晚: one night priced
    return days, nights


def nights_until_back(text: str, start: date) -> int | None:
    """ "周五走，周日回来", "this Friday, back Sunday", 24号去…28号回来: the nights until the way back
    (a day that is the start itself, "leaving Friday", is the way out)."""
    for m in R.BACK_ON.finditer(text):
        if day := m.group("zd") or m.group("ed") or m.group("md"):  # a day of the month: this month's, or the next
            if int(day) != start.day and (back := next_on(start + timedelta(days=1), int(day))):
                return (back - start).days
            continue
        zh, en = m.group("zh"), m.group("en") or m.group("enz")
        weekday = min(WEEKDAYS_ZH.index(zh), 6) if zh else [w[:3] for w in WEEKDAYS_EN].index(en[:3].lower())
        if weekday != start.weekday():
            return (weekday - start.weekday() - 1) % 7 + 1  # the first such day after leaving
    return None


def days_moved(text: str) -> tuple[int, str]:
    """ "2 weeks later", 推迟一周, 往后挪一天 (+), "a day earlier", 提前两周 (-): how many days the whole trip
    moves (0 when none) and the words that said so."""
    if not (m := R.MOVED.search(text)):
        return 0, ""
    said = [g for g in m.groups() if g]
    count = number(next(g for g in said if number(g) is not None)) or 0
    earlier = any(g.lower() == "earlier" or g == "提前" or g == "早" for g in said)
    per = 1 if any(g.lower().startswith("day") or g == "天" for g in said) else 7
    return (-count if earlier else count) * per, m.group(0)


def more_nights(text: str) -> int:
    """How many nights a follow-up adds to the stay (fewer when negative, 0 when none)."""
    if m := R.SHORTER.search(text):
        return -(_said(m) or 0)
    return _said(R.LONGER.search(text)) or 0


_N = r"(\d{1,2}|[一两二三四五六七八九十]{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
FILLER = r"(?:(?!出发|走|飞|到|去|预算|\b(?:from|to|budget)\b)[^，,。；;！!？?\d]){0,10}?"  # not a way, not money
_ZH = r"(\d{1,3}|[一两二三四五六七八九十]{1,2})"  # a count of days or nights (a longer run of digits is no stay)
_EN = r"\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a|an)[\s-]*"
R = rules.Rules("stay", _DAYS=_DAYS, _M=_M, _N=_N, _ZH=_ZH, _EN=_EN, FILLER=FILLER, COMING_DAYS=COMING_DAYS)
LENGTHS = [(rules.compiled(rule), rule) for rule in rules.table("stay")["LENGTHS"]]


def said_nights(text: str) -> dict[str, int]:
    """The nights said for each city ("Xi'an (2 nights), then Chengdu (3 nights)": xian 2, chengdu 3)."""
    found: dict[str, int] = {}
    cities = [p for p in find_places(text) if p.city is not None]
    counted = R.COUNTED.search(text) is not None
    for place in cities:
        assert place.city is not None
        end = place.start + matched_len(text, place.start, place.city)
        window = text[end : min(end + 24, next((c.start for c in cities if c.start > place.start), len(text)))]
        bare = bool(found) and R.BARE_AFTER.match(window[:8])  # a bare count once nights were said
        after = R.NIGHTS_AFTER.match(window) or bare or R.FILLED.match(window)
        before = R.NIGHTS_BEFORE.search(text[max(0, place.start - 16) : place.start]) if counted else None
        if (m := after or before) and (n := _count(next(g for g in m.groups() if g))):
            found.pop(place.city.id, None)  # in the order last said: "two in Haikou … So Sanya 6, then Haikou 2"
            found[place.city.id] = n
    if not found and (m := R.SLASHED.search(text)):
        counts = [int(d) for d in m.group(1) + m.group(2) if d.isdecimal()]
        ids = list(dict.fromkeys(p.city.id for p in cities if p.city is not None))
        found = dict(zip(ids, counts, strict=True)) if len(ids) == len(counts) else {}
    return found


def _count(said: str) -> int | None:
    """Nights from their number, a week as the stay's own reader counts it (seven)."""
    return number(said) or parse_duration(said)[0]
