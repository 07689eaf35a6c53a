"""`travel-assistant mcp-server` through the official SDK's client, as Claude Desktop uses it."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from mcp import Client, types
from mcp.client.stdio import StdioServerParameters

from desktop_app.mcp.server.serve import build_server
from desktop_app.runtime import builtin_tools
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ProgressFn, ToolRegistry, tool

REPO = Path(__file__).resolve().parents[3]


async def test_serves_every_builtin_tool_over_stdio(app_home: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "desktop_app", "mcp-server"],
        cwd=str(REPO),
        env={"TRAVEL_ASSISTANT_HOME": str(app_home), "PYTHONPATH": str(REPO)},
    )
    expected = {t.name: t for t in builtin_tools(Settings.load())}
    async with Client(params, mode="legacy") as client:
        listed = (await client.list_tools()).tools
        assert {t.name for t in listed} == set(expected)
        for served in listed:
            ours = expected[served.name]
            assert served.input_schema == ours.parameters
            assert served.description == ours.description
            assert served.annotations is not None
            assert served.annotations.read_only_hint == (ours.risk == "read")

        name = next(iter(expected))
        args = _example_args(expected[name].parameters)
        result = await client.call_tool(name, args)
        assert not result.is_error
        assert result.content and result.content[0].text

        bad = await client.call_tool(name, {"no_such_argument": 1, **{k: 5 for k in args}})
        assert bad.is_error
        assert "invalid arguments" in bad.content[0].text


def _example_args(schema: dict[str, object]) -> dict[str, object]:
    """Plausible values for required string/number arguments."""
    props = schema.get("properties", {})
    assert isinstance(props, dict)
    out: dict[str, object] = {}
    for key in schema.get("required", []):  # type: ignore[attr-defined,union-attr]
        kind = props[key].get("type")
        out[key] = 2 if kind in ("integer", "number") else "三亚"
    return out


@tool()
async def count_to(n: int, report: ProgressFn | None = None) -> dict[str, int]:
    """Count to n, reporting progress.

    Args:
        n: how far to count
    """
    for i in range(1, n + 1):
        await asyncio.sleep(0)
        if report:
            report(i, n, f"{i}/{n}")
    return {"counted": n}


def test_the_progress_parameter_is_not_part_of_the_schema() -> None:
    assert count_to.parameters["properties"].keys() == {"n"} and count_to.parameters["required"] == ["n"]


async def test_progress_and_structured_content_in_process() -> None:
    server = build_server(ToolRegistry([count_to]))
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async with Client(server, mode="legacy") as client:
        result = await client.call_tool("count_to", {"n": 3}, progress_callback=on_progress)
    assert not result.is_error
    assert result.structured_content == {"counted": 3}
    assert json.loads(result.content[0].text) == {"counted": 3}
    assert seen == [1, 2, 3]


def _travel_server(live_weather: bool = False) -> Any:
    return build_server(ToolRegistry(builtin_tools(Settings(live_weather=live_weather))))


ITINERARY = {"title": "Sanya in three days", "markdown": "# Day 1\nBeach."}


def _answering(action: str, confirm: bool = True) -> Any:
    """An elicitation callback that answers like a user at a client's form; records the question."""
    asked: list[Any] = []

    async def answer(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params)
        content = {"confirm": confirm} if action == "accept" else None
        return types.ElicitResult(action=action, content=content)  # type: ignore[arg-type]

    answer.asked = asked  # type: ignore[attr-defined]
    return answer


def _saved(app_home: Path) -> list[Path]:
    return sorted((app_home / "documents").rglob("*.md"))


async def test_save_itinerary_asks_through_elicitation_and_saves_on_yes(app_home: Path) -> None:
    answer = _answering("accept")
    async with Client(_travel_server(), mode="legacy", elicitation_callback=answer) as client:
        result = await client.call_tool("save_itinerary", ITINERARY)
    assert not result.is_error, result.content
    (params,) = answer.asked
    assert "save_itinerary" in params.message and "Sanya in three days" in params.message
    assert params.requested_schema["properties"]["confirm"]["type"] == "boolean"
    assert [p.name for p in _saved(app_home)] == ["Sanya in three days.md"]


async def test_save_itinerary_declined_saves_nothing_and_says_why(app_home: Path) -> None:
    for answer, why in (
        (_answering("decline"), "the user declined"),
        (_answering("cancel"), "the user dismissed"),
        (_answering("accept", confirm=False), "did not tick Allow"),
    ):
        async with Client(_travel_server(), mode="legacy", elicitation_callback=answer) as client:
            result = await client.call_tool("save_itinerary", ITINERARY)
        assert result.is_error and why in result.content[0].text
        assert "nothing was done" in result.content[0].text
    assert _saved(app_home) == []


async def test_save_itinerary_refused_when_the_client_cannot_ask(app_home: Path) -> None:
    async with Client(_travel_server(), mode="legacy") as client:  # no elicitation capability
        result = await client.call_tool("save_itinerary", ITINERARY)
        weather = await client.call_tool("get_weather", {"city": "三亚"})  # read-only: never asks
    assert result.is_error and "cannot ask the user" in result.content[0].text
    assert _saved(app_home) == []
    assert not weather.is_error


async def test_hints_say_what_each_tool_does(app_home: Path) -> None:
    for live in (False, True):
        async with Client(_travel_server(live_weather=live), mode="legacy") as client:
            hints = {t.name: t.annotations for t in (await client.list_tools()).tools}
        save, weather = hints["save_itinerary"], hints["get_weather"]
        assert save is not None and weather is not None
        assert save.destructive_hint is True and save.read_only_hint is False
        assert weather.read_only_hint is True
        assert weather.open_world_hint is live  # live weather reaches Open-Meteo
