"""When a trip is: 下周, next weekend, 五一, in January, Dec 20 resolved against one "today".

Week and month arithmetic is calendar arithmetic; the holidays' days come from
`holiday_calendar` (kept libraries, never a table of our own).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from desktop_app.travel import festivals, rules
from desktop_app.travel.anchored import anchored
from desktop_app.travel.date_words import (
    _M,
    _TO_ZN,
    BARE_DAY,
    EN_DATE,
    EN_DAYS_OF,
    EN_DAYS_OF_MONTH,
    EN_MONTH,
    EN_PART,
    HOLIDAY_TO,
    LAST_WEEKEND,
    MONTHS_EN,
    NAMED_MONTH,
    NEW_YEAR,
    NTH_WEEKEND,
    NUM_DATE,
    WEEK_OF_DAY,
    WEEK_OF_EN,
    WEEK_OF_ZH,
    WEEKDAY,
    WEEKDAYS_EN,
    WEEKDAYS_ZH,
    WEEKEND_BY,
    YEAR_END,
    ZH_DATE,
    ZH_MONTH,
    ZH_PART,
    _zn,
    may_not_month,
)
from desktop_app.travel.date_words import R as DATE_WORDS
from desktop_app.travel.holiday_calendar import holiday_block
from desktop_app.travel.not_trip import asides_blanked, busy_blanked
from desktop_app.travel.numbers import number, zh_number
from desktop_app.travel.ranges import joined, stretch_after, weekday_dated, weekend_of
from desktop_app.travel.span import (
    COMING_DAYS,
    coming_days,
    dated,
    day_ahead,
    en_date,
    monday,
    month_span,
    months_ahead,
    narrow,
    next_on,
    part_word,
    season,
    week,
    weekend,
)
from desktop_app.travel.span import Span as Span
from desktop_app.travel.span import span_text as span_text


def holiday_span(key: str, today: date, said: str) -> Span | None:
    """The next (or current) block of a holiday, official where published."""
    found = holiday_block(key, today)
    return Span(found[0][0], found[0][-1], said, "holiday", key, official=found[1]) if found else None


def _zh_part(m: re.Match[str], today: date) -> Span | None:
    """下个月初, 1月底, 三月中旬: the month read as before, then narrowed to its part."""
    month = _month_of(m.group("base"), today)
    part = narrow(month, part_word(m.group("part")), today, m.group(0)) if month else None
    if part is None and month is not None and re.fullmatch(NAMED_MONTH, m.group("base")):
        month = month_span(today, month.end.month, m.group("base"), month.end.year + 1)  # 12月初 said on 15 Dec
        part = narrow(month, part_word(m.group("part")), today, m.group(0))
    return part


def _bare_part(m: re.Match[str], today: date) -> Span | None:
    """月底去哈尔滨: this month's part, or next month's once it is over."""
    part, said = part_word(m.group("part")), m.group(0)
    return narrow(months_ahead(today, 0, said), part, today, said) or narrow(
        months_ahead(today, 1, said), part, today, said
    )


def _en_part(m: re.Match[str], today: date) -> Span | None:
    """Early January, end of next month, mid-March: the month, narrowed to its part."""
    month = _month_of(m.group("base"), today)
    return narrow(month, part_word(m.group("part")), today, m.group(0).strip()) if month else None


_NTH_WEEK = {  # which week of a month: "the first week", 第二周
    **dict.fromkeys(("first", "1st", "一", "1"), 1),
    **dict.fromkeys(("second", "2nd", "二", "2"), 2),
    **dict.fromkeys(("third", "3rd", "三", "3"), 3),
    **dict.fromkeys(("fourth", "4th", "四", "4"), 4),
}


def _week_of(m: re.Match[str], today: date) -> Span | None:
    """ "the first week of May", 五月第二周, 5月最后一周: days 1–7, 8–14 … or the month's last seven."""
    month = _month_of(m.group("base"), today)
    if month is None:
        return None
    first_day = date(month.end.year, month.end.month, 1)
    nth = _NTH_WEEK.get((m.group("nth") or "").lower())
    start = first_day + timedelta(days=7 * (nth - 1)) if nth else month.end - timedelta(days=6)
    end = min(start + timedelta(days=6), month.end)
    return Span(max(start, today), end, m.group(0).strip(), "part") if end >= today else None


