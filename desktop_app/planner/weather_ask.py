"""Which weather a question means when it names no date: now (this month's typical, or live), a season's
typical (冬天 → its middle month), or for "best time to visit" the twelve monthly normals side by side."""

from __future__ import annotations

from datetime import date
from typing import Any

from desktop_app import clock
from desktop_app.planner.wording import say
from desktop_app.travel import rules
from desktop_app.travel.places import City
from desktop_app.travel.seasons import MONTHS_EN

R = rules.Rules("weather_ask")
MONTHS_OF = rules.table("weather_ask")["SEASON_MONTHS"]  # a season's months, by the name of its words
SEASONS = tuple(
    (rules.compiled(rule), tuple(MONTHS_OF[key])) for key, rule in rules.table("weather_ask")["SEASONS"].items()
)
ALL_MONTHS = tuple(range(1, 13))
COMFORT = (15.0, 25.0)  # a monthly mean most travellers find comfortable, said in the answer


def typical_months(text: str) -> tuple[int, ...]:
    """The months whose normals an undated question asks for: all twelve, a season's middle one, or none."""
    if R.BEST_TIME.search(text):
        return ALL_MONTHS
    return next((months for words, months in SEASONS if words.search(text)), ())


def weather_dates(months: tuple[int, ...], city: City, day: str) -> list[str]:
    """The dates to ask the weather for: the trip's day, else each month's 15th ahead, else today (now)."""
    if day:
        return [day]
    today = clock.today()
    if not months:
        return [today.isoformat()]
    if len(months) == 1 and city.lat < 0:
        months = ((months[0] + 5) % 12 + 1,)  # the southern winter is July
    return [_next_15th(m, today).isoformat() for m in months]


def _next_15th(month: int, today: date) -> date:
    this_year = date(today.year, month, 15)
    return this_year if (month, 15) >= (today.month, today.day) else date(today.year + 1, month, 15)


def months_line(results: list[dict[str, Any]], lang: str) -> str:
    """Monthly normals in a row: for all twelve ("best time to visit"), the months most comfortable by them; for a
    season's months (寒假: January and February), only the normals (or: no typical value)."""
    means = {int(d["date"][5:7]): float(d["mean_temp_c"]) for d in results if d.get("kind") == "typical"}
    if not means:
        return _line("none", lang)
    row = " · ".join(say(lang, f"{m}月 {t:g}°C", f"{MONTHS_EN[m - 1][:3]} {t:g}°C") for m, t in sorted(means.items()))
    if len(results) < len(ALL_MONTHS):  # a season asked ("is it cold over the winter break"): no month is picked
        return _line("season", lang, row=row)
    low, high = COMFORT
    best = [m for m, t in sorted(means.items()) if low <= t <= high]
    picked = best or sorted(means, key=lambda m: abs(means[m] - (low + high) / 2))[:2]
    names = say(lang, "、".join(f"{m}月" for m in picked), ", ".join(MONTHS_EN[m - 1] for m in picked))
    verdict = _line("comfortable" if best else "closest", lang, low=low, high=high, names=names)
    return _line("year", lang, row=row, verdict=verdict)


LINES = rules.table("weather_ask")["LINES"]  # the weather lines of an undated question, in both languages


def _line(name: str, lang: str, **fields: object) -> str:
    """A line of weather_ask.toml in the answer's language (written over several lines, joined), its {fields} filled."""
    return "".join(say(lang, LINES[name]["zh"], LINES[name]["en"])).format(**fields)
