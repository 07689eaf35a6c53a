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


UNITS = {"万": 10_000, "千": 1_000, "百": 100}


def zh_amount(words: str) -> int | None:
    """A sum in Chinese numerals: 五千, 两万, 一万五 (15,000), 两千五 (2,500), 一万五千, 三千五百."""
    total, rest = 0, words
    for unit, size in UNITS.items():
        head, found, tail = rest.partition(unit)
        if not found:
            continue
        lead = zh_number(head) if head else None
        if head and lead is None:
            return None
        total, rest = total + (lead or 1) * size, tail
        if len(rest) == 1 and rest in ZH_DIGITS:  # 一万五: the digit after the unit is a tenth of it
            return total + ZH_DIGITS[rest] * size // 10
    return total + (zh_number(rest) or 0) if total and (not rest or zh_number(rest)) else None
