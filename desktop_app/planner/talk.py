"""Talk that asks for no trip: thanks, a TV show, a room-mate's home town, a caption for holiday pictures.

The planner looks nothing up for it (no answer to a question nobody asked); thanks get a short reply.
"""

from __future__ import annotations

import re

from desktop_app.planner.asks import TRIP_WORDS, find_intents
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


# what is asked is no trip: a poem about 西湖, a film with a Tokyo vibe, a degree, a bet on which tower is taller
OFF_TOPIC = re.compile(
    r"(?i)写[^，,。！？!?]{0,10}(?:诗|歌|文案)|电影|电视剧|纪录片|综艺|小说|配文|考考你|打赌|留学|胖了"
    # a degree applied for (申请港大的硕士, 硕士好申请吗), not a traveller's background ("I'm a PhD student")
    r"|(?:申请|读|考)[^，,。？?]{0,8}(?:硕士|博士|研究生)|(?:硕士|博士|研究生)[^，,。]{0,3}(?:好|难)?(?:申请|考)"
    r"|\bapply(?:ing)? (?:for|to) (?:a |an )?(?:master'?s|phd)\b"
    r"|做了(?:个|一|顿)|哪个(?:更)?(?:高|长|大|老)(?![铁速])"
    r"|\b(?:poem|haiku|lyrics|movie|documentary|novel|caption|trivia|quiz|taller|tallest|recipe)\b"
    r"|\bmy (?:cat|dog)\b|\b(?:settling|settle|win) a bet\b|\brandom thought\b"
)
# asked of the assistant itself, whatever travel words are around it: a joke while a flight is delayed, a new
# year's resolution to "travel more", whether it speaks Sichuanese
ABOUT_ME = re.compile(r"(?i)\btell me a joke\b|讲个笑话|\bresolutions?\b|你会(?:讲|说)[\u4e00-\u9fff]{1,3}话")
# a lookup named outright: with it, the talk around it is the trip's
LOOKUP_NAMED = re.compile(
    r"(?i)机票|航班|酒店|住宿|天气|气温|攻略|行程|\b(?:flights?|hotels?|weather|forecast|itinerary)\b"
)
SIGN_OFF = re.compile(  # goodbyes and greetings: 下次去三亚再找你, 周末愉快, "good night", 新年快乐
    r"(?i)拜拜|再见|回头见|下次再聊|下次[^，,。？?]{0,8}(?:找你|来问)|晚安|\bbye\b|\bsee (?:ya|you)\b|\bttyl\b"
    r"|早上好|早安|晚上好|周末愉快|节日快乐|新年快乐|圣诞快乐|\bgood (?:morning|night)\b|\bmerry christmas\b"
    r"|\bhappy (?:new year|holidays)\b"
)
PAST_HELP = re.compile(r"(?:之前|上次|你)(?:帮我)?(?:查|推荐|说|订)的")  # 你之前帮我查的青岛: thanks, not an ask
# a trip told, not asked: "took my mom to guilin in october", 去了趟南京, 我在厦门了
TOLD = re.compile(
    r"(?i)\b(?:took|went|visited|got back|came back|was in|were in)\b"
    r"|去了趟|去过|回来了|刚回来|玩回来|玩了|我在\S{1,6}了|玩得很开心|超赞"
    r"|\bwas (?:a dream|amazing|great|perfect|awesome)\b|\bwent (?:perfectly|great|well)\b|\bloved it\b"
    r"|第一次[^，,。！？!?]{0,8}就是去的|就是去的"  # 我第一次坐飞机就是去的深圳: a memory
)
THANKED = re.compile(r"(?i)谢谢(?:你的)?(?:推荐|建议)?|感谢|多谢|\bthanks?\b(?: (?:you|u))?(?: for (?:the|your) \w+)?")


def no_trip_asked(text: str) -> bool:
    """Talk around places that asks nothing to look up: off-topic asks, goodbyes, a trip told after it."""
    if ABOUT_ME.search(text):
        return True
    if TRIP_WISH.search(text) or LOOKUP_NAMED.search(text):
        return False
    if OFF_TOPIC.search(text):
        return True
    text = PAST_HELP.sub(" ", text)
    quiet = not NEW_ASK.search(text) and not find_intents(THANKED.sub(" ", text))
    return quiet and bool(SIGN_OFF.search(text) or TOLD.search(text) or THANKED.search(text))


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


def reply(text: str, lang: str) -> str | None:
    """A short reply to thanks or a goodbye; None for anything else."""
    if thanks_only(text):
        return welcome(lang)
    if SIGN_OFF.search(text) and no_trip_asked(text):
        return say(
            lang, "再见，旅途愉快！想查天气、机票或酒店，随时来问。", "Bye, and have a good trip! Ask me any time."
        )
    return None


def welcome(lang: str) -> str:
    """The reply to thanks: short, and what to ask next."""
    return say(
        lang,
        "不客气！还想查别的城市、日期或人数，直接告诉我就行。",
        "You're welcome! Ask me about another city, other dates or more people any time.",
    )
