"""Weather for a date: typical monthly values (climate normals) and the holiday-peak price rule.

A typical value is never a forecast: every result says which month's normals it is, their period
and source (resources/data/climate.json, see CLIMATE_SOURCES.md beside it). Peak prices are an
estimate by a written rule (docs/travel.md, "Holiday peaks"), shown beside the ordinary price, never instead.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from desktop_app import jsonsafe
from desktop_app.travel import rules
from desktop_app.travel.data import load_data
from desktop_app.travel.holiday_calendar import HOLIDAYS, PEAK_HOLIDAYS, official_days, statutory_days
from desktop_app.travel.places import City
from desktop_app.travel.when import Span

MONTHS_ZH = "一 二 三 四 五 六 七 八 九 十 十一 十二".split()
MONTHS_EN = "January February March April May June July August September October November December".split()


@lru_cache(maxsize=1)
def _normals() -> dict[str, Any]:
    try:
        return load_data("climate.json")
    except (OSError, ValueError):
        return {}


def _said(bounds: dict[str, dict[str, str]], mean: float) -> tuple[str, str]:
    """The words of the first bound a month's mean temperature is within ("at_most -10", "at_least 27", "else")."""
    for bound, words in bounds.items():
        how, _, limit = bound.partition(" ")
        if how == "else" or (mean <= float(limit) if how == "at_most" else mean >= float(limit)):
            return words["zh"], words["en"]
    raise KeyError("else")  # every table ends with one


def typical(city: City, day: date) -> dict[str, Any] | None:
    """The city's normals for the month of `day`, in get_weather's shape (seasons.toml's TYPICAL), labelled typical."""
    entry = _normals().get("climate", {}).get(city.id)
    values = entry.get("mean_c") if isinstance(entry, dict) else None
    if not isinstance(values, list) or len(values) != 12:
        return None
    mean = jsonsafe.number_in(values[day.month - 1], -60, 50)
    if mean is None:
        return None
    feel, tip = _said(rules.table("seasons")["FEEL"], mean), _said(rules.table("seasons")["TIP"], mean)
    said: dict[str, Any] = dict(city=city, date=day.isoformat(), mean=mean, feel=feel, tip=tip)
    said |= dict(month_zh=f"{MONTHS_ZH[day.month - 1]}月", month_en=MONTHS_EN[day.month - 1])
    said |= dict(period=str(entry.get("period", ""))[:20], source=_source_text(entry, "source", "climate normals"))
    said["licence"] = _source_text(entry, "licence", "")
    shown = {key: text.format_map(said) for key, text in rules.table("seasons")["TYPICAL"].items()}
    return shown | {"mean_temp_c": mean}  # the number itself, where TYPICAL shows it


def _source_text(entry: dict[str, Any], key: str, default: str) -> str:
    """The city's own source's `key` ("source" or "licence"): climate.json names each city's source
    under "sources"; a file without them has one source for all, at its top."""
    sources = _normals().get("sources")
    named = sources.get(entry.get("source")) if isinstance(sources, dict) else None
    text = named.get(key) if isinstance(named, dict) else _normals().get(key, default)
    return str(text if text is not None else default)[:200]


# ---------------------------------------------------------------- holiday peaks

PEAK_FACTORS = rules.table("seasons")["PEAK_FACTORS"]  # the written rule: seasons.toml
NOTES = rules.table("seasons")["NOTES"]  # what a peak estimate says it is


@dataclass(frozen=True)
class Peak:
    zh: str
    en: str
    flight: float
    hotel: float
    official: bool

    def fields(self, kind: str, price: int, count: int = 1) -> dict[str, Any]:
        factor = self.flight if kind == "flight" else self.hotel
        each = round(price * factor / 10) * 10
        return {
            "holiday": self.zh,
            "holiday_en": self.en,
            "factor": factor,
            "price_cny": each,
            "count": count,
            "extra_cny": (each - price) * count,
            "note": NOTES["peak" if self.official else "peak_unofficial"].format(zh=self.zh, en=self.en, factor=factor),
        }


def peak_on(day: date) -> Peak | None:
    """Whether the rule raises prices on `day`, and by how much."""
    span = holiday_on(day)
    if span is not None:
        h, (flight, hotel) = HOLIDAYS[span.holiday], PEAK_FACTORS[span.holiday]
        return Peak(h.zh, h.en, flight, hotel, span.official)
    flight, hotel = PEAK_FACTORS["summer"]
    return Peak("暑期", "summer holidays", flight, hotel, True) if day.month in (7, 8) else None


def peak_nights(check_in: date, nights: int) -> tuple[Peak, int] | None:
    """The peak that the most nights of a stay fall in, and how many nights."""
    counts = Counter(peak for i in range(nights) if (peak := peak_on(check_in + timedelta(days=i))) is not None)
    return counts.most_common(1)[0] if counts else None


@lru_cache(maxsize=8)
def _days_off(year: int) -> tuple[dict[date, str], bool]:
    """Each peak holiday's days off in `year` (official where published), and whether they are official."""
    official = {key: official_days(HOLIDAYS[key], year) for key in PEAK_HOLIDAYS}
    found: dict[date, str] = {}
    for key, days in official.items():
        for d in days if days is not None else statutory_days(HOLIDAYS[key], year):
            found.setdefault(d, key)
    return found, None not in official.values()


def holiday_on(day: date) -> Span | None:
    """The peak block that contains `day` (for the price rule): its run of consecutive days off, named
    after its biggest holiday. Only `day`'s own year is read (a 元旦 block across New Year is cut at
    the year's edge; the rule is per day), so a 2026 date never loads next year's tables."""
    days, official = _days_off(day.year)
    if day not in days:
        return None
    start, end = day, day
    while start - timedelta(days=1) in days:
        start -= timedelta(days=1)
    while end + timedelta(days=1) in days:
        end += timedelta(days=1)
    names = {days[start + timedelta(days=i)] for i in range((end - start).days + 1)}
    key = min(names, key=PEAK_HOLIDAYS.index)
    return Span(start, end, HOLIDAYS[key].zh, "holiday", key, official=official)
