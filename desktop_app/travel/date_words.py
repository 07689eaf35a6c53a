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
WEEKDAY = (  # 下周三 / next Wednesday; 这周五, 周五, this (or on) Friday: the coming one; 天 of 天气 is no Sunday
    r"(?:(?P<next>下{1,2}(?:个)?(?:周|星期|礼拜)|\bne?xt\s+)|(?:这|本)?(?:个)?(?:周|星期|礼拜)(?=[一二三四五六日天])|\b(?:this|on)\s+"
    r"|\b(?<!black )(?<!good )(?<!until )(?<!till )(?<!by )(?<!before )(?<!of )(?<!some )"
    r"(?!(?<=the )sun\b)(?!sun\s+(?:icons?|cream|block|hats?|glasses|shine)\b)"  # (not "the sun", "sun icons")
    r"(?=" + _DAYS + r"\b))"  # a bare "friday" (not "a week of sun")
    r"(?P<w>[一二三四五六日]|天(?!气)|" + _DAYS + r"(?![a-z]))(?P<after>\s+after\s+next\b)?"  # "friday after next"
    r"(?P<of>,?\s+(?:of\s+)?(?P<wk>the\s+week\s+after\s+next|next\s+week)\b)?"  # "Thursday next week"
)  # "open on Mondays" is every Monday, not a date

ZH_PART = (
    r"(?P<base>下下个?月|下个?月|这个?月|本月|(?:20\d\d\s*年\s*)?(?<!" + _ZH_DIGIT + r")" + _ZN + r"\s*月份?)"
    r"\s*(?P<part>初|上旬|中旬|中(?![国午心文部间东西南北秋])|底|末|下旬|上半月|下半月)"
)
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
WEEKEND_BY = (
    r"(?P<h>" + HOLIDAY_WORDS + r")\s*(?:之)?(?P<dir>前|后)\s*(?:的|那个|那)?\s*(?:一个)?周末"
    r"|\bthe\s+weekend\s+(?P<dir2>before|after)\s+(?:the\s+)?(?P<h2>" + HOLIDAY_WORDS + r")\b"
)
_DAY_NAMES = (  # a holiday's day, eves first: "Christmas Eve through Boxing Day", 平安夜到元旦
    r"christmas eve|xmas eve|boxing day|new year'?s eve|nye|平安夜|圣诞夜|圣诞前夜|跨年夜|" + HOLIDAY_WORDS
)
HOLIDAY_TO = (
    r"(?P<a>" + _DAY_NAMES + r")\s*(?:到|至|-|–|\bto\b|\bthrough\b|\bthru\b|\buntil\b|\btill\b)\s*"
    r"(?P<b>" + _DAY_NAMES + r")"
)
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
WEEK_OF_ZH = (  # 五月第一周, 下个月的第二个星期, 5月最后一周
    r"(?P<base>下下个?月|下个?月|这个?月|本月|(?:20\d\d\s*年\s*)?(?<!" + _ZH_DIGIT + r")" + _ZN + r"\s*月份?)"
    r"\s*的?\s*(?:第(?P<nth>[一二三四1-4])|最后一)个?(?:周|星期|礼拜)"
)
_TO_ZN = r"(?:\s*(?:到|至|-|–|~)\s*" + _zn("d2") + r"\s*[号日]?)?"  # 下个月3号到8号
EN_DAYS_OF_MONTH = (  # "from the 3rd to the 8th of next month"
    r"\b(?:from\s+)?" + _NTH.format("d") + r"(?:\s*(?:-|–|to|until|till)\s*" + _NTH.format("d2") + ")?"
    + r"\s+of\s+(?P<base>(?:the\s+)?month\s+after\s+next|next\s+month|this\s+month)\b"
)  # fmt: skip
BARE_DAY = (  # a day of the month with no month: "on the 18th, back on the 22nd", 18号出发，22号回来
    r"(?i)\b(?:on|from|for|(?:starting|leaving|departing|arriving|arrive|landing|checking in|check-in"
    r"|fly(?:ing)? out|booked for|going|around|say|make it|move it to|change it to|what about|how about"
    r"|(?-i:[A-Z][a-z]{2,}))(?:\s+on)?)"
    r"\s+the\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b"
    r"(?!\s+(?:of\s+)?" + _M + r"|\s+(?:time|day|night|year|floor|row|place|anniversary)\b)"
    r"(?:[^.?!]{0,30}?\b(?:back|return(?:ing)?|until|till|to)\s+(?:on\s+)?(?:the\s+)?(?P<d2>\d{1,2})(?:st|nd|rd|th)\b)?"
    r"|\b(?:the\s+)?(?P<r1>\d{1,2})(?:st|nd|rd|th)\s*(?:-|–|to|until|till|through)\s*(?:the\s+)?"  # "12th-15th"
    r"(?P<r2>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?" + _M + r")"
    r"|(?<![月\d/.])(?P<zd>\d{1,2})\s*号(?=就?(?:出发|走|去|飞|到|回|想|要|再)|左右|前后|那天|[，,]|\s|$)"
    r"(?:[^。？！?!]{0,10}?(?P<zd2>\d{1,2})\s*号(?:回|返))?"
)
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
PLACES_LISTED = rules.pattern("date_words", "PLACES_LISTED")
