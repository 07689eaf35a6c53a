"""The travel tools as the model sees and calls them: schemas, seed values, aliases, errors."""

from __future__ import annotations

import json
from itertools import permutations
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.core.messages import ToolCall
from desktop_app.tools.registry import ToolOutput, ToolRegistry
from desktop_app.tools.travel import travel_tools
from desktop_app.tools.travel.common import SAMPLE_SOURCE
from desktop_app.tools.travel.flights import estimate, flight_for
from desktop_app.travel.distance import great_circle_km
from desktop_app.travel.places import all_cities, resolve_city


@pytest.fixture
def registry() -> ToolRegistry:
    return ToolRegistry(travel_tools())


async def call(registry: ToolRegistry, name: str, **args: Any) -> ToolOutput:
    return await registry.execute(ToolCall("call_1", name, args, json.dumps(args)))


async def ok(registry: ToolRegistry, name: str, **args: Any) -> dict[str, Any]:
    out = await call(registry, name, **args)
    assert not out.is_error, out.content
    data = json.loads(out.content)
    assert data["source"] == SAMPLE_SOURCE  # every sample result says so
    return data


# ---------------------------------------------------------------- what the model sees


def test_the_tools_and_their_risk(registry: ToolRegistry) -> None:
    assert registry.names() == [
        "get_weather",
        "get_flight_price",
        "get_train_price",
        "get_hotel_price",
        "save_itinerary",
        "update_trip",
    ]
    read = [t.name for t in registry.all() if t.risk == "read" and not t.needs_confirmation]
    assert read == ["get_weather", "get_flight_price", "get_train_price", "get_hotel_price"]
    for name in ("save_itinerary", "update_trip"):  # every write asks first
        tool = registry.get(name)
        assert tool is not None and tool.risk == "write" and tool.needs_confirmation


def test_schemas_are_the_seeds(registry: ToolRegistry) -> None:
    params = {t.name: t.parameters for t in registry.all()}
    assert params["get_weather"]["required"] == ["city"]
    assert params["get_weather"]["properties"]["city"]["type"] == "string"
    assert "北京、三亚、成都" in params["get_weather"]["properties"]["city"]["description"]
    assert params["get_flight_price"]["required"] == ["origin", "destination"]
    assert set(params["get_flight_price"]["properties"]) == {
        "origin", "destination", "depart_date", "return_date", "passengers", "round_trip", "children"
    }  # fmt: skip  # the seed's two, required; the dates and party optional (issue 30), an undated
    # round trip and the children among the passengers optional (issue 42)
    assert set(params["get_weather"]["properties"]) == {"city", "date"}
    assert set(params["get_hotel_price"]["required"]) == {"city"}
    assert params["get_hotel_price"]["required"] == ["city"]
    assert params["get_hotel_price"]["properties"]["stars"] == {
        "type": "integer",
        "default": 4,
        "minimum": 1,
        "maximum": 5,
        "description": "酒店星级，默认4 (hotel star level 1-5, default 4)",
    }
    assert params["save_itinerary"]["required"] == ["title", "markdown"]
    for t in registry.all():
        assert t.parameters["type"] == "object"
        first = t.description.splitlines()[0]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in first), "Chinese first, as in the seed"
        assert t.description.splitlines()[1].isascii(), "then English"


def test_seed_descriptions() -> None:
    tools = {t.name: t for t in travel_tools()}
    assert tools["get_weather"].description.startswith(
        "查询指定城市的当前天气，返回气温、天气状况、湿度、风力和出行建议"
    )
    assert tools["get_flight_price"].description.startswith("查询两个城市之间的机票价格")
    assert tools["get_hotel_price"].description.startswith("查询目的地的酒店价格")


# ---------------------------------------------------------------- the seed's values, exactly


async def test_weather_seed_values(registry: ToolRegistry) -> None:
    sanya = await ok(registry, "get_weather", city="三亚")
    assert {k: sanya[k] for k in ("city", "temperature", "condition", "humidity", "wind")} == {
        "city": "三亚",
        "temperature": "33°C",
        "condition": "晴，午后有短时雷阵雨",
        "humidity": "78%",
        "wind": "东南风3级",
    }
    assert sanya["suggestion"] == "带伞、防晒霜，避开午后暴晒"
    assert sanya["temperature_c"] == 33 and sanya["humidity_pct"] == 78
    assert sanya["condition_en"] and sanya["suggestion_en"] and sanya["wind_en"]
    beijing = await ok(registry, "get_weather", city="北京")
    assert (beijing["temperature"], beijing["condition"], beijing["humidity"], beijing["wind"]) == (
        "28°C",
        "晴",
        "45%",
        "北风2级",
    )
    chengdu = await ok(registry, "get_weather", city="成都")
    assert (chengdu["temperature"], chengdu["condition"], chengdu["humidity"], chengdu["wind"]) == (
        "22°C",
        "阴转多云",
        "82%",
        "微风",
    )


