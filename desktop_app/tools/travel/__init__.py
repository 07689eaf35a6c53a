"""The built-in travel tools: weather, flights, hotels (sample data) and saving itineraries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.tools.registry import ToolDef
from desktop_app.tools.travel.flights import get_flight_price
from desktop_app.tools.travel.hotels import get_hotel_price
from desktop_app.tools.travel.itinerary import save_itinerary
from desktop_app.tools.travel.open_meteo import OpenMeteo
from desktop_app.tools.travel.weather import get_weather, weather_tool

if TYPE_CHECKING:
    from desktop_app.store.settings import Settings

__all__ = ["get_flight_price", "get_hotel_price", "get_weather", "save_itinerary", "travel_tools"]


def travel_tools(settings: Settings) -> list[ToolDef]:
    """The travel tools for a run; `settings.live_weather` switches get_weather to Open-Meteo."""
    live = OpenMeteo.from_settings(settings) if settings.live_weather else None
    return [weather_tool(live), get_flight_price, get_hotel_price, save_itinerary]
