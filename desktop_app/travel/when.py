"""When a trip is: 下周, next weekend, 五一, in January, Dec 20 resolved against one "today".

Week and month arithmetic is calendar arithmetic; the holidays' days come from
`holiday_calendar` (kept libraries, never a table of our own).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from desktop_app.travel import festivals, rules
from desktop_app.travel.anchored import anchored
from desktop_app.travel.date_words import _DAYS, _M, MONTHS_EN, WEEKDAYS_EN, WEEKDAYS_ZH, may_not_month
from desktop_app.travel.date_words import R as DATE_WORDS
from desktop_app.travel.holiday_calendar import holiday_block
from desktop_app.travel.not_trip import asides_blanked, busy_blanked
from desktop_app.travel.numbers import number, zh_number
from desktop_app.travel.ranges import joined, stretch_after, weekday_dated, weekend_of
from desktop_app.travel.span import COMING_DAYS, dated, en_date, monday, month_span, months_ahead, narrow, next_on
from desktop_app.travel.span import Span as Span
from desktop_app.travel.span import span_text as span_text

R = rules.Rules("when", _M=_M)
NTH: dict[str, int] = rules.table("when")["NTH"]

# ---------------------------------------------------------------- the makers of the phrases' spans (when.toml)


def _part(m: re.Match[str], today: date) -> Span | None:
    """下个月初, 1月底, 三月中旬, "early January", "end of next month": the month read alone, narrowed to its part."""
    month, said = _month_of(m.group("base"), today), m.group(0).strip()
    part = narrow(month, m.group("part"), today, said) if month else None
    if part is None and month is not None and R.NAMED_MONTH.fullmatch(m.group("base")):
        month = month_span(today, month.end.month, m.group("base"), month.end.year + 1)  # 12月初 said on 15 Dec
        part = narrow(month, m.group("part"), today, said)
    return part


def _bare_part(m: re.Match[str], today: date) -> Span | None:
    """月底去哈尔滨: this month's part, or next month's once it is over."""
    part, said = m.group("part"), m.group(0)
    return narrow(months_ahead(today, 0, said), part, today, said) or narrow(
        months_ahead(today, 1, said), part, today, said
    )


def _in_month(m: re.Match[str], today: date, what: str) -> Span | None:
    """ "the first week of May", 5月最后一周: days 1–7, 8–14 … or the month's last seven; 12月第一个周末, "the last
    weekend of January": that month's nth (or last) Saturday and the Sunday after."""
    groups = m.groupdict()
    month = _month_of(groups.get("base") or groups["base2"], today)
    if month is None:
        return None
    first, said = month.end.replace(day=1), m.group(0).strip()
    nth = NTH.get((groups.get("nth") or groups.get("nth2") or "").lower())
    if what == "week":
        start = first + timedelta(days=7 * (nth - 1)) if nth else month.end - timedelta(days=6)
        end = min(start + timedelta(days=6), month.end)
        return Span(max(start, today), end, said, "part") if end >= today else None
    if nth is None:  # the last weekend, even one already over this month
        saturday = month.end - timedelta(days=(month.end.weekday() - 5) % 7)
        return Span(saturday, saturday + timedelta(days=1), said, "weekend")
    saturday = first + timedelta(days=(5 - first.weekday()) % 7 + 7 * (nth - 1))
    return Span(saturday, saturday + timedelta(days=1), said, "weekend") if saturday >= today else None


def _week_of_day(m: re.Match[str], today: date) -> Span | None:
    """ "the week of the 15th", "the weekend of the 19th": the Monday-to-Sunday (or Saturday and Sunday) around the
    next such day."""
    day = next_on(today, int(m.group("d")))
    return _week_from(monday(day), m.group("kind").lower(), m.group(0).strip(), today) if day else None


def _weekend_by(m: re.Match[str], today: date) -> Span | None:
    """国庆前那个周末, "the weekend after Dragon Boat": the Saturday and Sunday just before or after it."""
    holiday = find_span(m.group("h") or m.group("h2"), today)
    if holiday is None:
        return None
    if (m.group("dir") or m.group("dir2")) in ("前", "before"):
        saturday = holiday.start - timedelta(days=(holiday.start.weekday() - 5) % 7 or 7)
    else:
        saturday = holiday.end + timedelta(days=(5 - holiday.end.weekday()) % 7 or 7)
    return Span(saturday, saturday + timedelta(days=1), m.group(0).strip(), "weekend")


