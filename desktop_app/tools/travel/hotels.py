"""`get_hotel_price`: a sample hotel per city at 3, 4 and 5 stars, nightly price, breakfast."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from desktop_app.tools.registry import ToolOutput, tool
from desktop_app.tools.travel.common import SAMPLE_SOURCE, cny, error_result, load_data, no_data
from desktop_app.tools.travel.places import City, resolve_city


def hotel_result(city: City, stars: int, h: dict[str, Any]) -> dict[str, Any]:
    """A hotel in the seed's shape, plus English and plain numbers."""
    return {
        "city": city.zh,
        "stars": stars,
        "name": h["name"],
        "price": f"{cny(h['price_cny'])}/晚",
        "breakfast": bool(h["breakfast"]),
        "city_en": city.en,
        "name_en": h["name_en"],
        "price_en": f"CNY {h['price_cny']:,}/night",
        "price_cny": h["price_cny"],
        "source": SAMPLE_SOURCE,
    }


def hotel_for(name: str, stars: int) -> dict[str, Any] | ToolOutput:
    """What get_hotel_price answers; a missing star level lists the ones the data has."""
    city = resolve_city(name)
    per_star = load_data("hotels.json")["hotels"].get(city.id) if city else None
    if city is None or not per_star:
        return no_data("酒店", "hotel", name)
    h = per_star.get(str(stars))
    if h is None:
        have = sorted(int(s) for s in per_star)
        listed = "、".join(str(s) for s in have)
        return error_result(
            f"样例数据中没有{city.zh}的{stars}星酒店，可查 {listed} 星 / no {stars}-star hotel "
            f"for {city.en} in the sample data; available: {', '.join(map(str, have))} stars",
            city=city.zh,
            available_stars=have,
        )
    return hotel_result(city, stars, h)


@tool()
def get_hotel_price(city: str, stars: Annotated[int, Field(ge=1, le=5)] = 4) -> dict[str, Any] | ToolOutput:
    """查询目的地的酒店价格（每晚，人民币）。
    Nightly price of a sample hotel in a city at a star level, and whether breakfast is included.

    Args:
        city: 城市名称 (city name, Chinese or English)
        stars: 酒店星级，默认4 (hotel star level 1-5, default 4)
    """
    return hotel_for(city, stars)
