"""`update_trip`: the model writes a day's plan into the trip board (a write: the user confirms it).

The tool stores nothing itself: its result (the day, the plan, the place) is a tool result like any
other, and the trip builder folds it into that day of the conversation's trip. So the plan is kept,
exported and rebuilt from history exactly like the flights and the hotel, tied to its call id.
"""

from __future__ import annotations

from typing import Any

from desktop_app.tools.registry import ToolOutput, tool
from desktop_app.tools.travel.common import date_arg, error_result, shown

MAX_PLAN_CHARS = 500
MAX_PLACE_CHARS = 60


@tool(risk="write")
def update_trip(date: str, plan: str, place: str = "") -> dict[str, Any] | ToolOutput:
    """把某一天的安排写进行程板（会先请你确认）。
    Write one day's plan into the trip board beside the chat (asks you first). Use it after the
    flights and hotel are known, one call per day; a later call for the same day replaces it.

    Args:
        date: 日期 YYYY-MM-DD (the trip day)
        plan: 当天安排，一两句话 (what to do that day, a sentence or two)
        place: 可选，地点 (optional: where, e.g. 亚龙湾 / Yalong Bay)
    """
    day = date_arg(date, "date")
    if isinstance(day, ToolOutput):
        return day
    if day is None:
        return error_result("date 必填 / date is required (YYYY-MM-DD)")
    text = shown(plan, MAX_PLAN_CHARS)
    if not text:
        return error_result("plan 不能为空 / plan is empty")
    return {"date": day.isoformat(), "plan": text, "place": shown(place, MAX_PLACE_CHARS), "saved_to": "trip"}
