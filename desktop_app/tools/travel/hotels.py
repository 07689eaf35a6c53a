"""`get_hotel_price`: a sample hotel per city at 3, 4 and 5 stars, nightly price, breakfast."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any

from desktop_app.tools.registry import ToolOutput, tool
from desktop_app.tools.travel.common import SAMPLE_SOURCE, cny, date_arg, error_result, no_data
from desktop_app.tools.travel.lookup import Lookup, register
from desktop_app.travel.data import load_data
from desktop_app.travel.places import City, resolve_city
from desktop_app.travel.seasons import peak_nights

if TYPE_CHECKING:  # pydantic reads the Field(...) bounds when it writes a schema: no import in a run
    from pydantic import Field


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


def dated_stay(
    city: str, stars: int, check_in: str | None, nights: int | None, rooms: int
) -> dict[str, Any] | ToolOutput:
    """The stay for dates and rooms: the same nightly sample price, nights and rooms counted, peaks estimated."""
    found = hotel_for(city, stars)
    start = date_arg(check_in, "check_in")
    if isinstance(found, ToolOutput):
        return found
    if isinstance(start, ToolOutput):
        return start
    price, count = int(found["price_cny"]), nights or 1
    out = {**found, "rooms": rooms, "nights": count, "total_cny": price * count * rooms}
    if start is not None:
        out |= {"check_in": start.isoformat(), "check_out": (start + timedelta(days=count)).isoformat()}
        peak = peak_nights(start, count)
        if peak is not None:
            out["peak_estimate"] = peak[0].fields("hotel", price, peak[1] * rooms) | {"nights": peak[1]}
    return out


LOOKUP = register(Lookup("get_hotel_price", "stay", names=("酒店", "hotels")))


@tool()
def get_hotel_price(
    city: str,
    stars: Annotated[int, Field(ge=1, le=5)] = 4,
    check_in: str | None = None,
    nights: Annotated[int, Field(ge=1, le=60)] | None = None,
    rooms: Annotated[int, Field(ge=1, le=25)] = 1,
) -> dict[str, Any] | ToolOutput:
    """查询目的地的酒店价格（每晚，人民币）。
    Nightly price of a sample hotel in a city at a star level, and whether breakfast is included.
    With a check-in date, nights and rooms it also counts the stay and estimates holiday peaks.

    Args:
        city: 城市名称 (city name, Chinese or English)
        stars: 酒店星级，默认4 (hotel star level 1-5, default 4)
        check_in: 可选，入住日期 YYYY-MM-DD (optional check-in date)
        nights: 可选，住几晚 (optional number of nights)
        rooms: 房间数，默认1 (rooms, default 1)
    """
    if check_in is None and nights is None and rooms == 1:
        return hotel_for(city, stars)  # the seed's call and its result, unchanged
    return dated_stay(city, stars, check_in, nights, rooms)
