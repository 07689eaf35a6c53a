"""The shipped tool schemas are pydantic's, byte for byte, and a changed tool falls back to pydantic."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import desktop_app.tools.travel  # noqa: F401 - decorates every built-in tool
from desktop_app.tools import shipped_schemas
from desktop_app.tools.registry import DECORATED, pydantic_schema, tool


def test_the_shipped_file_is_what_pydantic_writes_now() -> None:
    shipped = json.loads(shipped_schemas.path().read_text(encoding="utf-8"))
    expected = json.loads(json.dumps(shipped_schemas.current(DECORATED, pydantic_schema)))
    assert json.dumps(shipped, ensure_ascii=False) == json.dumps(expected, ensure_ascii=False), (
        "a built-in tool changed: run `python packaging/tool_schemas.py`"
    )


def test_a_changed_tool_gets_pydantic_s_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    def book(city: str, nights: int = 1) -> str:
        """Book a room.

        Args:
            city: where
            nights: how many
        """
        return city

    stale = {"fingerprint": "stale", "parameters": {"type": "object", "properties": {}}}
    monkeypatch.setattr(shipped_schemas, "_shipped", lambda: {shipped_schemas.key(book): stale})
    assert shipped_schemas.shipped_schema(book) is None
    assert tool()(book).parameters == pydantic_schema(book)
    nights = tool()(book).parameters["properties"]["nights"]
    assert nights == {"default": 1, "description": "how many", "type": "integer"}


def test_the_built_in_tools_load_without_pydantic() -> None:
    code = (
        "import sys; from desktop_app.tools.travel import travel_tools; tools = travel_tools();"
        "print(len(tools), 'pydantic' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["6", "False"], done.stderr
