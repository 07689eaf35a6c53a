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
        )
        for c in raw["cities"]
    )


def _norm(name: str) -> str:
    return re.sub(r"[\s'’\-_.]+", "", name).casefold()


@lru_cache(maxsize=1)
def _index() -> dict[str, City]:
    index: dict[str, City] = {}
    for city in all_cities():
        for name in city.names():
            index.setdefault(_norm(name), city)
        index.setdefault(_norm(city.zh + "市"), city)
    return index


def resolve_city(name: str) -> City | None:
    """Exact match on any name or alias, ignoring case, spaces and a trailing 市 / city."""
    key = _norm(name)
    index = _index()
    if key in index:
        return index[key]
    for suffix in ("市", "city"):
        if key.endswith(suffix) and key[: -len(suffix)] in index:
            return index[key[: -len(suffix)]]
    return None


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
