"""Live weather over real HTTP to a local server speaking Open-Meteo's JSON, and every fallback."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from desktop_app.cli import main
from desktop_app.core.messages import ToolCall
from desktop_app.runtime import weather_config
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolOutput, ToolRegistry
from desktop_app.tools.travel import travel_tools
from desktop_app.tools.travel.common import SAMPLE_SOURCE
from desktop_app.tools.travel.open_meteo import (
    LIVE_SOURCE,
    beaufort,
    condition_text,
    suggestion_text,
    wind_text,
)

FORECAST: dict[str, Any] = {
    "latitude": 18.25,
    "longitude": 109.5,
    "generationtime_ms": 0.05,
    "utc_offset_seconds": 28800,
    "timezone": "Asia/Shanghai",
    "timezone_abbreviation": "GMT+8",
    "elevation": 7.0,
    "current_units": {
        "time": "iso8601",
        "interval": "seconds",
        "temperature_2m": "°C",
        "relative_humidity_2m": "%",
        "weather_code": "wmo code",
        "wind_speed_10m": "km/h",
        "wind_direction_10m": "°",
    },
    "current": {
        "time": "2026-12-02T16:30",
        "interval": 900,
        "temperature_2m": 29.6,
        "relative_humidity_2m": 84,
        "weather_code": 95,
        "wind_speed_10m": 15.1,
        "wind_direction_10m": 135,
    },
}
REYKJAVIK = {
    "results": [
        {
            "id": 3413829,
            "name": "Reykjavík",
            "latitude": 64.13548,
            "longitude": -21.89541,
            "elevation": 14.0,
            "feature_code": "PPLC",
            "country_code": "IS",
            "timezone": "Atlantic/Reykjavik",
            "population": 118918,
            "country": "Iceland",
            "admin1": "Capital Region",
        }
    ],
    "generationtime_ms": 0.6,
}


@dataclass
class FakeOpenMeteo:
    """What the local server answers per path, and every request it saw."""

    port: int = 0
    answers: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    stall: threading.Event | None = None

    def answer(self, path: str, body: Any, status: int = 200) -> None:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.answers[path] = (status, raw)

    def settings(self, **extra: Any) -> Settings:
        base = f"http://127.0.0.1:{self.port}"
        return Settings(
            live_weather=True,
            extra={
                "open_meteo_forecast_url": f"{base}/v1/forecast",
                "open_meteo_geocoding_url": f"{base}/v1/search",
                **extra,
            },
        )


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proxy in the environment would swallow requests meant for the local server."""
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def server() -> Iterator[FakeOpenMeteo]:
    state = FakeOpenMeteo()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            url = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            state.requests.append((url.path, query))
            if state.stall is not None:
                state.stall.wait(10)
            status, body = state.answers.get(url.path, (404, b'{"error":true,"reason":"no"}'))
            if url.path == "/v1/forecast" and not {"latitude", "longitude"} <= set(query):
                status, body = 400, b'{"error":true,"reason":"Parameter latitude is missing"}'
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            return None

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield state
    finally:
        if state.stall is not None:
            state.stall.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


async def weather(settings: Settings, city: str) -> ToolOutput:
    registry = ToolRegistry(travel_tools(weather_config(settings)))
    return await registry.execute(ToolCall("c1", "get_weather", {"city": city}, ""))


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- live answers


async def test_known_city_uses_bundled_coordinates_and_live_conditions(
    server: FakeOpenMeteo,
) -> None:
    server.answer("/v1/forecast", FORECAST)
    out = await weather(server.settings(), "Sanya")
    data = json.loads(out.content)
    assert not out.is_error
    assert [path for path, _ in server.requests] == ["/v1/forecast"]  # no geocoding needed
    query = server.requests[0][1]
    assert (query["latitude"], query["longitude"]) == ("18.2528", "109.5119")
    assert set(query["current"].split(",")) >= {
        "temperature_2m",
        "relative_humidity_2m",
        "weather_code",
        "wind_speed_10m",
    }
    assert data["source"] == LIVE_SOURCE
    assert (data["city"], data["temperature"], data["condition"], data["humidity"]) == (
        "三亚",
        "30°C",
        "雷阵雨",
        "84%",
    )
    assert data["wind"] == "东南风3级" and data["wind_en"].startswith("Southeast wind, force 3")
    assert data["temperature_c"] == 29.6 and data["weather_code"] == 95
    assert data["observed_at"] == "2026-12-02T16:30"
    assert "带伞" in data["suggestion"] and "umbrella" in data["suggestion_en"]


