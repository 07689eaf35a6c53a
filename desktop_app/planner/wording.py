"""How the planner's answers say things: Chinese or English (`say`; `Lines` for the lines a module keeps in
its TOML file, {fields} filled), a city's name, yuan amounts, and counts of nights."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from desktop_app.travel.places import City

T = TypeVar("T")
ZH_DIGITS = "零一二三四五六七八九十"


def say(lang: str, zh: T, en: T) -> T:
    """The Chinese side for a Chinese answer, else the English one."""
    return zh if lang == "zh" else en


@dataclass(frozen=True)
class Lines:
    """A module's answer lines (its TOML file's LINES: zh and en, each maybe written over several lines), said
    in the answer's language with their {fields} filled: `LINES("intro", lang, names=...)`."""

    entries: dict[str, Any]

    def __call__(self, line: str, lang: str, /, **fields: object) -> str:
        return "".join(say(lang, self.entries[line]["zh"], self.entries[line]["en"])).format(**fields)


def city_name(city: City, lang: str) -> str:
    return say(lang, city.zh, city.en)


def yuan(amount: int) -> str:
    return f"¥{amount:,}"


def zh_count(n: int) -> str:
    """三 for 3 (as the seed writes 三晚), 两 for 2, digits past ten."""
    return "两" if n == 2 else (ZH_DIGITS[n] if 0 <= n <= 10 else str(n))


def nights_en(n: int) -> str:
    """ "1 night", "3 nights"."""
    return f"{n} night" if n == 1 else f"{n} nights"


def nights_said(n: int, lang: str) -> str:
    """三晚, "3 nights"."""
    return say(lang, f"{zh_count(n)}晚", nights_en(n))
