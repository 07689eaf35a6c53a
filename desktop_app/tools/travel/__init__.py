"""The built-in travel tools, backed by bundled sample data (no Qt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.tools.registry import ToolDef, tool

if TYPE_CHECKING:
    from desktop_app.store.settings import Settings

# PLACEHOLDER until the travel-tools work lands: the seed's three tools on the seed's data.
_WEATHER = {"三亚": {"city": "三亚", "temperature": "33°C", "condition": "晴，午后有短时雷阵雨"}}


@tool()
def get_weather(city: str) -> dict[str, object]:
    """查询指定城市的当前天气

    Args:
        city: 城市名称，例如 北京、三亚、成都
    """
    return _WEATHER.get(city, {"city": city, "error": f"暂无 {city} 的天气数据"})


@tool()
def get_flight_price(origin: str, destination: str) -> dict[str, object]:
    """查询两个城市之间的机票价格

    Args:
        origin: 出发城市
        destination: 目的地城市
    """
    if (origin, destination) == ("北京", "三亚"):
        return {"route": "北京→三亚", "price": "¥1,280", "duration": "4h", "type": "直飞经济舱"}
    return {"route": f"{origin}→{destination}", "error": "暂无航班数据"}


@tool()
def get_hotel_price(city: str, stars: int = 4) -> dict[str, object]:
    """查询目的地的酒店价格

    Args:
        city: 城市名称
        stars: 酒店星级，默认4
    """
    if (city, stars) == ("三亚", 4):
        return {"city": "三亚", "stars": 4, "name": "三亚湾海景酒店", "price": "¥680/晚"}
    return {"city": city, "stars": stars, "error": f"暂无 {city} {stars}星酒店数据"}


def travel_tools(settings: Settings) -> list[ToolDef]:
    """The travel tools for a run configured by `settings`."""
    return [get_weather, get_flight_price, get_hotel_price]
