"""What the travel data cannot know (visas, safety, events, suitability, opening times): found in a question, and
said first, in one line, so the answer never passes a priced trip off as the reply to it."""

from __future__ import annotations

import re

from desktop_app.planner.asks import R as ASKS
from desktop_app.planner.wording import say
from desktop_app.travel import rules
from desktop_app.travel.span import Span

ANSWERABLE = frozenset({"weather", "flights", "hotels", "guide", "save"})  # what the data can look up
TOPICS = rules.table("scope")["TOPICS"]  # each: its words, and what the data lacks as the answer's first line names it
WORDS = {key: rules.compiled(rule) for key, rule in TOPICS.items()}
# the answer's words about what the data cannot do, in both languages
SAID: dict[str, dict[str, str]] = rules.table("scope")["SAID"]


def topics(text: str) -> tuple[str, ...]:
    """The topics beyond the data that `text` asks about, in table order."""
    return tuple(key for key, words in WORDS.items() if words.search(text))


def first_line(keys: tuple[str, ...], lang: str) -> str:
    """One line, first in the answer: which of the asked topics the sample data has nothing on."""
    asked = [say(lang, topic["zh"], topic["en"]) for key, topic in TOPICS.items() if key in keys]
    if not asked:
        return ""
    listed = f"{', '.join(asked[:-1])} or {asked[-1]}" if len(asked) > 1 else asked[0]
    return _said(lang, "beyond").format(listed=say(lang, "、".join(asked), listed))


def offer(places: list[str], lang: str, dated: bool = False, from_said: bool = False) -> str:
    """What the data can do for the places asked about, when nothing else was asked: asking only for what the
    question did not already say (its dates, where from)."""
    if not places:
        return _said(lang, "nothing")
    needs = zip(rules.words(_said(lang, "need")), (not dated, not from_said), strict=True)
    need = _said(lang, "need_joined").join(w for w, missing in needs if missing)
    ask = _said(lang, "ask").format(need=need) if need else _said(lang, "just_ask")
    return _said(lang, "places").format(places=_said(lang, "places_joined").join(places), ask=ask)


def _said(lang: str, name: str) -> str:
    """The answer's words `name` (scope.toml's SAID) in `lang`."""
    return say(lang, SAID[name]["zh"], SAID[name]["en"])


R = rules.Rules("scope")
FARE_BY_AIR_OR_RAIL = re.compile(f"{R.FLIGHT_NAMED.pattern}|{ASKS.TRAIN_FARE.pattern}")  # FLIGHT_NAMED's (?i) leads
# "does my insurance cover the hotel??": the hotel is what is covered, not asked for
HOTEL_NOT_COVERED = re.compile(R.STRONG_HOTEL.pattern.replace(r"|\bhotels?\s*\?", ""))
# a topic beyond the data makes these words incidental: "tickets at the gate", 高铁还有票吗, "food festivals"
WEAK_ASKS = {
    "opening_times": (("flights", R.STRONG_FARE),),
    "trains": (("flights", FARE_BY_AIR_OR_RAIL),),  # 高铁要多久，二等座多少钱: the train's fare is asked
    "visa": (("flights", R.STRONG_FARE), ("guide", R.GUIDE_NAMED)),  # "need a visa? flying into PEK": no fare asked
    "safety": (("flights", R.STRONG_FARE), ("hotels", R.STRONG_HOTEL)),  # "walking back to the hostel": no hotel asked
    "insurance": (("flights", R.STRONG_FARE), ("hotels", HOTEL_NOT_COVERED)),
    "tours": (("flights", R.STRONG_FARE), ("hotels", R.STRONG_HOTEL)),
    "events": (("guide", R.GUIDE_NAMED), ("flights", R.STRONG_FARE)),  # "fireworks i can get tickets for": the show
}


NOW_MATTERS = frozenset({"safety", "events", "opening_times"})  # 现在去曼谷安全吗: safe now, for going now


def trip_time(when: Span | None, intents: set[str], beyond: tuple[str, ...]) -> Span | None:
    """The time said, unless "now" only says how things stand (日本签证现在还要面签吗, 机票现在多少, "fares are
    cheap rn"): no trip date then, unless the weather, safety or what is on is asked for now."""
    if when is None or when.kind != "day" or not R.NOW_SAID.fullmatch(when.said):
        return when
    return when if "weather" in intents or NOW_MATTERS & set(beyond) else None


def beyond_topics(text: str, intents: set[str], planned: bool, ranged: bool) -> tuple[tuple[str, ...], set[str]]:
    """The topics beyond the data, less those that are only the trip's reason or a fare by another name; and the
    lookups, with a fare when "tickets" meant a flight (飞帝都，下周三还有票吗)."""
    beyond = topics(text)
    if "trains" in beyond and not ASKS.TRAIN.search(text) and R.FLYING.search(text):
        beyond, intents = tuple(t for t in beyond if t != "trains"), intents | {"flights"}
    reason = planned and R.FOR_EVENT.search(text) and ASKS.PLANNING.search(text)  # "… for the ice festival. Plan it?"
    if "events" in beyond and (reason or not R.EVENT_ASKED.search(text)) and (planned or ranged):
        beyond = tuple(t for t in beyond if t != "events")  # "4 of us from chengdu, harbin ice festival trip"
    return beyond, intents
