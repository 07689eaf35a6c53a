"""The words of dates, as patterns: the data when.py's rules read (下周三, "the 18th", 12月20号到25号, May 3rd)."""

from __future__ import annotations

import re

from desktop_app.travel import rules

MONTHS_EN = "january february march april may june july august september october november december".split()
WEEKDAYS_ZH = "一二三四五六日天"
WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_M = rules.text("date_words", "_M")
_ZN = r"(\d{1,2}|[一二两三四五六七八九十]{1,3})"


def _zn(name: str) -> str:
    return _ZN.replace("(", f"(?P<{name}>", 1)


_DAY_EN = r"\d{1,2}(?:st|nd|rd|th)?"
ZH_DATE = (
    r"(?P<y>20\d\d)?年?" + _zn("m") + r"\s*月\s*" + _zn("d") + r"\s*[日号]?"
    r"(?:\s*(?:到|至|-|–|~)\s*(?:" + _zn("m2") + r"\s*月)?\s*" + _zn("d2") + r"\s*[日号])?"
)
_ZH_DIGIT = r"[\d一二三四五六七八九十]"
ZH_MONTH = r"(?:(?P<y>20\d\d)\s*年\s*)?(?<!" + _ZH_DIGIT + r")" + _zn("m") + r"\s*月(?:份)?(?!\s*" + _ZH_DIGIT + r")"
_EN_ONE = _M + r"\.?\s+" + _DAY_EN + r"|" + _DAY_EN + r"\s+(?:of\s+)?" + _M + r"|20\d\d-\d\d-\d\d"
EN_DATE = (
    r"\b(?:from\s+)?(?P<a>(?P<mon>" + _M[1:-1] + r")\.?\s+" + _DAY_EN + r"|" + _DAY_EN + r"\s+(?:of\s+)?" + _M
    + r"|20\d\d-\d\d-\d\d)(?:\s*(?:-|–|to|until|till|through|thru|到|至)\s*(?P<b>" + _EN_ONE + r"|" + _DAY_EN + r"))?\b"
)  # fmt: skip
EN_MONTH = r"\b(?P<m>" + _M[1:-1] + r")\b(?:\s+(?P<y>20\d\d))?"
_MD = r"(?P<{0}>1[0-2]|0?[1-9])"
NUM_DATE = (  # 1/15, 12.24-12.27, 12/24-27, 2027/1/5-1/9 (never inside a longer number, a version or a price)
    r"(?<![\d./¥$])(?:(?P<y>20\d\d)[/.-])?" + _MD.format("m") + r"(?P<sep>[/.])(?P<d>3[01]|[12]\d|0?[1-9])(?![\d%]|/\d)"
    r"(?:[号日]?\s*(?:到|至|-|–|~|to)\s*(?:" + _MD.format("m2") + r"[/.])?(?P<d2>3[01]|[12]\d|0?[1-9])(?![\d./%]))?"
)
_NTH = r"(?:the\s+)?(?P<{0}>\d{{1,2}})(?:st|nd|rd|th|\.)?"  # "24. to 27. december": an ordinal's dot too
EN_DAYS_OF = (
    r"\b(?:from\s+)?" + _NTH.format("d") + r"\s*(?:-|–|to|until|till)\s*" + _NTH.format("d2")
    + r"\s+(?:of\s+)?(?P<mon>" + _M[1:-1] + r")\b"
)  # fmt: skip
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)"
WEEKDAY = rules.text("date_words", "WEEKDAY", _DAYS=_DAYS)