def _holiday_to(m: re.Match[str], today: date) -> Span | None:
    """ "Christmas Eve through Boxing Day", 平安夜到元旦: from the first day's start to the second's end."""
    first = find_span(m.group("a"), today)
    last = find_span(m.group("b"), first.start) if first else None
    return Span(first.start, max(first.end, last.end), m.group(0).strip(), "range") if first and last else None


def _en_in(m: re.Match[str], today: date) -> Span | None:
    """ "in 10 days" is a time ("we leave in 10 days") unless it is the trip's length: another time
    is named ("Beijing and Xi'an in 10 days in May"), a tour ("see Kyoto in 3 days") or places listed before it."""
    before, rest = m.string[: m.start()], m.string[: m.start()] + " " + m.string[m.end() :]
    tour = R._TOURING.search(before) or DATE_WORDS.PLACES_LISTED.search(before[-60:])
    return None if tour or _earliest(rest, today, True) is not None else _ahead(m, today)


def _year_end(m: re.Match[str], today: date) -> Span | None:
    """年底 / "end of the year": the last part of December (明年年底, "end of next year": next year's)."""
    year = today.year + (1 if R.NEXT_YEAR.search(m.group(0)) else 0)
    return narrow(month_span(today, 12, m.group(0), year), "late", today, m.group(0).strip())


def _month_of(text: str, today: date) -> Span | None:
    """The month a part is taken from (下个月, 1月, January, this month), read by the month rules."""
    if R.THIS_MONTH.fullmatch(text):
        return months_ahead(today, 0, text)
    if named := EN_MONTH.fullmatch(text.strip()):
        return _month(named, today)  # "early May": May is a month here, never the verb
    span = find_span(text, today)
    return span if span is not None and span.kind == "month" else None


def _ahead(m: re.Match[str], today: date) -> Span | None:
    """三天后, 两周以后, "in 3 days", "in a week": that day (a count left out is one)."""
    said = m.group("n") or "1"
    n = 2 if "couple" in said else number(said)  # "in a couple weeks": two
    if n is None:
        return None
    step = 7 if m.group("u").lower().startswith(("周", "星期", "礼拜", "week")) else 1
    return _day(m, today, n * step)


def _month(m: re.Match[str], today: date) -> Span | None:
    """1月, 十二月份, 2027年3月, January, "Dec 2027": that month, in the year said (else the next one from today)."""
    name = m.group("m").lower()
    month = next((i for i, full in enumerate(MONTHS_EN, 1) if full.startswith(name[:3])), None) or zh_number(name)
    year = int(m.group("y")) if m.group("y") else None
    return month_span(today, month, m.group(0), year) if month and 1 <= month <= 12 else None


def _zh_date(m: re.Match[str], today: date) -> Span | None:
    year = int(m.group("y")) if m.group("y") else None
    start = dated(today, zh_number(m.group("m")) or 0, zh_number(m.group("d")) or 0, year)
    if start is None:
        return None
    month2 = zh_number(m.group("m2")) if m.group("m2") else start.month
    end = (dated(start, month2 or 0, zh_number(m.group("d2")) or 0) if m.group("d2") else None) or start
    return Span(start, max(end, start), m.group(0), "range" if end > start else "day")


def _en_dated(m: re.Match[str], today: date) -> Span | None:
    start, second = en_date(m.group("a"), today), m.group("b")
    if start is None:
        return None
    if second and not R.MONTH_NAME.search(second):  # "20th" has letters but no month: January's
        second = f"{m.group('mon')} {second}"
    end = (en_date(second, start) if second else None) or start
    return Span(start, max(end, start), m.group(0).strip(), "range" if end > start else "day")


def _day_of_month(m: re.Match[str], today: date) -> Span | None:
    """下个月15号, 这个月28号, 下个月3号到8号, "the 3rd to the 8th of next month": those days of the month named."""
    month, day = _month_of(m.group("base"), today), zh_number(m.group("d"))
    start = dated(month.end, month.end.month, day or 0, month.end.year) if month else None
    last = zh_number(m.group("d2")) if m.group("d2") else None
    end = dated(month.end, month.end.month, last, month.end.year) if month and start and last else start
    if start is None or start < today or end is None:
        return None
    return Span(start, max(start, end), m.group(0).strip(), "range" if end > start else "day")


