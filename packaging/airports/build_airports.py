"""Rebuilds resources/data/airports.json from the `airportsdata` package (MIT): the airports within
80 km of each sample city (IATA code, name) and each city's IANA time zone (its nearest airport's,
within 150 km). The app reads this small table instead of loading all ~8,000 airports (12 MB).

Run with the `data` extra installed: `pip install -e '.[data]' && python packaging/airports/build_airports.py`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SERVES_KM = 80.0
ZONE_KM = 150.0


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def main() -> None:
    import airportsdata

    airports = [a for a in airportsdata.load("IATA").values() if a.get("iata")]
    cities = json.loads((REPO / "resources" / "data" / "cities.json").read_text(encoding="utf-8"))["cities"]
    codes: dict[str, dict[str, str]] = {}
    zones: dict[str, str] = {}
    for city in cities:
        lat, lon = city["lat"], city["lon"]
        nearest = min(airports, key=lambda a: km(lat, lon, float(a["lat"]), float(a["lon"])))
        if nearest.get("tz") and km(lat, lon, float(nearest["lat"]), float(nearest["lon"])) <= ZONE_KM:
            zones[city["id"]] = str(nearest["tz"])
    for a in airports:  # each airport serves its nearest sample city, when that is within 80 km
        lat, lon = float(a["lat"]), float(a["lon"])
        city = min(cities, key=lambda c: km(lat, lon, c["lat"], c["lon"]))
        if km(lat, lon, city["lat"], city["lon"]) <= SERVES_KM:
            codes[str(a["iata"])] = {"city": city["id"], "name": str(a["name"])}
    out = {
        "note": "Airports serving the sample cities and each city's time zone; built from airportsdata (MIT) by "
        "packaging/airports/build_airports.py.",
        "airports": dict(sorted(codes.items())),
        "zones": zones,
    }
    path = REPO / "resources" / "data" / "airports.json"
    path.write_text(json.dumps(out, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(codes)} airports for {len({c['city'] for c in codes.values()})} cities; {len(zones)} zones -> {path}")


if __name__ == "__main__":
    main()
