"""What a reading finally looks up, and the learned second look that may correct it (planner/learned.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from desktop_app.planner.compare import OpenAsk
from desktop_app.planner.learned import verdict
from desktop_app.planner.talk import R as TALK
from desktop_app.travel.places import City
from desktop_app.travel.span import Span

LOOKUPS = ("weather", "flights", "hotels")
SURE_ASKS = 0.7  # on batches neither reader was written for, fixes outnumbered misfires by 14:1 (docs/travel.md)
SURE_TOPIC = 0.8
SURE_TALK = 0.9  # talk drops the places read: only when very sure


class Reading(Protocol):
    """The slots of nlu.TripQuery the lookups are decided from (a protocol: nlu imports this module)."""

    intents: set[str]
    destinations: list[City]

    @property
    def no_data(self) -> Sequence[object]: ...

    unknown_places: list[str]
    open: OpenAsk | None
    open_here: bool
    compare_one: bool
    travel_related: bool
    beyond: tuple[str, ...]
    when: Span | None
    when_aside: Span | None
    days: int | None
    nights: int | None
    learned: float | None
    budget: int | None
    day_trip: bool
    route: bool


def looks_up(query: Reading) -> tuple[str, ...]:
    """The lookups named; all three for a whole trip, a comparison or an open question (weighed whole)."""
    if not (query.destinations or query.no_data or query.open is not None):
        return ()  # no place to look anything up for: "what is the point of travel?"
    if query.intents == {"guide"} and query.open is None and not query.route:  # 先昆明再大理，怎么安排: the route
        return ("weather",)  # 成都玩法: the data has no sights; the weather helps plan them, nobody asked a price
    if query.open_here and query.open is not None and query.open.weather_only:
        return ("weather",)
    wanted = tuple(i for i in LOOKUPS if i in query.intents)
    if not wanted or ("compare" in query.intents and not query.compare_one) or query.open_here:
        wanted = LOOKUPS
    return tuple(i for i in wanted if i != "hotels") if query.day_trip else wanted  # 一日游: no night to stay


def asked(query: Reading) -> tuple[str, ...]:
    """What the reading asks, as the question set labels it: named asks, or every lookup for a whole trip."""
    if not query.travel_related or (query.beyond and not query.intents):
        return ()  # not travel, or only what the data cannot know (a visa, opening times): nothing looked up
    named = set(query.intents)
    if not (looks_up(query) or query.unknown_places or named & {"save"}):
        return ()  # no place and no open ask: the planner plans no call, "do you ever sleep?"
    if query.open_here:
        named |= set(looks_up(query))  # an open question: every lookup, or the weather alone when only that is asked
    elif not named & {*LOOKUPS, "guide", "save", "compare"}:
        named |= set(LOOKUPS)  # a whole trip: every lookup
    return tuple(sorted(named))


def second_look(query: Reading, text: str, earlier: list[str]) -> bool:
    """Where the classifier is sure and the rules only assumed, its reading wins: a topic beyond the data the rules
    did not see, fewer lookups than the whole trip they assumed, some where they read none. An ask the rules read
    from its words (a named lookup, a topic) stands: overruling those misfired as often as it helped. Opening
    messages only: a follow-up's ask depends on the turns before it, which the classifier never saw."""
    if earlier:
        return False
    seen = verdict(text)
    named = bool(query.intents & {*LOOKUPS, "guide", "compare", "save"})
    if seen.topic_p >= SURE_TOPIC and seen.topic and not query.beyond and not named:  # 二等座多少钱: a fare named
        query.beyond, query.learned = (seen.topic,), seen.topic_p
    rules = asked(query)
    named = named or query.budget is not None  # a budget said: the whole trip, read from its words
    if seen.asks_p < SURE_ASKS or rules == seen.asks or (rules and (named or not set(seen.asks) < set(rules))):
        return False
    if seen.asks:
        query.intents, query.travel_related = set(seen.asks), True
    elif query.beyond or seen.topic:  # nothing to look up: likelier a topic beyond the data than talk
        query.beyond, query.intents = query.beyond or (seen.topic,), set()
    elif seen.asks_p >= SURE_TALK and not (query.destinations and TALK.ASKED_OF.search(text)):  # 换成成都呢: asked
        query.intents, query.travel_related, query.destinations, query.open = set(), False, [], None  # talk
        query.when, query.when_aside, query.days, query.nights = None, query.when, None, None  # as nlu reads talk
    else:
        return False
    query.learned = seen.asks_p
    return True
