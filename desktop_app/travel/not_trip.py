"""Times a question says that are not the trip's: busy until, a ticket bought, a deadline, a time ruled out, and
clauses about an exam, a meeting or an appointment, or a trip already made ("12月1号刚去过长沙", "I was in Taipei on
March 1st"). Each is blanked (same length, so positions hold) before the trip's time is read."""

from __future__ import annotations

from desktop_app.travel import rules

R = rules.Rules("not_trip")


def in_event(text: str, at: int) -> bool:
    """Whether position `at` lies in a clause about an exam or a meeting with no trip in it (下周三在上海有个考试)."""
    clauses = list(R.CLAUSE.finditer(text))
    clause = next((m.group(0) for m in clauses if m.start() <= at < m.end()), None)
    return clause is not None and len(clauses) > 1 and bool(R.EVENT.search(clause)) and not R.TRIP_VERB.search(clause)


def clause_of(text: str, at: int) -> str:
    """The chat clause holding position `at` (punctuation, or a space between Chinese words, ends one)."""
    return next((m.group(0) for m in R.TOLD_CLAUSE.finditer(text) if m.start() <= at < m.end()), "")


def in_told(text: str, at: int) -> bool:
    """Whether position `at` lies in a clause telling of a trip already made."""
    return bool(R.TOLD.search(clause_of(text, at)))


def flown_through(text: str, start: int, end: int) -> bool:
    """Whether the place at text[start:end] is only where planes are changed (its clause says no stay)."""
    changed = R.LAYOVER_AFTER.match(text, end) or R.LAYOVER_BEFORE.search(text[max(0, start - 24) : start])
    return bool(changed) and not R.STAYED.search(clause_of(text, start))


def busy_blanked(text: str) -> str:
    """`text` with the days that are not the trip's (忙到25号, "booked on the 20th", 清明去不了) blanked."""
    return R.BUSY.sub(lambda m: " " * len(m.group(0)), text)


def asides_blanked(text: str, past: bool = True) -> str:
    """`text` with the clauses about something else (an exam, a meeting; with `past`, a trip already made)
    blanked."""
    clauses = R.CLAUSE.findall(text)
    for clause in clauses if len(clauses) > 1 else ():  # a question of one clause is all about the trip
        if (past and R.PAST.search(clause)) or (R.EVENT.search(clause) and not R.TRIP_VERB.search(clause)):
            text = text.replace(clause, " " * len(clause), 1)
    return text


def told_blanked(text: str) -> str:
    """`text` with each clause telling a trip already made blanked ("Spent last Christmas in London freezing":
    no weather asked), unless nothing else is left."""
    blanked = R.TOLD_CLAUSE.sub(lambda m: " " * len(m.group(0)) if R.TOLD.search(m.group(0)) else m.group(0), text)
    return blanked if blanked.strip() else text