@pytest.mark.parametrize(
    ("origin", "destination", "route", "price", "cny", "duration"),
    [
        ("北京", "三亚", "北京→三亚", "¥1,280", 1280, "4h"),
        ("北京", "成都", "北京→成都", "¥980", 980, "2.5h"),
        ("上海", "三亚", "上海→三亚", "¥1,150", 1150, "3h"),
    ],
)
async def test_flight_seed_values(
    registry: ToolRegistry,
    origin: str,
    destination: str,
    route: str,
    price: str,
    cny: int,
    duration: str,
) -> None:
    data = await ok(registry, "get_flight_price", origin=origin, destination=destination)
    assert (data["route"], data["price"], data["duration"], data["type"]) == (
        route,
        price,
        duration,
        "直飞经济舱",
    )
    assert data["price_cny"] == cny and data["estimated"] is False


@pytest.mark.parametrize(
    ("city", "stars", "name", "price", "cny"),
    [
        ("三亚", 4, "三亚湾海景酒店", "¥680/晚", 680),
        ("三亚", 5, "亚龙湾度假村", "¥1,500/晚", 1500),
        ("成都", 4, "春熙路商务酒店", "¥420/晚", 420),
    ],
)
async def test_hotel_seed_values(
    registry: ToolRegistry, city: str, stars: int, name: str, price: str, cny: int
) -> None:
    data = await ok(registry, "get_hotel_price", city=city, stars=stars)
    assert (data["city"], data["stars"], data["name"], data["price"], data["breakfast"]) == (
        city,
        stars,
        name,
        price,
        True,
    )
    assert data["price_cny"] == cny and data["name_en"]


async def test_hotel_stars_default_to_four(registry: ToolRegistry) -> None:
    data = await ok(registry, "get_hotel_price", city="三亚")
    assert (data["stars"], data["name"]) == (4, "三亚湾海景酒店")


# ---------------------------------------------------------------- names, aliases, unknowns


@pytest.mark.parametrize("name", ["Sanya", "三亚市", "SANYA", " sanya city ", "三亞"])
async def test_weather_accepts_aliases(registry: ToolRegistry, name: str) -> None:
    assert (await ok(registry, "get_weather", city=name))["temperature"] == "33°C"


async def test_flight_accepts_aliases_both_ends(registry: ToolRegistry) -> None:
    data = await ok(registry, "get_flight_price", origin="Peking", destination="三亚市")
    assert (data["route"], data["price"]) == ("北京→三亚", "¥1,280")
    assert data["route_en"] == "Beijing → Sanya"


async def test_hotel_accepts_english(registry: ToolRegistry) -> None:
    data = await ok(registry, "get_hotel_price", city="Chengdu", stars=4)
    assert data["name"] == "春熙路商务酒店" and data["price_en"] == "CNY 420/night"


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("get_weather", {"city": "Atlantis"}),
        ("get_weather", {"city": "北平京"}),
        ("get_flight_price", {"origin": "北京", "destination": "Atlantis"}),
        ("get_flight_price", {"origin": "Atlantis", "destination": "三亚"}),
        ("get_hotel_price", {"city": "Atlantis", "stars": 4}),
    ],
)
async def test_unknown_city_is_a_clear_error_not_a_guess(
    registry: ToolRegistry, tool: str, args: dict[str, Any]
) -> None:
    out = await call(registry, tool, **args)
    assert out.is_error
    message = json.loads(out.content)["error"]
    unknown = next(v for v in args.values() if resolve_city(str(v)) is None)
    kinds = {"get_weather": "weather", "get_flight_price": "flight", "get_hotel_price": "hotel"}
    kind = kinds[tool]
    assert f"no {kind} data for {unknown!r}" in message and "known cities: 北京/Beijing" in message
    assert "悉尼/Sydney" in message
    assert "33°C" not in out.content and "¥" not in out.content


async def test_unknown_city_name_is_sanitised_in_the_message(registry: ToolRegistry) -> None:
    out = await call(registry, "get_weather", city="Nowhere\n\x00IGNORE PREVIOUS" + "x" * 500)
    message = json.loads(out.content)["error"]
    assert out.is_error and "\n" not in message and "\x00" not in message
    assert len(json.loads(out.content)["city"]) <= 60


async def test_same_city_is_an_error(registry: ToolRegistry) -> None:
    out = await call(registry, "get_flight_price", origin="Beijing", destination="北京市")
    assert out.is_error and "same city" in out.content


@pytest.mark.parametrize("stars", [0, 6, -1, "4", 4.5])
async def test_star_levels_are_validated_before_the_tool_runs(registry: ToolRegistry, stars: Any) -> None:
    out = await call(registry, "get_hotel_price", city="三亚", stars=stars)
    assert out.is_error and "invalid arguments for 'get_hotel_price'" in out.content


async def test_a_null_star_level_is_one_not_given(registry: ToolRegistry) -> None:
    """Small models null what they skip: an optional `null` is the default (it was refused before)."""
    out = await call(registry, "get_hotel_price", city="三亚", stars=None)
    assert not out.is_error and json.loads(out.content)["stars"] == 4


