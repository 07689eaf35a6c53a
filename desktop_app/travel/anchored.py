"""A time said from another time: "the day after Christmas", 圣诞第二天, "the week of Jan 18", "the weekend of
March 13", 元旦后第一个周末, "exam's on the 18th, so I'll go the day after".

The anchor is read by the same rules as any time; the words around it move or widen it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from desktop_app.travel import rules
from desktop_app.travel.span import Span, monday

R = rules.Rules("anchored")


def anchored(text: str, found: Span) -> Span:
    """`found` moved or widened by the words around it; `found` itself when none are."""
    at = text.find(found.said)
    if at < 0:
        return found
    if m := R.AFTER.match(text, at + len(found.said)):  # 圣诞第二天, 春节后第一个周末
        said = text[at : m.end()]
        if m.group("next") and found.kind == "range":  # 平安夜到圣诞节后一天: the stretch, a day longer
            return replace(found, end=found.end + timedelta(days=1), said=said)
        if m.group("next"):
            return _day(found.end + timedelta(days=1), said)
        return _weekend_after(found, said)
    if found.days != 1:  # what follows moves a day or a one-day holiday ("the week of January" is no week)
        return found
    if m := R.BEFORE.search(text[:at]):
        return _before(found, m.group("what").lower(), text[m.start() : at + len(found.said)])
    rest = text[at + len(found.said) :]
    if R.AROUND_BEFORE.search(rest) and (later := R.AROUND_AFTER.search(rest)):  # "arriving the day before and
        return Span(found.start - timedelta(days=1), found.end + timedelta(days=1), found.said, "range")  # … after"
    if later := R.LATER.search(rest):
        return _day(found.end + timedelta(days=1), later.group(0))
    if week := R.THAT_WEEK.match(rest):  # 双十一那周, "Christmas Day? We're in Paris that week": its Monday to Sunday
        start = monday(found.start)
        return replace(found, start=start, end=start + timedelta(days=6), said=found.said + week.group(0), kind="week")
    return found


def _before(found: Span, what: str, said: str) -> Span:
    """ "the day after/before X", "the week/weekend of X"."""
    if what in ("day after", "day before"):
        return _day(found.end + timedelta(days=1) if what == "day after" else found.start - timedelta(days=1), said)
    if what == "first weekend after":
        return _weekend_after(found, said)
    week = monday(found.start)
    if what == "week of":
        return replace(found, start=week, end=week + timedelta(days=6), said=said, kind="week", holiday="")
    saturday = week + timedelta(days=5)
    return replace(found, start=saturday, end=saturday + timedelta(days=1), said=said, kind="weekend", holiday="")


def _weekend_after(found: Span, said: str) -> Span:
    """The first Saturday and Sunday after `found` ends."""
    saturday = found.end + timedelta(days=(5 - found.end.weekday()) % 7 or 7)
    return Span(saturday, saturday + timedelta(days=1), said, "weekend")


def _day(day: date, said: str) -> Span:
    """One day, said as `said`."""
    return Span(day, day, said, "day")
