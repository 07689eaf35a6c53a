"""How far apart two places are: the great-circle distance every estimate and ranking starts from."""

from __future__ import annotations

import math

from desktop_app.travel.places import City

EARTH_RADIUS_KM = 6371.0


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle (haversine) distance between two coordinates."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def great_circle_km(a: City, b: City) -> float:
    """Haversine distance between two city centres."""
    return distance_km(a.lat, a.lon, b.lat, b.lon)