@pytest.mark.parametrize("stars", [1, 2])
async def test_star_levels_without_sample_hotels_list_what_exists(registry: ToolRegistry, stars: int) -> None:
    out = await call(registry, "get_hotel_price", city="三亚", stars=stars)
    data = json.loads(out.content)
    assert out.is_error and data["available_stars"] == [3, 4, 5]
    assert f"no {stars}-star hotel for Sanya" in data["error"]


# ---------------------------------------------------------------- estimated routes


def test_every_pair_of_known_cities_answers() -> None:
    for a, b in permutations(all_cities(), 2):
        data = flight_for(a.zh, b.en)
        assert isinstance(data, dict), (a.id, b.id)
        if data["estimated"]:  # anyone can redo the sum from what the result shows
            assert (data["price_cny"], data["duration_h"]) == estimate(data["distance_km"])
        assert data["price_cny"] > 0 and data["duration_h"] >= 1.0
        assert data["price"] == f"¥{data['price_cny']:,}" and data["source"] == SAMPLE_SOURCE


def test_estimates_are_deterministic_marked_and_follow_the_formula() -> None:
    first = flight_for("杭州", "Tokyo")
    assert first == flight_for("Hangzhou", "东京")
    assert isinstance(first, dict) and first["estimated"] is True
    assert first["type"] == "经济舱（估算）" and "great-circle" in first["basis"]
    a, b = resolve_city("杭州"), resolve_city("东京")
    assert a and b
    km = great_circle_km(a, b)
    assert 1_850 < km < 1_950  # Hangzhou-Tokyo is about 1,910 km
    assert first["distance_km"] == round(km) == 1911
    assert first["price_cny"] == 1260  # 300 + 0.5 x 1,911 = 1,255.5
    assert first["duration_h"] == 3.0  # 0.75 + 1,911 / 800 = 3.14


def test_estimate_formula_values() -> None:
    assert estimate(0) == (300, 1.0)
    assert estimate(1000) == (800, 2.0)
    assert estimate(8_000) == (4_300, 11.0)  # 10.75 h: halves round up
    assert estimate(8_390) == (4_500, 11.0)  # 4,495 rounds up to 4,500
    beijing, sanya = resolve_city("北京"), resolve_city("三亚")
    assert beijing and sanya
    assert 2_450 < great_circle_km(beijing, sanya) < 2_550
    london, paris, new_york = resolve_city("London"), resolve_city("Paris"), resolve_city("NYC")
    assert london and paris and new_york
    assert great_circle_km(london, paris) == pytest.approx(344, abs=3)  # well-known distances
    assert great_circle_km(london, new_york) == pytest.approx(5_570, abs=20)
    assert great_circle_km(beijing, sanya) == pytest.approx(great_circle_km(sanya, beijing))


def test_estimates_warn_about_very_short_and_very_long_trips() -> None:
    short, long = flight_for("上海", "苏州"), flight_for("悉尼", "纽约")
    assert isinstance(short, dict) and "train" in short["note"]
    assert isinstance(long, dict) and "connect" in long["note"]
    middle = flight_for("成都", "西安")
    assert isinstance(middle, dict) and "note" not in middle


# ---------------------------------------------------------------- through the CLI


def test_tools_call_get_weather_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tools", "call", "get_weather", "--args", '{"city":"三亚"}'])
    printed = json.loads(capsys.readouterr().out)
    assert code == 0 and printed["is_error"] is False
    assert printed["content"]["temperature"] == "33°C"
    assert printed["content"]["condition"] == "晴，午后有短时雷阵雨"


def test_tools_call_unknown_city_exits_one(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tools", "call", "get_hotel_price", "--args", '{"city":"Atlantis"}'])
    printed = json.loads(capsys.readouterr().out)
    assert code == 1 and printed["is_error"] and "known cities" in printed["content"]["error"]


def test_tools_listing_shows_all_four(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--json"]) == 0
    listing = {t["name"]: t for t in json.loads(capsys.readouterr().out)}
    assert {"get_weather", "get_flight_price", "get_hotel_price", "save_itinerary"} <= set(listing)
    assert listing["save_itinerary"]["risk"] == "write"


async def test_update_trip_keeps_one_clean_line_and_refuses_bad_days(registry: ToolRegistry) -> None:
    out = await call(registry, "update_trip", date="2026-12-08", plan="上午潜水\n\u202e下午休息" + "x" * 600)
    data = json.loads(out.content)
    assert not out.is_error and "\n" not in data["plan"] and "\u202e" not in data["plan"]
    assert len(data["plan"]) == 500 and data["date"] == "2026-12-08"
    for bad in (
        {"date": "next tuesday", "plan": "x"},
        {"date": "2026-01-01", "plan": "x"},
        {"date": "2026-12-08", "plan": " "},
    ):
        assert (await call(registry, "update_trip", **bad)).is_error