async def test_unknown_city_goes_through_geocoding(server: FakeOpenMeteo) -> None:
    server.answer("/v1/search", REYKJAVIK)
    server.answer("/v1/forecast", FORECAST)
    out = await weather(server.settings(), "Reykjavik")
    data = json.loads(out.content)
    assert not out.is_error and data["source"] == LIVE_SOURCE
    (search_path, search), (forecast_path, forecast) = server.requests
    assert (search_path, search["name"], search["count"], search["language"]) == (
        "/v1/search",
        "Reykjavik",
        "1",
        "en",
    )
    assert (forecast_path, forecast["latitude"], forecast["longitude"]) == (
        "/v1/forecast",
        "64.1355",
        "-21.8954",
    )
    assert data["city"] == "Reykjavík" and data["place"] == "Reykjavík, Iceland"


async def test_geocoding_asks_in_chinese_for_chinese_names(server: FakeOpenMeteo) -> None:
    server.answer("/v1/search", REYKJAVIK)
    server.answer("/v1/forecast", FORECAST)
    await weather(server.settings(), "雷克雅未克")
    assert server.requests[0][1]["language"] == "zh"


async def test_geocoding_that_finds_nothing_is_a_clear_error(server: FakeOpenMeteo) -> None:
    server.answer("/v1/search", {"generationtime_ms": 0.4})
    out = await weather(server.settings(), "Atlantis")
    assert out.is_error
    message = json.loads(out.content)["error"]
    assert "found no place named 'Atlantis'" in message and "known cities" in message
    assert [path for path, _ in server.requests] == ["/v1/search"]


async def test_live_off_never_touches_the_network(server: FakeOpenMeteo) -> None:
    settings = server.settings()
    settings.live_weather = False
    data = json.loads((await weather(settings, "三亚")).content)
    assert data["source"] == SAMPLE_SOURCE and data["temperature"] == "33°C"
    assert server.requests == []


# ---------------------------------------------------------------- failures fall back, and say so


def assert_sample_fallback(out: ToolOutput, reason: str) -> None:
    data = json.loads(out.content)
    assert not out.is_error
    assert data["source"] == SAMPLE_SOURCE and data["temperature"] == "33°C"
    assert reason in data["live_error"]
    assert "live weather unavailable" in data["note"] and "实时天气不可用" in data["note"]


async def test_unreachable_falls_back_to_the_sample() -> None:
    port = closed_port()
    settings = Settings(
        live_weather=True,
        extra={
            "open_meteo_forecast_url": f"http://127.0.0.1:{port}/v1/forecast",
            "open_meteo_geocoding_url": f"http://127.0.0.1:{port}/v1/search",
        },
    )
    assert_sample_fallback(await weather(settings, "三亚"), "Open-Meteo unreachable")
    out = await weather(settings, "Atlantis")
    assert out.is_error and "live weather unavailable: Open-Meteo unreachable" in out.content


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"<html>502 Bad Gateway</html>", "not a JSON object"),
        ([1, 2, 3], "not a JSON object"),
        ({"latitude": 18.25}, "no 'current' object"),
        ({"current": {**FORECAST["current"], "temperature_2m": "hot"}}, "temperature_2m is 'hot'"),
        ({"current": {**FORECAST["current"], "temperature_2m": None}}, "temperature_2m is None"),
        ({"current": {**FORECAST["current"], "relative_humidity_2m": 180}}, "out of range"),
        ({"current": {**FORECAST["current"], "weather_code": 2.5}}, "weather_code is 2.5"),
        ({"current": {**FORECAST["current"], "wind_speed_10m": True}}, "wind_speed_10m is True"),
    ],
)
async def test_malformed_forecast_falls_back(server: FakeOpenMeteo, body: Any, reason: str) -> None:
    server.answer("/v1/forecast", body)
    out = await weather(server.settings(), "三亚")
    assert_sample_fallback(out, "malformed response from Open-Meteo")
    assert reason in json.loads(out.content)["live_error"]


