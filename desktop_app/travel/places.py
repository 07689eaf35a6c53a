"""City names in Chinese and English, with aliases, found in free text (sample data)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from desktop_app.travel import rules
from desktop_app.travel.data import load_data

R = rules.Rules("places")
WORDS = rules.word_table("places", "WORDS")
AS_WRITTEN = WORDS["as_written"]  # names that are also English words: matched only as written
T = TypeVar("T")


@dataclass(frozen=True)
class City:
    """One city of the sample data; `id` is the stable key the other data files use."""

    id: str
    zh: str
    en: str
    aliases: tuple[str, ...]
    country: str
    lat: float
    lon: float
    country_en: str = ""
    region: str = ""
    region_en: str = ""

    def names(self) -> tuple[str, ...]:
        return (self.zh, self.en, *self.aliases)

    def label(self) -> str:
        """Both names, as error messages and listings show a city: `北京/Beijing`."""
        return f"{self.zh}/{self.en}"


@lru_cache(maxsize=1)
def all_cities() -> tuple[City, ...]:
    """Every city in `resources/data/cities.json`."""
    return tuple(
        City(
            **{k: c[k] for k in ("id", "zh", "en")},
            aliases=tuple(c.get("aliases", [])),
            lat=float(c.get("lat", 0.0)),
            lon=float(c.get("lon", 0.0)),
            **{k: c.get(k, "") for k in ("country", "country_en", "region", "region_en")},
        )
        for c in load_data("cities.json")["cities"]
    )


def _norm(name: str) -> str:
    return R.NOT_IN_NAME.sub("", name).casefold()


@lru_cache(maxsize=1)
def _index() -> dict[str, City]:
    index: dict[str, City] = {}
    for city in all_cities():
        for name in city.names():
            index.setdefault(_norm(name), city)
        index.setdefault(_norm(city.zh + "市"), city)
    return index


def _exact(name: str) -> City | None:
    key, index = _norm(name), _index()  # the name, else without a trailing 市 / city
    return index.get(key) or next((index.get(key.removesuffix(s)) for s in ("市", "city") if key.endswith(s)), None)


ALIASES = rules.word_table("places", "ALIASES")  # other ways people write a country or region ("Paris, France")


def _qualifiers(city: City) -> set[str]:
    """The country and region names that may follow a city's name."""
    names = {city.country, city.country_en, city.region, city.region_en}
    names.update(*(ALIASES.get(n, ()) for n in (city.country_en, city.region_en)))
    if city.country.startswith("中国"):
        names.update(("中国", "China"))
    return {_norm(n) for n in names if n}


def _bare_qualifier(text: str) -> str:
    key = _norm(text)  # 海南省, "Hainan Province": without the word for what it is
    return next((key[: -len(s)] for s in WORDS["qualifier_suffixes"] if key.endswith(s) and len(key) > len(s)), key)


def _qualified(name: str) -> City | None:
    """`Paris, France`, `三亚（海南）`, `Sanya, Hainan Province, China`: only when every qualifier
    is the city's own region or country (so `Paris, Texas` is not Paris)."""
    match = R.IN_BRACKETS.fullmatch(name)
    parts = [match.group(1), match.group(2)] if match else R.COMMA.split(name)
    city = _exact(parts[0]) if len(parts) > 1 else None
    if city is None:
        return None
    allowed = _qualifiers(city)
    return city if all(_norm(p) in allowed or _bare_qualifier(p) in allowed for p in parts[1:] if p.strip()) else None


def resolve_city(name: str) -> City | None:
    """Exact match on any name or alias, ignoring case, spaces, a trailing 市 / city and the
    city's own region or country as a qualifier; never a partial or fuzzy match."""
    return _exact(name) or _qualified(name) or airport_city(name)


def city_by_id(city_id: str) -> City | None:
    """The city with this stable id (the key the other data files use)."""
    return next((c for c in all_cities() if c.id == city_id), None)


def known_cities_text() -> str:
    """Every known city as `北京/Beijing, 上海/Shanghai, ...` for "no data" messages."""
    return ", ".join(c.label() for c in all_cities())


ROUTE_END = rules.text("places", "ROUTE_END")


def name_pattern(name: str, after: str = "") -> re.Pattern[str]:
    """A place's name as found in text (then `after`): a Latin one as a whole word, in any case unless it is
    also an English word (a nice hotel, "la" is no LA)."""
    if not name.isascii():
        return re.compile(re.escape(name) + after)
    flags = re.IGNORECASE if name not in AS_WRITTEN else 0
    return re.compile(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])" + after, flags)


def unclaimed(spans: Iterable[tuple[int, int, T]], taken: list[tuple[int, int]]) -> list[tuple[int, int, T]]:
    """The spans (a longer name's first) that overlap none of `taken`, which grows with each one kept."""
    found = []
    for start, end, value in spans:
        if not any(start < e and s < end for s, e in taken):
            taken.append((start, end))
            found.append((start, end, value))
    return found


