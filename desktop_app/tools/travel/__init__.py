"""The built-in travel tools: weather, flights, hotels (sample data) and saving itineraries."""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop_app.tools.registry import ToolDef
from desktop_app.tools.travel.flights import get_flight_price
from desktop_app.tools.travel.hotels import get_hotel_price
from desktop_app.tools.travel.itinerary import save_itinerary
from desktop_app.tools.travel.open_meteo import OpenMeteo
from desktop_app.tools.travel.trains import get_train_price
from desktop_app.tools.travel.trip_plan import update_trip
from desktop_app.tools.travel.weather import get_weather, weather_tool

__all__ = [
    "WeatherConfig",
    "get_flight_price",
    "get_hotel_price",
    "get_weather",
    "save_itinerary",
    "travel_tools",
    "update_trip",
]


@dataclass(frozen=True)
class WeatherConfig:
    """Whether get_weather asks Open-Meteo (else the sample data), and which Open-Meteo."""

    live: bool = False
    api: OpenMeteo = field(default_factory=OpenMeteo)


def travel_tools(weather: WeatherConfig | None = None) -> list[ToolDef]:
    """The travel tools for a run; a live WeatherConfig switches get_weather to Open-Meteo."""
    weather = weather or WeatherConfig()
    live = weather.api if weather.live else None
    return [weather_tool(live), get_flight_price, get_train_price, get_hotel_price, save_itinerary, update_trip]
