"""Words as people type them on a phone, written out once before any slot is read: "3 nites", "this wknd",
"next wk", "thx". Each reader then sees one spelling instead of listing every shorthand itself."""

from __future__ import annotations

import re

SHORTHAND = {
    "nites": "nights",
    "flt": "flight",
    "flts": "flights",
    "htl": "hotel",
    "nite": "night",
    "nts": "nights",
    "wknd": "weekend",
    "wkend": "weekend",
    "wk": "week",
    "wks": "weeks",
    "thx": "thanks",
    "thnx": "thanks",
    "tmrw": "tomorrow",
    "2moro": "tomorrow",
    "bday": "birthday",
    "xmas": "christmas",
    "hols": "holidays",
    "hotles": "hotels",
    "hotle": "hotel",
    "nigths": "nights",
    "nigth": "night",
    "weathr": "weather",
    "wether": "weather",
    "wekend": "weekend",
    "fligts": "flights",
    "flghts": "flights",
}
_WORD = re.compile(
    r"(?i)(?<![A-Za-z0-9'])(" + "|".join(sorted(SHORTHAND, key=len, reverse=True)) + r")(?![A-Za-z0-9'])"
)


DAYS_RANGE = re.compile(r"(?<![\d/.\-])(\d{1,2})\s*(到|至|-|~|\uff5e)\s*(\d{1,2})\s*([号日])")


def written_out(text: str) -> str:
    """`text` with phone shorthand spelt out; everything else, Chinese included, as it was."""
    text = re.sub(r"(?i)多少\s*money", "多少钱", text)  # 要多少 money: the price asked
    text = DAYS_RANGE.sub(r"\1\4\2\3\4", text)  # 这个月22到26号: 22号到26号, each end a day
    return _WORD.sub(lambda m: SHORTHAND[m.group(1).lower()], text)
