"""Two times joined into one stretch: "boxing day thru the 28th", 这周末到下周三, 除夕 to 初三, "next weds to sat".

The grammar's one combinator: each end is read by the same rules as any time, the second read from the first's
start (so "sat" after "next weds" is the Saturday after it), and the stretch runs from the first to the second.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta

from desktop_app.travel import rules
from desktop_app.travel.date_words import R as DATE_WORDS
from desktop_app.travel.span import Span, dated, next_on

R = rules.Rules("ranges")
STARTS = ("day", "holiday", "weekend")  # what a stretch can start from (a month or a week is already one)
WHOLE = ("part", "month", "weekend", "week")  # an end read whole: 到月底 ends on the month's last day
LONGEST = timedelta(days=62)


def _bare_end(tail: str, start: date) -> Span | None:
    """ "the 28th" after a join: that day of the month, on or after the stretch's start (this month's when it is
    still to come, else the next month's; none when that month has no such day)."""
    if not (m := R.BARE_END.match(tail)) or not (day := next_on(start, n := int(m.group(1) or m.group(2)))):
        return None
    return Span(day, day, m.group(0), "day") if (day.month == start.month) == (n >= start.day) else None


def weekend_of(text: str, found: Span) -> Span:
    """A day's weekend ("valentines weekend", "thanksgiving weekend", 元旦那个周末) or its days off (元旦假期,
    清明小长假): the weekend it falls on, with the day itself when it is next to one (Thursday or Friday to Sunday,
    Saturday to Monday); a weekend asked for a Tuesday or Wednesday is the one after it."""
    at = text.find(found.said)
    if found.days != 1 or at < 0 or not (m := R.WEEKEND_AFTER.match(text, at + len(found.said))):
        return found
    day, weekday = found.start, found.start.weekday()
    if m.group("off") and weekday in (1, 2):  # 端午假期 on a Wednesday: the day off, no weekend beside it
        return found
    start = day - timedelta(days={5: 0, 6: 1, 0: 2}.get(weekday, 0))  # the Saturday before a Sunday or Monday
    start = start + timedelta(days=5 - weekday) if weekday in (1, 2) else start  # Tuesday, Wednesday: after it
    end = max(day, start + timedelta(days=(6 - start.weekday()) % 7))  # through Sunday (Monday when it is one)
    said = text[at : m.end()]
    if m.group("off"):  # the holiday's days off, still that holiday
        return replace(found, start=start, end=end, said=said)
    return replace(found, start=start, end=end, kind="weekend", said=said, holiday="")


def weekday_dated(text: str, found: Span, today: date, read: Callable[[str, date], Span | None]) -> Span:
    """A weekday with its date beside it ("Friday 18 December", "Friday, June 4th", 周五（12月18日）): the date."""
    at = text.find(found.said)
    if found.kind != "day" or at < 0 or not R.WEEKDAY_SAID.search(found.said):
        return found
    gap = R.GAP.match(text, at + len(found.said))
    tail = text[gap.end() if gap else at + len(found.said) :]
    bare = _bare_end(tail, today)
    second = bare or read(tail, today)  # "Friday the 18th", "Friday, June 4th"
    if second is None or second.kind != "day" or not tail.startswith(second.said) or R.WEEKDAY_SAID.match(second.said):
        return found  # 周六周日: a second weekday is no date
    day = _on_weekday(second.start, found.start.weekday()) if bare is not None else second.start
    return replace(second, start=day, end=day, said=text[at : len(text) - len(tail) + len(second.said)])


