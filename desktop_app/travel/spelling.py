"""Words as people type them, written out once before any slot is read ("3 nites", "this wknd", 後天從台北飛):
each reader then sees one spelling instead of listing every shorthand itself."""

from __future__ import annotations

import re

from desktop_app.travel import rules

SHORTHAND: dict[str, str] = rules.table("spelling")["SHORTHAND"]
_WORD = re.compile(
    r"(?i)(?<![A-Za-z0-9'])(" + "|".join(sorted(SHORTHAND, key=len, reverse=True)) + r")(?![A-Za-z0-9'])"
)
_HAN = rules.table("spelling")["TRADITIONAL"]
TRADITIONAL = str.maketrans("".join(_HAN["traditional"]), "".join(_HAN["simplified"]))
REWRITES = [(rules.compiled(rule), rule["to"]) for rule in rules.table("spelling")["REWRITES"]]


def written_out(text: str) -> str:
    """`text` with phone shorthand spelt out; everything else, Chinese included, as it was."""
    text = text.translate(TRADITIONAL)
    for pattern, written in REWRITES:
        text = pattern.sub(written, text)
    return _WORD.sub(lambda m: SHORTHAND[m.group(1).lower()], text)
