"""Who travels, read as one list of people ("Grandma, grandpa, my husband, our 3 kids and me", "w wife n 2 kids",
"the kids (8 and 11) plus my wife", "just the 2 of us + our teen son"): each counted once, the speaker with them."""

from __future__ import annotations

import re

from desktop_app.travel import rules
from desktop_app.travel.numbers import number

_OLD = r"\d{1,2}[- ]?(?:year|yr)s?[- ]olds?"
NOUNS: tuple[tuple[str, int, bool], ...] = tuple(  # (noun, people each when no count is said, children)
    (rules.compiled({"pattern": noun}, _OLD=_OLD).pattern, each, kids)
    for noun, each, kids in rules.table("people_list")["NOUNS"]["rows"]
)
ADULTS = NOUNS[0][0]  # "2 adults" and "the 2 of us" count the speaker among them
_NOUN = "|".join(f"(?:{n})" for n, _, _ in NOUNS)
_ADULT = "|".join(f"(?:{n})" for n, _, kids in NOUNS if not kids)  # never a word before another noun
R = rules.Rules("people_list", _ADULT=_ADULT, _OLD=_OLD, _NOUN=_NOUN)


def _people(m: re.Match[str]) -> tuple[int, bool, bool] | None:
    """(people, children, the speaker among them) of one item; None for a plural whose number is not said."""
    if m.group("me") or m.group("pron"):  # "me", "him"
        return 1, False, bool(m.group("me"))
    if m.group("us") or m.group("usn"):
        return number(m.group("us") or m.group("usn")) or 0, False, True
    noun = m.group("noun").lower()
    each, kids = next((e, k) for n, e, k in NOUNS if re.fullmatch(n, noun, re.I))
    paren = m.group("paren") or ""
    said = number(m.group("n")) if m.group("n") else None
    if (of_them := R.OF_THEM.search(paren)) is not None:
        said = number(of_them.group(1))
    elif each == 0 and "both" not in paren.lower() and len(R.AGES.findall(paren)) > 1:
        said = len(R.AGES.findall(paren))  # "the kids (8 and 11)": two
    count = said if said and (each != 2 or said == 1) else each
    return (count, kids, re.fullmatch(ADULTS, noun) is not None) if count else None


def listed_party(text: str) -> tuple[int, int, str] | None:
    """(people, children, the words) of the longest list of people the text names with the speaker or after
    "with"; None when no such list is said."""
    text = R.ADDRESSED.sub(lambda m: " " * len(m.group(0)), text)  # "Hello friend, I am…": the reader, no traveller
    runs: list[list[re.Match[str]]] = []  # items said one after another ("me, my wife and 2 kids")
    for item in R.ITEM.finditer(text):
        if runs and R.SEPARATOR.match(text[runs[-1][-1].end() : item.start()]):
            runs[-1].append(item)
        else:
            runs.append([item])
    return max((found for run in runs if (found := _counted(text, run))), key=lambda found: found[0], default=None)


def _counted(text: str, run: list[re.Match[str]]) -> tuple[int, int, str] | None:
    """The people of one run of items: with the speaker in it or before it ("with my wife"), else not a party."""
    people = [_people(m) for m in run]
    led = R.LEADS.search(text[: run[0].start()]) is not None  # "with my wife": the speaker goes too
    if any(p is None for p in people) or (len(run) < 2 and not led):
        return None
    counted = [p for p in people if p is not None]
    others = sum(p[0] for p in counted if not p[2])
    kids = sum(p[0] for p in counted if p[1])
    speaker = max((p[0] for p in counted if p[2]), default=0)  # "me, i" is one; "the 2 of us" is two
    if not speaker and not led:
        return None
    return others + max(speaker, 1), kids, text[run[0].start() : run[-1].end()]
