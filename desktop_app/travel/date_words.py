"""The words of dates: months and weekdays by name, and what tells a month said (the phrases themselves, with the
makers of their spans, are when.toml's)."""

from __future__ import annotations

import re

from desktop_app.travel import rules

MONTHS_EN = "january february march april may june july august september october november december".split()
WEEKDAYS_ZH = "一二三四五六日天"
WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_M = rules.text("date_words", "_M")
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)"
R = rules.Rules("date_words")


def may_not_month(m: re.Match[str]) -> bool:
    """ "may" is a month only as "May" or after in/during/next/this ("you may", "may I" are not)."""
    if m.group(0).strip().lower() != "may":
        return False
    before = m.string[max(0, m.start() - 8) : m.start()].lower()
    return not (R.MAY_AFTER.search(before) or R.MAY_BEFORE.match(m.string, m.end()))