def _weekend_after_next(m: re.Match[str], today: date) -> Span:
    return weekend(today, 2, m.group(0))


def _week_of_day(m: re.Match[str], today: date) -> Span | None:
    """ "the week of the 15th", "the weekend of the 19th": the Monday-to-Sunday (or Saturday and Sunday)
    around the next such day."""
    day = next_on(today, int(m.group("d")))
    if day is None:
        return None
    if m.group("kind").lower() == "week":
        return Span(max(monday(day), today), monday(day) + timedelta(days=6), m.group(0).strip(), "week")
    saturday = monday(day) + timedelta(days=5)
    return Span(max(saturday, today), saturday + timedelta(days=1), m.group(0).strip(), "weekend")


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


ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}


def _holiday_to(m: re.Match[str], today: date) -> Span | None:
    """ "Christmas Eve through Boxing Day", 平安夜到元旦: from the first day's start to the second's end."""
    first = find_span(m.group("a"), today)
    last = find_span(m.group("b"), first.start) if first else None
    return Span(first.start, max(first.end, last.end), m.group(0).strip(), "range") if first and last else None


def _nth_weekend(m: re.Match[str], today: date) -> Span | None:
    """12月第一个周末, "the second weekend of March": that month's nth Saturday and the Sunday after."""
    month = _month_of(m.group("base") or m.group("base2"), today)
    nth = (number(m.group("nth")) if m.group("nth") else ORDINALS.get(m.group("nth2").lower())) or 1
    if month is None:
        return None
    first = month.end.replace(day=1)
    saturday = first + timedelta(days=(5 - first.weekday()) % 7 + 7 * (nth - 1))
    return Span(saturday, saturday + timedelta(days=1), m.group(0).strip(), "weekend") if saturday >= today else None


def _last_weekend(m: re.Match[str], today: date) -> Span | None:
    """这个月最后一个周末, "the last weekend of January": the month's last Saturday and the Sunday after."""
    month = _month_of(m.group("base") or m.group("base2"), today)
    saturday = month.end - timedelta(days=(month.end.weekday() - 5) % 7) if month else None
    return Span(saturday, saturday + timedelta(days=1), m.group(0).strip(), "weekend") if saturday else None


def _en_in(m: re.Match[str], today: date) -> Span | None:
    """ "in 10 days" is a time ("we leave in 10 days") unless it is the trip's length: another time
    is named ("Beijing and Xi'an in 10 days in May"), a tour ("see Kyoto in 3 days") or places listed before it."""
    rest, listed = m.string[: m.start()] + " " + m.string[m.end() :], m.string[max(0, m.start() - 60) : m.start()]
    if (
        R._TOURING.search(rest[: m.start()])
        or DATE_WORDS.PLACES_LISTED.search(listed)
        or _earliest(rest, today, True) is not None
    ):
        return None
    return _ahead(m, today)


R = rules.Rules("when")


def _year_end(m: re.Match[str], today: date) -> Span | None:
    """年底 / "end of the year": the last part of December (明年年底, "end of next year": next year's)."""
    year = today.year + (1 if re.search(r"明年|next year", m.group(0), re.IGNORECASE) else 0)
    return narrow(month_span(today, 12, m.group(0), year), "late", today, m.group(0).strip())


def _month_of(text: str, today: date) -> Span | None:
    """The month a part is taken from (下个月, 1月, January, this month), read by the month rules."""
    if re.fullmatch(r"(?i)\s*(?:the|this)\s+month\s*|本月|这个?月", text):
        return months_ahead(today, 0, text)
    if named := _p(EN_MONTH).fullmatch(text.strip()):
        return _en_month(named, today)  # "early May": May is a month here, never the verb
    span = find_span(text, today)
    return span if span is not None and span.kind == "month" else None


