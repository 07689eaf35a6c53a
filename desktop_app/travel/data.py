"""The bundled travel data files (`resources/data/`), each parsed once for the tools and the planner."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from desktop_app.paths import resources_dir


@lru_cache(maxsize=32)
def load_data(name: str) -> dict[str, Any]:
    """One bundled JSON file of `resources/data/`, parsed once."""
    raw = json.loads((resources_dir() / "data" / name).read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"resources/data/{name} must hold a JSON object")
    return raw
