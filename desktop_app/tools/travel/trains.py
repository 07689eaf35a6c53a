"""`get_train_price`: estimated high-speed and conventional rail fares and times from the distance.

There is no timetable in the sample data: every figure is a documented estimate, like the estimated
fares of unlisted flights. Rail km = 1.2 x great-circle km; high-speed second class CNY 0.45 per rail
km, 250 km/h plus 0.25 h; conventional hard seat CNY 0.12 per rail km, 80 km/h plus 0.25 h (fares to
the yuan, times to the half hour, halves up). Only between cities on one rail network (mainland China
with Hong Kong; Hainan's island loop): elsewhere the tool says it has no estimate.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Annotated, Any

from desktop_app.tools.registry import ToolOutput, tool
from desktop_app.tools.travel.common import SAMPLE_SOURCE, cny, date_arg, error_result, no_data
from desktop_app.tools.travel.lookup import Lookup, register
from desktop_app.travel.distance import great_circle_km
from desktop_app.travel.places import City, resolve_city

if TYPE_CHECKING:  # pydantic reads the Field(...) bounds when it writes a schema: no import in a run
    from pydantic import Field

RAIL_FACTOR = 1.2  # rail km per great-circle km
FAST = (0.45, 250.0)  # high-speed (G/D) second class: CNY per rail km, km/h
SLOW = (0.12, 80.0)  # conventional (K/T/Z) hard seat
STATION_H = 0.25
USUAL_KM = 800  # closer than this (great circle) on one network the train is the usual way
BASIS = (
    "估算：铁路里程 = 大圆距离 × 1.2；高铁二等座 每公里 ¥0.45，时速 250 km + 0.25 小时；普速硬座 每公里 ¥0.12，"
    "时速 80 km + 0.25 小时 / estimate: rail km = great-circle km x 1.2; high-speed second class CNY 0.45 "
    "per km at 250 km/h + 0.25 h; conventional hard seat CNY 0.12 per km at 80 km/h + 0.25 h"
)


def network(city: City) -> str:
    """The rail network a city is on ("" when the estimate does not cover it)."""
    if city.country_en == "China":
        return "hainan" if city.region_en == "Hainan" else "mainland"
    return "mainland" if city.country_en == "Hong Kong" else ""


def usual(a: City, b: City, asked: bool) -> bool:
    """The train is the way to go: one network and close (high-speed distance), or asked for by name."""
    return bool(network(a)) and network(a) == network(b) and (asked or great_circle_km(a, b) < USUAL_KM)


def _half_up(value: float) -> float:
    return max(0.5, math.floor(value * 2 + 0.5) / 2)


def estimate(km: float, per_km: float, kmh: float) -> tuple[int, float]:
    """Fare (whole yuan) and hours (to the half hour) over `km` rail km."""
    return math.floor(per_km * km + 0.5), _half_up(km / kmh + STATION_H)


def _why(km: int, hours: float, close: bool) -> str:
    """Why the train (or not): said in the answer beside the fare (Chinese / English)."""
    head_zh, head_en = (
        f"约 {km} 公里铁路：高铁约 {hours:g} 小时，市中心到市中心",
        f"about {km} km by rail: {hours:g} h by ",
    )
    if hours <= 2.5:
        return f"{head_zh}，算上去机场和安检通常比飞机快 / {head_en}high-speed train, usually quicker than flying"
    if close:
        return f"{head_zh}，和飞机（含去机场）差不多快、更便宜 / {head_en}high-speed train, as quick as flying, cheaper"
    return f"约 {km} 公里铁路，路程较远：飞机通常更快 / about {km} km by rail: a long way, flying is usually quicker"


def rail_result(a: City, b: City) -> dict[str, Any]:
    """The estimate between two cities in the seed's fare shape, the conventional train beside it."""
    km = round(great_circle_km(a, b) * RAIL_FACTOR)
    fare, hours = estimate(km, *FAST)
    slow_fare, slow_hours = estimate(km, *SLOW)
    note = _why(km, hours, great_circle_km(a, b) < USUAL_KM)
    return {
        "route": f"{a.zh}→{b.zh}",
        "price": cny(fare),
        "duration": f"{hours:g}h",
        "type": "高铁二等座（估算）",
        "route_en": f"{a.en} → {b.en}",
        "type_en": "high-speed rail, second class (estimated)",
        "price_cny": fare,
        "duration_h": hours,
        "origin": a.zh,
        "destination": b.zh,
        "estimated": True,
        "distance_km": km,
        "conventional": {
            "type": "普速硬座（估算）",
            "type_en": "conventional, hard seat (estimated)",
            "price_cny": slow_fare,
            "duration_h": slow_hours,
        },
        "basis": BASIS,
        "note": note,
        "source": SAMPLE_SOURCE,
    }


TOOK = ("车程约 {dur}", "about {dur} on the train")
LOOKUP = register(
    Lookup("get_train_price", "fare", "train", ("火车票", "train tickets"), TOOK, usual, (("depart_date", "date"),))
)


@tool()
def get_train_price(
    origin: str,
    destination: str,
    date: str | None = None,
    passengers: Annotated[int, Field(ge=1, le=50)] = 1,
    return_date: str | None = None,
    round_trip: bool = False,
    children: Annotated[int, Field(ge=0, le=49)] = 0,
) -> dict[str, Any] | ToolOutput:
    """查询两个城市之间的火车票价（高铁二等座与普速硬座，按距离估算）。
    Estimated train fare and time between two cities: high-speed second class, with the conventional
    train beside it, from the rail distance (a documented per-km rate, marked "estimated"; no timetable).
    With a date and passengers it also counts the seats and legs.

    Args:
        origin: 出发城市 (departure city, Chinese or English name)
        destination: 目的地城市 (destination city, Chinese or English name)
        date: 可选，出发日期 YYYY-MM-DD (optional travel date)
        passengers: 乘客人数，默认1 (number of travellers, default 1)
        return_date: 可选，返程日期 YYYY-MM-DD (optional return date: counted both ways)
        round_trip: 可选，没有返程日期时也按往返计 (optional: count both ways without a return date)
        children: 可选，乘客中的儿童人数 (optional: how many of the passengers are children)
    """
    a, b = resolve_city(origin), resolve_city(destination)
    if a is None or b is None:
        return no_data("火车", "train", origin if a is None else destination)
    if a.id == b.id:
        return error_result(f"出发地和目的地是同一个城市（{a.zh}）/ origin and destination are the same city ({a.en})")
    if not network(a) or network(a) != network(b):
        return error_result(f"没有{a.zh}和{b.zh}之间的火车估算 / no rail estimate between {a.en} and {b.en}")
    out = rail_result(a, b)
    checked = [date_arg(date, "date"), date_arg(return_date, "return_date")]
    for day in checked:
        if isinstance(day, ToolOutput):
            return day
    if date is None and return_date is None and passengers == 1 and not round_trip:
        return out
    legs = 2 if return_date or round_trip else 1
    out |= {"passengers": passengers, "legs": legs, "total_cny": out["price_cny"] * passengers * legs}
    out |= {"children": min(children, passengers - 1)} if children else {}
    return out | {k: v for k, v in (("depart_date", date), ("return_date", return_date)) if v}
