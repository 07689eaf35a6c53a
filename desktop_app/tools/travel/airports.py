"""Airports as places: IATA codes (PVG, PKX) through the kept `airportsdata` database, and the
Chinese names people use for the big airports (浦东, 首都机场, 大兴) mapped to their codes."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from desktop_app.tools.travel.places import City, all_cities

# How people name airports in Chinese; the code is then looked up in airportsdata (city, coordinates).
ZH_AIRPORTS = {
    "浦东": "PVG", "虹桥机场": "SHA", "虹桥": "SHA", "首都机场": "PEK", "大兴": "PKX", "白云机场": "CAN",
    "宝安机场": "SZX", "凤凰机场": "SYX", "双流": "CTU", "天府机场": "TFU", "萧山": "HGH", "长水": "KMG",
    "太平机场": "HRB", "咸阳机场": "XIY", "江北机场": "CKG", "禄口": "NKG", "高崎": "XMN", "两江机场": "KWL",
    "流亭": "TAO", "胶东机场": "TAO", "周水子": "DLC", "天河机场": "WUH", "黄花机场": "CSX", "美兰": "HAK",
    "贡嘎": "LXA", "三义机场": "LJG", "荷花机场": "DYG", "桃园机场": "TPE", "成田": "NRT", "羽田": "HND",
    "关西机场": "KIX", "仁川": "ICN", "素万那普": "BKK", "樟宜": "SIN", "戴高乐机场": "CDG", "希思罗": "LHR",
}  # fmt: skip


@lru_cache(maxsize=1)
def _airports() -> dict[str, dict[str, Any]]:
    import airportsdata

    table: dict[str, dict[str, Any]] = {k: dict(v) for k, v in airportsdata.load("IATA").items()}
    return table


def _city_of(code: str) -> City | None:
    """The sample city an airport serves: its city, or the nearest sample city within 80 km."""
    airport = _airports().get(code.upper())
    if airport is None:
        return None
    from desktop_app.tools.travel.flights import great_circle_km  # distances, one formula everywhere

    here = City("", "", "", (), "", float(airport["lat"]), float(airport["lon"]))
    near = min(all_cities(), key=lambda c: great_circle_km(here, c))
    return near if great_circle_km(here, near) <= 80 else None


def airport_city(name: str) -> City | None:
    """`PVG`, `pvg`, `浦东机场`, `大兴国际机场` -> the sample city the airport serves (None otherwise)."""
    text = name.strip()
    if re.fullmatch(r"[A-Za-z]{3}", text):
        return _city_of(text)
    for zh, code in ZH_AIRPORTS.items():
        if text.startswith(zh) and re.fullmatch(r"(?:国际)?(?:机场)?", text[len(zh) :]):
            return _city_of(code)
    return None


_BEFORE = re.compile(r"(?i)(?:\bfrom|\bto|\bout of|\binto|\bvia|\bat|\bland(?:ing)? (?:at|in)|飞|从|到|去|经|在)\s*$")
_AFTER = re.compile(r"(?i)^\s*(?:出发|起飞|机场|飞|到|->|→|-|–|\bto\b|\bairport\b)")


def _said_as_airport(text: str, start: int, end: int) -> bool:
    """A code counts only where a place is meant ("from PVG", "PVG→NRT"): "CAN I go" is no airport."""
    return bool(_BEFORE.search(text[max(0, start - 12) : start]) or _AFTER.match(text[end : end + 10]))


def find_airports(text: str) -> list[tuple[int, int, City]]:
    """Airports named in free text: upper-case IATA codes of sample cities' airports, and Chinese names."""
    found = []
    for m in re.finditer(r"(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])", text):
        city = _city_of(m.group(0))
        if city is not None and _said_as_airport(text, m.start(), m.end()):
            found.append((m.start(), m.end(), city))
    for zh, code in ZH_AIRPORTS.items():
        for m in re.finditer(re.escape(zh) + r"(?:国际)?(?:机场)?", text):
            city = _city_of(code)
            if city is not None:
                found.append((m.start(), m.end(), city))
    return sorted(found, key=lambda f: f[0])
