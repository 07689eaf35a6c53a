"""One reader for the numbers a question writes, in both languages: 3, 三, 十二, 俩, three, a."""

from __future__ import annotations

from desktop_app.travel import rules

ZH_DIGITS: dict[str, int] = rules.table("numbers")["ZH_DIGITS"]
EN_NUM: dict[str, int] = rules.table("numbers")["EN_NUM"]
UNITS: dict[str, int] = rules.table("numbers")["UNITS"]


def zh_number(text: str) -> int | None:
    """1–99 written with digits or Chinese numerals (十二, 二十, 三十一)."""
    if text.isdigit():
        return int(text)
    tens, ten, ones = text.partition("十")  # 十 alone is 10, 十二 12, 二十 20
    return ZH_DIGITS.get(tens, 1) * 10 + ZH_DIGITS.get(ones, 0) if ten else ZH_DIGITS.get(text)


def number(token: str) -> int | None:
    """3, 三, 十二, three, a."""
    return zh_number(token) or EN_NUM.get(token.lower())


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
