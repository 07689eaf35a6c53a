"""A city's time zone: its nearest airport's IANA name (resources/data/airports.json, from airportsdata)."""

from __future__ import annotations

import json
from functools import lru_cache

from desktop_app.paths import resources_dir


@lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    raw = json.loads((resources_dir() / "data" / "airports.json").read_text(encoding="utf-8"))
    zones = raw.get("zones", {}) if isinstance(raw, dict) else {}
    return {str(k): str(v) for k, v in zones.items()}


@lru_cache(maxsize=256)
def zone_for(city: str) -> str:
    """`三亚` -> `Asia/Shanghai`, `London` -> `Europe/London`; "" for a place the data does not know."""
    from desktop_app.travel.places import resolve_city

    found = resolve_city(city) if city else None
    return _zones().get(found.id, "") if found is not None else ""
