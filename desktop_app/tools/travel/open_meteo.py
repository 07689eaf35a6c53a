"""Live current weather from Open-Meteo (free, no key): geocoding, forecast, WMO codes as text."""

from __future__ import annotations

import calendar
import math
import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
ARCHIVE_URL = "https://archive-api.open-meteo.com/v1/archive"
GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"
CURRENT_VARS = "temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m"
DAILY_VARS = "temperature_2m_max,temperature_2m_min,weather_code,precipitation_probability_max"
ARCHIVE_VARS = "temperature_2m_max,temperature_2m_min,precipitation_sum"
LIVE_SOURCE = "live: Open-Meteo (open-meteo.com)"

# WMO weather interpretation codes, as Open-Meteo documents them.
WMO_CODES: dict[int, tuple[str, str]] = {
    0: ("晴", "Clear sky"),
    1: ("晴间少云", "Mainly clear"),
    2: ("多云", "Partly cloudy"),
    3: ("阴", "Overcast"),
    45: ("雾", "Fog"),
    48: ("雾凇", "Depositing rime fog"),
    51: ("小毛毛雨", "Light drizzle"),
    53: ("毛毛雨", "Moderate drizzle"),
    55: ("大毛毛雨", "Dense drizzle"),
    56: ("冻毛毛雨", "Light freezing drizzle"),
    57: ("强冻毛毛雨", "Dense freezing drizzle"),
    61: ("小雨", "Slight rain"),
    63: ("中雨", "Moderate rain"),
    65: ("大雨", "Heavy rain"),
    66: ("冻雨", "Light freezing rain"),
    67: ("强冻雨", "Heavy freezing rain"),
    71: ("小雪", "Slight snowfall"),
    73: ("中雪", "Moderate snowfall"),
    75: ("大雪", "Heavy snowfall"),
    77: ("米雪", "Snow grains"),
    80: ("小阵雨", "Slight rain showers"),
    81: ("阵雨", "Moderate rain showers"),
    82: ("强阵雨", "Violent rain showers"),
    85: ("小阵雪", "Slight snow showers"),
    86: ("强阵雪", "Heavy snow showers"),
    95: ("雷阵雨", "Thunderstorm"),
    96: ("雷阵雨伴有小冰雹", "Thunderstorm with slight hail"),
    99: ("雷阵雨伴有大冰雹", "Thunderstorm with heavy hail"),
}
RAIN = frozenset({51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 80, 81, 82, 95, 96, 99})
SNOW = frozenset({71, 73, 75, 77, 85, 86})
# Upper bounds (km/h) of Beaufort forces 0..11; the 级 of Chinese forecasts is the Beaufort force.
BEAUFORT_KMH = (1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118)
DIRECTIONS = (
    ("北", "North"),
    ("东北", "Northeast"),
    ("东", "East"),
    ("东南", "Southeast"),
    ("南", "South"),
    ("西南", "Southwest"),
    ("西", "West"),
    ("西北", "Northwest"),
)


class LiveWeatherError(Exception):
    """Open-Meteo could not be used: unreachable, an HTTP error, or a malformed answer."""


@dataclass(frozen=True)
class Place:
    """Where to ask for weather: from the bundled cities or from Open-Meteo's geocoding."""

    name: str
    country: str
    lat: float
    lon: float


@dataclass(frozen=True)
class Current:
    """The current conditions Open-Meteo reported (metric units)."""

    temperature_c: float
    humidity_pct: float
    code: int
    wind_kmh: float
    wind_dir_deg: float | None
    time: str


@dataclass(frozen=True)
class Daily:
    """One day of Open-Meteo's forecast (metric units)."""

    day: str
    high_c: float
    low_c: float
    code: int
    rain_pct: float | None


FORECAST_DAYS = 16  # Open-Meteo's forecast horizon: later dates get last year's observations instead


@dataclass(frozen=True)
class MonthObserved:
    """A month as it was observed (Open-Meteo's historical archive): means of the daily values."""

    year: int
    month: int
    high_c: float
    low_c: float
    wet_days: int  # days with at least 1 mm of precipitation


def condition_text(code: int) -> tuple[str, str]:
    """A WMO code as Chinese and English text (an unknown code is named, not guessed)."""
    return WMO_CODES.get(code, (f"未知天气（代码 {code}）", f"Unknown weather (code {code})"))


def beaufort(kmh: float) -> int:
    """Wind speed in km/h as a Beaufort force 0..12."""
    return bisect_right(BEAUFORT_KMH, kmh)