ZH_PART = rules.text("date_words", "ZH_PART", _ZH_DIGIT=_ZH_DIGIT, _ZN=_ZN)
EN_PART = (
    r"\b(?:the\s+|at\s+the\s+)?(?P<part>early|mid|middle\s+of|late|beginning\s+of|start\s+of|end\s+of"
    r"|first\s+half\s+of|second\s+half\s+of)"
    r"(?:\s+|-)(?:in\s+)?(?P<base>(?:the\s+)?month\s+after\s+next|next\s+month|this\s+month|the\s+month"
    r"|(?:" + _M[1:-1] + r")\b(?:\s+20\d\d)?)"
)
NAMED_MONTH = r"(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*月份?"  # a month by its number, no year
# "the week of the 15th", "the weekend of the 19th"
WEEK_OF_DAY = r"\b(?:the\s+)?(?P<kind>week|weekend)\s+of\s+the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
WEEK_OF_EN = (  # "the first week of May", "the last week of next month"
    r"\b(?:the\s+|in\s+the\s+)?(?:(?P<nth>first|1st|second|2nd|third|3rd|fourth|4th)|last|final)\s+week\s+(?:of|in)\s+"
    r"(?P<base>(?:the\s+)?month\s+after\s+next|next\s+month|this\s+month|(?:" + _M[1:-1] + r")\b(?:\s+20\d\d)?)"
)
HOLIDAY_WORDS = rules.text("date_words", "HOLIDAY_WORDS")
WEEKEND_BY = rules.text("date_words", "WEEKEND_BY", HOLIDAY_WORDS=HOLIDAY_WORDS)
_DAY_NAMES = rules.text("date_words", "_DAY_NAMES", HOLIDAY_WORDS=HOLIDAY_WORDS)
HOLIDAY_TO = rules.text("date_words", "HOLIDAY_TO", _DAY_NAMES=_DAY_NAMES)
NTH_WEEKEND = (  # 12月第一个周末, "the first weekend of March"
    r"(?P<base>下下个?月|下个?月|这个?月|本月|(?<!"
    + _ZH_DIGIT
    + r")"
    + _ZN
    + r"\s*月份?)\s*的?\s*第(?P<nth>[一二三四1-4])个?周末"
    r"|\b(?:the\s+)?(?P<nth2>first|second|third|1st|2nd|3rd)\s+weekend\s+(?:of|in)\s+(?P<base2>next\s+month|this\s+month"
    r"|(?:" + _M[1:-1] + r")\b)"
)
LAST_WEEKEND = (  # 这个月最后一个周末, 1月的最后一个周末, "the last weekend of next month"
    r"(?P<base>下下个?月|下个?月|这个?月|本月|(?<!" + _ZH_DIGIT + r")" + _ZN + r"\s*月份?)\s*的?\s*最后一个?周末"
    r"|\b(?:the\s+)?last\s+weekend\s+(?:of|in)\s+(?P<base2>(?:the\s+)?month\s+after\s+next|next\s+month"
    r"|this\s+month|(?:" + _M[1:-1] + r")\b)"
)
WEEK_OF_ZH = rules.text("date_words", "WEEK_OF_ZH", _ZH_DIGIT=_ZH_DIGIT, _ZN=_ZN)
_TO_ZN = r"(?:\s*(?:到|至|-|–|~)\s*" + _zn("d2") + r"\s*[号日]?)?"  # 下个月3号到8号
EN_DAYS_OF_MONTH = (  # "from the 3rd to the 8th of next month"
    r"\b(?:from\s+)?" + _NTH.format("d") + r"(?:\s*(?:-|–|to|until|till)\s*" + _NTH.format("d2") + ")?"
    + r"\s+of\s+(?P<base>(?:the\s+)?month\s+after\s+next|next\s+month|this\s+month)\b"
)  # fmt: skip
BARE_DAY = rules.text("date_words", "BARE_DAY", _M=_M)
# 元旦, "New Year's Day", "for New Year" (not Chinese New Year, "happy new year", "in the new year")
NEW_YEAR = r"元旦|\bnew year'?s(?: day)?\b|(?<!chinese )(?<!lunar )(?<!happy )(?<!the )\bnew year\b"
YEAR_END = r"(?:明年)?(?<![去前])年[底末]|\b(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the|this|next)\s+year\b|\byear[- ]end\b"


def may_not_month(m: re.Match[str]) -> bool:
    """ "may" is a month only as "May" or after in/during/next/this ("you may", "may I" are not)."""
    word = m.group(0).strip()
    if word.lower() != "may":
        return False
    before, after = m.string[max(0, m.start() - 8) : m.start()].lower(), m.string[m.end() :]
    return not (re.search(r"\b(?:in|during|this|next|of|early|late|mid)\s+$", before) or re.match(r"\s+\d", after))


# a month said outright (12月, 1/15, "Feb"): a day said without one is read in the trip's month
MONTH_SAID = re.compile(r"(?i)月|\d\s*[/.]\s*\d|\b(?:" + "|".join(m[:3] for m in MONTHS_EN) + r")")
# a time that places itself (a month, or from today: 下周末, "next week"), never re-read in the trip's month
SELF_PLACED = re.compile(MONTH_SAID.pattern + r"|下|这|本|明天|后天|\bnext\b|\bthis\b|\btomorrow\b|\btmrw\b")
R = rules.Rules("date_words")
