"""A stretch of days a question names, and how it is written back (`下周 = 12月7日–13日`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from desktop_app import clock


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
