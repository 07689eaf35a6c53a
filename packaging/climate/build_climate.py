"""Rebuilds resources/data/climate.json from the `world-temperature-data` package (CC BY 4.0).

Run with the `data` extra installed: `pip install -e '.[data]' && python packaging/climate/build_climate.py`.
A sample city gets the normals of the package's city within MATCH_KM of it (the same city, by its
coordinates); a city with none is left out and listed, never filled in from a farther one.
"""

from __future__ import annotations

import csv
import json
import math
from importlib.resources import files
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MATCH_KM = 30
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def main() -> None:
    text = files("world_temperature_data").joinpath("world-temperature.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    cities = json.loads((REPO / "resources" / "data" / "cities.json").read_text(encoding="utf-8"))["cities"]
    climate, missing = {}, []
    for city in cities:
        best = min(rows, key=lambda r: km(city["lat"], city["lon"], float(r["lat"]), float(r["lon"])))
        if km(city["lat"], city["lon"], float(best["lat"]), float(best["lon"])) > MATCH_KM:
            missing.append(city["id"])
            continue
        climate[city["id"]] = {
            "name": best["city"],
            "mean_c": [float(best[f"{m}_c"]) for m in MONTHS],
            "period": "1981–2010",
        }
    out = {
        "note": "Typical monthly values (climate normals), never a forecast: the mean near-surface air "
        "temperature of each month, 1981–2010. Cities not listed have no typical values here.",
        "source": "world-temperature-data 0.1.0 (GeoRank.place), derived from CHELSA v2.1 climatologies",
        "licence": "CC BY 4.0 — Temperature data © GeoRank.place (georank.place), derived from CHELSA v2.1",
        "climate": climate,
        "missing": missing,
    }
    body = ",\n".join(f'    "{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in climate.items())
    head = {k: v for k, v in out.items() if k not in ("climate", "missing")}
    text = "{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in head.items())
    text += '  "climate": {\n' + body + "\n  },\n" + f'  "missing": {json.dumps(missing)}\n}}\n'
    (REPO / "resources" / "data" / "climate.json").write_text(text, encoding="utf-8")
    print(f"{len(climate)} cities with normals; missing: {', '.join(missing)}")


if __name__ == "__main__":
    main()
