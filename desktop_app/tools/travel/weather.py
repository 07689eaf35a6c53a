"""`get_weather`: the seed's weather tool on bundled sample data, or live from Open-Meteo."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from desktop_app.tools.registry import ToolDef, ToolOutput, tool
from desktop_app.tools.travel.common import SAMPLE_SOURCE, error_result, load_data, no_data, shown
from desktop_app.tools.travel.open_meteo import (
    LIVE_SOURCE,
    Current,
    LiveWeatherError,
    OpenMeteo,
    Place,
    condition_text,
    suggestion_text,
    wind_text,
)
from desktop_app.tools.travel.places import City, known_cities_text, resolve_city


def sample_weather(city: City) -> dict[str, Any] | None:
    """The bundled weather of a city in the seed's shape plus English text and plain numbers."""
    w = load_data("weather.json")["weather"].get(city.id)
    if w is None:
        return None
    return {
        "city": city.zh,
        "temperature": f"{w['temperature_c']}°C",
        "condition": w["condition"],
        "humidity": f"{w['humidity_pct']}%",
        "wind": w["wind"],
        "suggestion": w["suggestion"],
        "city_en": city.en,
        "condition_en": w["condition_en"],
        "wind_en": w["wind_en"],
        "suggestion_en": w["suggestion_en"],
        "temperature_c": w["temperature_c"],
        "humidity_pct": w["humidity_pct"],
        "source": SAMPLE_SOURCE,
    }


def live_result(place: Place, city: City | None, now: Current) -> dict[str, Any]:
    """Open-Meteo's conditions in the sample's shape, saying where they come from."""
    condition, condition_en = condition_text(now.code)
    wind, wind_en = wind_text(now.wind_kmh, now.wind_dir_deg)
    tip, tip_en = suggestion_text(now.code, now.temperature_c)
    return {
        "city": city.zh if city else place.name,
        "temperature": f"{round(now.temperature_c)}°C",
        "condition": condition,
        "humidity": f"{round(now.humidity_pct)}%",
        "wind": wind,
        "suggestion": tip,
        "city_en": city.en if city else place.name,
        "condition_en": condition_en,
        "wind_en": wind_en,
        "suggestion_en": tip_en,
        "temperature_c": round(now.temperature_c, 1),
        "humidity_pct": round(now.humidity_pct),
        "wind_kmh": round(now.wind_kmh, 1),
        "weather_code": now.code,
        "observed_at": now.time,
        "place": ", ".join(p for p in (place.name, place.country) if p),
        "latitude": place.lat,
        "longitude": place.lon,
        "source": LIVE_SOURCE,
    }


def sample_answer(name: str, city: City | None) -> dict[str, Any] | ToolOutput:
    """The sample weather for a name, or the clear no-data answer."""
    found = sample_weather(city) if city else None
    return found if found else no_data("天气", "weather", name)


async def live_answer(api: OpenMeteo, name: str, city: City | None) -> dict[str, Any] | ToolOutput:
    """Known cities use their bundled coordinates; other names go through Open-Meteo geocoding."""
    if city:
        place = Place(city.zh, city.country_en or city.country, city.lat, city.lon)
    else:
        found = await api.geocode(name)
        if found is None:
            who = shown(name)
            return error_result(
                f"Open-Meteo 找不到地点 {who}，样例数据中也没有 / Open-Meteo found no place named "
                f"{who!r} and the sample data has none; known cities: {known_cities_text()}",
                city=who,
            )
        place = found
    return live_result(place, city, await api.current(place.lat, place.lon))


def fallback(name: str, city: City | None, reason: str) -> dict[str, Any] | ToolOutput:
    """Live weather failed: say so, and answer from the sample when the city is in it."""
    answer = sample_answer(name, city)
    if isinstance(answer, ToolOutput):
        return no_data("天气", "weather", name, extra=f" (live weather unavailable: {reason})")
    answer["live_error"] = reason
    answer["note"] = (
        f"实时天气不可用（{reason}），以下为内置样例数据 / live weather unavailable ({reason}); showing sample data"
    )
    return answer


async def weather_for(name: str, api: OpenMeteo | None) -> dict[str, Any] | ToolOutput:
    """What get_weather answers: live when configured, falling back to the sample."""
    city = resolve_city(name)
    if api is None:
        return sample_answer(name, city)
    try:
        return await live_answer(api, name, city)
    except LiveWeatherError as exc:
        return fallback(name, city, str(exc))


def weather_tool(api: OpenMeteo | None) -> ToolDef:
    """The get_weather tool; `api` set means live weather from Open-Meteo with sample fallback."""

    @tool(timeout=20.0)
    async def get_weather(city: str) -> dict[str, Any] | ToolOutput:
        """查询指定城市的当前天气，返回气温、天气状况、湿度、风力和出行建议。
        Current weather for a city: temperature, conditions, humidity, wind and a travel tip
        (bundled sample data unless live weather from Open-Meteo is turned on in settings).

        Args:
            city: 城市名称，例如 北京、三亚、成都 (city name in Chinese or English, e.g. Beijing)
        """
        return await weather_for(city, api)

    # Live weather reaches out to Open-Meteo: MCP clients see it as an open-world tool.
    return replace(get_weather, meta={**get_weather.meta, "open_world": api is not None})


get_weather = weather_tool(None)