def _bare_day(m: re.Match[str], today: date) -> Span | None:
    """ "on the 18th, back on the 22nd", 18号出发22号回: the next such day of a month, and the way back."""
    said, back = m.group("d") or m.group("zd") or m.group("r1"), m.group("d2") or m.group("zd2") or m.group("r2")
    start = next_on(today, zh_number(said) or 0)
    end = next_on(start, zh_number(back) or 0) if start and back else start
    return Span(start, end, m.group(0).strip(), "range" if end > start else "day") if start and end else None


def _festival(m: re.Match[str], today: date, base: str, first: int = 0, last: int = 0) -> Span | None:
    """A festival's days (festivals.py): one day, or a range."""
    found = festivals.days(today, base, first, last)
    if found is None:
        return None
    week = (found[1] - found[0]).days == 6 and found[0].weekday() == 0  # Christmas week: a week, no length
    return Span(*found, m.group(0).strip(), "week" if week else "range" if found[1] > found[0] else "day")


def _after(m: re.Match[str], today: date) -> Span | None:
    """ "the 3 days after Christmas", 元旦后一周: counted from the day after the holiday (or back from the day before
    it: "the 3 days before NYE", 春节前三天): N days, or the Monday-to-Sunday week."""
    name = m.group("h") or m.group("hz")
    base = find_span("new year's day" if name.lower() == "new year" else name, today)
    if base is None:
        return None
    week = bool(m.group("w") or m.group("wz"))  # a week after is a when, like 下周, not a stay's length
    n = number(m.group("n") or m.group("nz") or "1") or 1
    if (m.group("d") or m.group("dz")) in ("before", "前"):
        start = monday(base.start) - timedelta(weeks=1) if week else base.start - timedelta(days=n)
        end = start + timedelta(days=6) if week else base.start - timedelta(days=1)
    else:
        start = monday(base.end) + timedelta(weeks=1) if week else base.end + timedelta(days=1)
        end = start + timedelta(days=6) if week else base.end + timedelta(days=n)
    return Span(start, end, m.group(0).strip(), "week" if week else "range")


def _num_dated(m: re.Match[str], today: date) -> Span | None:
    """1/15, 1/15-1/20, 12.24-12.27, 12/24-27, 12.24去: month/day numbers (not 3.5天 or 1.5h)."""
    start = dated(today, int(m.group("m")), int(m.group("d")))
    if start is not None and m.group("y") and int(m.group("y")) != start.year:  # 2027/1/5 said with its year
        start = dated(date(int(m.group("y")), 1, 1), int(m.group("m")), int(m.group("d")))
    lone_dot = m.group("sep") == "." and not m.group("d2")
    if start is None or (lone_dot and not R.DOT_DATE_SAID.match(m.string, m.end())):
        return None
    end = dated(start, int(m.group("m2") or start.month), int(m.group("d2"))) if m.group("d2") else start
    return Span(start, max(end or start, start), m.group(0), "range" if end and end > start else "day")


def _en_days_of(m: re.Match[str], today: date) -> Span | None:
    """ "from the 3rd to the 7th of January", "3-7 January": those days of that month."""
    start = en_date(f"{m.group('mon')} {m.group('d')}", today)
    end = en_date(f"{m.group('mon')} {m.group('d2')}", start) if start else None
    return Span(start, max(end, start), m.group(0).strip(), "range") if start and end else None


def _weekday(m: re.Match[str], today: date) -> Span:
    raw = m.group("w").lower()
    index = min(WEEKDAYS_ZH.index(raw) if raw in WEEKDAYS_ZH else [d[:3] for d in WEEKDAYS_EN].index(raw[:3]), 6)
    if m.group("next") or m.group("wk"):  # 下周三, 下下周五, "Thursday next week"
        later = (m.group("next") or "").startswith("下下") or "after" in (m.group("wk") or "")
        d = monday(today) + timedelta(weeks=1 + later, days=index)
    else:  # the coming one; "the monday after next" a week after it
        d = today + timedelta(days=(index - today.weekday()) % 7 + (7 if m.group("after") else 0))
    return Span(d, d, m.group(0), "day")


