"""A city's time zone: the IANA name of its nearest airport in `airportsdata` (within 150 km)."""

from __future__ import annotations

import math
from functools import lru_cache

NEAR_KM = 150.0


@lru_cache(maxsize=1)
def _airports() -> tuple[tuple[float, float, str], ...]:
    import airportsdata

    return tuple(
        (float(a["lat"]), float(a["lon"]), str(a["tz"])) for a in airportsdata.load("IATA").values() if a.get("tz")
    )


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


@lru_cache(maxsize=256)
def zone_for(city: str) -> str:
    """`三亚` -> `Asia/Shanghai`, `London` -> `Europe/London`; "" for a place the data does not know."""
    from desktop_app.tools.travel.places import resolve_city

    found = resolve_city(city) if city else None
    if found is None:
        return ""
    lat, lon = found.lat, found.lon
    best = min(_airports(), key=lambda a: _km(lat, lon, a[0], a[1]), default=None)
    if best is None or _km(lat, lon, best[0], best[1]) > NEAR_KM:
        return ""
    return best[2]
