"""Each gallery connector, installed from npm at its pinned version (.ci/run), starts here and
lists exactly the tools pinned below; a changed upstream fails this test instead of surprising a
user. Calls go nowhere: the network is pointed at a closed local port, and the error comes back
as one tool error, never a hang or a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.mcp.setup.gallery import find_connector
from desktop_app.mcp.trust.pins import TrustStore
from desktop_app.tools.registry import ToolRegistry
from tests.integration.mcp.conftest import REPO

BIN = REPO / ".cache" / "npm" / "node_modules" / ".bin"
PINNED = {
    "airbnb": ("mcp-server-airbnb", {"airbnb_search", "airbnb_listing_details"}),
    "openmeteo": (
        "open-meteo-mcp-server",
        {
            "weather_forecast", "weather_archive", "air_quality", "marine_weather", "elevation", "flood_forecast",
            "geocoding", "dwd_icon_forecast", "gfs_forecast", "meteofrance_forecast", "ecmwf_forecast",
            "jma_forecast", "metno_forecast", "gem_forecast", "seasonal_forecast", "climate_projection",
            "ensemble_forecast",
        },
    ),
    "weather": (
        "weather-mcp",
        {"get_weather_summary", "get_forecast", "get_current_conditions", "get_alerts", "search_location",
         "check_service_status"},
    ),
    "variflight": (
        "variflight-mcp",
        {"searchFlightsByDepArr", "searchFlightsByNumber", "getFlightTransferInfo", "flightHappinessIndex",
         "getRealtimeLocationByAnum", "getTodayDate", "getFutureWeatherByAirport", "searchFlightItineraries",
         "getFlightPriceByCities"},
    ),
    "googlemaps": (
        "mcp-google-map",
        {"maps_search_nearby", "maps_place_details", "maps_geocode", "maps_reverse_geocode", "maps_distance_matrix",
         "maps_directions", "maps_elevation", "maps_search_places", "maps_timezone", "maps_weather",
         "maps_explore_area", "maps_plan_route", "maps_compare_places", "maps_air_quality", "maps_static_map",
         "maps_batch_geocode", "maps_search_along_route", "maps_local_rank_tracker"},
    ),
}  # fmt: skip
CLOSED = "http://127.0.0.1:9"  # nothing listens: every call fails fast, offline and in CI alike


def _server(name: str, program: Path) -> ServerConfig:
    connector = find_connector(name)
    env: dict[str, str | dict[str, str]] = {"OPEN_METEO_API_URL": CLOSED, "VARIFLIGHT_API_URL": CLOSED}
    env |= {"OPEN_METEO_GEOCODING_API_URL": CLOSED, "OPEN_METEO_ARCHIVE_API_URL": CLOSED}
    if connector.key is not None:
        env[connector.key.env] = "test-key-not-real"
    return ServerConfig(name=name, command=str(program), args=connector.args, env=env, timeout=20)


@pytest.mark.asyncio
@pytest.mark.parametrize("name", sorted(PINNED))
async def test_a_gallery_connector_starts_and_lists_its_pinned_tools(name: str, tmp_path: Path) -> None:
    program, tools = BIN / PINNED[name][0], PINNED[name][1]
    if not program.exists():
        pytest.skip(f"{find_connector(name).package} is not installed (see .ci/run)")
    assert set(find_connector(name).tools) <= tools  # what the gallery promises is really there
    registry = ToolRegistry()
    manager = McpManager([_server(name, program)], registry, trust=TrustStore(tmp_path / "trust.json"))
    manager.start()
    try:
        await manager.wait_ready(90)
        status = manager.statuses()[0]
        assert status.state == "ready", status.reason
        assert {t.name.removeprefix(f"{name}__") for t in registry.all()} == tools
        assert all(t.source == f"mcp:{name}" for t in registry.all())
    finally:
        await manager.aclose()


@pytest.mark.asyncio
async def test_a_call_without_the_network_is_one_tool_error(tmp_path: Path) -> None:
    program = BIN / PINNED["openmeteo"][0]
    if not program.exists():
        pytest.skip("open-meteo-mcp-server is not installed (see .ci/run)")
    registry = ToolRegistry()
    manager = McpManager([_server("openmeteo", program)], registry, trust=TrustStore(tmp_path / "trust.json"))
    manager.start()
    try:
        await manager.wait_ready(90)
        out = await registry.execute(ToolCall("c1", "openmeteo__geocoding", {"name": "Sanya"}))
        assert out.is_error and ("127.0.0.1" in out.content or "ECONNREFUSED" in out.content), out
    finally:
        await manager.aclose()
