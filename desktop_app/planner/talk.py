"""Talk that asks for no trip: thanks, a TV show, a room-mate's home town, a caption for holiday pictures.

The planner looks nothing up for it (no answer to a question nobody asked); thanks get a short reply.
"""

from __future__ import annotations

import re

from desktop_app.planner.asks import TRIP_WORDS, find_intents
from desktop_app.planner.compare import TRIP_WISH
from desktop_app.planner.wording import city_name, say
from desktop_app.travel.origins import CHANGE_TO_ZH
from desktop_app.travel.places import all_cities

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
    r"(?i)写[^，,。！？!?]{0,10}(?:诗|歌|文案)|电影|电视剧|纪录片|综艺|小说|配文|考考你|打赌|留学(?!生)"
    # a degree applied for (申请港大的硕士, 硕士好申请吗), not a traveller's background ("I'm a PhD student")
    r"|(?:申请|读|考)[^，,。？?]{0,8}(?:硕士|博士|研究生)|(?:硕士|博士|研究生)[^，,。]{0,3}(?:好|难)?(?:申请|考)"
    r"|\bapply(?:ing)? (?:for|to) (?:a |an )?(?:master'?s|phd)\b"
    r"|做了(?:个|一|顿)|哪个(?:更)?(?:高|长|大|老)(?![铁速])"
    r"|这句诗|诗句|古诗|\b(?:poem|haiku|lyrics|movie|documentary|novel|caption|trivia|quiz|taller|tallest|recipe)\b"
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
    r"|\bhappy (?:almost )?(?:new year|holidays)\b"
)
PAST_HELP = re.compile(r"(?:之前|上次|你)(?:帮我)?(?:查|推荐|说|订)的")  # 你之前帮我查的青岛: thanks, not an ask
# a trip told, not asked: "took my mom to guilin in october", 去了趟南京, 我在厦门了
TOLD = re.compile(
    r"(?i)\b(?:took|went|visited|got back|came back|was in|were in)\b"
    r"|去了趟|去过|回来了|刚回来|玩回来|玩了|我在\S{1,6}了|玩得很开心|超赞"
    r"|\bwas (?:a dream|amazing|great|perfect|awesome)\b|\bwent (?:perfectly|great|well)\b|\bloved it\b"
    r"|第一次[^，,。！？!?]{0,8}就是去的|就是去的"  # 我第一次坐飞机就是去的深圳: a memory
    # memories and arrivals: 还记得…, 回顾一下, 小时候, 刚从大理回来, "just landed", "when I was a kid", "back home"
    r"|还记得|回顾一下|小时候|长大|刚从[^，,。！？!?]{1,8}回来|\d{1,2}月去了|\bjust landed\b|\bback home\b"
    r"|\bwhen i was (?:a kid|little|young)\b|\bgood times\b|\bremember when\b"
)
# a message that asks nothing and plans nothing: no question, no request, no wish, no trip ahead
QUESTION = re.compile(
    r"(?i)[?？]|吗|么|嘛|呢|几|多少|哪|什么|啥|怎么|如何|是否|有没有|能不能|可不可以|要不要|会不会|好不好"
    r"|(?<!想想)(?<!想想看)([\u4e00-\u9fff])不\1"  # 够不够, 冷不冷 (not 再想想去不去: a thought, not a question)
    r"|\b(?:what|how|which|why)\b|(?:^|[,.;!]\s*)(?:where|when|who|is|are|do|does|can|could|should|would|will|any)\b"
)
REQUEST = re.compile(
    r"(?i)帮|请|给我|查|看看|推荐|找|订|安排|规划|计划|打算|准备|(?<![再想])想(?!想)|(?<!还)要|求|来个"
    r"|这次|这回|今年|明年|下次|下周|明天|后天|下个?月|改|换|(?<!\d)\d+\s*[号日月]|周[一二三四五六日天末]|星期|礼拜"
    r"|去不了|来不了|不来了|(?<!再也)(?<!打死)不去了|也去|也来|一起"
    r"|\b(?:please|pls|plz|help|find|book|plan|planning|want|wanna|need|looking|thinking|tell me|show me"
    r"|suggest|recommend|let's|i'd like|budget|compare|next|tomorrow|gonna|going to|will|i'll|we'll)\b"
)
# how a story sounds: the past, a laugh, what someone else said (去年在哈尔滨冻成狗, "my friend said London food…")
STORY = re.compile(
    r"(?i)去年|上次|上回|以前|那次|刚从|哈哈|笑死|😂|😭|朋友说|同事说|\b(?:lol|haha|lmao)\b"
    r"|\bmy (?:friend|mom|mum|dad|wife|husband) (?:said|says|thinks)\b|\blast (?:year|time|summer|winter|month)\b"
    r"|\b(?:got|just) back\b|\bwas (?:so|a|the|amazing|great|lovely)\b"
)


def told_not_asked(text: str) -> bool:
    """A story or a remark ("我们去年冬天在哈尔滨冻成狗", "lol just saw Tokyo flights are cheap"): nothing asked."""
    return not QUESTION.search(text) and not REQUEST.search(text) and bool(STORY.search(text) or TOLD.search(text))


HELPED = re.compile(PAST_HELP.pattern + r"[^，,。！!？?]*")
THANKED = re.compile(
    r"(?i)谢谢(?:你的)?(?:推荐|建议)?|谢啦|谢了|感谢|多谢|\bthanks?\b(?: (?:you|u))?(?: for (?:the|your) \w+)?"
)