def _day(m: re.Match[str], today: date, ahead: int) -> Span:
    """今天, 明天, 后天: the day that many days from today."""
    d = today + timedelta(days=ahead)
    return Span(d, d, m.group(0), "day")


def _week(m: re.Match[str], today: date, kind: str, ahead: int) -> Span:
    """This week or weekend (0), next (1), the one after (2); 周末 asked on a Sunday: the coming one, not today."""
    sunday = kind == "weekend" and ahead == 0 and today.weekday() == 6
    return _week_from(monday(today) + timedelta(weeks=ahead + sunday), kind, m.group(0), today)


def _week_from(week: date, kind: str, said: str, today: date) -> Span:
    """The week from Monday `week` to its Sunday, or its Saturday and Sunday (a "weekend"), never before today."""
    start = week + timedelta(days=5 if kind == "weekend" else 0)
    return Span(max(start, today), week + timedelta(days=6), said, kind)


def _months(m: re.Match[str], today: date, ahead: int) -> Span:
    return months_ahead(today, ahead, m.group(0))


def _coming_days(m: re.Match[str], today: date) -> Span:
    """未来三天: today and the days after it, as many as said."""
    n = 2 if m.group("z") else number(m.group("n") or m.group("e") or "") or 3
    return Span(today, today + timedelta(days=max(1, min(n, 16)) - 1), m.group(0), "week")


def _holiday(m: re.Match[str], today: date, key: str) -> Span | None:
    """The next (or current) block of a holiday, official where published."""
    found = holiday_block(key, today)
    return Span(found[0][0], found[0][-1], m.group(0), "holiday", key, official=found[1]) if found else None


def _season(m: re.Match[str], today: date, first: str, last: str) -> Span:
    """A stretch of days each year, month-day to month-day (暑假: 07-01 to 08-31): this year's until it is over."""
    year = today.year if today <= date.fromisoformat(f"{today.year}-{last}") else today.year + 1
    start, end = (date.fromisoformat(f"{year}-{day}") for day in (first, last))
    return Span(max(start, today), end, m.group(0), "season")


# ---------------------------------------------------------------- the phrases

Phrase = tuple[re.Pattern[str], Callable[..., Span | None], list[Any]]


def _pieces(written: dict[str, Any], **pieces: str) -> dict[str, str]:
    """when.toml's PIECES, each filled from those before it and from the ones passed."""
    for name, text in written.items():
        pieces[name] = rules.filled(text, pieces)
    return pieces


def _phrase(rule: dict[str, Any]) -> Phrase:
    """One of when.toml's PHRASES, read ignoring case, with its maker (`make`: a name, or a name and its words)."""
    name, *words = [rule["make"]] if isinstance(rule["make"], str) else rule["make"]
    return re.compile(rules.filled(rule["pattern"], PIECES), re.IGNORECASE), globals()[f"_{name}"], words


PIECES = _pieces(rules.table("when")["PIECES"], _M=_M, MONTH=_M[1:-1], _DAYS=_DAYS, COMING_DAYS=COMING_DAYS)
PHRASES = [_phrase(rule) for rule in rules.table("when")["PHRASES"]["rule"]]
EN_MONTH = re.compile(PIECES["EN_MONTH"], re.IGNORECASE)


def find_span(text: str, today: date) -> Span | None:
    """The time a question names, stretched to a time joined to it (这周末到下周三), or to the stretch said after a
    day named in passing that holds it (ranges.stretch_after: read once, not again for each later day)."""
    found = _joined_span(text, today)
    return stretch_after(text, found, today, _joined_span) if found is not None and found.kind == "day" else found


