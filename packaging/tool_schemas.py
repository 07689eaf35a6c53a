"""Refresh resources/data/tool_schemas.json: the built-in tools' schemas as pydantic writes them,
so a run needs no pydantic (desktop_app/tools/shipped_schemas.py).

Run after changing a built-in tool's signature or docstring: `python packaging/tool_schemas.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import desktop_app.tools.travel  # noqa: F401 - decorates every built-in tool
from desktop_app.tools.registry import DECORATED, pydantic_schema
from desktop_app.tools.shipped_schemas import current, write

if __name__ == "__main__":
    print(f"wrote {write(current(DECORATED, pydantic_schema))}")
