"""Days named by festivals that are not China's days off: 元宵 (the 15th day of the lunar year), Easter, New Year's
Eve and 跨年, Christmas week (their words are when.toml's). Dates come from the kept `holidays` library, never from
a table of our own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import lru_cache

Days = tuple[date, date]


@lru_cache(maxsize=8)
def _named(country: str, year: int, name: str) -> tuple[date, ...]:
    import holidays

    return tuple(sorted(holidays.country_holidays(country, years=year).get_named(name)))


BASES: dict[str, Callable[[int], tuple[date, ...]]] = {  # a festival's day counted from (else a month-day: "12-24")
    "lunar new year": lambda year: _named("CN", year, "Spring Festival"),  # 除夕 is -1, 初三 +2, 元宵 +14
    "good friday": lambda year: _named("GB", year, "Good Friday"),  # over Easter: Good Friday to Easter Monday
    "thanksgiving": lambda year: _named("US", year, "Thanksgiving"),  # the fourth Thursday of November
    "christmas week": lambda year: (date(year, 12, 25) - timedelta(days=date(year, 12, 25).weekday()),),  # Monday
}


def days(today: date, base: str, first: int, last: int) -> Days | None:
    """The days `first` to `last` from a festival's base day: this year's unless they are over, else next year's."""
    for year in (today.year, today.year + 1):
        found = BASES[base](year) if base in BASES else (date.fromisoformat(f"{year}-{base}"),)
        if found and found[0] + timedelta(days=last) >= today:
            return found[0] + timedelta(days=first), found[0] + timedelta(days=last)
    return None
