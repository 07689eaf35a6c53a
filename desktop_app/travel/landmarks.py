"""Landmarks a question names instead of their city (故宫, "the Bund", 鼓浪屿): the city they are in."""

from __future__ import annotations

import re
from functools import lru_cache

from desktop_app.travel.data import load_data
from desktop_app.travel.places import City, city_by_id, name_pattern, unclaimed


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], City], ...]:
    """One pattern per landmark name, longest first (东京迪士尼 before 迪士尼), English on word edges."""
    named: list[tuple[str, City]] = []
    for city_id, names in load_data("landmarks.json")["landmarks"].items():
        city = city_by_id(city_id)
        if city is None:
            raise ValueError(f"landmarks.json names an unknown city {city_id!r}")
        named += [(n, city) for n in (*names["zh"], *names["en"])]
    return tuple((name_pattern(n), c) for n, c in sorted(named, key=lambda pair: -len(pair[0])))


def find_landmarks(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, City]]:
    """(start, end, city) of each landmark in text not inside a place already found; `taken` grows."""
    return unclaimed(((*m.span(), city) for pattern, city in _patterns() for m in pattern.finditer(text)), taken)


def strip_landmarks(text: str) -> str:
    """The text with landmark names blanked: the words of a name ("Ice and Snow World") ask for nothing."""
    for pattern, _ in _patterns():
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text