def wind_text(kmh: float, degrees: float | None) -> tuple[str, str]:
    """`东南风3级` and `Southeast wind, force 3 (15 km/h)`, as Chinese forecasts write wind."""
    force = beaufort(kmh)
    if force == 0:
        return "无风", f"Calm ({kmh:.0f} km/h)"
    if degrees is None:
        return f"{force}级风", f"Wind force {force} ({kmh:.0f} km/h)"
    zh, en = DIRECTIONS[round(degrees / 45.0) % 8]
    return f"{zh}风{force}级", f"{en} wind, force {force} ({kmh:.0f} km/h)"


def suggestion_text(code: int, temperature_c: float) -> tuple[str, str]:
    """A short travel tip from the conditions, in Chinese and English."""
    tips: list[tuple[str, str]] = []
    if code in RAIN:
        tips.append(("带伞", "bring an umbrella"))
    if code >= 95:
        tips.append(("雷雨时避开空旷高处", "avoid exposed places during thunderstorms"))
    if code in SNOW:
        tips.append(("路面湿滑，注意防滑", "roads may be slippery"))
    if code in (45, 48):
        tips.append(("能见度低，注意交通安全", "low visibility: take care on the roads"))
    if temperature_c >= 32:
        tips.append(("高温，注意防暑补水", "hot: drink water and avoid the midday sun"))
    elif temperature_c >= 26 and code <= 2:
        tips.append(("注意防晒", "wear sunscreen"))
    elif temperature_c <= 5:
        tips.append(("天气寒冷，注意保暖", "cold: dress warmly"))
    elif temperature_c <= 15:
        tips.append(("早晚较凉，带件外套", "cool: bring a jacket"))
    if not tips:
        tips.append(("天气适宜出行", "good weather for getting around"))
    return "，".join(z for z, _ in tips), "; ".join(e for _, e in tips).capitalize()


def _number(obj: dict[str, Any], key: str, low: float, high: float) -> float:
    """A finite number within a sane range, or LiveWeatherError naming the field."""
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise LiveWeatherError(f"malformed response from Open-Meteo: {key} is {value!r}")
    if not low <= value <= high:
        raise LiveWeatherError(f"malformed response from Open-Meteo: {key}={value} is out of range")
    return float(value)


def parse_current(body: dict[str, Any]) -> Current:
    """The `current` block of a forecast response, validated."""
    cur = body.get("current")
    if not isinstance(cur, dict):
        raise LiveWeatherError("malformed response from Open-Meteo: no 'current' object")
    code = _number(cur, "weather_code", 0, 99)
    if code != int(code):
        raise LiveWeatherError(f"malformed response from Open-Meteo: weather_code is {code}")
    direction = cur.get("wind_direction_10m")
    return Current(
        temperature_c=_number(cur, "temperature_2m", -100, 70),
        humidity_pct=_number(cur, "relative_humidity_2m", 0, 100),
        code=int(code),
        wind_kmh=_number(cur, "wind_speed_10m", 0, 500),
        wind_dir_deg=_number(cur, "wind_direction_10m", 0, 360) if direction is not None else None,
        time=str(cur.get("time", ""))[:40],
    )


def parse_daily(body: dict[str, Any]) -> Daily:
    """The first day of a `daily` block, validated like `current`."""
    block = body.get("daily")
    if not isinstance(block, dict):
        raise LiveWeatherError("malformed response from Open-Meteo: no 'daily' object")
    first = {k: v[0] for k, v in block.items() if isinstance(v, list) and v}
    code = _number(first, "weather_code", 0, 99)
    rain = first.get("precipitation_probability_max")
    return Daily(
        day=str(first.get("time", ""))[:10],
        high_c=_number(first, "temperature_2m_max", -100, 70),
        low_c=_number(first, "temperature_2m_min", -100, 70),
        code=int(code),
        rain_pct=_number(first, "precipitation_probability_max", 0, 100) if rain is not None else None,
    )


def parse_month(body: dict[str, Any], year: int, month: int) -> MonthObserved:
    """The `daily` block of an archive answer, averaged (every value checked like `current`)."""
    block = body.get("daily")
    if not isinstance(block, dict):
        raise LiveWeatherError("malformed response from Open-Meteo archive: no 'daily' object")
    highs, lows, rain = (block.get(k) for k in ("temperature_2m_max", "temperature_2m_min", "precipitation_sum"))
    if not isinstance(highs, list) or not isinstance(lows, list) or not highs or len(highs) != len(lows):
        raise LiveWeatherError("malformed response from Open-Meteo archive: no daily temperatures")
    pairs = [
        (_number({"v": h}, "v", -100, 70), _number({"v": lo}, "v", -100, 70))
        for h, lo in zip(highs, lows, strict=True)
        if h is not None and lo is not None
    ]
    if not pairs:
        raise LiveWeatherError("Open-Meteo archive has no temperatures for that month")
    wet = sum(
        1
        for r in (rain if isinstance(rain, list) else [])
        if isinstance(r, int | float) and not isinstance(r, bool) and 1 <= r < 2000
    )
    return MonthObserved(
        year, month, sum(h for h, _ in pairs) / len(pairs), sum(lo for _, lo in pairs) / len(pairs), wet
    )


