"""A time said from another time: "the day after Christmas", 圣诞第二天, "the week of Jan 18", "the weekend of
March 13", 元旦后第一个周末, "exam's on the 18th, so I'll go the day after".

The anchor is read by the same rules as any time; the words around it move or widen it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

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
        return _moved(found, "day after" if m.group("next") else "first weekend after", said)
    if found.kind == "holiday" and (m := R.PAST.match(text, at + len(found.said))):  # 春节后, 国庆前: its week
        after, said = m.group("after") is not None, text[at : m.end()]
        start = found.end + timedelta(days=1) if after else found.start - timedelta(days=7)
        return replace(found, start=start, end=start + timedelta(days=6), said=said, kind="week", holiday="")
    if found.days != 1:  # what follows moves a day or a one-day holiday ("the week of January" is no week)
        return found
    if m := R.BEFORE.search(text[:at]):
        return _moved(found, m.group("what").lower(), text[m.start() : at + len(found.said)])
    rest = text[at + len(found.said) :]
    if R.AROUND_BEFORE.search(rest) and (later := R.AROUND_AFTER.search(rest)):  # "arriving the day before and
        return Span(found.start - timedelta(days=1), found.end + timedelta(days=1), found.said, "range")  # … after"
    if later := R.LATER.search(rest):
        return _moved(found, "day after", later.group(0))
    if week := R.THAT_WEEK.match(rest):  # 双十一那周, "Christmas Day? We're in Paris that week": its Monday to Sunday
        start = monday(found.start)
        return replace(found, start=start, end=start + timedelta(days=6), said=found.said + week.group(0), kind="week")
    return found


def _moved(found: Span, what: str, said: str) -> Span:
    """The day after or before `found`, the first weekend after it (its first Saturday and Sunday after it ends),
    or the week or the weekend it is in ("the week of X": Monday to Sunday)."""
    if what in ("day after", "day before"):
        day = found.end + timedelta(days=1) if what == "day after" else found.start - timedelta(days=1)
        return Span(day, day, said, "day")
    if what == "first weekend after":
        saturday = found.end + timedelta(days=(5 - found.end.weekday()) % 7 or 7)
        return Span(saturday, saturday + timedelta(days=1), said, "weekend")
    week = monday(found.start)
    start, kind = (week, "week") if what == "week of" else (week + timedelta(days=5), "weekend")
    return replace(found, start=start, end=week + timedelta(days=6), said=said, kind=kind, holiday="")
