"""One reader for the numbers a question writes, in both languages: 3, 三, 十二, 俩, three, a."""

from __future__ import annotations

ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "俩": 2, "仨": 3, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
EN_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
EN_NUM |= {"ten": 10, "a": 1, "an": 1}


def zh_number(text: str) -> int | None:
    """1–99 written with digits or Chinese numerals (十二, 二十, 三十一)."""
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if "十" in text:
        tens, _, ones = text.partition("十")
        t = ZH_DIGITS.get(tens, 1) if tens else 1
        return t * 10 + (ZH_DIGITS.get(ones, 0) if ones else 0)
    return ZH_DIGITS.get(text)


def number(token: str) -> int | None:
    """3, 三, 十二, three, a."""
    return zh_number(token) or EN_NUM.get(token.lower())