def _on_weekday(day: date, weekday: int) -> date:
    """A day of the month said with a weekday ("fri 12th"): the first month from `day`'s on which that day is one."""
    for i in range(day.month - 1, day.month + 11):
        found = dated(day, i % 12 + 1, day.day, day.year + i // 12)
        if found is not None and found.weekday() == weekday:
            return found
    return day


def joined(text: str, found: Span, today: date, read: Callable[[str, date], Span | None]) -> Span:
    """`found`, stretched to the time joined right after it, or to the way back said soon after it; `found`
    itself when none is. The second end is read from today (下周二到下下周二), or from the first when that puts
    it before ("next weds to sat")."""
    at = text.find(found.said)
    after = at + len(found.said)
    if found.kind not in STARTS or at < 0:
        return found
    between = R.BETWEEN.search(text[max(0, at - 9) : at]) and R.AND.match(text, after)
    if not (join := R.JOIN.match(text, after) or R.BACK.match(text, after) or between):
        return _next_day(text, found, after, today, read) or _back_after(text, found, after, today, read)
    tail = text[join.end() :]
    second = read(tail, today)
    if second is not None and second.start <= found.start:  # "Wednesday 13 January … returning Wednesday"
        second = read(tail, found.start + timedelta(days=1))
    second = second and weekday_dated(tail, second, found.start, read)  # "fri 12th to mon 15th": the 15th
    second = second or _bare_end(tail, found.start)
    gap = tail.find(second.said) if second is not None else -1
    if second is None or tail[:gap] not in ("", "the ", "The "):  # the time right after the join, or none
        return found
    if R.WEEK_AT_END.search(second.said) and R.WEEKDAY_SAID.fullmatch(found.said.strip()):
        start = second.start - timedelta(days=(second.start.weekday() - found.start.weekday()) % 7)
        found = replace(found, start=start, end=start)  # "wed to fri next week": both days next week
    end = second.end if second.kind in WHOLE else second.start
    if not found.start < end <= found.start + LONGEST:
        return found
    return replace(found, end=end, kind="range", said=text[at : join.end() + gap + len(second.said)], holiday="")


def _next_day(text: str, found: Span, after: int, today: date, read: Callable[[str, date], Span | None]) -> Span | None:
    """ "today and tmrw", 明天和后天: a day and the one after it, side by side, are a stretch of two."""
    if found.kind != "day" or not (m := R.AND.match(text, after)):
        return None
    following = found.start + timedelta(days=1)
    second = next(
        (s for s in (read(text[m.end() :], d) for d in (today, found.start)) if s and s.start == following), None
    )
    if second is None or second.kind != "day" or not text.startswith(second.said, m.end()):
        return None
    return replace(
        found, end=second.start, kind="range", said=text[after - len(found.said) : m.end() + len(second.said)]
    )


def _back_after(text: str, found: Span, at: int, today: date, read: Callable[[str, date], Span | None]) -> Span:
    """A day and its way back said after it (除夕当天飞三亚，初六回来): from the one to the other (`at`: its end)."""
    rest = text[at : R.SENTENCE.match(text, at).end()]  # type: ignore[union-attr]
    second = read(rest, today)
    second = read(rest, found.start) if second is not None and second.start < found.start else second
    back = R.BACK_SAID.match(rest, rest.find(second.said) + len(second.said)) if second is not None else None
    if second is None or second.kind != "day" or back is None:
        return found
    if not found.start < second.start <= found.start + LONGEST:
        return found
    said = f"{found.said} … {second.said}{back.group(0)}"
    return replace(found, end=second.start, kind="range", said=said, holiday="")


def in_trip_time(when: Span | None, text: str, trip: Span, read: Callable[[str, date], Span | None]) -> Span | None:
    """A follow-up's time read against the trip: a bare day before its month is the trip's month's ("the 14th"), a
    bare weekday outside it the trip's own ("flights for wed morning" in a trip next week); a time inside it said as
    inside (中间有个周末, "on New Year's Eve while I'm there") keeps the whole trip."""
    if when is None:
        return when
    if R.DURING.search(text):
        inside = when if trip.start <= when.start <= trip.end else read(text, trip.start)
        if inside is not None and trip.start <= inside.start <= trip.end:
            return trip
    if DATE_WORDS.SELF_PLACED.search(when.said):
        return when
    if when.start < trip.start.replace(day=1):
        return read(text, trip.start.replace(day=1)) or when
    if R.WEEKDAY_SAID.fullmatch(when.said.strip()) and not trip.start <= when.start <= trip.end:
        again = read(text, trip.start)
        return again if again is not None and trip.start <= again.start <= trip.end else when
    return when


def back_on(
    when: Span | None, text: str, before: Span | None, read: Callable[[str, date], Span | None] | None = None
) -> Span | None:
    """A follow-up naming only the way back (7月16日回北京, 回程定15号, 住到16号, "the return should be the 23rd",
    "till sunday") after a trip that started earlier: from that start to this day; None otherwise."""
    if before is None or not (way := R.WAY_BACK.search(text)):
        return None
    start = before.start
    if when is None:  # 16号回, 回程定15号, "out the 23rd back the 30th": days of the trip's month
        ahead, after = list(R.BARE_END.finditer(text, 0, way.start())), R.BARE_END.search(text, way.end())
        if not after and ahead and way.start() - ahead[-1].end() <= 2:  # 16号回: the day right before the way
            after, ahead = ahead[-1], ahead[:-1]
        if after is not None and ahead:  # "out the 23rd back the 30th": the start moved too
            moved = _bare_end(text[ahead[-1].start() :], start.replace(day=1))
            start = moved.start if moved is not None else start
        when = _bare_end(text[after.start() :], start) if after is not None else None
    if when is None and read is not None:  # "a hotel till sunday": the weekday after the trip's start
        when = read(text[way.end() :], start + timedelta(days=1))
    if when is None or when.kind != "day" or not start < when.start:
        return None
    return replace(when, start=start, kind="range", said=f"{before.said} – {when.said}")


def stretch_after(text: str, day: Span, today: date, read: Callable[[str, date], Span | None]) -> Span:
    """A day named in passing, then the trip's stretch that holds it ("the Wednesday off too, so we'd leave Wed the
    25th and come back Sunday"): the stretch."""
    at = text.find(day.said)
    rest = text[at + len(day.said) :] if at >= 0 else ""
    if not rest or R.WEEKDAY_SAID.match(rest.lstrip(" ,，(（")):  # 12月18号周五…20号回: its own weekday, no new start
        return day
    for month in dict.fromkeys((today, max(today, day.start.replace(day=1)))):  # "the 13th" in the day's month too
        later = read(rest, month)
        if later is None or later.kind != "range" or not (R.JOIN.search(later.said) or R.WAY_BACK.search(later.said)):
            return day  # a stretch said with both ends (跨年 is a night, not the trip's stretch)
        if later.start <= day.start <= later.end:
            return later
    return day
