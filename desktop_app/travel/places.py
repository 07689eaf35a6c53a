"""City names in Chinese and English, with aliases, found in free text (sample data)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from desktop_app.paths import resources_dir
from desktop_app.travel import rules


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
    raw = json.loads((resources_dir() / "data" / "cities.json").read_text(encoding="utf-8"))
    return tuple(
        City(
            id=c["id"],
            zh=c["zh"],
            en=c["en"],
            aliases=tuple(c.get("aliases", [])),
            lat=float(c.get("lat", 0.0)),
            lon=float(c.get("lon", 0.0)),
            **{k: c.get(k, "") for k in ("country", "country_en", "region", "region_en")},
        )
        for c in raw["cities"]
    )


def _norm(name: str) -> str:
    return re.sub(r"[\s'\u2019\-_.]+", "", name).casefold()


@lru_cache(maxsize=1)
def _index() -> dict[str, City]:
    index: dict[str, City] = {}
    for city in all_cities():
        for name in city.names():
            index.setdefault(_norm(name), city)
        index.setdefault(_norm(city.zh + "市"), city)
    return index


def _exact(name: str) -> City | None:
    key = _norm(name)
    index = _index()
    if key in index:
        return index[key]
    for suffix in ("市", "city"):
        if key.endswith(suffix) and key[: -len(suffix)] in index:
            return index[key[: -len(suffix)]]
    return None


# Other ways people write the countries of the sample cities, for qualifiers like "Paris, France".
_COUNTRY_ALIASES = {
    "China": ("PRC", "P.R.China", "中华人民共和国", "中國"),
    "United States": ("USA", "US", "U.S.", "U.S.A.", "America", "United States of America"),
    "United Kingdom": ("UK", "U.K.", "Britain", "Great Britain", "英國"),
    "South Korea": ("Korea", "Republic of Korea", "韩国", "南韩"),
    "United Arab Emirates": ("UAE", "U.A.E.", "阿联酋", "阿拉伯联合酋长国"),
}
_REGION_ALIASES = {"New York": ("NY",), "California": ("CA",), "New South Wales": ("NSW",)}
_QUALIFIER_SUFFIXES = ("特别行政区", "sar", "province", "state", "prefecture", "省", "州", "府")


def _qualifiers(city: City) -> set[str]:
    """The country and region names that may follow a city's name."""
    names = {city.country, city.country_en, city.region, city.region_en}
    names.update(_COUNTRY_ALIASES.get(city.country_en, ()))
    names.update(_REGION_ALIASES.get(city.region_en, ()))
    if city.country.startswith("中国"):
        names.update(("中国", "China"))
    return {_norm(n) for n in names if n}


def _bare_qualifier(text: str) -> str:
    key = _norm(text)
    for suffix in _QUALIFIER_SUFFIXES:
        if key.endswith(suffix) and len(key) > len(suffix):
            return key[: -len(suffix)]
    return key


def _qualified(name: str) -> City | None:
    """`Paris, France`, `三亚（海南）`, `Sanya, Hainan Province, China`: only when every qualifier
    is the city's own region or country (so `Paris, Texas` is not Paris)."""
    match = re.fullmatch(r"\s*([^,，(（]+?)\s*[(（]([^()（）]+)[)）]\s*", name)
    parts = [match.group(1), match.group(2)] if match else re.split(r"\s*[,，]\s*", name)
    city = _exact(parts[0]) if len(parts) > 1 else None
    if city is None:
        return None
    allowed = _qualifiers(city)
    extra = [p for p in parts[1:] if p.strip()]
    ok = all(_norm(p) in allowed or _bare_qualifier(p) in allowed for p in extra)
    return city if ok else None


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


CASED = frozenset({"LA"})  # aliases that are words in lower case


ROUTE_END = rules.text("places", "ROUTE_END")


@lru_cache(maxsize=1)
def _name_patterns() -> tuple[tuple[re.Pattern[str], bool, City], ...]:
    """Every city name compiled once, longest first; the bool: matched against the text as written, not folded."""
    out = []
    for name, city in sorted(((n, c) for c in all_cities() for n in c.names()), key=lambda p: -len(p[0])):
        cased = name in CASED  # LA as written in capitals ("la" is no city)
        if len(name) < 2:  # one-character aliases (京, 沪) only as a route's end (沪飞成都): 东京 is not Beijing
            pattern = ROUTE_END.format(re.escape(name))
        elif cased:
            pattern = rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])"
        elif name.isascii():
            pattern = rf"(?<![a-z]){re.escape(name.casefold())}(?![a-z])"
        else:
            pattern = re.escape(name.casefold())
        out.append((re.compile(pattern), cased, city))
    return tuple(out)