async def test_http_error_reports_open_meteos_reason(server: FakeOpenMeteo) -> None:
    server.answer("/v1/forecast", {"error": True, "reason": "Cannot initialize"}, status=400)
    assert_sample_fallback(await weather(server.settings(), "三亚"), "HTTP 400: Cannot initialize")


async def test_malformed_geocoding_is_reported(server: FakeOpenMeteo) -> None:
    server.answer("/v1/search", {"results": [{"name": "X", "latitude": 999, "longitude": 0}]})
    out = await weather(server.settings(), "Atlantis")
    assert out.is_error and "latitude=999" in out.content


async def test_a_stalled_server_times_out_quickly(server: FakeOpenMeteo) -> None:
    server.answer("/v1/forecast", FORECAST)
    server.stall = threading.Event()
    out = await weather(server.settings(open_meteo_timeout_s=0.3), "三亚")
    assert_sample_fallback(out, "Open-Meteo timed out after 0.3 s")


# ---------------------------------------------------------------- settings and the CLI


def test_settings_choose_the_urls_and_ignore_junk() -> None:
    api = weather_config(Settings(extra={"open_meteo_forecast_url": 42})).api
    assert api.forecast_url == "https://api.open-meteo.com/v1/forecast"
    assert api.geocoding_url == "https://geocoding-api.open-meteo.com/v1/search"
    assert api.timeout_s == 6.0


def test_cli_tools_call_with_live_weather_on(server: FakeOpenMeteo, capsys: pytest.CaptureFixture[str]) -> None:
    server.answer("/v1/forecast", FORECAST)
    server.settings().save()
    code = main(["tools", "call", "get_weather", "--args", '{"city":"三亚"}'])
    printed = json.loads(capsys.readouterr().out)
    assert code == 0 and printed["content"]["source"] == LIVE_SOURCE
    assert printed["content"]["temperature"] == "30°C"


# ---------------------------------------------------------------- WMO codes and wind as text


@pytest.mark.parametrize(
    ("code", "zh", "en"),
    [
        (0, "晴", "Clear sky"),
        (3, "阴", "Overcast"),
        (45, "雾", "Fog"),
        (63, "中雨", "Moderate rain"),
        (75, "大雪", "Heavy snowfall"),
        (81, "阵雨", "Moderate rain showers"),
        (95, "雷阵雨", "Thunderstorm"),
        (99, "雷阵雨伴有大冰雹", "Thunderstorm with heavy hail"),
        (42, "未知天气（代码 42）", "Unknown weather (code 42)"),
    ],
)
def test_wmo_codes(code: int, zh: str, en: str) -> None:
    assert condition_text(code) == (zh, en)


@pytest.mark.parametrize(("kmh", "force"), [(0, 0), (0.9, 0), (1, 1), (5.9, 1), (6, 2), (12, 3), (19.9, 3), (118, 12)])
def test_beaufort(kmh: float, force: int) -> None:
    assert beaufort(kmh) == force


def test_wind_and_suggestion_text() -> None:
    assert wind_text(15, 0)[0] == "北风3级"
    assert wind_text(15, 350)[0] == "北风3级"
    assert wind_text(15, 225)[0] == "西南风3级"
    assert wind_text(30, None) == ("5级风", "Wind force 5 (30 km/h)")
    assert wind_text(0.5, 90)[0] == "无风"
    assert suggestion_text(0, 20) == ("天气适宜出行", "Good weather for getting around")
    assert "保暖" in suggestion_text(71, -3)[0] and "防滑" in suggestion_text(71, -3)[0]
    assert suggestion_text(0, 35)[1].startswith("Hot")
