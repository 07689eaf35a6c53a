"""Open questions ("somewhere warm in December", "the cheapest from Guangzhou", "budget 3,000"):
what is asked, which sample cities to weigh, and how to rank them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from desktop_app import clock
from desktop_app.travel import rules
from desktop_app.travel.data import load_data
from desktop_app.travel.date_words import MONTHS_EN
from desktop_app.travel.distance import great_circle_km
from desktop_app.travel.money import R as MONEY
from desktop_app.travel.money import foreign_budget
from desktop_app.travel.numbers import zh_amount, zh_number
from desktop_app.travel.places import City, all_cities
from desktop_app.travel.seasons import typical

CANDIDATES = 4
FLIGHT_KM = 400  # closer than this the tools say there is rarely a flight
WARM_LAT = 21.0  # in the northern winter the sample cities south of this are the warm ones
COOL_C = 24  # sample temperature at or below which a city counts as cool
WINTER = (11, 12, 1, 2, 3)
MILD_C = (15, 26)  # a month mean "cool" still means pleasant, not freezing

CRITERIA = rules.word_table("compare", "CRITERIA")
WORDS = rules.word_table("compare", "WORDS")
SEEKING, SUGGEST = WORDS["seeking"], WORDS["suggest"]
OPEN_WORDS = SEEKING + SUGGEST
R = rules.Rules("compare")
BASIS: dict[str, dict[str, str]] = rules.table("compare")["BASIS"]  # how the candidates were picked, in both languages
WEATHER_WORDS, ABROAD, DOMESTIC, WINTER_WORDS = WORDS["weather"], WORDS["abroad"], WORDS["domestic"], WORDS["winter"]


@dataclass
class OpenAsk:
    """What an open question weighs: the criterion, a budget, the month, home or abroad."""

    criterion: str = "cheap"
    budget: int | None = None
    month: int | None = None
    scope: str = ""  # "abroad", "domestic" or "" for either
    weather_only: bool = False  # "圣诞节去哪暖和?": where it is warm is asked, not what a trip there costs


AMOUNTS = (R.AMOUNT_AFTER_WORDS, R.AMOUNT_AFTER_SIGN, R.AMOUNT_IN_YUAN, R.AMOUNT_BEFORE_WORDS, R.AMOUNT_EACH)


def parse_budget(text: str) -> int | None:
    """预算5000 / 5,000元 / budget 3k / under ¥4000 / 五千 / 1万 -> CNY ("1500 USD": at a sample rate)."""
    if MONEY.BUDGET_WORDS.search(text) and (foreign := foreign_budget(text)) is not None:  # "convert 100 USD": none
        return foreign[0]
    folded = text.casefold().replace("，", ",")
    if m := R.TEN_THOUSANDS.search(folded) or R.THOUSANDS.search(folded):  # 1万5: fifteen thousand
        extra = int(m.group(3)) * 1_000 if m.group(3) else 0
        return int(float(m.group(1)) * (10_000 if m.group(2) in ("万", "w") else 1_000)) + extra
    if (m := R.ZH_SUM.search(text)) and R.ZH_SUM_BUDGET.search(text) and (zh := zh_amount(m.group(0))):
        return zh  # 五千, 两万, 一万五
    m = next((m for rule in AMOUNTS if (m := rule.search(folded))), None)
    return int(m.group(1).replace(",", "")) if m else None


def parse_month(text: str) -> int | None:
    """12月 / 十二月 / December / winter (counted as December)."""
    folded = text.casefold()
    if m := R.MONTH_DIGITS.search(text):
        return int(m.group(1)) if 1 <= int(m.group(1)) <= 12 else None
    if m := R.MONTH_ZH.search(text):
        return zh_number(m.group(1))
    for i, name in enumerate(MONTHS_EN, start=1):
        if re.search(rf"\b{name}\b", folded) or (len(name) > 4 and re.search(rf"\b{name[:3]}\b", folded)):
            return i
    return 12 if any(w in folded for w in WINTER_WORDS) else None


def parse_open(text: str, concrete: bool = False) -> OpenAsk | None:
    """The open ask in text: a place sought (where, 去哪), or a wish, a criterion or a call for ideas with
    something to plan by (a time, a party, a length, a budget: `concrete`), or a call for ideas about going.
    None for talk with travel words: "a caption for my beach pics", 推荐个电视剧, 天天想着去海边度假."""
    folded = text.casefold()
    found = [name for name, words in CRITERIA.items() if any(w in folded for w in words)]
    budget = parse_budget(text)
    suggest, wish = any(w in folded for w in SUGGEST), bool(R.TRIP_WISH.search(text))
    planned = concrete or budget is not None
    sought = ((suggest or found or wish) and planned) or (suggest and (found or wish))
    if not (sought or any(w in folded for w in SEEKING)):
        return None
    scope = "abroad" if any(w in folded for w in ABROAD) else ("domestic" if any(w in folded for w in DOMESTIC) else "")
    criterion = found[0] if found else "cheap"
    weather_only = any(w in folded for w in WEATHER_WORDS) and budget is None and not R.TRIP_PRICED.search(text)
    return OpenAsk(criterion, budget, parse_month(text), scope, weather_only)


def _in_scope(city: City, scope: str) -> bool:
    return scope == "" or (scope == "domestic") == (city.country_en == "China")


def _warm(city: City, month: int | None) -> bool:
    winter = month is None or month in WINTER
    return 0 <= city.lat < WARM_LAT or (winter and city.lat < 0)


def _sample_temp(city: City) -> int | None:
    w = load_data("weather.json")["weather"].get(city.id)
    return int(w["temperature_c"]) if isinstance(w, dict) else None


def candidates(ask: OpenAsk, origin: City) -> list[City]:
    """The sample cities an open question weighs: by season, by temperature, else by distance."""
    pool = [c for c in all_cities() if c.id != origin.id and _in_scope(c, ask.scope)]
    pool = [c for c in pool if great_circle_km(origin, c) >= FLIGHT_KM] or pool
    if ask.weather_only and (known := _by_typical(pool, ask)):
        return known[:CANDIDATES]
    if ask.criterion == "warm":
        pool = [c for c in pool if _warm(c, ask.month)] or pool
    elif ask.criterion == "cool":
        pool = [c for c in pool if (_sample_temp(c) or 99) <= COOL_C] or pool
    return sorted(pool, key=lambda c: great_circle_km(origin, c))[:CANDIDATES]


def _by_typical(pool: list[City], ask: OpenAsk) -> list[City]:
    """Asked only where it is warm (cool): the cities with a typical value that month, warmest (coolest but
    mild) first; a city the data has no month's value for cannot answer a question about the weather."""
    today = clock.today()
    day = date(today.year, ask.month or today.month, 15)
    means = {c: t["mean_temp_c"] for c in pool if (t := typical(c, day)) is not None}
    if ask.criterion == "warm":
        return sorted(means, key=lambda c: -means[c])
    mild = [c for c in means if MILD_C[0] <= means[c] <= MILD_C[1]]
    return sorted(mild or means, key=lambda c: means[c])


def basis(ask: OpenAsk, lang: str) -> str:
    """How the candidates were picked, said in the answer."""
    south = "或南半球" if ask.month in (*WINTER, None) else ""
    typical = "typical_warm" if ask.criterion == "warm" else "typical_cool"  # by that month's value (_by_typical)
    picked = BASIS[typical if ask.weather_only else ask.criterion][lang]
    return picked.format(lat=WARM_LAT, cool=COOL_C, south=south) + (BASIS[ask.scope][lang] if ask.scope else "")
