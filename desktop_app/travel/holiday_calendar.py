"""The holidays' days, from kept libraries, never from a table of our own: China's official
schedules (with adjusted days) from `chinese_calendar` for the years it has published, the statutory
days from `holidays` beyond them (marked not yet official), Christmas and New Year from `holidays` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from desktop_app.travel import rules


@dataclass(frozen=True)
class Holiday:
    key: str
    zh: str
    en: str
    cc_name: str  # chinese_calendar's name ("" when not a Chinese public holiday)
    lib_names: tuple[str, ...]  # the `holidays` package's names for its days


LIBRARY_NAMES = rules.table("holiday_calendar")["LIBRARY_NAMES"]  # chinese_calendar's name, then the `holidays` ones
HOLIDAYS = {
    key: Holiday(key, names["zh"], names["en"], LIBRARY_NAMES[key][0], tuple(LIBRARY_NAMES[key][1:]))
    for key, names in rules.table("holiday_calendar")["HOLIDAYS"].items()
}
PEAK_HOLIDAYS = tuple(rules.table("holiday_calendar")["PEAK_HOLIDAYS"]["order"])  # in the order a block is named by


@lru_cache(maxsize=64)
def official_days(h: Holiday, year: int) -> tuple[date, ...] | None:
    """The published days off of a Chinese holiday in `year`, or None when the year is not published."""
    import chinese_calendar

    days = (date(year, 1, 1) + timedelta(days=i) for i in range(366))
    try:  # (True, its name) on a day off
        return tuple(d for d in days if d.year == year and chinese_calendar.get_holiday_detail(d) == (True, h.cc_name))
    except NotImplementedError:
        return None


@lru_cache(maxsize=64)
def statutory_days(h: Holiday, year: int) -> tuple[date, ...]:
    import holidays

    table = holidays.country_holidays("CN", years=year) if h.cc_name else holidays.country_holidays("GB", years=year)
    return tuple(sorted(d for d, name in table.items() if any(n in str(name) for n in h.lib_names)))


def _first_run(days: tuple[date, ...]) -> list[date]:
    """The first run of consecutive days (a holiday's block, not a later one of the same name)."""
    gaps = [i for i in range(1, len(days)) if days[i] - days[i - 1] != timedelta(days=1)]
    return list(days[: gaps[0] if gaps else len(days)])


def holiday_block(key: str, today: date) -> tuple[list[date], bool] | None:
    """The days of the next (or current) block of a holiday, and whether they are the published ones."""
    h = HOLIDAYS[key]
    for year in (today.year, today.year + 1):
        official = official_days(h, year) if h.cc_name else None
        days = _first_run(official if official else statutory_days(h, year))
        if days and days[-1] >= today:
            return days, bool(official) or not h.cc_name
    return None
