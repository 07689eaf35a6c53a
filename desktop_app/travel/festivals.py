"""Days named by festivals that are not China's days off, and days counted from a holiday: 元宵 (the
15th day of the lunar year), Easter, New Year's Eve and 跨年, "the 3 days after Christmas", "the week
after New Year". Dates come from the kept `holidays` library, never from a table of our own."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from functools import lru_cache

from desktop_app.travel import rules
from desktop_app.travel.numbers import number

Days = tuple[date, date]


@lru_cache(maxsize=8)
def _named(country: str, year: int, name: str) -> tuple[date, ...]:
    import holidays

    return tuple(sorted(holidays.country_holidays(country, years=year).get_named(name)))


def _next(today: date, days: Callable[[int], Days | None]) -> Days | None:
    """This year's days unless they are over, else next year's."""
    for year in (today.year, today.year + 1):
        found = days(year)
        if found is not None and found[1] >= today:
            return found
    return None


def _lantern(year: int) -> Days | None:
    spring = _named("CN", year, "Spring Festival")  # the first day is the lunar New Year's Day
    return (spring[0] + timedelta(days=14),) * 2 if spring else None


def _easter(year: int) -> Days | None:
    friday = _named("GB", year, "Good Friday")  # over Easter: Good Friday to Easter Monday
    return (friday[0], friday[0] + timedelta(days=3)) if friday else None


def _easter_sunday(year: int) -> Days | None:
    days = _easter(year)
    return (days[0] + timedelta(days=2),) * 2 if days else None


def _easter_monday(year: int) -> Days | None:
    days = _easter(year)
    return (days[1],) * 2 if days else None


def _lunar_day(offset: int) -> Callable[[date], Days | None]:
    """A day counted from the lunar New Year's Day: 除夕 is -1, 初三 is +2."""

    def days(year: int) -> Days | None:
        spring = _named("CN", year, "Spring Festival")
        return (spring[0] + timedelta(days=offset),) * 2 if spring else None

    return lambda today: _next(today, days)


def lantern(today: date) -> Days | None:
    """元宵: the 15th day of the first lunar month (2027: 20 February)."""
    return _next(today, _lantern)


def easter(today: date) -> Days | None:
    return _next(today, _easter)


def easter_sunday(today: date) -> Days | None:
    return _next(today, _easter_sunday)


def new_years_eve(today: date) -> Days | None:
    return (date(today.year, 12, 31),) * 2


def year_turn(today: date) -> Days | None:
    """跨年: the night of 31 December into New Year's Day."""
    return date(today.year, 12, 31), date(today.year + 1, 1, 1)


def christmas_eve(today: date) -> Days | None:
    """平安夜, Christmas Eve: 24 December."""
    return _next(today, lambda year: (date(year, 12, 24),) * 2)


def boxing_day(today: date) -> Days | None:
    return _next(today, lambda year: (date(year, 12, 26),) * 2)


def valentines(today: date) -> Days | None:
    """情人节, Valentine's Day: 14 February."""
    return _next(today, lambda year: (date(year, 2, 14),) * 2)


def halloween(today: date) -> Days | None:
    return _next(today, lambda year: (date(year, 10, 31),) * 2)


def _thanksgiving(year: int) -> Days | None:
    day = _named("US", year, "Thanksgiving")  # the fourth Thursday of November
    return (day[0],) * 2 if day else None


def _black_friday(year: int) -> Days | None:
    day = _thanksgiving(year)  # the day after Thanksgiving
    return (day[0] + timedelta(days=1),) * 2 if day else None


def thanksgiving(today: date) -> Days | None:
    return _next(today, _thanksgiving)


def _christmas_week(year: int) -> Days:
    monday = date(year, 12, 25) - timedelta(days=date(year, 12, 25).weekday())
    return monday, monday + timedelta(days=6)


def christmas_week(today: date) -> Days | None:
    """Christmas week: the Monday-to-Sunday week that holds the 25th."""
    return _next(today, _christmas_week)


# (words, reader) pairs for when.py's rules
NAMED: tuple[tuple[str, Callable[[date], Days | None]], ...] = (
    (r"元宵|正月十五|\blantern festival\b|\byuanxiao\b", lantern),
    (r"复活节|\beaster(?: weekend| holidays?)?\b", easter),
    (r"复活节(?:那天|当天|星期日|周日)|\beaster sunday\b", easter_sunday),
    (r"复活节(?:星期一|周一)|\beaster monday\b", lambda today: _next(today, _easter_monday)),
    (r"跨年夜|\bnew year'?s eve\b|\bnye\b|\bnew year'?s? countdown\b", new_years_eve),
    (r"平安夜|圣诞夜|圣诞前夜|\b(?:christmas|xmas) eve\b", christmas_eve),
    (r"\bboxing day\b", boxing_day),
    (r"(?<!七夕)情人节|\bvalentine'?s?(?: day)?\b", valentines),
    (r"万圣节|\bhallowe'?en\b", halloween),
    (r"双(?:十一|11)(?!月)", lambda today: _next(today, lambda year: (date(year, 11, 11),) * 2)),  # the shopping days
    (r"双(?:十二|12)(?!月)", lambda today: _next(today, lambda year: (date(year, 12, 12),) * 2)),
    (r"感恩节|\bthanksgiving\b", thanksgiving),
    (r"黑色星期五|黑五|\bblack friday\b", lambda today: _next(today, _black_friday)),
    (
        r"圣诞(?:节)?(?:那|这)?一?(?:周|星期)(?!末|[六日天])"
        r"|\b(?:christmas|xmas) week\b|\bthe week of (?:christmas|xmas)\b",
        christmas_week,
    ),
    (r"跨年(?!夜)", year_turn),
    (r"除夕|(?:大年|年)三十|\bchinese new year'?s eve\b", _lunar_day(-1)),
    # 初三, 大年初六 (not 月初, 初中, 初次): the days of the lunar new year
    *(
        (rf"(?:大年|(?<![\u4e00-\u9fff])|(?<=[到至从和、]))初{zh}(?![中级次步])", _lunar_day(n))
        for n, zh in enumerate("一二三四五六七八九十")
    ),
)
_HOLIDAY_EN = rules.text("festivals", "_HOLIDAY_EN")
_AFTER_ZH = rules.text("festivals", "_AFTER_ZH")
AFTER = rules.text("festivals", "AFTER", _HOLIDAY_EN=_HOLIDAY_EN, _AFTER_ZH=_AFTER_ZH)


def after(m: re.Match[str], holiday: Days) -> Days | None:
    """The days counted from the day after a holiday (or back from the day before it: "the 3 days before
    NYE", 春节前三天): N days, or the Monday-to-Sunday week."""
    if (m.group("d") or m.group("dz")) in ("before", "前"):
        if m.group("w") or m.group("wz"):  # the Monday-to-Sunday week before the holiday's week
            monday = holiday[0] - timedelta(days=holiday[0].weekday() + 7)
            return monday, monday + timedelta(days=6)
        n = number(m.group("n") or m.group("nz") or "1") or 1
        return holiday[0] - timedelta(days=n), holiday[0] - timedelta(days=1)
    holiday_end = holiday[1]
    if m.group("w") or m.group("wz"):
        monday = holiday_end + timedelta(days=7 - holiday_end.weekday())
        return monday, monday + timedelta(days=6)
    n = number(m.group("n") or m.group("nz") or "1") or 1
    return holiday_end + timedelta(days=1), holiday_end + timedelta(days=n)
