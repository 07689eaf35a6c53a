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
        return say(
            lang,
            "听起来很有意思！下次想查哪座城市的天气、机票或酒店，直接告诉我。",
            "Sounds like quite a trip! When you want weather, flights or hotels for a city, just ask.",
        )
    return cannot_help(lang, greeting(text))


def sign_off(text: str, lang: str) -> str:
    """A goodbye gets one; a wish or a hello with no goodbye in it gets the wish back and what to ask."""
    wish = next((say(lang, zh, en) for pattern, zh, en in WISHES if pattern.search(text)), "")
    if R.BYE.search(text) or not wish:
        bye = say(
            lang, "再见，旅途愉快！想查天气、机票或酒店，随时来问。", "Bye, and have a good trip! Ask me any time."
        )
        return f"{wish} {bye}".strip() if lang == "en" else wish + bye
    more = say(
        lang, "想查哪座城市的天气、机票或酒店，直接告诉我。", "Ask me about weather, flights or hotels for any city."
    )
    return f"{wish} {more}" if lang == "en" else wish + more


def welcome(lang: str) -> str:
    """The reply to thanks: short, and what to ask next."""
    return say(
        lang,
        "不客气！还想查别的城市、日期或人数，直接告诉我就行。",
        "You're welcome! Ask me about another city, other dates or more people any time.",
    )


def cannot_help(lang: str, greeted: bool = False) -> str:
    """An honest answer to what the offline planner cannot do (a greeting gets a hello), and how to get more."""
    cities = all_cities()
    some = say(lang, "、", ", ").join(city_name(c, lang) for c in cities[:10])
    if lang == "zh":
        return (
            f"{'你好！' if greeted else '这个问题我没法回答：'}我是离线演示用的规划器，不是大模型，"
            "只能回答旅行查询：某个城市的天气、两城之间的机票、酒店价格，"
            f"以及几个目的地的对比（示例数据覆盖 {len(cities)} 个城市，例如 {some}）。\n\n"
            "可以这样问：「我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店」或「三亚和成都对比一下」。\n\n"
            "其他问题需要真实模型：在 设置 → 提供商 里选择 OpenAI / Anthropic / 兼容服务，"
            "或运行 `travel-assistant keys set openai`。"
        )
    return (
        f"{'Hi!' if greeted else 'I cannot answer that:'} I am the offline demo planner, not a language model. "
        "I can look up weather in a city, flights "
        f"between two cities, hotel prices, and compare destinations (sample data for {len(cities)} cities, "
        f"such as {some}).\n\nTry: \"I'm in Beijing and want to spend 3 days in Sanya next week: weather, "
        'flights and hotels?" or "Compare Sanya and Chengdu".\n\nFor anything else, connect a real '
        "model: Settings → Provider (OpenAI, Anthropic or a compatible service), or run "
        "`travel-assistant keys set openai`."
    )
