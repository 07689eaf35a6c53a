"""Talk that asks for no trip: thanks, a TV show, a room-mate's home town, a caption for holiday pictures.

The planner looks nothing up for it (no answer to a question nobody asked); thanks get a short reply.
"""

from __future__ import annotations

import re

from desktop_app.planner.asks import TRIP_WORDS, find_intents
from desktop_app.planner.compare import R as COMPARE
from desktop_app.planner.wording import city_name, say
from desktop_app.travel import rules
from desktop_app.travel.origins import CHANGE_TO_ZH
from desktop_app.travel.places import all_cities

R = rules.Rules("talk", CHANGE_TO_ZH=CHANGE_TO_ZH)


def told_not_asked(text: str) -> bool:
    """A story or a remark ("我们去年冬天在哈尔滨冻成狗", "lol just saw Tokyo flights are cheap"): nothing asked."""
    return (
        not R.QUESTION.search(text) and not R.REQUEST.search(text) and bool(R.STORY.search(text) or R.TOLD.search(text))
    )


HELPED = re.compile(R.PAST_HELP.pattern + r"[^，,。！!？?]*")


def no_trip_asked(text: str) -> bool:
    """Talk around places that asks nothing to look up: off-topic asks, goodbyes, a trip told after it."""
    if R.ABOUT_ME.search(text):
        return True
    text = R.BOT_NAMED.sub(" ", text)  # "happy new year travel bot": the bot addressed, no travel asked
    if R.THANKED.search(text):  # 上次你推荐的西安那家酒店真的不错，谢谢: the hotel thanked for, not asked again
        text = HELPED.sub(" ", text)
    text = R.STORY_OPENING.sub(" ", text)  # 你知道吗，我去年…: a story's opening
    if R.LOOKUP_NAMED.search(text) or R.CHANGED_TO.search(text):  # 换成深圳吧，广州去过了: a change, not a story
        return False
    if R.SWORN_OFF.search(text) and not R.QUESTION.search(text):
        return True  # 去年在哈尔滨冻成狗，今年打死不去了: a place sworn off, no trip asked
    wish = COMPARE.TRIP_WISH.search(text)
    if told_not_asked(R.PAST_HELP.sub(" ", text)) and (not wish or R.TOLD.search(text)):
        return True  # "Osaka trip went perfectly": a trip told
    if wish:
        return R.SIGH.search(text) is not None  # 又加班到十点，好想去旅行啊呜呜: a sigh, no trip asked
    if R.OFF_TOPIC.search(text):
        return True
    text = R.PAST_HELP.sub(" ", text)
    quiet = not R.NEW_ASK.search(text) and not find_intents(R.THANKED.sub(" ", text))
    return quiet and bool(R.SIGN_OFF.search(text) or R.TOLD.search(text) or R.THANKED.search(text))


WISHES = tuple((rules.compiled(w), w["zh"], w["en"]) for w in rules.table("talk")["WISHES"].values())


def greeting(text: str) -> bool:
    """Only a hello: answered with one, not with "I can't answer that"."""
    return bool(R.GREETING.match(text))


def thanks_only(text: str) -> bool:
    """Thanks with nothing new asked ("谢谢 三亚那个攻略超好用"): nothing to look up again."""
    return bool(R.THANKS.match(text)) and not R.NEW_ASK.search(text)


def only_mentioned(text: str, spans: list[tuple[int, int]], asked: bool) -> bool:
    """Places named in talk: nothing asked of them (`asked`: a lookup, a time, a party, a length, a budget, an
    origin), no trip word, and more said than their names ("三亚？" alone still asks about Sanya)."""
    trip_said = COMPARE.TRIP_WISH.search(text) or any(w in text.casefold() for w in TRIP_WORDS)
    if asked or R.ASKED_OF.search(text) or trip_said:
        return False
    edges = [0, *(edge for span in spans for edge in span), len(text)]
    rest = "".join(text[edges[i] : edges[i + 1]] for i in range(0, len(edges), 2))
    return len(re.sub(r"[\W_]+", "", rest)) >= 8


def reply(text: str, lang: str) -> str:
    """A short reply to thanks, a goodbye or a story; for anything else, what the planner cannot do."""
    if thanks_only(text):
        return welcome(lang)
    talk = no_trip_asked(text)
    if R.SIGN_OFF.search(text) and talk:
        return sign_off(text, lang)
    if talk and told_not_asked(R.PAST_HELP.sub(" ", text)):  # a story: heard, nothing looked up
        return _said("story", lang)
    return cannot_help(lang, greeting(text))


def sign_off(text: str, lang: str) -> str:
    """A goodbye gets one; a wish or a hello with no goodbye in it gets the wish back and what to ask."""
    wish = next((say(lang, zh, en) for pattern, zh, en in WISHES if pattern.search(text)), "")
    more = _said("bye" if R.BYE.search(text) or not wish else "more", lang)
    return f"{wish} {more}".strip() if lang == "en" else wish + more


def welcome(lang: str) -> str:
    """The reply to thanks: short, and what to ask next."""
    return _said("welcome", lang)


def cannot_help(lang: str, greeted: bool = False) -> str:
    """An honest answer to what the offline planner cannot do (a greeting gets a hello), and how to get more."""
    cities = all_cities()
    some = say(lang, "、", ", ").join(city_name(c, lang) for c in cities[:10])
    opening = _said("hello" if greeted else "cannot_answer", lang)
    return _said("cannot_help", lang, opening=opening, count=len(cities), some=some)


REPLIES = rules.table("talk")["REPLIES"]  # the replies to talk, in both languages


def _said(name: str, lang: str, **fields: object) -> str:
    """A reply of talk.toml in the answer's language (written over several lines, joined), its {fields} filled."""
    return "".join(say(lang, REPLIES[name]["zh"], REPLIES[name]["en"])).format(**fields)