BOT_NAMED = re.compile(r"(?i)\b(?:travel|trip)\s*(?:bot|assistant|planner|buddy)\b|旅行助手|小助手")


def no_trip_asked(text: str) -> bool:
    """Talk around places that asks nothing to look up: off-topic asks, goodbyes, a trip told after it."""
    if ABOUT_ME.search(text):
        return True
    text = BOT_NAMED.sub(" ", text)  # "happy new year travel bot": the bot addressed, no travel asked
    if THANKED.search(text):  # 上次你推荐的西安那家酒店真的不错，谢谢: the hotel thanked for, not asked again
        text = HELPED.sub(" ", text)
    text = re.sub(r"^\W*(?:你知道吗|知道吗|你猜怎么着)[，,!！\s]*", " ", text)  # 你知道吗，我去年…: a story's opening
    if LOOKUP_NAMED.search(text) or CHANGED_TO.search(text):  # 换成深圳吧，广州去过了: a change, not a story
        return False
    if SWORN_OFF.search(text) and not QUESTION.search(text):
        return True  # 去年在哈尔滨冻成狗，今年打死不去了: a place sworn off, no trip asked
    wish = TRIP_WISH.search(text)
    if told_not_asked(PAST_HELP.sub(" ", text)) and (not wish or TOLD.search(text)):
        return True  # "Osaka trip went perfectly": a trip told
    if wish:
        return SIGH.search(text) is not None  # 又加班到十点，好想去旅行啊呜呜: a sigh, no trip asked
    if OFF_TOPIC.search(text):
        return True
    text = PAST_HELP.sub(" ", text)
    quiet = not NEW_ASK.search(text) and not find_intents(THANKED.sub(" ", text))
    return quiet and bool(SIGN_OFF.search(text) or TOLD.search(text) or THANKED.search(text))


SWORN_OFF = re.compile(r"打死(?:也)?不去|再也不(?:想)?去")  # a place sworn off: no trip asked
SIGH = re.compile(r"好想(?:去)?(?:旅行|旅游|出去玩|出去走走|度假|放假)[啊呀哦呜唉\uff5e~\uff01!\s]*$")
CHANGED_TO = re.compile(  # 换成深圳, 还是去香港吧, 就普吉岛吧: a place chosen, whatever is told around it
    r"(?:"
    + CHANGE_TO_ZH
    + r"|(?:还是|那就|干脆)去|就)(?![了过])[\u4e00-\u9fff]{2,6}吧|(?:"
    + CHANGE_TO_ZH
    + r")[\u4e00-\u9fff]{2,}"
    r"|(?i:\b(?:switch|change) (?:it )?to [A-Z])"
)
GREETING = re.compile(  # a hello, perhaps to the bot by name: "hi there travel bot", 你好小助手
    r"(?i)^\W*(?:你好|您好|嗨|哈喽|在吗|hi|hello|hey|hiya|yo)"
    r"(?:\W*(?:there|again|all|everyone|friend|mate|buddy|travel|trip|bot|assistant|planner|小助手|助手|呀|啊))*\W*$"
)
BYE = re.compile(r"(?i)拜拜|再见|回头见|下次|晚安|周末愉快|\bbye\b|\bsee (?:ya|you)\b|\bttyl\b|\bgood night\b")
# a season's wish or a time of day's hello, and the wish said back: 新年快乐 → 新年快乐！, not goodbye
WISHES = (
    (re.compile(r"(?i)新年快乐|\bhappy (?:almost )?new year\b"), "新年快乐！", "Happy New Year to you too!"),
    (re.compile(r"(?i)圣诞快乐|\bmerry christmas\b"), "圣诞快乐！", "Merry Christmas to you too!"),
    (re.compile(r"(?i)节日快乐|\bhappy holidays\b"), "节日快乐！", "Happy holidays to you too!"),
    (re.compile(r"(?i)早上好|早安|\bgood morning\b"), "早上好！", "Good morning!"),
    (re.compile(r"(?i)晚上好|\bgood evening\b"), "晚上好！", "Good evening!"),
)


def greeting(text: str) -> bool:
    """Only a hello: answered with one, not with "I can't answer that"."""
    return bool(GREETING.match(text))


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


def reply(text: str, lang: str) -> str:
    """A short reply to thanks, a goodbye or a story; for anything else, what the planner cannot do."""
    if thanks_only(text):
        return welcome(lang)
    talk = no_trip_asked(text)
    if SIGN_OFF.search(text) and talk:
        return sign_off(text, lang)
    if talk and told_not_asked(PAST_HELP.sub(" ", text)):  # a story: heard, nothing looked up
        return say(
            lang,
            "听起来很有意思！下次想查哪座城市的天气、机票或酒店，直接告诉我。",
            "Sounds like quite a trip! When you want weather, flights or hotels for a city, just ask.",
        )
    return cannot_help(lang, greeting(text))


def sign_off(text: str, lang: str) -> str:
    """A goodbye gets one; a wish or a hello with no goodbye in it gets the wish back and what to ask."""
    wish = next((say(lang, zh, en) for pattern, zh, en in WISHES if pattern.search(text)), "")
    if BYE.search(text) or not wish:
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
