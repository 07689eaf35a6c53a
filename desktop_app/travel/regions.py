"""Regions, provinces and countries: 云南 means Kunming, Lijiang and Dali; 新疆 has no data (said so,
with the nearest cities that have some); Japan means Tokyo and Osaka."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from desktop_app.travel import rules
from desktop_app.travel.data import load_data
from desktop_app.travel.places import City, all_cities, name_pattern, unclaimed
from desktop_app.travel.world_places import WorldPlace, inside_city


@dataclass(frozen=True)
class Region:
    """A region named in a question, and the sample cities in it (none: named as without data)."""

    zh: str
    en: str
    lat: float
    lon: float
    cities: tuple[City, ...]

    def as_place(self) -> WorldPlace:
        return WorldPlace(self.zh, self.en, "region", self.lat, self.lon)


def _cities_in(names: set[str], countries: set[str], ids: set[str]) -> tuple[City, ...]:
    folded = {n.casefold() for n in names}  # a city listed, in a region named, or in a country
    placed = ((c, {c.region.casefold(), c.region_en.casefold()}, {c.country_en, c.country}) for c in all_cities())
    return tuple(c for c, region, country in placed if c.id in ids or region & folded or country & countries)


@lru_cache(maxsize=1)
def regions() -> tuple[tuple[str, Region], ...]:
    """(name, region) for every name of regions.json, longest first; a city's own name never is one."""
    city_names = {n.casefold() for c in all_cities() for n in c.names()}
    pairs: list[tuple[str, Region]] = []
    for row in load_data("regions.json").get("regions", []):
        zh, en = [str(n) for n in row.get("zh", [])], [str(n) for n in row.get("en", [])]
        names = {*zh, *en}
        cities = _cities_in(names, set(row.get("countries", [])), set(row.get("cities", [])))
        region = Region(zh[0] if zh else en[0], en[0], float(row["lat"]), float(row["lon"]), cities)
        pairs.extend((n, region) for n in names if n.casefold() not in city_names)
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], Region], ...]:
    return tuple((name_pattern(name), region) for name, region in regions())


R = rules.Rules("regions")


def find_regions(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, Region]]:
    """Regions named in text (not inside a place already found), in order, with where they end."""
    named = (  # 美国朋友, 日本人: who someone is
        (*m.span(), region)
        for pattern, region in _patterns()
        for m in pattern.finditer(text)
        if not R.PEOPLE_OF.match(text, m.end())
    )
    return sorted(unclaimed(named, list(taken)), key=lambda f: f[0])


def qualifies(text: str, region: tuple[int, int], cities: list[tuple[int, int, City]], inside: Region) -> bool:
    """Whether a region written right beside one of its own cities only locates that city."""
    start, end = region
    return any(
        (c_start >= end and R.BEFORE_CITY.fullmatch(text, end, c_start))
        or (c_end <= start and R.AFTER_CITY.fullmatch(text, c_end, start))
        for c_start, c_end, city in cities
        if city in inside.cities
    )


def country_cities(place: WorldPlace) -> tuple[City, ...]:
    """A country's sample cities (Japan: Tokyo and Osaka); none for other kinds of place."""
    ours = (c for c in all_cities() if c.country_en == place.en or (place.zh and c.country == place.zh))
    return tuple(ours) if place.kind == "country" else ()


def world_stops(place: WorldPlace, named: set[City]) -> tuple[tuple[City, ...], WorldPlace | None]:
    """A place of the world gazetteer as stops: a country's sample cities (日本…大阪: only Osaka, named), the
    city a district lies in (Kowloon: Hong Kong), else no stop and the place without data."""
    if cities := country_cities(place):
        return (() if named & set(cities) else cities), None
    city = inside_city(place)
    return ((city,), None) if city is not None else ((), place)
