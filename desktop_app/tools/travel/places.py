"""City names in Chinese and English, with aliases, found in free text (sample data)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from desktop_app.paths import resources_dir


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
            country=c.get("country", ""),
            lat=float(c.get("lat", 0.0)),
            lon=float(c.get("lon", 0.0)),
            country_en=c.get("country_en", ""),
            region=c.get("region", ""),
            region_en=c.get("region_en", ""),
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
    if city := _exact(name) or _qualified(name):
        return city
    from desktop_app.tools.travel.airports import airport_city  # a code or airport name: its city

    return airport_city(name)


def city_by_id(city_id: str) -> City | None:
    """The city with this stable id (the key the other data files use)."""
    return next((c for c in all_cities() if c.id == city_id), None)


def known_cities_text() -> str:
    """Every known city as `北京/Beijing, 上海/Shanghai, ...` for "no data" messages."""
    return ", ".join(c.label() for c in all_cities())


def find_cities(text: str) -> list[tuple[int, City]]:
    """Every city mentioned in text with its position, longest name first, no overlaps."""
    names = sorted(
        # one-character aliases (京, 沪) are too ambiguous in free text: 东京 is not Beijing
        ((n, c) for c in all_cities() for n in c.names() if len(n) >= 2),
        key=lambda p: -len(p[0]),
    )
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, City]] = []
    folded = text.casefold()
    for name, city in names:
        pattern = re.escape(name.casefold())
        if name.isascii():
            pattern = rf"(?<![a-z]){pattern}(?![a-z])"
        for m in re.finditer(pattern, folded):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            found.append((m.start(), city))
    return sorted(found, key=lambda p: p[0])