@lru_cache(maxsize=1)
def _name_patterns() -> tuple[tuple[re.Pattern[str], bool, City], ...]:
    """Every city name compiled once, longest first; the bool: matched against the text as written, not folded."""
    out = []
    for name, city in sorted(((n, c) for c in all_cities() for n in c.names()), key=lambda p: -len(p[0])):
        cased = name in AS_WRITTEN  # LA as written in capitals ("la" is no city)
        if len(name) < 2:  # one-character aliases (京, 沪) only as a route's end (沪飞成都): 东京 is not Beijing
            pattern = re.compile(ROUTE_END.format(re.escape(name)))
        elif cased or not name.isascii():
            pattern = name_pattern(name if cased else name.casefold())
        else:
            pattern = re.compile(rf"(?<![a-z]){re.escape(name.casefold())}(?![a-z])")
        out.append((pattern, cased, city))
    return tuple(out)


def find_cities(text: str) -> list[tuple[int, City]]:
    """Every city mentioned in text with its position, longest name first, no overlaps."""
    folded = text.casefold()
    named = ((*m.span(), c) for p, cased, c in _name_patterns() for m in p.finditer(text if cased else folded))
    return sorted(((start, city) for start, _, city in unclaimed(named, [])), key=lambda p: p[0])


# ---------------------------------------------------------------- airports
# Airports as places: IATA codes (PVG, PKX) from a table built from the kept `airportsdata` database, and the
# Chinese names people use for the big airports (浦东, 首都机场, 大兴) mapped to their codes.

# How people name airports (浦东, 首都机场, Heathrow), longer names first; the code is then looked up in airportsdata.
ZH_AIRPORTS: dict[str, str] = rules.table("places")["AIRPORTS"]
AIRPORT_AFTER = rules.text("places", "AIRPORT_AFTER")  # 浦东国际机场, 首都机场
AIRPORT_NAMES = [(name_pattern(name, AIRPORT_AFTER), code) for name, code in ZH_AIRPORTS.items()]


@lru_cache(maxsize=1)
def _airports() -> dict[str, str]:
    """IATA code -> the sample city it serves (resources/data/airports.json, built from airportsdata)."""
    table = load_data("airports.json").get("airports", {})
    return {str(code): str(a.get("city", "")) for code, a in table.items() if isinstance(a, dict)}


def _city_of(code: str) -> City | None:
    """The sample city an airport serves (within 80 km of it), or None."""
    city_id = _airports().get(code.upper())
    return city_by_id(city_id) if city_id else None


def airport_city(name: str) -> City | None:
    """`PVG`, `pvg`, `浦东机场`, `大兴国际机场` -> the sample city the airport serves (None otherwise)."""
    text = name.strip()
    if R.CODE.fullmatch(text):
        return _city_of(text)
    for zh, code in ZH_AIRPORTS.items():
        if text.casefold().startswith(zh.casefold()) and R.AIRPORT_WORDS.fullmatch(text[len(zh) :]):
            return _city_of(code)
    return None


def _meant_as_airport(text: str, m: re.Match[str]) -> bool:
    """A code counts only where a place is meant ("from PVG", "PVG→NRT": "CAN I go" is no airport); a code typed in
    lower case ("sha to ctu", "bkk 3 nights", "hkg hotels") too, unless it is an English word (can, sin)."""
    code, start, end = m.group(0), m.start(), m.end()
    said = bool(R._BEFORE.search(text[max(0, start - 12) : start]) or R._AFTER.match(text[end : end + 10]))
    if code.isupper():
        return said
    return code.islower() and code not in WORDS["not_codes"] and (said or R.LOOKUP_AFTER.match(text, end) is not None)


def find_airports(text: str) -> list[tuple[int, int, City]]:
    """Airports named in free text: upper-case IATA codes of sample cities' airports, and Chinese names."""
    codes = ((m, _city_of(m.group(0))) for m in R.CODE.finditer(text))  # a cheap lookup first
    found = [(*m.span(), city) for m, city in codes if city is not None and _meant_as_airport(text, m)]
    named = ((*m.span(), _city_of(code)) for pattern, code in AIRPORT_NAMES for m in pattern.finditer(text))
    found += [(start, end, city) for start, end, city in named if city is not None]
    return sorted(found, key=lambda f: f[0])


def said_first(text: str, cities: list[City]) -> list[City]:
    """The stops in the order the message puts them: the one said to come first (先成都, "xian first") leads."""
    folded = text.casefold()
    said = (c for c in cities for n in c.names() if len(n) > 1 and _first(re.escape(n.casefold())).search(folded))
    first = next(said, None)
    return cities if first is None else [first, *(c for c in cities if c != first)]


@lru_cache(maxsize=256)
def _first(name: str) -> re.Pattern[str]:
    return re.compile(rules.text("places", "FIRST", NAME=name))
