"""A budget in another currency ("1500 USD", "$2k", "3万日元"): counted in yuan at a fixed sample
rate the answer states, never read as that many yuan."""

from __future__ import annotations

import re

from desktop_app.travel import rules

R = rules.Rules("money")
PER_NIGHT = R.PER_NIGHT  # "under 500 a night": a cap on the hotel, not a budget for the trip
CURRENCIES = rules.table("money")["CURRENCIES"]  # each one's fixed sample rate in yuan, sign and Chinese name
_AMOUNT = rules.text("money", "_AMOUNT")
SAID = [  # an amount in another currency: its sign before the number, else its name after it (money.toml)
    *((code, re.compile(rf"(?:{sign})\s*{_AMOUNT}")) for code, sign in rules.table("money")["BEFORE"].items()),
    *((code, re.compile(rf"{_AMOUNT}\s*(?:{said})(?![a-z])")) for code, said in rules.table("money")["AFTER"].items()),
]


def foreign_budget(text: str) -> tuple[int, str, str] | None:
    """(yuan, how it was counted in Chinese, in English) for an amount in another currency; None for yuan."""
    folded = text.casefold()
    return next((_counted(code, m) for code, pattern in SAID if (m := pattern.search(folded))), None)


def _counted(code: str, m: re.Match[str]) -> tuple[int, str, str]:
    scale = {"k": 1_000, "千": 1_000, "万": 10_000}.get(m.group("k") or "", 1)
    amount = float(m.group("n").replace(",", "")) * scale
    rate, sign, zh = (CURRENCIES[code][key] for key in ("times", "en", "zh"))
    shown = f"{amount:,.0f}"
    said_zh = f"{shown}{zh}，按示例汇率 1{zh} = {rate:g} 元折算"
    return round(amount * rate), said_zh, f"{sign}{shown} at a fixed sample rate of {rate:g} yuan to the {code}"


def per_person(each: int, size: int, said: tuple[str, str]) -> tuple[int, tuple[str, str]]:
    """A budget said per traveller, counted for the whole party and said so ("人均 ¥3,000 × 2人")."""
    zh, en = f"人均 {said[0] or f'¥{each:,}'}", f"{said[1] or f'¥{each:,}'} per person"
    if size < 2:  # one traveller: per person is the whole budget, still read as said
        return each, (zh, en)
    return each * size, (f"{zh} × {size}人", f"{en} × {size}")
