"""Times a question says that are not the trip's: busy until, a ticket bought, a deadline, a time ruled out, and
clauses about an exam, a meeting or an appointment, or a trip already made ("12月1号刚去过长沙", "I was in Taipei on
March 1st"). Each is blanked (same length, so positions hold) before the trip's time is read."""

from __future__ import annotations

from desktop_app.travel import rules

BUSY = rules.pattern("not_trip", "BUSY")
EVENT = rules.pattern("not_trip", "EVENT")
TRIP_VERB = rules.pattern("not_trip", "TRIP_VERB")
# a clause about a trip already made: 刚去过, 那次, 上次, "I was in Taipei on March 1st" (its days are not the trip's)
MADE_ZH = r"去过|那次|上次(?!你)|上回(?!你)|刚去了|去了趟"  # (上次你给的行程: the plan given here)
MADE_EN = r"was in|were in|went to|visited|last time|we did|did"
PAST = rules.pattern("not_trip", "PAST", MADE_ZH=MADE_ZH, MADE_EN=MADE_EN)
CLAUSE = rules.pattern("not_trip", "CLAUSE")


def in_event(text: str, at: int) -> bool:
    """Whether position `at` lies in a clause about an exam or a meeting with no trip in it (下周三在上海有个考试)."""
    clause = next((m for m in CLAUSE.finditer(text) if m.start() <= at < m.end()), None)
    if clause is None or len(CLAUSE.findall(text)) < 2:
        return False
    return bool(EVENT.search(clause.group(0))) and not TRIP_VERB.search(clause.group(0))


TOLD_CLAUSE = rules.pattern("not_trip", "TOLD_CLAUSE")
TOLD = rules.pattern("not_trip", "TOLD", MADE_ZH=MADE_ZH, MADE_EN=MADE_EN)
LAYOVER_AFTER = rules.pattern("not_trip", "LAYOVER_AFTER")
LAYOVER_BEFORE = rules.pattern("not_trip", "LAYOVER_BEFORE")
STAYED = rules.pattern("not_trip", "STAYED")


def clause_of(text: str, at: int) -> str:
    """The chat clause holding position `at` (punctuation, or a space between Chinese words, ends one)."""
    return next((m.group(0) for m in TOLD_CLAUSE.finditer(text) if m.start() <= at < m.end()), "")


def in_told(text: str, at: int) -> bool:
    """Whether position `at` lies in a clause telling of a trip already made."""
    return bool(TOLD.search(clause_of(text, at)))


def flown_through(text: str, start: int, end: int) -> bool:
    """Whether the place at text[start:end] is only where planes are changed (its clause says no stay)."""
    changed = LAYOVER_AFTER.match(text, end) or LAYOVER_BEFORE.search(text[max(0, start - 24) : start])
    return bool(changed) and not STAYED.search(clause_of(text, start))


def busy_blanked(text: str) -> str:
    """`text` with the days that are not the trip's (忙到25号, "booked on the 20th", 清明去不了) blanked."""
    return BUSY.sub(lambda m: " " * len(m.group(0)), text)


def asides_blanked(text: str, past: bool = True) -> str:
    """`text` with the clauses about something else (an exam, a meeting; with `past`, a trip already made)
    blanked."""
    clauses = CLAUSE.findall(text)
    if len(clauses) < 2:
        return text
    aside = [c for c in clauses if (past and PAST.search(c)) or (EVENT.search(c) and not TRIP_VERB.search(c))]
    for clause in aside:
        text = text.replace(clause, " " * len(clause), 1)
    return text


def told_blanked(text: str) -> str:
    """`text` with each clause telling a trip already made blanked ("Spent last Christmas in London freezing":
    no weather asked), unless nothing else is left."""
    blanked = TOLD_CLAUSE.sub(lambda m: " " * len(m.group(0)) if TOLD.search(m.group(0)) else m.group(0), text)
    return blanked if blanked.strip() else text


DROPPED = rules.pattern("not_trip", "DROPPED")
VISITED = rules.pattern("not_trip", "VISITED")
