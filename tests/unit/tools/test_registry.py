"""`@tool` schemas from type hints, validation before running, result size cap."""

from __future__ import annotations

import asyncio
from typing import Literal

import pytest

from desktop_app.core.messages import ToolCall
from desktop_app.tools.registry import RESULT_CAP, ToolRegistry, tool


@tool(risk="write")
def book(city: str, nights: int, tags: list[str] | None = None, kind: Literal["hotel", "hostel"] = "hotel") -> str:
    """Books a room.

    Args:
        city: where
        nights: how many nights
        tags: optional labels
        kind: what to book
    """
    return f"{city}:{nights}:{kind}"


@tool()
def huge() -> str:
    """Returns far too much."""
    return "x" * (RESULT_CAP * 3)


def test_schema_from_hints_and_docstring() -> None:
    schema = book.parameters
    assert schema["type"] == "object" and schema["required"] == ["city", "nights"]
    props = schema["properties"]
    assert props["city"] == {"type": "string", "description": "where"}
    assert props["nights"]["type"] == "integer"
    assert props["kind"]["enum"] == ["hotel", "hostel"]
    assert book.description == "Books a room."
    assert book.risk == "write" and book.needs_confirmation


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ({"city": "x"}, "'nights' is a required property"),
        ({"city": "x", "nights": 1.5}, "is not of type 'integer'"),
        ({"city": "x", "nights": 2, "kind": "castle"}, "is not one of"),
        ({"city": "x", "nights": 2, "tags": "a"}, "tags"),
    ],
)
def test_invalid_arguments_are_refused(args: dict[str, object], needle: str) -> None:
    resolved = ToolRegistry([book]).resolve(ToolCall("c", "book", args))
    assert not isinstance(resolved, tuple)
    assert resolved.is_error and needle in resolved.content


def test_valid_arguments_run() -> None:
    out = asyncio.run(ToolRegistry([book]).execute(ToolCall("c", "book", {"city": "x", "nights": 2})))
    assert out.content == "x:2:hotel" and not out.is_error


def test_over_long_results_are_cut_with_a_note() -> None:
    out = asyncio.run(ToolRegistry([huge]).execute(ToolCall("c", "huge", {})))
    assert len(out.content) < RESULT_CAP + 200
    assert "[truncated: result was 48000 characters" in out.content


def test_duplicate_names_are_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):
        ToolRegistry([book, book])


async def test_a_builtin_ignores_undeclared_keys_and_nulls_a_small_model_writes() -> None:
    """Qwen2.5-Coder 0.5B copied the schema's `required` list into its arguments and nulled the dates
    it skipped: the built-in function ran with what it declares (it raised TypeError before)."""
    from desktop_app.core.messages import ToolCall
    from desktop_app.runtime import builtin_registry

    registry = builtin_registry()
    args = {"origin": "上海", "destination": "三亚", "date": None, "required": ["origin", "destination"]}
    out = await registry.execute(ToolCall("c1", "get_flight_price", args))
    assert not out.is_error, out.content
    missing = await registry.execute(ToolCall("c2", "get_flight_price", {"origin": "上海", "destination": None}))
    assert missing.is_error and "destination" in missing.content  # a required one stays required
