"""Talk that asks for no trip: thanks, a TV show, a room-mate's home town, a caption for holiday pictures.

The planner looks nothing up for it (no answer to a question nobody asked); thanks get a short reply.
"""

from __future__ import annotations

import re

from desktop_app.planner.asks import TRIP_WORDS
from desktop_app.planner.compare import TRIP_WISH
from desktop_app.planner.wording import say

THANKS = re.compile(r"(?i)^\W*(?:ok(?:ay)?\W+)?(?:thanks?\b|thank (?:you|u)\b|thx\b|ty\b|谢谢|感谢|多谢)")
# thanks followed by a new ask is that ask: "thanks! and hotels there?", 谢谢，再帮我查下酒店
NEW_ASK = re.compile(
    r"(?i)[?？]|吗|呢|帮我|查|\bcan (?:you|u)\b|\bcould you\b|\bplease\b|\bpls\b|\bwhat about\b|\bhow about\b"
)
ASKED_OF = re.compile(  # a place asked about or asked for, however tersely: 三亚呢, "Sanya please", "rather do Tokyo"
    r"(?i)怎么样|咋样|如何|好不好|请|帮|吧|呢|\bhow(?:'s| is| about)\b|\bwhat about\b|\bany good\b|\bworth\b"
    r"|\bnice\b|\bthinking\b|\bplease\b|\bpl[sz]\b|\bonly\b|\bthen\b|->|→|然后|\brather\b|\bprefer\b|\binstead\b"
    r"|\b[Dd]o\s+(?!I\b)[A-Z]"
)


def thanks_only(text: str) -> bool:
    """Thanks with nothing new asked ("谢谢 三亚那个攻略超好用"): nothing to look up again."""
    return bool(THANKS.match(text)) and not NEW_ASK.search(text)


def only_mentioned(text: str, spans: list[tuple[int, int]], asked: bool) -> bool:
    """Places named in talk: nothing asked of them (`asked`: a lookup, a time, a party, a length, a budget, an
    origin), no trip word, and more said than their names ("三亚？" alone still asks about Sanya)."""
    if asked or ASKED_OF.search(text) or TRIP_WISH.search(text) or any(w in text.casefold() for w in TRIP_WORDS):
        return False
    edges = [0, *(edge for span in spans for edge in span), len(text)]
    rest = "".join(text[edges[i] : edges[i + 1]] for i in range(0, len(edges), 2))
    return len(re.sub(r"[\W_]+", "", rest)) >= 8


def welcome(lang: str) -> str:
    """The reply to thanks: short, and what to ask next."""
    return say(
        lang,
        "不客气！还想查别的城市、日期或人数，直接告诉我就行。",
        "You're welcome! Ask me about another city, other dates or more people any time.",
    )
