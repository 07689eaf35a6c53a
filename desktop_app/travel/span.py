"""A stretch of days a question names, and how it is written back (`下周 = 12月7日–13日`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from desktop_app import clock
from desktop_app.travel import rules
from desktop_app.travel.date_words import MONTHS_EN

R = rules.Rules("span")


@dataclass(frozen=True)
class Span:
    """A stretch of days a question names (both ends included), and how it was read."""

    start: date
    end: date
    said: str
    kind: str  # day | week | weekend | month | part (上旬/mid-…/月底) | range | holiday | season
    holiday: str = ""  # a HOLIDAYS key
    official: bool = True  # False: that year's schedule is not published; statutory days shown

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    def label(self, lang: str) -> str:
        """`下周 = 12月7日–13日` / `next week = 7–13 Dec 2026`: the reading stated in every answer, with
        the year when it is not this one (11月28号 asked in December: 2027年11月28日)."""
        text = span_text(self.start, self.end, lang)
        if lang == "zh" and self.start.year != clock.today().year and not text.startswith(str(self.start.year)):
            text = f"{self.start.year}年{text}"
        return f"{self.said} = {text}"


def span_text(start: date, end: date, lang: str) -> str:
    """`12月7日–13日` / `7–13 Dec 2026`: the year in Chinese only where the span crosses one."""
    if lang == "zh":
        head = f"{start.month}月{start.day}日"
        if start == end:
            return head
        tail = f"{end.day}日" if (end.year, end.month) == (start.year, start.month) else f"{end.month}月{end.day}日"
        if start.year != end.year:  # 2026年12月31日–2027年1月1日: both years where the span crosses one
            return f"{start.year}年{head}–{end.year}年{tail}"
        return f"{head}–{tail}"
    months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
    if start == end:
        return f"{start.day} {months[start.month - 1]} {start.year}"
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {months[start.month - 1]} {start.year}"
    return f"{start.day} {months[start.month - 1]} – {end.day} {months[end.month - 1]} {end.year}"


def next_on(after: date, day: int) -> date | None:
    """The first `day` of a month on or after `after` (back on the 2nd after the 28th: next month's)."""
    for year, month in ((after.year, after.month), (after.year + after.month // 12, after.month % 12 + 1)):
        try:
            found = date(year, month, day)
        except ValueError:
            continue
        if found >= after:
            return found
    return None


def monday(d: date) -> date:
    """The Monday of the week `d` is in."""
    return d - timedelta(days=d.weekday())


def month_span(today: date, month: int, said: str, year: int | None = None) -> Span:
    y = year or (today.year if month >= today.month else today.year + 1)
    start = date(y, month, 1)
    end = (date(y + 1, 1, 1) if month == 12 else date(y, month + 1, 1)) - timedelta(days=1)
    return Span(max(start, today) if (y, month) == (today.year, today.month) else start, end, said, "month")


def months_ahead(today: date, ahead: int, said: str) -> Span:
    index = today.month - 1 + ahead
    return month_span(today, index % 12 + 1, said, today.year + index // 12)


def narrow(month: Span, word: str, today: date, said: str) -> Span | None:
    """The part of the month `month` lies in that a word names (月初, 中旬, "end of"; span.toml's PARTS, else the
    month's last days), None when it is already over."""
    w = word.lower().strip()
    part = next((part for part, words in PARTS.items() if w.startswith(words)), "late")
    first, last = rules.table("span")["PART_DAYS"][part]
    end = min(month.end, month.end.replace(day=1) + timedelta(days=last - 1))
    return Span(max(month.end.replace(day=first), today), end, said, "part") if end >= today else None


def dated(today: date, month: int, day: int, year: int | None = None) -> date | None:
    """That month and day: in `year`, else the next one from today (None when no such day)."""
    for y in (year,) if year else (today.year, today.year + 1):
        try:
            d = date(y, month, day)
        except ValueError:
            return None
        if year or d >= today:
            return d
    return None


def en_date(text: str, today: date) -> date | None:
    """`Dec 20`, `20 December`, `March 3rd`, `Dec 20 2027`, `2027-01-03`: that day (the next one when
    no year is given). Calendar arithmetic only, so no date library is loaded for it."""
    words = text.strip().lower().replace(".", "")
    if R.ISO_DATE.fullmatch(words):
        try:
            return date.fromisoformat(words)
        except ValueError:
            return None
    if not (found := R.NAME_DAY.fullmatch(words) or R.DAY_NAME.fullmatch(words)):
        return None
    name, day, year = found.group("name", "day", "year")
    month = next((i for i, full in enumerate(MONTHS_EN, 1) if full.startswith(name[:3]) and len(name) >= 3), 0)
    return dated(today, month, int(day), int(year) if year else None) if month else None


COMING_DAYS = rules.text("span", "COMING_DAYS")
PARTS = {part: rules.words(f"{words['zh']}|{words['en']}") for part, words in rules.table("span")["PARTS"].items()}