def _joined_span(text: str, today: date) -> Span | None:
    """The time a question names, stretched to a time joined to it (这周末到下周三)."""
    found = _find_span(blanked := asides_blanked(text), today)  # an exam's day is not the trip's
    if blanked != text:  # read the whole text once more only when something was set aside
        whole = _find_span(text, today)
        if found is not None and whole is not None and whole.start > today and asides_blanked(text, past=False) != text:
            if not R.SAID_FROM_TODAY.search(found.said) or R.BARE_DAY_ONLY.fullmatch(found.said.strip()):
                found = _find_span(blanked, whole.start) or found  # 周三开会，周四周五去苏州; 考完…16号就出发
        found = found or whole
    read: Callable[[str, date], Span | None] = _read_end
    found = found and weekend_of(text, anchored(text, weekday_dated(text, found, today, read)))
    return found and joined(text, found, today, read)


def _read_end(tail: str, start: date) -> Span | None:
    """A stretch's second end, read like any time and moved by the words beside it (到圣诞节后一天)."""
    return (found := _earliest(tail, start, bare_weekend=True)) and anchored(tail, found)


def _find_span(text: str, today: date) -> Span | None:
    """The time a question names (the earliest phrase; the longer one where two start together);
    a bare "weekend" gives way to a time named elsewhere ("a long weekend around New Year's Day")."""
    text = busy_blanked(R.VERB_DOWN.sub(" ", text))  # 查下下周; 忙到25号: not the trip
    if (
        (fix := R.CORRECTED.search(text))
        and (later := find_span(text[fix.end() :], today))
        and not R.NOW.match(later.said)
    ):
        return later  # 6月5号，不对，6月6号; 改到1月10号: the time said last (…不对，我们现在在武汉 corrects no time)
    found = _earliest(text, today, bare_weekend=True)
    if found is not None and _is_bare_weekend(found):
        return _earliest(text, today, bare_weekend=False) or found
    if found is not None and found.kind == "holiday":  # 中秋连着国庆…9月15到10月5号: the days said outright
        found = _said_outright(text, found, max(today, found.start - timedelta(days=7))) or found
    if found is not None and found.kind in VAGUE:  # 年底…12月24号去曼谷: the day inside it is the trip's
        base = found.start - timedelta(days=1) if found.kind == "week" else found.start.replace(day=1)
        inner = _earliest(text.replace(found.said, " " * len(found.said), 1), max(today, base), bare_weekend=True)
        within = (
            inner is not None
            and inner.kind in ("day", "range", "week", "weekend", "holiday")
            and inner.start <= found.end + SLACK[found.kind]
            and inner.end >= found.start - SLACK[found.kind]
        )
        if found.kind == "season":  # 樱花季…next week: a time said outright is the trip's
            said = _earliest(text.replace(found.said, " " * len(found.said), 1), today, bare_weekend=True)
            inner, within = (said, True) if said is not None and said.kind != "season" else (inner, within)
        return inner if within else found
    if found is not None and R.NOW.fullmatch(found.said.strip()):  # 冰雪大世界现在开园了没？下周去: next week
        return _find_span(text.replace(found.said, " " * len(found.said), 1), today) or found
    return found


def _said_outright(text: str, holiday: Span, near: date) -> Span | None:
    """A day or range said beside a holiday ("after Christmas, the 26th through the 30th"), read near it."""
    for _ in range(3):  # past the other holidays said with it (中秋连着国庆)
        text = text.replace(holiday.said, " " * len(holiday.said), 1)
        said = _earliest(text, near, bare_weekend=True)
        if said is None or said.kind != "holiday":
            return said if said is not None and said.kind in ("day", "range") else None
        holiday = said
    return None


VAGUE = ("part", "month", "season", "week")  # "end of June … 20th to 25th", "next week, Friday to Sunday"
SLACK = {"part": timedelta(days=3)} | dict.fromkeys(("month", "season", "week"), timedelta())  # 中旬 … 10号到15号


def _is_bare_weekend(span: Span) -> bool:
    return span.kind == "weekend" and span.said.strip().casefold() in ("weekend", "周末")


def _earliest(text: str, today: date, bare_weekend: bool) -> Span | None:
    best: tuple[int, int, Span] | None = None
    for pattern, make, words in PHRASES:
        for m in pattern.finditer(text):
            if not m.group(0).strip():
                continue
            key = (m.start(), -len(m.group(0)))
            if best is not None and key >= best[:2]:
                break
            span = make(m, today, *words) if not may_not_month(m) else None
            if span is not None and (bare_weekend or not _is_bare_weekend(span)):
                best = (*key, span)
                break
    return best[2] if best else None
