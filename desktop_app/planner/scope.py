"""What the travel data cannot know (visas, safety, events, suitability, opening times): found in a question, and
said first, in one line, so the answer never passes a priced trip off as the reply to it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from desktop_app.planner.asks import PLANNING, TRAIN, TRAIN_FARE
from desktop_app.planner.wording import say
from desktop_app.travel.span import Span

ANSWERABLE = frozenset({"weather", "flights", "hotels", "guide", "save"})  # what the data can look up


@dataclass(frozen=True)
class Topic:
    key: str
    words: re.Pattern[str]
    zh: str  # what the data lacks, as the answer's first line names it
    en: str


# Each rule with the questions it is for beside it. Festivals that are holidays (Spring Festival,
# Dragon Boat Festival) are dates, not events: the holiday calendar reads them.
TOPICS = (
    Topic(  # 去日本要签证吗, 落地签还是免签, 港澳通行证, "do I need a visa", "visa-free entry"
        "visa",
        re.compile(
            r"(?i)签证|免签|落地签|过境签|转机签|办(?:什么|啥)?证|旅游签|商务签|电子签|办签|[美日韩英法德澳泰越加]签|申根|通行证|入台证|台胞证|回乡证|签注|入境|证件|护照"
            r"|办[^，,。？?]{0,4}自由行|\bvisas?\b|\bvisa-free\b|\bentry requirements?\b"
            r"|\bk-?eta\b|\besta\b|\betias\b|\be-?visa\b|\btransit visa\b|(?-i:\bETA\b)"
            r"|\bpassports?\b|\bpermits?\b|\bcustoms\b|\bto enter\b|\bentering\b|海关|入关|入藏函|边防证"
        ),
        "签证和入境规定",
        "visa and entry rules",
    ),
    Topic(  # 安全吗, 安不安全, 治安, 高反, "is it safe", "crime", "scams", "tap water"
        "safety",
        re.compile(
            r"(?i)安全|危险|治安|不太平|乱不乱|局势|战乱|动荡|高反|高原反应|小偷|骗子|被骗|疫苗|打针|"
            r"\bsafe(?:ty|r|st)?\b|\bunsafe\b|\bsketchy\b|\bsolo female\b|\bdodgy\b|\bdangerous\b|\bcrime\b|\bscams?\b"
            r"|\baltitude sickness\b|\btap water\b"
            r"|\bvaccin(?:e|es|ation|ations)\b|\bmalaria\b|\baltitude\b|\bpickpockets?\b|\btheft\b|\bearthquakes?\b"
            r"|\bdrinkable\b|自来水|能直接喝|地震|扒手|抗议|示威|游行|骚乱|\bprotests?\b|\bunrest\b|\briots?\b"
            r"|洪水|水灾|\bfloods?\b|\bflooding\b"
            r"|海啸|预警|\btsunami\b|\b(?:typhoon|storm|travel) warnings?\b|\btravel advisory\b"
            # health on the way: 孕妇能坐飞机吗, 高血压, 拉肚子, 耳朵疼, "7 months pregnant", frostbite
            r"|怀孕|孕妇|孕期|高血压|心脏病|吃什么药|拉肚子|肠胃|耳朵疼|晕机|晕车|冻伤|\bpregnant\b|\bfrostbite\b"
            r"|\bdiarrh?o?ea\b|\bfood poisoning\b|\bear pain\b|\bmedication\b|\bmedicine\b|\bupset stomach\b"
        ),
        "安全情况（治安、健康、高原反应）",
        "safety (crime, health, altitude)",
    ),
    Topic(  # 有什么活动, 演唱会, 灯会还办吗, 烟花, "what's on", "any concerts", "Christmas market"
        "events",
        re.compile(
            r"(?i)活动|演唱会|音乐节|灯会|庙会|花市|开幕|闭幕|几号开始|哪天开始|倒计时|"
            r"\bcountdown\b|\b(?:dragon )?boat races?\b|\bball drop\b|\bsongkran\b|"
            r"有没有烟花|烟花秀|烟火秀|灯光秀|跨年夜[^，,。？?]{0,6}(?:人|在哪)|烟花[^。？?]{0,8}(?:吗|没|几点|时间|在哪|哪里)|展览|漫展|游戏展|车展|展会|演出|赛事|比赛|龙舟赛|赛龙舟|花期|"
            r"\bwhat's on\b|\banything on\b|\banything (?:special )?happening\b|\bfestival thing\b|"
            r"\bevents?\b|\bconcerts?\b|\bexhibitions?\b|\bfireworks\b|"
            r"(?<!spring )(?<!boat )(?<!autumn )(?<!lantern )\bfestivals?\b|\bshows\b|\bparades?\b|"
            r"\bchristmas markets?\b|\bbloom\b|还办吗|还在吗|\bstill (?:be )?(?:up|on|running|there)\b"
            r"|花开了|开了吗|开了没|红叶[^，,。？?]{0,4}(?:吗|没|了)|集市|\bin bloom\b|\bblooming\b"
            r"|\bblossoms? (?:be |are )?out\b|\bmarkets?\b|\blanterns\b|\blantern (?:thing|show|display|fair)s?\b"
            r"|(?:樱花|冰雪|啤酒|灯光|美食|文化|电影|泼水|风筝|桃花|油菜花|菊花|梅花|杜鹃花?)节"
        ),
        "活动、演出和节庆安排",
        "events, shows and festival dates",
    ),
    Topic(  # 适合带小孩吗, 老人能去吗, "is it good for kids", "kid-friendly"
        "suitability",
        re.compile(
            r"(?i)适合(?:带)?(?:小孩|孩子|娃|老人|宝宝)|(?:小孩|孩子|老人)(?:能|可以)去吗|"
            r"(?:小孩|孩子|娃|老人|宝宝|婴儿)[^，,。？?]{0,10}(?:合适|适合|方便)吗|"
            r"\b(?:good|suitable|ok|okay|fun) for (?:kids|children|toddlers|a toddler|seniors|the elderly)\b|"
            r"\b(?:kid|child|family)[- ]friendly\b"
        ),
        "是否适合孩子或老人",
        "whether it suits children or older travellers",
    ),
    Topic(  # 高铁票还有吗, 车次, 几点有车, 卧铺, "sleeper train", "timetable": the rail tool estimates fares only
        "trains",
        re.compile(
            r"(?i)余票|开抢|开售|12306|票[^，,。？?]{0,6}还有(?:吗|没)|还有票|有票吗|有没有票|票好买|太难抢|难买|一班|买得到|抢得到|抢到|好抢|抢票|放票|有(?:没有)?直达|还能买|还有座|有座吗|车次|几点有|时刻表|卧铺|最早一班|最晚一班|末班|首班|几班|多久一班|班次|几分钟一趟|多久一趟|"
            r"\btrains? (?:run|leave)\b|\bovernight train\b|\b(?:buy|book)(?: me| us)? (?:the |a )?train tickets?\b|"
            r"\bseats on\b|\b(?:last|first|earliest|latest) (?:[\w-]+ ){0,2}(?:trains?|shinkansen)\b|"
            r"(?:二等座|一等座|硬卧|软卧)(?![^，,。？?]{0,4}(?:多少|票价|价格|贵))|"  # 二等座多少钱: a fare
            r"\bsleeper\b|\btimetables?\b|\btrain (?:times|schedules?)\b|\bseats? left\b|\bsold out\b"
            # how long the ride takes: 坐动车多久, 高铁过去要几个小时, "how long is the train", "is there a fast train"
            r"|(?:高铁|动车|火车|绿皮车|城际|新干线|\btrains?\b)[^。？?]{0,12}(?:几个?小时|多久|多长时间|how long)"
            r"|提前买票"
            r"|(?:高铁|动车|火车)[^。？?]{0,20}\b(?:earliest|latest|first|last) one\b|\bevery \d+ minutes\b"
            r"|\b(?:shinkansen|bullet train|trains?|trian|eurostar|ktx|tgv)\b[^.?!]{0,40}"
            r"\b(?:in advance|book ahead|reserve)\b"
            r"|\bis there an? (?:[\w-]+ ){0,2}trains?\b"
            r"|\bcan (?:i|we) (?:take|get|catch) (?:a|the) (?:[\w-]+ )?trains?\b"
            r"|\breserved seats?\b|\bhow long\b[^.?!]{0,30}\b(?:trains?|trian|eurostar|ktx|tgv|shinkansen)\b"
            r"|\btrains?\b[^.?!]{0,40}\bhow long\b"
            r"|\b(?:quickest|fastest|direct) trains?\b"
            r"|\btrains?\b[^.?!]{0,40}\b(?:before|after|by) \d{1,2}\s*(?:am|pm)\b"
            r"|\btrains?\b[^.?!]{0,30}\b(?:faster|quicker|slower|better|easier) than\b"
            r"|\bhow often\b[^.?!]{0,20}\b(?:run|go|leave)\b"
            r"|\b(?:which|what) train should (?:i|we) (?:take|book|get|catch)\b"
            r"|\b(?:early|late|morning|night) trains?\b|\b(?:book|get|buy)\b[^.?!]{0,10}\btrain seats?\b"
            r"|\b(?:buy|book)\s+(?:a |the |my |our )?(?:shinkansen|bullet train|train|rail)\s+(?:tickets?|pass)\b"
        ),
        "火车车次、时长、时刻和余票",
        "train timetables, journey times or seats left",
    ),
    Topic(  # 要买什么保险, 保险公司还保吗, "do i need travel insurance", "does my insurance cover it"
        "insurance",
        re.compile(r"(?i)保险|\binsurance\b|\binsurer\b"),
        "旅行保险",
        "travel insurance",
    ),
    Topic(  # 一日游团, 跟团还是自由行, 导游, 旅行社, "group tour", "tour companies", "travel agency"
        "tours",
        re.compile(
            r"(?i)一日游团|跟团|报团|参团|旅行团|旅游团|导游|地接|旅行社|\bgroup tours?\b|\btour (?:companies|company|"
            r"operators?|groups?)\b|\btravel agen(?:cy|cies|t)\b|\bday tours?\b|\bguided tours?\b|\btour guides?\b"
        ),
        "旅行团、一日游和导游",
        "tour groups, day tours or tour guides",
    ),
    Topic(  # 几点开门, 开到几点, 开放吗, 开不开, 要预约吗, 门票, "is it open", "opening hours"
        "opening_times",
        re.compile(
            r"(?i)开门|关门|开园|闭园|闭馆|开馆|休馆|开到几点|几点开|开吗|开着吗|几点(?:关|结束|停|亮灯|开始|升旗)|升旗|关灯|营业|开放|开不开|预约|门票|"
            r"\bopen(?:ing)? (?:hours|times)\b|\bopen\b(?! to\b)|\bopen to (?:visitors|the public|tourists)\b"
            r"|\bclosed\b|\bshut\b|\bclosing time\b"
            r"|\bclose[sd]? (?:on|at)\b|\b(?:what time|when) (?:does|do|is|are)\b[^.?!]{1,40}\b(?:close|start|begin)\b"
            r"|\bopening hrs\b|\btours? (?:start|begin|run)\b|\bstops? running\b"
            r"|\bwhat time\b[^.?!]{0,40}\b(?:go|turn|switch|come) (?:off|on)\b|\blight up\b"
            r"|\breserve\b|\btime slot\b|\bat the gate\b|\badmission\b"
            r"|\b(?:tram|museum|entry|entrance|park|show|cable car) tickets?\b"
            r"|(?-i:\b[A-Z][\w']+)\s+hours\b|\b(?:museum|park|temple|palace|zoo|gallery)\s+hours\b"  # "Louvre hours"
        ),
        "开放时间、门票和预约",
        "opening times, tickets or bookings",
    ),
)


def topics(text: str) -> tuple[str, ...]:
    """The topics beyond the data that `text` asks about, in table order."""
    return tuple(t.key for t in TOPICS if t.words.search(text))


def first_line(keys: tuple[str, ...], lang: str) -> str:
    """One line, first in the answer: which of the asked topics the sample data has nothing on."""
    asked = [t for t in TOPICS if t.key in keys]
    if not asked:
        return ""
    if lang == "zh":
        return f"示例数据里没有{'、'.join(t.zh for t in asked)}，这部分我没法回答：请以官方发布的信息为准。"
    names = [t.en for t in asked]
    listed = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
    return f"The sample data has nothing on {listed}, so I cannot answer that part: check official sources."


def offer(places: list[str], lang: str, dated: bool = False, from_said: bool = False) -> str:
    """What the data can do for the places asked about, when nothing else was asked: asking only for what the
    question did not already say (its dates, where from)."""
    if not places:
        return say(
            lang,
            "我能查的是示例城市的天气、机票和酒店。",
            "What I can look up: weather, flights and hotels for the sample cities.",
        )
    zh, en = "、".join(places), " and ".join(places)
    need_zh = "和".join(w for w, missing in (("日期", not dated), ("出发地", not from_said)) if missing)
    need_en = " and ".join(w for w, missing in (("when", not dated), ("from where", not from_said)) if missing)
    ask_zh = f"告诉我{need_zh}就可以查。" if need_zh else "说一声就可以查。"
    ask_en = f"Tell me {need_en}." if need_en else "Just ask."
    return say(
        lang,
        f"我能查的是{zh}的天气（典型值）、机票和酒店：{ask_zh}",
        f"What I can look up for {en}: the typical weather, flights and hotels. {ask_en}",
    )


STRONG_FARE = re.compile(  # asked, not a flight in passing
    r"(?i)机票|航班(?![^，,。？?]{0,6}(?:落地|降落|到达|延误|取消))|票价|直飞|飞[^，,。？?]{0,10}?(?:多少钱|的?价格)|\bflights\b|\b(?:air)?fares?\b|\bflight\b[^。？?]{0,6}(?:多少|价格)"
    r"|\b(?:how much|price)\b[^.?!]{0,20}\bflights?\b|\bflights? (?:price|fare|cost)s?\b"
    r"|\b(?:cheapest|cheap|what's a|what is a)\s+flights?\b|\bflights? from \w+ to\b"
    r"|\bneed (?:a )?flights? (?:to|from)\b|\bflights?\b[^.?!]{0,20}\b(?:cost|price|fare|how much)\b"
    r"|\bhow much (?:is|are|would|will) (?:a |the )?(?:tickets?|flights?|fares?)\b|坐飞机[^，,。？?]{0,12}多少钱"
    r"|\btickets?\b[^.?!]{0,12}\b(?:cost|price)|\b(?:what|how much) (?:are|is) (?:the )?tickets?\b"
)
# beside a train: a flight's fare asked by name (卧铺没票的话飞机多少钱, "I'll just fly, what's the fare?")
FLIGHT_NAMED = re.compile(
    r"(?i)机票|航班|直飞|飞机(?:票|多少|的?价)|\b(?:flights?|airfares?)\b"
    r"|\bfly\b[^.?!]{0,15}\b(?:fare|price|cost|how much)\b|\bcheap(?:er)? to (?:just )?fly\b"
)
FARE_BY_AIR_OR_RAIL = re.compile(f"{FLIGHT_NAMED.pattern}|{TRAIN_FARE.pattern}")  # FLIGHT_NAMED's (?i) leads
STRONG_HOTEL = re.compile(  # asked, not a hotel in passing ("walking back to the hostel at night")
    r"(?i)(?:订|找|推荐|看看?)[^，,。？?]{0,8}(?:酒店|住宿|民宿|客栈|宾馆|青旅|hotels?)"
    r"|(?:酒店|住宿|民宿|客栈|宾馆|青旅|hotels?)[^。？?]{0,8}(?:多少|价格|推荐|哪|贵|便宜)|住哪"
    r"|\brooms?\b[^.?!]{0,30}\b(?:per night|a night|price|cost)\b|住[^，,。？?]{1,8}还是"
    r"|\bhotels?\b[^.?!]{0,30}(?:\bprice|\bcost|\brecommend|\bper night\b|\bgo for\b|\bfor \d+ nights?\b)"
    r"|\b(?:price|cost|how much|find|book|need|recommend|looking at|look at)\b[^.?!]{0,20}\b(?:hotels?|hostels?)\b"
    r"|\bhotels?\s*\?|\bwhat are (?:the )?hotels like\b|\bhotels (?:near|around)\b"
)
# "does my insurance cover the hotel??": the hotel is what is covered, not asked for
HOTEL_NOT_COVERED = re.compile(STRONG_HOTEL.pattern.replace(r"|\bhotels?\s*\?", ""))
# a guide asked by name, not a weak word beside a topic (准备什么材料 for a visa, "food festivals")
GUIDE_NAMED = re.compile(r"攻略|景点|必去|必吃|怎么玩|\bguide\b|\bitinerary\b|\b(?:things|there) to do\b")
# a topic beyond the data makes these words incidental: "tickets at the gate", 高铁还有票吗, "food festivals"
WEAK_ASKS = {
    "opening_times": (("flights", STRONG_FARE),),
    "trains": (("flights", FARE_BY_AIR_OR_RAIL),),  # 高铁要多久，二等座多少钱: the train's fare is asked
    "visa": (("flights", STRONG_FARE), ("guide", GUIDE_NAMED)),  # "need a visa? flying into PEK": no fare asked
    "safety": (("flights", STRONG_FARE), ("hotels", STRONG_HOTEL)),  # "walking back to the hostel": no hotel asked
    "insurance": (("flights", STRONG_FARE), ("hotels", HOTEL_NOT_COVERED)),
    "tours": (("flights", STRONG_FARE), ("hotels", STRONG_HOTEL)),
    "events": (  # "events or fireworks i can get tickets for": tickets to the show, not a fare
        ("guide", GUIDE_NAMED),
        ("flights", STRONG_FARE),
    ),
}


NOW_SAID = re.compile(r"(?i)现在|目前|最近|这两天|\brn\b|\bright now\b|\bnow\b|\bthese days\b|\bcurrently\b")
NOW_MATTERS = frozenset({"safety", "events", "opening_times"})  # 现在去曼谷安全吗: safe now, for going now


def trip_time(when: Span | None, intents: set[str], beyond: tuple[str, ...]) -> Span | None:
    """The time said, unless "now" only says how things stand (日本签证现在还要面签吗, 机票现在多少, "fares are
    cheap rn"): no trip date then, unless the weather, safety or what is on is asked for now."""
    if when is None or when.kind != "day" or not NOW_SAID.fullmatch(when.said):
        return when
    return when if "weather" in intents or NOW_MATTERS & set(beyond) else None


# a question about an event (not a trip to it): 有没有烟花, "is the festival on", "what's on", 几点
FOR_EVENT = re.compile(r"(?i)\bfor the (?:[\w-]+ ){0,3}(?:festival|fireworks|markets?|show)\b")  # the trip's reason
EVENT_ASKED = re.compile(
    r"(?i)[?？]|吗|没有|有什么|有啥|几点|什么时候|哪天|\b(?:what|when|is|are|any|anything|which)\b"
)


FLYING = re.compile(r"(?i)飞|机票|航班|\bfl(?:y|ying|ights?)\b|\bplane\b")

# 三亚和海口哪个更适合带老人, 成都还是西宁你觉得哪个好 (高反好多了), "which would you pick": still weighed
WHICH_BETTER = re.compile(r"(?i)哪个(?:好|更)|哪里(?:好|更)|\bwhich (?:would|is|one|city|should)\b|\bcompare\b")


def beyond_topics(text: str, intents: set[str], planned: bool, ranged: bool) -> tuple[tuple[str, ...], set[str]]:
    """The topics beyond the data, less those that are only the trip's reason or a fare by another name; and the
    lookups, with a fare when "tickets" meant a flight (飞帝都，下周三还有票吗)."""
    beyond = topics(text)
    if "trains" in beyond and not TRAIN.search(text) and FLYING.search(text):
        beyond, intents = tuple(t for t in beyond if t != "trains"), intents | {"flights"}
    reason = planned and FOR_EVENT.search(text) and PLANNING.search(text)  # "… for the ice festival. Plan it?"
    if "events" in beyond and (reason or not EVENT_ASKED.search(text)) and (planned or ranged):
        beyond = tuple(t for t in beyond if t != "events")  # "4 of us from chengdu, harbin ice festival trip"
    return beyond, intents
