"""A budget in another currency ("1500 USD", "$2k", "3万日元"): counted in yuan at a fixed sample
rate the answer states, never read as that many yuan."""

from __future__ import annotations

import re

from desktop_app.travel import rules

R = rules.Rules("money")
PER_NIGHT = R.PER_NIGHT  # "under 500 a night": a cap on the hotel, not a budget for the trip
# yuan per unit: fixed sample rates (the sample data is in yuan), said in the answer, not a live quote
RATES = {"USD": 7.2, "EUR": 7.8, "GBP": 9.1, "HKD": 0.92, "JPY": 0.048}
SIGNS = {"USD": "US$", "EUR": "€", "GBP": "£", "HKD": "HK$", "JPY": "¥"}
ZH_NAMES = {"USD": "美元", "EUR": "欧元", "GBP": "英镑", "HKD": "港币", "JPY": "日元"}
_AMOUNT = rules.text("money", "_AMOUNT")
_BEFORE = rules.table("money")["BEFORE"]  # the sign before the amount, or
_AFTER = rules.table("money")["AFTER"]  # the name after it


def foreign_budget(text: str) -> tuple[int, str, str] | None:
    """(yuan, how it was counted in Chinese, in English) for an amount in another currency; None for yuan."""
    folded = text.casefold()
    for code, sign in _BEFORE.items():
        if m := re.search(rf"(?:{sign})\s*{_AMOUNT}", folded):
            return _counted(code, m)
    for code, words in _AFTER.items():
        if m := re.search(rf"{_AMOUNT}\s*(?:{words})(?![a-z])", folded):
            return _counted(code, m)
    return None


def _counted(code: str, m: re.Match[str]) -> tuple[int, str, str]:
    scale = {"k": 1_000, "千": 1_000, "万": 10_000}.get(m.group("k") or "", 1)
    amount = float(m.group("n").replace(",", "")) * scale
    yuan, rate = round(amount * RATES[code]), RATES[code]
    shown = f"{amount:,.0f}"
    zh = f"{shown}{ZH_NAMES[code]}，按示例汇率 1{ZH_NAMES[code]} = {rate:g} 元折算"
    en = f"{SIGNS[code]}{shown} at a fixed sample rate of {rate:g} yuan to the {code}"
    return yuan, zh, en


def per_person(each: int, size: int, said: tuple[str, str]) -> tuple[int, tuple[str, str]]:
    """A budget said per traveller, counted for the whole party and said so ("人均 ¥3,000 × 2人")."""
    if size < 2:  # one traveller: per person is the whole budget, still read as said
        return each, (f"人均 {said[0] or f'¥{each:,}'}", f"{said[1] or f'¥{each:,}'} per person")
    zh = f"人均 {'' if said[0] else '¥'}{said[0] or f'{each:,}'} × {size}人"
    en = f"{said[1] or f'¥{each:,}'} per person × {size}"
    return each * size, (zh, en)
