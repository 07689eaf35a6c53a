"""`get_flight_price`: the seed's listed fares, and a documented estimate for other pairs."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any

from desktop_app.tools.registry import ToolOutput, tool
from desktop_app.tools.travel.common import SAMPLE_SOURCE, cny, date_arg, error_result, no_data
from desktop_app.tools.travel.lookup import Lookup, register
from desktop_app.travel.data import load_data
from desktop_app.travel.distance import great_circle_km
from desktop_app.travel.places import City, resolve_city
from desktop_app.travel.seasons import peak_on

if TYPE_CHECKING:  # pydantic reads the Field(...) bounds when it writes a schema: no import in a run
    from pydantic import Field

# The estimate for pairs without a listed route (deterministic; sample data, not a quote):
#   fare CNY = 300 + 0.5 x great-circle km, rounded to 10;  hours = 0.75 + km / 800, to 0.5 h
#   (halves round up; at least 1 h).
BASE_FARE_CNY = 300
FARE_PER_KM = 0.5
OVERHEAD_H = 0.75
CRUISE_KMH = 800.0
SHORT_KM = 400  # closer than this there is rarely a flight at all
LONG_KM = 11_000  # farther than this most itineraries connect
BASIS = (
    "估算：¥300 + 每公里 ¥0.5 × 大圆距离，四舍五入到 10 元；时长 = 0.75 小时 + 距离 ÷ 800 km/h / "
    "estimate: CNY 300 + CNY 0.5 per great-circle km (rounded to 10); "
    "duration 0.75 h + distance / 800 km/h (rounded to 0.5 h)"
)


def estimate(km: float) -> tuple[int, float]:
    """Fare (CNY) and duration (hours) by the documented formula."""
    fare = math.floor((BASE_FARE_CNY + FARE_PER_KM * km) / 10.0 + 0.5) * 10  # halves round up
    hours = max(1.0, math.floor((OVERHEAD_H + km / CRUISE_KMH) * 2 + 0.5) / 2)
    return fare, hours


@lru_cache(maxsize=1)
def listed_routes() -> dict[tuple[str, str], dict[str, Any]]:
    """The bundled routes by (origin id, destination id)."""
    return {(r["origin"], r["destination"]): r for r in load_data("flights.json")["routes"]}


def _result(a: City, b: City, fare: int, hours: float, kind: str, kind_en: str, **extra: Any) -> dict[str, Any]:
    """A fare in the seed's shape, plus English and plain numbers (`extra` before the source)."""
    return {
        "route": f"{a.zh}→{b.zh}",
        "price": cny(fare),
        "duration": f"{hours:g}h",
        "type": kind,
        "route_en": f"{a.en} → {b.en}",
        "type_en": kind_en,
        "price_cny": fare,
        "duration_h": hours,
        "origin": a.zh,
        "destination": b.zh,
        **extra,
        "source": SAMPLE_SOURCE,
    }


def estimated_result(a: City, b: City) -> dict[str, Any]:
    """An unlisted pair: the distance formula's fare and time, marked as an estimate."""
    km = round(great_circle_km(a, b))  # whole km: the figure shown is the one the formula used
    fare, hours = estimate(km)
    kinds = ("经济舱（估算）", "economy (estimated)")
    result = _result(a, b, fare, hours, *kinds, estimated=True, distance_km=km, basis=BASIS)
    if km < SHORT_KM:
        result["note"] = (
            "两地很近，通常没有直飞航班，高铁或大巴更合适 / "
            "the cities are close: there is rarely a flight; train or coach suits better"
        )
    elif km > LONG_KM:
        result["note"] = "航程很长，通常需要转机 / a long trip: most itineraries connect"
    return result


def flight_for(origin: str, destination: str) -> dict[str, Any] | ToolOutput:
    """What get_flight_price answers for any two names (the seed's call: no dates, one seat)."""
    a, b = resolve_city(origin), resolve_city(destination)
    if a is None:
        return no_data("航班", "flight", origin)
    if b is None:
        return no_data("航班", "flight", destination)
    if a.id == b.id:
        return error_result(f"出发地和目的地是同一个城市（{a.zh}）/ origin and destination are the same city ({a.en})")
    route = listed_routes().get((a.id, b.id))
    if route is None:
        return estimated_result(a, b)
    hours = float(route["duration_h"])
    return _result(a, b, route["price_cny"], hours, route["type"], route["type_en"], estimated=False)


def dated_flight(
    origin: str,
    destination: str,
    depart_date: str | None,
    return_date: str | None,
    passengers: int,
    round_trip: bool = False,
    children: int = 0,
) -> dict[str, Any] | ToolOutput:
    """The fare for dates and a party: the same sample price, seats and legs counted, peaks estimated."""
    found = flight_for(origin, destination)
    depart, back = date_arg(depart_date, "depart_date"), date_arg(return_date, "return_date")
    for checked in (found, depart, back):
        if isinstance(checked, ToolOutput):
            return checked
    assert isinstance(found, dict) and not isinstance(depart, ToolOutput) and not isinstance(back, ToolOutput)
    if back is not None and depart is not None and back < depart:
        return error_result(f"return_date {back} 早于 depart_date {depart} / return_date is before depart_date")
    legs = [d for d in (depart, back) if d is not None]
    price = int(found["price_cny"])
    out = {**found, "passengers": passengers, "legs": 2 if back is not None or round_trip else 1}
    out |= {"children": min(children, passengers - 1)} if children else {}
    out["total_cny"] = price * passengers * out["legs"]
    out |= {key: d.isoformat() for key, d in (("depart_date", depart), ("return_date", back)) if d is not None}
    peaks = [p.fields("flight", price, passengers) | {"date": d.isoformat()} for d in legs if (p := peak_on(d))]
    if peaks:
        out["peak_estimate"] = peaks
    return out


LOOKUP = register(
    Lookup("get_flight_price", "fare", "flight", ("机票", "flights"), ("飞行约 {dur}", "about {dur} in the air"))
)


@tool()
def get_flight_price(
    origin: str,
    destination: str,
    depart_date: str | None = None,
    return_date: str | None = None,
    passengers: Annotated[int, Field(ge=1, le=50)] = 1,
    round_trip: bool = False,
    children: Annotated[int, Field(ge=0, le=49)] = 0,
) -> dict[str, Any] | ToolOutput:
    """查询两个城市之间的机票价格（单程经济舱）。
    One-way economy fare and flight time between two cities (sample data; pairs without a
    listed route get an estimate from the distance, marked "estimated"). With dates and
    passengers it also counts the seats and legs, and estimates holiday peaks separately.

    Args:
        origin: 出发城市 (departure city, Chinese or English name)
        destination: 目的地城市 (destination city, Chinese or English name)
        depart_date: 可选，出发日期 YYYY-MM-DD (optional departure date)
        return_date: 可选，返程日期 YYYY-MM-DD (optional return date: the fare is counted both ways)
        passengers: 乘客人数，默认1 (number of travellers, default 1)
        round_trip: 可选，没有返程日期时也按往返计 (optional: count both ways without a return date)
        children: 可选，乘客中的儿童人数 (optional: how many of the passengers are children)
    """
    if depart_date is None and return_date is None and passengers == 1 and not round_trip:
        return flight_for(origin, destination)  # the seed's call and its result, unchanged
    return dated_flight(origin, destination, depart_date, return_date, passengers, round_trip, children)