def find_cities(text: str) -> list[tuple[int, City]]:
    """Every city mentioned in text with its position, longest name first, no overlaps."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, City]] = []
    folded = text.casefold()
    for pattern, cased, city in _name_patterns():
        for m in pattern.finditer(text if cased else folded):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            found.append((m.start(), city))
    return sorted(found, key=lambda p: p[0])


# ---------------------------------------------------------------- airports
# Airports as places: IATA codes (PVG, PKX) from a table built from the kept `airportsdata` database, and the
# Chinese names people use for the big airports (浦东, 首都机场, 大兴) mapped to their codes.

# How people name airports (浦东, 首都机场, Heathrow), longer names first; the code is then looked up in airportsdata.
ZH_AIRPORTS: dict[str, str] = rules.table("places")["AIRPORTS"]


@lru_cache(maxsize=1)
def _airports() -> dict[str, str]:
    """IATA code -> the sample city it serves (resources/data/airports.json, built from airportsdata)."""
    raw = json.loads((resources_dir() / "data" / "airports.json").read_text(encoding="utf-8"))
    table = raw.get("airports", {}) if isinstance(raw, dict) else {}
    return {str(code): str(a.get("city", "")) for code, a in table.items() if isinstance(a, dict)}


def _city_of(code: str) -> City | None:
    """The sample city an airport serves (within 80 km of it), or None."""
    city_id = _airports().get(code.upper())
    return city_by_id(city_id) if city_id else None


def airport_city(name: str) -> City | None:
    """`PVG`, `pvg`, `浦东机场`, `大兴国际机场` -> the sample city the airport serves (None otherwise)."""
    text = name.strip()
    if re.fullmatch(r"[A-Za-z]{3}", text):
        return _city_of(text)
    for zh, code in ZH_AIRPORTS.items():
        if text.casefold().startswith(zh.casefold()) and re.fullmatch(
            r"(?i)\s*(?:国际)?(?:机场)?(?:international)?\s*(?:airport)?", text[len(zh) :]
        ):
            return _city_of(code)
    return None


R = rules.Rules("places")


WORDS = frozenset({"can", "sin", "lax", "fab", "nay", "pox", "sen", "bur", "ont", "ful", "toa", "emt", "tao"})


def _said_as_airport(text: str, start: int, end: int) -> bool:
    """A code counts only where a place is meant ("from PVG", "PVG→NRT"): "CAN I go" is no airport."""
    return bool(R._BEFORE.search(text[max(0, start - 12) : start]) or R._AFTER.match(text[end : end + 10]))


def _meant_as_airport(text: str, m: re.Match[str]) -> bool:
    """PVG where a place is meant; a code typed in lower case ("sha to ctu", "bkk 3 nights", "hkg hotels") too,
    unless it is an English word (can, sin)."""
    code, said = m.group(0), _said_as_airport(text, m.start(), m.end())
    if code.isupper():
        return said
    return code.islower() and code not in WORDS and (said or R.LOOKUP_AFTER.match(text, m.end()) is not None)


def find_airports(text: str) -> list[tuple[int, int, City]]:
    """Airports named in free text: upper-case IATA codes of sample cities' airports, and Chinese names."""
    found = []
    for m in re.finditer(r"(?<![A-Za-z])[A-Za-z]{3}(?![A-Za-z])", text):
        if (city := _city_of(m.group(0))) is not None and _meant_as_airport(text, m):  # a cheap lookup first
            found.append((m.start(), m.end(), city))
    for zh, code in ZH_AIRPORTS.items():
        name = re.escape(zh) if not zh.isascii() else rf"(?<![A-Za-z]){re.escape(zh)}(?![A-Za-z])"
        for m in re.finditer(name + r"(?:国际)?(?:机场)?", text, flags=re.IGNORECASE if zh.isascii() else 0):
            city = _city_of(code)
            if city is not None:
                found.append((m.start(), m.end(), city))
    return sorted(found, key=lambda f: f[0])


def said_first(text: str, cities: list[City]) -> list[City]:
    """The stops in the order the message puts them: the one said to come first (先成都, "xian first") leads."""
    folded = text.casefold()
    for city in cities:
        for name in (n.casefold() for n in city.names() if len(n) > 1):
            if f"先{name}" in folded or f"先去{name}" in folded or re.search(rf"\b{re.escape(name)} first\b", folded):
                return [city, *(c for c in cities if c != city)]
    return cities
