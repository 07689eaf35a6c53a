"""`get_train_price` (issue 42 item 3): estimated rail fares from the distance, its schema on both
providers' wires and over MCP, and the planner taking the train where a traveller would."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.core.messages import ToolCall
from desktop_app.llm import anthropic as an
from desktop_app.llm import openai as oa
from desktop_app.tools.registry import ToolRegistry
from desktop_app.tools.travel import travel_tools
from desktop_app.tools.travel.common import SAMPLE_SOURCE


@pytest.fixture
def registry() -> ToolRegistry:
    return ToolRegistry(travel_tools())


async def _train(registry: ToolRegistry, **args: Any) -> tuple[bool, dict[str, Any]]:
    out = await registry.execute(ToolCall("t1", "get_train_price", args, json.dumps(args)))
    return out.is_error, json.loads(out.content)


async def test_an_estimate_from_the_rail_distance(registry: ToolRegistry) -> None:
    error, fare = await _train(registry, origin="上海", destination="杭州")
    assert not error and fare["estimated"] is True and fare["source"] == SAMPLE_SOURCE
    km = fare["distance_km"]
    assert 150 < km < 250 and fare["price_cny"] == round(0.45 * km) and fare["duration_h"] == 1.0
    assert fare["route"] == "上海→杭州" and fare["price"] == f"¥{fare['price_cny']}" and "basis" in fare
    slow = fare["conventional"]
    assert slow["price_cny"] < fare["price_cny"] and slow["duration_h"] > fare["duration_h"]
    error, party = await _train(registry, origin="Kunming", destination="Dali", date="2026-12-07", passengers=3)
    assert not error and party["legs"] == 1 and party["total_cny"] == party["price_cny"] * 3
    assert party["depart_date"] == "2026-12-07"
    error, found = await _train(registry, origin="上海", destination="东京")
    assert error and "no rail estimate" in found["error"]
    error, found = await _train(registry, origin="Shanghai", destination="Atlantis")
    assert error


def test_the_schema_on_both_wires(registry: ToolRegistry) -> None:
    tool = registry.get("get_train_price")
    assert tool is not None and tool.risk == "read" and not tool.needs_confirmation
    assert tool.parameters["required"] == ["origin", "destination"]
    assert {"date", "passengers"} <= set(tool.parameters["properties"])
    spec = tool.spec()
    assert oa.tool_to_wire(spec)["function"]["name"] == "get_train_price"
    assert oa.tool_to_wire(spec)["function"]["parameters"] == tool.parameters
    assert an.tool_to_wire(spec)["name"] == "get_train_price"
    assert an.tool_to_wire(spec)["input_schema"] == tool.parameters


@pytest.mark.parametrize(
    ("question", "origin", "destination"),
    [("下周从上海去杭州玩三天", "上海", "杭州"),
     ("3 days in Shenzhen from Guangzhou next week", "Guangzhou", "Shenzhen"),
     ("From Kunming to Dali for 3 days next week", "Kunming", "Dali")],
)  # fmt: skip
def test_close_cities_go_by_train_and_the_answer_says_why(
    capsys: pytest.CaptureFixture[str], question: str, origin: str, destination: str
) -> None:
    capsys.readouterr()
    assert main(["ask", "--provider", "offline", "--json", question]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    fares = [e for e in events if e["type"] == "tool_call" and e["name"] in ("get_train_price", "get_flight_price")]
    assert [(e["name"], e["arguments"]["origin"], e["arguments"]["destination"]) for e in fares] == [
        ("get_train_price", origin, destination)
    ]
    final = next(e for e in events if e["type"] == "final")["text"]
    assert ("火车票" in final and "比飞机快" in final) or ("Train tickets" in final and "quicker than flying" in final)
    trip = next(e for e in events if e["type"] == "trip")
    capsys.readouterr()
    assert main(["trip", "show", trip["id"], "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert {leg["mode"] for leg in shown["legs"]} == {"train"} and len(shown["legs"]) == 2


def test_far_cities_still_fly(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["ask", "--provider", "offline", "--json", "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"])
        == 0
    )
    names = [json.loads(line).get("name") for line in capsys.readouterr().out.splitlines()]
    assert "get_flight_price" in names and "get_train_price" not in names


def test_a_flight_asked_for_is_a_flight_even_between_close_cities(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "--provider", "offline", "--json", "上海到杭州的机票多少钱"]) == 0
    names = [json.loads(line).get("name") for line in capsys.readouterr().out.splitlines()]
    assert "get_flight_price" in names and "get_train_price" not in names
