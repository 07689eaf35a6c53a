"""`get_weather`: the seed's weather tool on bundled sample data, or live from Open-Meteo."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from desktop_app import clock
from desktop_app.tools.registry import ToolDef, ToolOutput, tool
from desktop_app.tools.travel.common import SAMPLE_SOURCE, date_arg, error_result, no_data, shown
from desktop_app.tools.travel.lookup import Lookup, register
from desktop_app.tools.travel.open_meteo import (
    FORECAST_DAYS,
    LIVE_SOURCE,
    Current,
    Daily,
    LiveWeatherError,
    MonthObserved,
    OpenMeteo,
    Place,
    condition_text,
    suggestion_text,
    wind_text,
)
from desktop_app.travel.data import load_data
from desktop_app.travel.places import City, known_cities_text, resolve_city
from desktop_app.travel.seasons import typical


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
    place = Place(city.zh, city.country_en or city.country, city.lat, city.lon) if city else await api.geocode(name)
    if place is None:
        who = shown(name)
        return error_result(
            f"Open-Meteo 找不到地点 {who}，样例数据中也没有 / Open-Meteo found no place named "
            f"{who!r} and the sample data has none; known cities: {known_cities_text()}",
            city=who,
        )
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


def forecast_result(city: City, day: Daily) -> dict[str, Any]:
    """Open-Meteo's forecast for one day, in the sample's shape, named a forecast."""
    condition, condition_en = condition_text(day.code)
    tip, tip_en = suggestion_text(day.code, day.high_c)
    rain = f"，降水概率 {round(day.rain_pct)}%" if day.rain_pct is not None else ""
    rain_en = f", {round(day.rain_pct)}% chance of rain" if day.rain_pct is not None else ""
    return {
        "city": city.zh,
        "date": day.day,
        "kind": "forecast",
        "temperature": f"{round(day.low_c)}~{round(day.high_c)}°C",
        "condition": condition + rain,
        "suggestion": tip,
        "city_en": city.en,
        "condition_en": condition_en + rain_en,
        "suggestion_en": tip_en,
        "temp_high_c": round(day.high_c, 1),
        "temp_low_c": round(day.low_c, 1),
        "source": LIVE_SOURCE,
    }


def observed_result(city: City, when: date, seen: MonthObserved) -> dict[str, Any]:
    """Last year's same month as observed (Open-Meteo archive): what it was like, never a forecast."""
    month = f"{seen.year}年{seen.month}月"
    month_en = date(seen.year, seen.month, 1).strftime("%B %Y")
    tip, tip_en = suggestion_text(61 if seen.wet_days >= 10 else 1, (seen.high_c + seen.low_c) / 2)
    return {
        "city": city.zh,
        "date": when.isoformat(),
        "kind": "observed",
        "temperature": f"{round(seen.low_c)}~{round(seen.high_c)}°C",
        "condition": f"{month}实测：平均最低 {seen.low_c:.1f}°C、最高 {seen.high_c:.1f}°C，{seen.wet_days} 天有降水",
        "suggestion": tip,
        "city_en": city.en,
        "condition_en": f"as observed in {month_en}: mean low {seen.low_c:.1f}°C, high {seen.high_c:.1f}°C, "
        f"{seen.wet_days} wet days",
        "suggestion_en": tip_en,
        "temp_high_c": round(seen.high_c, 1),
        "temp_low_c": round(seen.low_c, 1),
        "wet_days": seen.wet_days,
        "note": f"{when} 超出预报范围：这是{month}的实测（历史数据），不是预报 / {when} is past the forecast: "
        f"this is {month_en} as observed (historical archive), not a forecast",
        "source": LIVE_SOURCE,
    }


def undated_sample(city: City, when: date, reason: str) -> dict[str, Any] | ToolOutput:
    """No forecast or typical values for that date: the sample's ordinary day, said not to be that date's."""
    sample = sample_weather(city)
    if sample is None:
        return no_data("天气", "weather", city.zh, extra=f" ({reason}no typical values for {when})")
    return {
        **sample,
        "date": when.isoformat(),
        "kind": "sample",
        "note": f"没有{city.zh}在 {when} 的预报或典型值：这是样例数据里的普通一天，不是那天的天气 / {reason}no "
        f"forecast or typical values for {city.en} on {when}: this is the sample's ordinary day, "
        "not that day's weather",
    }


async def dated_weather(name: str, when: date, api: OpenMeteo | None) -> dict[str, Any] | ToolOutput:
    """A date's weather: the live forecast inside its horizon, else the month's typical values."""
    city = resolve_city(name)
    if city is None:
        return no_data("天气", "weather", name)
    reason = ""
    if api is not None and when <= clock.today() + timedelta(days=FORECAST_DAYS - 1):
        try:
            return forecast_result(city, await api.daily(city.lat, city.lon, when.isoformat()))
        except LiveWeatherError as exc:
            reason = f"live forecast unavailable: {exc}; "
    elif api is not None:
        try:  # past the forecast: the same month last year, as observed
            year = clock.today().year - 1 if when.month >= clock.today().month else clock.today().year
            return observed_result(city, when, await api.month_observed(city.lat, city.lon, year, when.month))
        except LiveWeatherError as exc:
            reason = f"{when} is beyond the {FORECAST_DAYS}-day forecast and the archive failed ({exc}); "
    found = typical(city, when)
    if found is None:
        return undated_sample(city, when, reason)
    if reason:
        found["note"] = f"{reason}{found['note']}"
    return found


LOOKUP = register(Lookup("get_weather", "weather", names=("天气", "weather")))


def weather_tool(api: OpenMeteo | None) -> ToolDef:
    """The get_weather tool; `api` set means live weather from Open-Meteo with sample fallback."""

    @tool(timeout=20.0)
    async def get_weather(city: str, date: str | None = None) -> dict[str, Any] | ToolOutput:
        """查询指定城市的当前天气，返回气温、天气状况、湿度、风力和出行建议。
        Current weather for a city: temperature, conditions, humidity, wind and a travel tip
        (bundled sample data unless live weather from Open-Meteo is turned on in settings).
        With a date: the forecast for that day when it is near and live weather is on, else the
        month's typical values (climate normals), which are labelled as such, never a forecast.

        Args:
            city: 城市名称，例如 北京、三亚、成都 (city name in Chinese or English, e.g. Beijing)
            date: 可选，日期 YYYY-MM-DD (optional date of the trip)
        """
        when = date_arg(date, "date")
        if isinstance(when, ToolOutput):
            return when
        if when is None:
            return await weather_for(city, api)  # the seed's call and its result, unchanged
        return await dated_weather(city, when, api)

    # Live weather reaches out to Open-Meteo: MCP clients see it as an open-world tool.
    return replace(get_weather, meta={**get_weather.meta, "open_world": api is not None})


get_weather = weather_tool(None)