def parse_place(body: dict[str, Any]) -> Place | None:
    """The best geocoding match, or None when Open-Meteo found nothing."""
    results = body.get("results")
    if not results:
        return None
    first = results[0] if isinstance(results, list) else None
    if not isinstance(first, dict) or not isinstance(first.get("name"), str):
        raise LiveWeatherError("malformed response from Open-Meteo geocoding: no place name")
    country = first.get("country")
    return Place(
        name=first["name"][:100],
        country=country[:100] if isinstance(country, str) else "",
        lat=_number(first, "latitude", -90, 90),
        lon=_number(first, "longitude", -180, 180),
    )


@dataclass(frozen=True)
class OpenMeteo:
    """An Open-Meteo client; base URLs are configurable so tests and mirrors can point elsewhere."""

    forecast_url: str = FORECAST_URL
    geocoding_url: str = GEOCODING_URL
    archive_url: str = ARCHIVE_URL
    timeout_s: float = 6.0

    async def geocode(self, name: str) -> Place | None:
        """The place Open-Meteo's geocoding finds first for this name (None: nothing found)."""
        language = "zh" if re.search(r"[\u3400-\u9fff]", name) else "en"
        params = {"name": name[:100], "count": "1", "language": language, "format": "json"}
        return parse_place(await self._get_json(self.geocoding_url, params))

    async def current(self, lat: float, lon: float) -> Current:
        """Current conditions at a coordinate."""
        params = _at(lat, lon, current=CURRENT_VARS, wind_speed_unit="kmh")
        return parse_current(await self._get_json(self.forecast_url, params))

    async def daily(self, lat: float, lon: float, day: str) -> Daily:
        """The forecast for one day (inside the forecast horizon) at a coordinate."""
        params = _at(lat, lon, daily=DAILY_VARS, start_date=day, end_date=day)
        return parse_daily(await self._get_json(self.forecast_url, params))

    async def month_observed(self, lat: float, lon: float, year: int, month: int) -> MonthObserved:
        """A past month's observed highs, lows and wet days (the archive), for dates past the forecast."""
        last = calendar.monthrange(year, month)[1]
        first, end = f"{year:04d}-{month:02d}-01", f"{year:04d}-{month:02d}-{last:02d}"
        params = _at(lat, lon, daily=ARCHIVE_VARS, start_date=first, end_date=end)
        return parse_month(await self._get_json(self.archive_url, params), year, month)

    async def _get_json(self, url: str, params: dict[str, str]) -> dict[str, Any]:
        """GET a JSON object with short timeouts; every failure becomes one LiveWeatherError."""
        import httpx  # imported here: most runs never go live, and httpx is slow to import

        timeout = httpx.Timeout(self.timeout_s, connect=min(3.0, self.timeout_s))
        try:
            async with httpx.AsyncClient(timeout=timeout, follow_redirects=True) as client:
                response = await client.get(url, params=params)
        except httpx.TimeoutException:
            raise LiveWeatherError(f"Open-Meteo timed out after {self.timeout_s:g} s") from None
        except httpx.HTTPError as exc:
            raise LiveWeatherError(f"Open-Meteo unreachable ({type(exc).__name__}: {exc})") from None
        return _json_body(response)


def _at(lat: float, lon: float, **params: str) -> dict[str, str]:
    """The query for one coordinate, in the place's own time zone."""
    return {"latitude": f"{lat:.4f}", "longitude": f"{lon:.4f}", **params, "timezone": "auto"}


def _json_body(response: Any) -> dict[str, Any]:
    """The JSON object of a response, or the reason it is unusable (Open-Meteo's own if given)."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if response.status_code != 200:
        reason = body.get("reason") if isinstance(body, dict) else None
        detail = f": {str(reason)[:200]}" if reason else ""
        raise LiveWeatherError(f"Open-Meteo answered HTTP {response.status_code}{detail}")
    if not isinstance(body, dict):
        raise LiveWeatherError("malformed response from Open-Meteo: not a JSON object")
    return body
