"""The route map's data, read once: the Natural Earth basemap (resources/data/basemap-110m.json,
see BASEMAP_SOURCES.md there) and the sample cities' coordinates (cities.json). No Qt, no network."""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from desktop_app.paths import resources_dir

Bounds = tuple[float, float, float, float]  # west, south, east, north in degrees
MIN_SPAN = 12.0  # degrees of longitude shown at least (one city alone is not a world map's pixel)


@dataclass(frozen=True)
class Ring:
    """One outline of a country: its points and its bounding box (for skipping what is off the map).
    The points are kept flat (lon, lat, lon, lat, ...) in an array of doubles: 16 bytes a point
    instead of ~100 as tuples of floats (the whole basemap: ~0.15 MB instead of ~1 MB)."""

    flat: array[float]
    bounds: Bounds

    @property
    def points(self) -> Iterator[tuple[float, float]]:
        """(lon, lat) pairs, in order."""
        return zip(self.flat[0::2], self.flat[1::2], strict=True)


@cache
def basemap() -> tuple[Ring, ...]:
    data = json.loads((resources_dir() / "data" / "basemap-110m.json").read_text(encoding="utf-8"))
    out = []
    for country in data["countries"]:
        for flat in country["rings"]:
            if len(flat) % 2:
                raise ValueError("a basemap ring with an odd number of coordinates")
            lons, lats = flat[0::2], flat[1::2]
            out.append(Ring(array("d", flat), (min(lons), min(lats), max(lons), max(lats))))
    return tuple(out)


@cache
def _cities() -> dict[str, tuple[float, float]]:
    data = json.loads((resources_dir() / "data" / "cities.json").read_text(encoding="utf-8"))
    out: dict[str, tuple[float, float]] = {}
    for city in data["cities"]:
        where = (float(city["lon"]), float(city["lat"]))
        for name in (city["id"], city["zh"], city["en"], *city.get("aliases", ())):
            out.setdefault(str(name).casefold(), where)
    return out


def locate(*names: str) -> tuple[float, float] | None:
    """Longitude and latitude of the first name the sample cities know (Chinese, English or alias)."""
    table = _cities()
    for name in names:
        found = table.get(name.strip().casefold()) if name else None
        if found is not None:
            return found
    return None


def frame(points: list[tuple[float, float]], aspect: float) -> Bounds:
    """The map's window onto the world: every point with a margin, at least MIN_SPAN wide, with
    the width/height `aspect` of the widget (equirectangular: one degree is as wide as it is tall)."""
    if not points:
        return (-180.0, -60.0, 180.0, 80.0)
    lons, lats = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(lons) + max(lons)) / 2, (min(lats) + max(lats)) / 2
    width = max(max(lons) - min(lons), MIN_SPAN) * 1.35
    height = max(max(lats) - min(lats), MIN_SPAN / 2) * 1.5
    if width / height < aspect:
        width = height * aspect
    else:
        height = width / aspect
    return (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