# ---------------------------------------------------------------- the phrases

Rule = tuple[re.Pattern[str], Callable[[re.Match[str], date], Span | None]]


def _p(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _ahead(m: re.Match[str], today: date) -> Span | None:
    """三天后, 两周以后, "in 3 days", "in a week": that day (a count left out is one)."""
    said = m.group("n") or "1"
    n = 2 if "couple" in said else number(said)  # "in a couple weeks": two
    if n is None:
        return None
    step = 7 if m.group("u").lower().startswith(("周", "星期", "礼拜", "week")) else 1
    d = today + timedelta(days=n * step)
    return Span(d, d, m.group(0), "day")


def _zh_month(m: re.Match[str], today: date) -> Span | None:
    month = zh_number(m.group("m"))
    year = int(m.group("y")) if m.group("y") else None
    return month_span(today, month, m.group(0), year) if month and 1 <= month <= 12 else None


def _zh_date(m: re.Match[str], today: date) -> Span | None:
    month, day = zh_number(m.group("m")), zh_number(m.group("d"))
    year = int(m.group("y")) if m.group("y") else None
    start = dated(today, month or 0, day or 0, year)
    if start is None:
        return None
    end = start
    if m.group("d2"):
        month2 = zh_number(m.group("m2")) if m.group("m2") else start.month
        end = dated(start, month2 or 0, zh_number(m.group("d2")) or 0) or start
    return Span(start, max(end, start), m.group(0), "range" if end > start else "day")


def _en_dated(m: re.Match[str], today: date) -> Span | None:
    start = en_date(m.group("a"), today)
    if start is None:
        return None
    end = start
    if m.group("b"):
        second = m.group("b")
        named = re.search(_M, second, re.IGNORECASE)  # "20th" has letters but no month: January's
        end = en_date(second if named else f"{m.group('mon')} {second}", start) or start
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


def _festival(find: Callable[[date], festivals.Days | None]) -> Callable[[re.Match[str], date], Span | None]:
    """A festival's days (festivals.py): one day, or a range."""

    def make(m: re.Match[str], today: date) -> Span | None:
        found = find(today)
        if found is None:
            return None
        week = (found[1] - found[0]).days == 6 and found[0].weekday() == 0  # Christmas week: a week, no length
        return Span(*found, m.group(0).strip(), "week" if week else "range" if found[1] > found[0] else "day")

    return make


def _after(m: re.Match[str], today: date) -> Span | None:
    """ "the 3 days after Christmas", 元旦后一周: counted from the day after the holiday."""
    name = m.group("h") or m.group("hz")
    base = find_span("new year's day" if name.lower() == "new year" else name, today)
    found = festivals.after(m, (base.start, base.end)) if base else None
    week = bool(m.group("w") or m.group("wz"))  # a week after is a when, like 下周, not a stay's length
    return Span(*found, m.group(0).strip(), "week" if week else "range") if found else None


def _num_dated(m: re.Match[str], today: date) -> Span | None:
    """1/15, 1/15-1/20, 12.24-12.27, 12/24-27, 12.24去: month/day numbers (not 3.5天 or 1.5h)."""
    start = dated(today, int(m.group("m")), int(m.group("d")))
    if start is not None and m.group("y") and int(m.group("y")) != start.year:  # 2027/1/5 said with its year
        start = dated(date(int(m.group("y")), 1, 1), int(m.group("m")), int(m.group("d")))
    lone_dot = m.group("sep") == "." and not m.group("d2")
    if start is None or (lone_dot and not re.match(r"\s*(?:号|日|去|出发|飞|到|走|回)", m.string[m.end() :])):
        return None
    end = dated(start, int(m.group("m2") or start.month), int(m.group("d2"))) if m.group("d2") else start
    return Span(start, max(end or start, start), m.group(0), "range" if end and end > start else "day")


def _en_days_of(m: re.Match[str], today: date) -> Span | None:
    """ "from the 3rd to the 7th of January", "3-7 January": those days of that month."""
    start = en_date(f"{m.group('mon')} {m.group('d')}", today)
    end = en_date(f"{m.group('mon')} {m.group('d2')}", start) if start else None
    return Span(start, max(end, start), m.group(0).strip(), "range") if start and end else None


def _en_month(m: re.Match[str], today: date) -> Span | None:
    name = m.group("m").lower()[:3]
    month = next(i for i, full in enumerate(MONTHS_EN, 1) if full.startswith(name))
    return month_span(today, month, m.group(0).strip(), int(m.group("y")) if m.group("y") else None)


def _weekday(m: re.Match[str], today: date) -> Span:
    raw = m.group("w").lower()
    index = WEEKDAYS_ZH.index(raw) if raw in WEEKDAYS_ZH else [d[:3] for d in WEEKDAYS_EN].index(raw[:3])
    index = min(index, 6)
    if m.group("next") or m.group("wk"):  # 下周三, 下下周五, "Thursday next week"
        later = (m.group("next") or "").startswith("下下") or "after" in (m.group("wk") or "")
        d = monday(today) + timedelta(weeks=1 + later, days=index)
    else:  # the coming one; "the monday after next" a week after it
        d = today + timedelta(days=(index - today.weekday()) % 7 + (7 if m.group("after") else 0))
    return Span(d, d, m.group(0), "day")


def _holiday(key: str) -> Callable[[re.Match[str], date], Span | None]:
    return lambda m, today: holiday_span(key, today, m.group(0))


RULES: list[Rule] = [
    (_p(WEEK_OF_EN), _week_of),
    (_p(WEEK_OF_DAY), _week_of_day),
    (_p(WEEK_OF_ZH), _week_of),
    (_p(LAST_WEEKEND), _last_weekend),
    (_p(WEEKEND_BY), _weekend_by),
    (_p(HOLIDAY_TO), _holiday_to),
    (_p(NTH_WEEKEND), _nth_weekend),
    (_p(ZH_PART), _zh_part),
    (_p(EN_PART), _en_part),
    (_p(r"(?<![^\s，,。！？!?去到在等])月(?P<part>初|底|末|中旬|上旬|下旬)"), _bare_part),
    (_p(r"(?<![^\s，,。！？!?去到在等这本])(?P<part>上半月|下半月)"), _bare_part),
    (_p(YEAR_END), _year_end),
    (_p(r"(?P<base>下下个?月|下个?月|这个?月|本月)\s*" + _zn("d") + r"\s*[号日]" + _TO_ZN), _day_of_month),
    (_p(EN_DAYS_OF_MONTH), _day_of_month),
    (_p(festivals.AFTER), _after),
    *((_p(words), _festival(find)) for words, find in festivals.NAMED),
    (_p(ZH_DATE), _zh_date),
    (_p(ZH_MONTH), _zh_month),
    (_p(EN_DAYS_OF), _en_days_of),
    (_p(EN_DATE), _en_dated),
    (_p(NUM_DATE), _num_dated),
    (_p(EN_MONTH), _en_month),
    (_p(BARE_DAY), _bare_day),
    (_p(r"下下(?:个)?周末|再下一?个周末|下下个?星期[六日天]|\bthe weekend after next\b"), _weekend_after_next),
    (_p(r"下(?:个)?周末|下(?:个)?星期[六日天]?末|\bne?xt weekend\b"), lambda m, t: weekend(t, 1, m.group(0))),
    (_p(r"(?:这|本|这个)?周末|\b(?:this )?weekend\b"), lambda m, t: weekend(t, 0, m.group(0))),
    (_p(WEEKDAY), _weekday),
    (_p(r"下下(?:个)?(?:周|星期|礼拜)|\b(?:the )?week after next\b"), lambda m, t: week(t, 2, m.group(0))),
    (_p(r"下(?:个)?(?:周|星期|礼拜)|\bne?xt week\b"), lambda m, t: week(t, 1, m.group(0))),
    (_p(r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?![末六日]|天(?!气))|\bthis week\b"), lambda m, t: week(t, 0, m.group(0))),
    (_p(r"下下个?月|\bthe month after next\b"), lambda m, t: months_ahead(t, 2, m.group(0))),
    (_p(r"下个?月|\bnext month\b"), lambda m, t: months_ahead(t, 1, m.group(0))),
    (_p(r"(?:这|本)个?月|\bthis month\b"), lambda m, t: months_ahead(t, 0, m.group(0))),
    (_p(r"(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,2})?个?(?P<u>天|周|星期|礼拜)(?:以)?后"), _ahead),
    (_p(r"\bin (?P<n>\d{1,2}|a|one|two|three|four|five|six|ten|a couple(?: of)?) (?P<u>days?|weeks?)\b"), _en_in),
    (_p(r"\b(?P<n>\d{1,2}|a|one|two|three|four|five|six|ten) (?P<u>days?|weeks?) from (?:today|now)\b"),
     _ahead),
    (_p(COMING_DAYS), coming_days),  # 未来三天, 这两天, "the next 5 days": from today, no stay's length
    (_p(r"大后天"), day_ahead(3)),
    (_p(r"后天|\b(?:the )?(?:day )?after tomorrow\b"), day_ahead(2)),
    (_p(r"明天|明[晚早晨儿]|\b(?:tomorrow|tomorow|tommorow|tmrw|tmr|2moro)\b"), day_ahead(1)),
    (_p(r"今天|今晚|现在|此刻|这会儿|\btoday\b|\bto(?:night|nite)\b|\bright now\b|\brn\b|\bcurrently\b|\bat the"
        r" moment\b|\blike now\b|\bweather now\b|\bcurrent weather\b|\bthis (?:afternoon|evening)\b"), day_ahead(0)),
    (_p(r"春节|过年|\b(?:chinese|lunar) new year\b|\bspring festival\b|\bCNY\b"), _holiday("spring_festival")),
    (_p(r"五一(?!广场|路|大道|大街|街)|劳动节|\bmay day\b|\blabou?r day\b"), _holiday("labour_day")),
    (_p(r"十一(?:假期|长假|黄金周)|国庆|\bgolden week\b|\bnational day\b"), _holiday("national_day")),
    (_p(r"(?<![双一二三四五六七八九十\d])十一(?![月日号点个人位天晚岁年次\d])"), _holiday("national_day")),
    (_p(r"端午|\bdragon boat\b"), _holiday("dragon_boat")),
    (_p(r"中秋|\bmid-?autumn\b"), _holiday("mid_autumn")),
    (_p(r"清明|\bqingming\b|\btomb[- ]sweeping\b"), _holiday("qingming")),
    (_p(NEW_YEAR), _holiday("new_year")),
    (_p(r"圣诞(?!集市|树)|\b(?:christmas|xmas)\b(?!\s+(?:markets?|tree|lights|party))"), _holiday("christmas")),
    (_p(r"暑假|\bsummer (?:holidays?|vacation|break)\b"), season((7, 1), (8, 31))),
    # 寒假 and 樱花季 name no dates (schools and trees differ by weeks): weather_ask reads their months' typical
]  # fmt: skip


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
        event = whole is not None and whole.start > today and asides_blanked(text, past=False) != text
        from_today = R.SAID_FROM_TODAY.search(found.said) if found is not None else None
        bare = found is not None and R.BARE_DAY_ONLY.fullmatch(found.said.strip()) is not None  # 考完…16号就出发
        if found is not None and whole is not None and event and (not from_today or bare):
            found = _find_span(blanked, whole.start) or found  # 周三开会，周四周五去苏州: the days after the meeting
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
    for pattern, make in RULES:
        for m in pattern.finditer(text):
            if not m.group(0).strip():
                continue
            key = (m.start(), -len(m.group(0)))
            if best is not None and key >= best[:2]:
                break
            span = make(m, today) if not may_not_month(m) else None
            if span is not None and (bare_weekend or not _is_bare_weekend(span)):
                best = (*key, span)
                break
    return best[2] if best else None
