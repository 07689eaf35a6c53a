"""What every travel tool shares: the sample-data label, the data files, prices, no-data answers."""

from __future__ import annotations

import json
import unicodedata
from datetime import date, timedelta
from typing import Any

from desktop_app import clock
from desktop_app.tools.registry import ToolOutput
from desktop_app.travel.places import known_cities_text

# Every result built from the bundled files carries this, so no one mistakes it for live data.
SAMPLE_SOURCE = "sample data (not live)"


def cny(amount: int) -> str:
    """Prices as the seed writes them: ¥1,280."""
    return f"¥{amount:,}"


def shown(text: str, limit: int = 60) -> str:
    """An untrusted name made safe to echo in a message: no control characters, bounded length."""
    kept = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in str(text))
    kept = " ".join(kept.split())
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def error_result(message: str, **fields: Any) -> ToolOutput:
    """An error the model reads (is_error), as JSON with the message first and any context after."""
    payload = {"error": message, **fields}
    return ToolOutput(json.dumps(payload, ensure_ascii=False), is_error=True, structured=payload)


def no_data(what_zh: str, what_en: str, name: str, extra: str = "") -> ToolOutput:
    """The answer for a city the data does not know: say so and list the known ones, never guess."""
    who = shown(name)
    message = f"暂无 {who} 的{what_zh}数据 / no {what_en} data for {who!r}{extra}; known cities: {known_cities_text()}"
    return error_result(message, city=who)


MAX_DAYS_AHEAD = 550  # about 18 months: sample prices and normals say nothing sensible beyond


def date_arg(value: str | None, field: str) -> date | ToolOutput | None:
    """A tool's optional date (`YYYY-MM-DD`): None when not given, an error result when unusable."""
    if value is None or not str(value).strip():
        return None
    text = str(value).strip()
    try:
        day = date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    today = clock.today()
    if day is None:
        return error_result(f"{field} 须为 YYYY-MM-DD 格式 / {field} must be a date as YYYY-MM-DD, got {shown(text)!r}")
    if day < today:
        return error_result(
            f"{field} {day} 已经过去（今天是 {today}）/ {field} {day} is in the past (today is {today})"
        )
    if day > today + timedelta(days=MAX_DAYS_AHEAD):
        return error_result(f"{field} {day} 太远了 / {field} {day} is too far ahead for the sample data")
    return day
