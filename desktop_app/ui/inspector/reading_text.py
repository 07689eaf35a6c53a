"""The planner's reading of a question in one line: the timeline's row and its details pane say it.
Every value in a frame came from the question: hostile text, shown plain, on one line, cut short."""

from __future__ import annotations

from typing import Any

from desktop_app.trips.model import date_span, iso_date
from desktop_app.ui.i18n import tr
from desktop_app.visible import one_line

MAX_VALUE = 40  # characters of one value from the question in the summary
MAX_STOPS = 6  # stops named in the summary (the JSON below has them all)
MAX_SUMMARY = 240
MAX_COUNT = 10_000  # a count past this is no party or stay: left out of the summary


def cut(text: str, limit: int) -> str:
    """One line of at most `limit` characters (hidden characters shown, an ellipsis when cut)."""
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def reading_summary(frame: dict[str, Any]) -> str:
    """`2 adults · Beijing → Xi'an (2 nights), Chengdu (3 nights) · 7–13 Dec`: who, where, when and
    the budget, in the UI's language; places and dates in the question's (as the planner's answer)."""
    lang = "zh" if frame.get("lang") == "zh" else "en"
    parts = (_who(frame), _where(frame, lang), _when(frame, lang), _money(frame))
    return cut(" · ".join(p for p in parts if p) or tr("nothing about a trip was read"), MAX_SUMMARY)


def reader_text(frame: dict[str, Any]) -> str:
    """Who read what is asked: the rules alone, or the learned second look and how sure it was."""
    sure = frame.get("learned")
    if isinstance(sure, int | float) and not isinstance(sure, bool) and 0 <= sure <= 1:
        return tr("rules; what is asked by the learned second look ({percent}% sure)").format(percent=round(sure * 100))
    return tr("rules")


def _count(value: Any) -> int:
    """A count from the frame, or 0 when it is not a sensible one."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < MAX_COUNT else 0


def _who(frame: dict[str, Any]) -> str:
    party = frame.get("travellers")
    if not isinstance(party, dict):
        return ""
    adults, children = _count(party.get("adults")), _count(party.get("children"))
    parts = [tr("%n adult(s)", None, adults) if adults else "", tr("%n child(ren)", None, children) if children else ""]
    return tr(", ").join(p for p in parts if p)


def _place(value: Any, lang: str) -> str:
    """A sample city's name from its id, else the value as said (cut)."""
    from desktop_app.runtime import place_name

    text = value if isinstance(value, str) else ""
    return place_name(text, lang) or cut(text, MAX_VALUE) or "?"


def _stop(stop: dict[str, Any], lang: str) -> str:
    said = stop.get("city")
    city = said if isinstance(said, str) else ""
    name = _place(city, lang) if stop.get("has_data") is not False else cut(city, MAX_VALUE) or "?"
    nights = _count(stop.get("nights"))
    return tr("{place} ({nights})").format(place=name, nights=tr("%n night(s)", None, nights)) if nights else name


def _where(frame: dict[str, Any], lang: str) -> str:
    said = frame.get("stops")
    stops = [s for s in said if isinstance(s, dict)] if isinstance(said, list) else []
    names = [_stop(s, lang) for s in stops[:MAX_STOPS]] + (["…"] if len(stops) > MAX_STOPS else [])
    where = (" / " if frame.get("shape") == "alternatives" else "，" if lang == "zh" else ", ").join(names)
    if not where and frame.get("shape") == "open":
        where = tr("a place to be picked")
    origin = frame.get("origin")
    if not isinstance(origin, str) or not origin:
        return where
    start = _place(origin, lang)
    if frame.get("origin_assumed") is True:
        start = tr("{place} (assumed)").format(place=start)
    return f"{start} → {where}" if where else tr("from {place}").format(place=start)


def _when(frame: dict[str, Any], lang: str) -> str:
    """The dates read (in the question's language), and the nights when no stop has its own."""
    dates = frame.get("dates")
    start, end = (iso_date(dates.get("start")), iso_date(dates.get("end"))) if isinstance(dates, dict) else (None, None)
    nights = _count(frame.get("nights"))
    stops = frame.get("stops")
    each = isinstance(stops, list) and any(isinstance(s, dict) and _count(s.get("nights")) for s in stops)
    parts = [
        date_span(start, end, lang) if start else "",
        tr("%n night(s)", None, nights) if nights and not each else "",
    ]
    return tr(", ").join(p for p in parts if p)


def _money(frame: dict[str, Any]) -> str:
    budget = frame.get("budget")
    if not isinstance(budget, dict):
        return ""
    yuan = budget.get("yuan")
    if not isinstance(yuan, int) or isinstance(yuan, bool) or not 0 < yuan < 10**12:
        return ""
    amount = f"¥{yuan:,}"
    if budget.get("per_person") is True:
        return tr("budget {amount} per person").format(amount=amount)
    return tr("budget {amount}").format(amount=amount)
