"""A follow-up's time read against the trip's: "the weekend after that" moves the trip, "fri to mon" is its week."""

from __future__ import annotations

from datetime import timedelta

from desktop_app.travel import rules
from desktop_app.travel.span import Span
from desktop_app.travel.when import find_span

R = rules.Rules("moved")


def against_trip(when: Span | None, text: str, trip: Span) -> tuple[Span, bool] | None:
    """This turn's time re-read from the trip's, and whether the trip only moved (its length kept); None when
    the time said stands on its own."""
    if after := R.AFTER_THAT.search(text):  # "the weekend after that": counted from the trip's end
        found = find_span(text, trip.end + timedelta(days=1))
        if found is None and "week" in after.group(0):  # "push it to the week after": the same days a week on
            found = Span(trip.start + timedelta(days=7), trip.end + timedelta(days=7), after.group(0), trip.kind)
        found = found or when
        return (found, True) if found is not None else None
    if when is not None and when.kind == "range" and when.start < trip.start and R.WEEKDAYS.fullmatch(when.said):
        # "make it a long weekend, fri to mon": the days of the trip's week
        return find_span(text, trip.start - timedelta(days=trip.start.weekday())) or when, False
    return None
