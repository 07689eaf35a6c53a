"""What a question asks for, in word tables per language: the lookups, the hotel class, the way there."""

from __future__ import annotations

import re
from collections.abc import Iterable

from desktop_app.travel.numbers import number


def words(table: str) -> tuple[str, ...]:
    """A word table written as `a|b|c` (a space inside a word is kept: " rain" is not the "rain" of "train")."""
    return tuple(table.split("|"))


# matched as substrings: 冷 also finds 冷不冷 and 很冷, 飞 finds 飞机, "which is" finds "which is better"
INTENT_WORDS: dict[str, tuple[str, ...]] = {
    "weather": (
        words(
            "天气|气温|温度|下雨|热不热|穿什么|穿啥|穿多厚|要穿|带什么|衣服|热吗|很热|太热|暖和|更暖|更热|更冷|降温|升温|回暖|凉|下雪|多少度|冷|冻|零下"
            "|游泳|下海|外套|羽绒服|秋裤|雨伞"
            "|shorts or|or shorts|jeans or|or jeans"
            "|泳衣|长袖|短袖|防晒|带伞|雨季|温差|热死|冷死|几度|能穿|还能穿|干不干|加湿器|有雾|大雾|雾霾|暴雪|回南天|湿度"
        )
        + words(
            "weather|wether|temperature| temp | temps |degrees|humid| rain|forecast|climate|"
            "warmer|cooler|colder|hotter|"
            " pack |packing| wear| cold | hot |snow|swim|sunny|chilly|freez| coat | jacket|umbrella|brolly|below zero"
            "|monsoon|rainy season|scorching|thermals|warm enough|beach weather|layers|pouring"
        )
    ),
    "flights": words("机票|航班|飞|往返|票价|路费|机 酒|机加酒|最早那班|最晚那班|最早一班飞机")
    + words(
        "flite|flihgt|flight|fly|airfare| fare|plane|ticket|round trip|return ticket| to get to | to get from | direct "
        "| one way | economy | business class | first class |商务舱|经济舱|头等舱"
    ),
    "hotels": words(
        "机 酒|机加酒"
        "|酒店|住宿|宾馆|民宿|住哪|空房|订房|客栈|青旅|亲子房|家庭房|住的贵|住得贵|住一晚得|住的地方|的地方住|住的呢|住的推荐|吃的住的|住的怎么|好住的|住处|找个地方住|看看住的|能住的|落脚|附近找个"
    )
    + words(
        "hotel|stay|accommodation|lodging| room | rooms |a place near|place to crash|somewhere to crash|hostel|airbnb"
        "|need a place|a place for|base myself|base ourselves|a bed |where we ll sleep|where to sleep|place to sleep"
        "|ryokan|villa|cheap beds|roof over|need somewhere near|somewhere to stay|somewhere near the|hostle"
        "|somewhere decent|nowhere to sleep|nowhere to stay|places to crash|me somewhere near|us somewhere near"
        "|anywhere decent|anywhere to crash|put my head down|within walking distance|crash near|where can we sleep"
        "|where can i sleep|anything decent near|beachfront place|beachfrnt place|anywhere big enough|guesthouse"
        "|would i even sleep|would we even sleep|where would i sleep|where would we sleep"
    ),
    "save": words("保存|存下来|存起来|存成|存一下|导出|收藏|记下来|存着")
    + words("save|export|write it down|keep it|keep this|bookmark|remember|记一下"),
    "compare": (
        words(
            "对比|比较|二选一|还是|比一下|哪个|哪里更|哪边|选一个|选哪|哪两个|纠结|拿不定|比呢|比起来|相比|比比|比一比"
        )
        + words("compare|comparison| vs|versus|which one|which better|which is| or |torn between|decide between")
    ),
    "guide": (
        words(
            "攻略|指南|景点|美食|吃的住的|好玩|好吃|怎么玩|玩什么|吃什么|看什么|推荐|必去|必吃|准备什么|玩法|路线怎么|安排路线|怎么排|咋排|可玩|每天去哪|每天怎么玩|排个行程|排一下行程|排行程|怎么安排|排个路线|路线推荐|的路线|怎么分配"
            "|规划一下行程|规划行程|行程规划|给个路线|个路线|值得吃|哪些小吃"
        )
        + words(
            "guide|sights|what to do|things to do|food|what to see|should i see|should we see|"
            "to eat|recommend|itinerary|must see|must eat|day by day|what should i do|what should we do|"
            "shouldn t i miss|shouldn t we miss|i not miss|we not miss|"
            "can t miss|can t i miss|can t we miss|not to miss|worth seeing|must do|there to do|good to do|"
            "fun to do|what do i eat|where to eat|eat there|a route|the route|day route|order make sense|what order"
            "|how to arrange"
            "|to actually do|actually do in"
            "|how should i split|how should we split|how would you split|split the days"
            "|any tips for|usually do|easy to do|worth doing there|worth doing in"
            "|where should i base|where should we base|s worth doing|s actually worth doing|realistic to see"
            "|what can i see|what can we see|else should we|else should i|for a family to do|day plan|how to spend"
            "|which place we go|actually do there"
        )
    ),
}
# "哪个好玩" compares, "hotel推荐" asks for a hotel, "准备什么衣服" asks about weather: not guides
WEAK_GUIDE = ("好玩", "好吃", "推荐", "recommend", "准备什么", "food")
# asking what a trip costs: with another lookup named ("weather and prices"), the fares and the hotel too
COST_WORDS = ("多少钱", "花多少", "费用", "价格", " price ", " prices ", " cost ", " costs ", " how much ")
NOT_MONEY = re.compile(r"(?i)\bhow much (?=(?:snow|rain|sun|time|luggage|walking)\b)")  # "how much snow is there"
COMPARE_ONE = re.compile(  # the one thing compared side by side, not the whole trip
    r"(?i)\bcompare\s+(?:the\s+)?(?:hotels?|weather|flights?|fares?)\b|比较.{0,12}的(?:天气|酒店|机票)"
)
# what is already booked is not asked: 机票早就买好了, "already booked my hotel"
BOOKED = re.compile(
    r"(?i)(?:机票|酒店|航班)(?:公司|单位|我们|我)?(?:也|都)?(?:早就|已经|早)?(?:买好|订好|定好|搞定|买了|订了|定了)"
    r"|(?:已经|早就)(?:买好|订好|定好)了?[^，,。！？!?]{0,6}?(?:机票|酒店)|(?:酒店和机票|机票和?酒店)都(?:搞定|订好|定好)"
    r"|(?:机票|酒店)(?:公司|单位)(?:订|出|报|包)"
    r"|\b(?:hotel|flight|ticket)(?:'s|s are| is| are) (?:already )?(?:booked|sorted)\b"
    r"|\b(?:already )?booked (?:my|the|our|a) (?:\w+ )?(?:hotel|flights?)\b|\bchange planes\b|转机|\bmy hotel\b"
    r"|\b(?:hotel|flight)s? (?:list )?(?:you|u) (?:showed|found|gave|sent)\b"
    r"|(?:刚才|之前|上次)(?:看|查)的[^，,。]{0,10}(?:酒店|机票|航班)"
    r"|\b(?:booked|checked) into (?:a|the|our) hotel\b"
    r"|\b(?:hotel|flights?) (?:is|are) (?:already )?booked\b"
    r"|\b(?:(?:we'?ve|i'?ve|we have|i have) )?got (?:the |our |my )?(?:flights?|tickets?) (?:already|sorted|booked)\b"
    r"|\b(?:flights?|hotels?|tickets?)\b[^.,;!?()]{0,30}?\b(?:already (?:booked|paid|sorted|bought)|paid for)\b"
    r"|\balready got (?:the |my |our )?(?:flights?|tickets?)\b"
    r"|\bgot (?:my|our) (?:flights?|tickets?)\b(?=[^.!?]*\balready\b)"
)
ESCAPE = re.compile(  # a wish to go, or the reason for a change (首尔太冷了 换曼谷吧): no forecast asked
    r"(?i)\b(?:escape|get away from|get out of) the (?:cold|heat)\b|躲躲?冷|躲寒|避寒"
    r"|(?<![会怕])太(?:冷|热)了?(?=\s*(?:[，,。！!~\uff5e]|$|换|改|算了|还是))"
    r"|\btoo (?:cold|hot)\b(?=\s*(?:[,.!]|$|so\b|let's\b))"
)
# a train's fare asked (高铁二等座多少钱, "how much is the train"): the rail tool estimates it
TRAIN_FARE = re.compile(
    r"(?:高铁|动车|火车|车票|城际|[一二]等座|硬座|[硬软]卧)[^，,。！？!?]{0,8}(?:多少钱|票价|价格|贵不贵|多少一张)"
    r"|(?:高铁|动车|火车)[^。！!]{0,20}(?<!门)票价"  # 高铁要坐几个小时，票价多少
    r"|\btrain (?:fares?|tickets? (?:price|cost)s?)\b"
    r"|\bhow much\b[^.?!]{0,25}\btrains?\b|\btrains?\b[^.?!]{0,25}\bcosts?\b"
    r"|\btrains?\b[^?!]{0,60}\b(?:what does|how much is|how much does) (?:a|the) ticket\b|\bwhat'?s a ticket\b",
    re.IGNORECASE,
)
# how a fare is said by its kind: 往返, 单程, "round trip", "one way", business class, 经济舱
FARE_KIND = r"往返|单程|\bround[- ]trip\b|\bone[- ]way\b|\b(?:business|economy|first) class\b|商务舱|经济舱|头等舱"
FARE_NAMED = re.compile(
    r"(?i)机票|航班|票价|直飞|飞[^，,。！？!?]{1,6}?要?多少|\b(?:flights?|fares?|airfares?|tickets?)\b"
    r"|\bcheap(?:est)? (?:way to )?fly\b|" + FARE_KIND
)
TRIP_SIZED = re.compile(  # a length or a budget for the whole trip
    r"(?i)[\d一两二三四五六七八九十]+\s*[天晚]|\d+\s*(?:nights?|days?)\b|一共|总共|预算|人均|\bbudget\b|\ball in\b"
    r"|\d{3,}\s*(?:块|元)?\s*(?:以内|以下|之内)"
)
PLACES_TO_GO = re.compile(r"推荐(?:几家|几个|一些)(?![^，,。！？!?]*(?:酒店|民宿|宾馆|客栈|住))")  # (几家酒店: a hotel)
ITINERARY = re.compile(
    r"(?i)行程安排|行程[^，,。！？!?]{0,4}排一?下|(?:出|做|给|发|整理)一?[份个][^，,。！？!?]{0,8}(?:行程|攻略)|(?:推荐|规划)[^，,。！？!?]{0,8}行程"
    r"|\b(?:actually|is|ought|things?) to (?:see and )?do\b|\bsee and do\b"  # "what is there actually to do"
)
MY_FLIGHT = re.compile(
    r"(?i)\bmy flight\b|航班(?:延误|取消|晚点)|航班[^，,。？?]{0,6}(?:落地|降落|到达)"
    r"|\bflight(?:'s| is| got| was) (?:\w+ )?(?:delayed|cancell?ed)"
)  # "my flight got delayed": no fare asked
PRICED = re.compile(r"(?i)多少(?!度)|价|便宜|贵|\b(?:price|cost|cheap|fare|how much)")
FARE_ASKED = re.compile(
    r"(?i)机票|航班|票|机\s*[+\uff0b加]\s*酒"
    r"|直飞|\bdirect\b|fares?\b|(?<!my )\bflights?\b|ticket|多少(?!度)|价格|price|cost|cheap"
    r"|how much|便宜|" + FARE_KIND
)
STAY_ONLY = re.compile(  # "stay 4 nights": a length
    r"(?i)\bstay(?:ing)?\s+(?:for\s+)?(?:\d+|a|one|two|three|four|five|six|seven)\s*(?:nights?|days?|weeks?|晚)\b"
)
HOTEL_NAMED = re.compile(
    r"(?i)酒店|住宿|民宿|宾馆|客栈|青旅|住哪|住处|住的"
    r"|\b(?:hotels?|hostels?|accommodation|room|rooms|airbnb|place to stay)\b"
)  # a hotel said by name, not only a stay's length
ADDING = re.compile(  # "and changsha", 顺便也看看青岛 (not "and Paris?": that asks instead)
    r"(?i)\badd\b|\balso\b|\btoo\b|\bafter that\b|加上|再加|顺路|也查|还有|加个|加一个|顺便(?:去|玩|逛)"
    r"|也(?:去|玩|逛|看看)"
    r"|^\W*(?:and|n|&|\+)\s+[^?？]{1,20}$"
)
# where in the city: "a hotel in Futian near the convention centre" names a district, not a new stop
AREA = re.compile(r"(?i)\b(?:near|close to|by the|area|district|neighbou?rhood)\b|附近|一带|周边|旁边|那边")
PLANNING = re.compile(
    r"(?i)安排一下|帮我安排|规划一下|规划下|\bplan (?:me |us )?(?:a|my|our|the) trip\b|\bplan it\b"
    r"|\bput (?:something|it|a trip) together\b|\bsort (?:me|us) out\b"
)
WHOLE_TRIP = re.compile(r"(?i)玩|旅游|预算|人均|够不够|够吗|安排|规划|\btrip\b|\bbudget\b|\btotal\b|\bplan\b")
TRAIN = re.compile(  # (火车站, "near the train station": where, not how)
    r"(?i)高铁(?!站)|火车(?!站)|动车|卧铺|新干线|\btrains?\b(?! station)|\brail(?:way)?\b(?! station)|\bshinkansen\b"
)
GETTING_THERE = re.compile(
    r"(?i)怎么去|怎么过去|如何去|\b(?:best|cheapest|fastest|quickest) way to (?:get|go)\b"
    r"|\bhow (?:do|can|should) (?:i|we) get (?:to|from)\b|\bgetting from \w+ to\b|\blast[- ]minute seat\b"
    r"|\bseat going for\b"
)
# 比较 before a quality means "rather" (住哪里比较好, 比较便宜的酒店): no comparison asked
RATHER = re.compile(r"比较(?=[好便宜贵暖热冷近远方便合适划算舒服安全靠谱实惠有名快慢])")
ORIGIN_CUES = re.compile(  # where a flight leaves from is the origin, not a fare: "flying out of X", 我们从厦门飞
    r"(?i)\bflying (?:in )?(?:out of|outta|from)\b|\bfly out of\b|\bfly (?:out )?from there\b"
    r"|从[^，,。！？!?]{1,20}?飞(?=[，,。！？!?]|\s*$|\s+(?![A-Za-z]))"  # (从广州飞 Tokyo: to a place)
)
TRIP_WORDS = words("玩|旅游|旅行|出行|度假|去|行程|查|比较|对比") + words(
    "trip|travel|visit|vacation|holiday|go to|going to|compare|plan|check|look up"
)


WEATHER_ASKED = re.compile(
    r"(?i)\b(?:is|are|will)\s+(?:it|\w+)\s+(?:be\s+)?(?:actually\s+|really\s+|still\s+)?(?:warm|cool)\b"
    r"|\bwill\s+\w+\s+be like\b"
    r"|\bhow (?:warm|cold|hot|cool)\b"
    r"|\bwhat'?s\s+\w+\s+like\s+(?:tomorrow|today|tonight|this weekend|next week|now|rn|in \w+)\b|\bminus \w+"
    r"|风大|刮风|大风|\bwindy\b|(?:几月|什么时候|哪个月|[\d一二三四五六七八九十]{1,2}\s*月份?)去?(?:合适|最好|比较好)"
    r"|\b(?:be|stay|is it|it's|it is) (?:dry|rainy|wet)\b|\bbest time to (?:go|visit)\b"
    r"|\ba good (?:month|time) (?:for|to go to|to visit)\b"
    r"|\b(?:how'?s\s+\w+|is\s+\w+\s+nice)\s+in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|autumn|fall|winter)"
)
TRIP_SIZED_MONEY = re.compile(r"(?i)预算|人均|\d{3,}|\bbudget\b|\byuan\b|块|元")  # 5000够吗: the money, not the days
LONG_ENOUGH = re.compile(
    r"(?i)(?<![\d一两二三四五六七八九十])[\d一两二三四五六七八九十]{1,3}\s*(?:天|晚|日|days?|nights?)"
    r"[^，,。？?]{0,6}(?:够吗|够不够|够了吗|\benough\b)"
    r"|\b(?:is|are)\s+(?:\d+|one|two|three|four|five|six|seven)\s+(?:days?|nights?)\s+enough\b"
)


def _asked_in_phrases(text: str, asked: str, named: set[str]) -> set[str]:
    """Lookups asked in a phrase, not a word: 住三晚 beside another lookup, 订去成都的票, 住江汉路附近, 出一份行程."""
    found = set()
    looked_up = bool(named - {"guide"})
    if "flights" in named and re.search(r"住\s*[\d一两二三四五六七八九十]{1,2}\s*[晚天]", text):
        found.add("hotels")  # 单程飞三亚，住三晚: the stay is asked for too
    route = re.search(r"\b[A-Z]{3}\s*(?:->|→|-|–|to|到|飞)\s*[A-Z]{3}\b", text)  # PEK到HND (with 5 nites: a trip)
    if not looked_up and route and (FARE_ASKED.search(text) or not TRIP_SIZED.search(text)):
        found.add("flights")  # "PVG -> NRT on the 22nd, how much": the price of airport to airport is a fare
    if re.search(
        r"(?:订|买|抢)[^，,。！？!?]{0,8}(?<!门)票|(?<![门车船])的票(?=\s*(?:看看|多少|贵|价))|(?:以下|以内)的票", text
    ):
        found.add("flights")  # 订去成都的票: a fare (门票 is an admission, not a fare)
    if TRAIN_FARE.search(text):
        found.add("flights")  # 高铁二等座多少钱, "how much is the train": a fare, by rail where it reaches
    if re.search(
        r"住(?:在)?[^，,。！？!?]{1,20}(?:附近|旁边|周边|那边|那一?带|(?<![这那])边|多少钱|还是)"
        r"|还是[^，,。]{0,8}住",
        text,
    ):
        found.add("hotels")  # 住江汉路附近, 住西湖边上多少钱, 岛上住还是岛外住: where to stay is the question
    if WEATHER_ASKED.search(text):
        found.add("weather")  # "is Sanya warm over new years?", "what will Kunming be like on the 2nd?", 风大不大
    if LONG_ENOUGH.search(text) and not looked_up and not TRIP_SIZED_MONEY.search(text):
        found.add("guide")  # 西安玩4天够吗, "is 3 days enough for Kyoto": what fits in the days is asked
    if PLACES_TO_GO.search(text):
        found.add("guide")  # 顺便推荐几家老字号茶楼: places to go (推荐几家酒店 asks a hotel)
    if ITINERARY.search(asked):
        found.add("guide")  # 出一份三晚的行程, 推荐一个两天的行程: a day-by-day plan is asked
    return found


# 还是 as "still" or "after all", not "or": 还是5晚, 还是短一点吧, 还是三亚吧 (三亚还是海口 compares)
STILL = re.compile(
    r"^\W*还是(?![^?？]*[?？呢]\W*$)|(?<=[。！!])\s*还是"  # (还是去厦门？ asks "or")
    r"|还是(?=\s*(?:[\d一两二三四五六七八九十]+\s*[晚天夜个周]|玩|住|待|呆|短|长|太|算|先|就|觉得|想|要|得|不|别|按|老样子|原来|一起))"
    r"|还是(?=[\u4e00-\u9fff]{2,4}(?:走|出发)(?:[，,。！!\s]|$))"  # 还是成都走: still leaving from there
    # 还是1500, 还是周二到周四, 还是东京3晚
    r"|还是(?=\s*\d|周|星期|礼拜|[\u4e00-\u9fff]{2,4}\s*[\d一两二三四五六七八九十]+\s*[晚天])"
)
LOOKUP_NAMES = {"机票": "flights", "航班": "flights", "flight": "flights", "酒店": "hotels", "住宿": "hotels"}
LOOKUP_NAMES |= {"hotel": "hotels", "天气": "weather", "weather": "weather", "民宿": "hotels", "客栈": "hotels"}
LOOKUP_NAMES |= {"fare": "flights", "车票": "flights", "票": "flights"}
_LOOKUP = r"(机票|航班|车票|(?<![门机车])票|酒店|住宿|民宿|客栈|天气|flights?|hotels?|weather|fares?)"
# a lookup not wanted: 机票不用查了, hotel 先不看了, 酒店去掉, "I don't need flights", "skip the weather"
UNASKED = re.compile(
    r"(?i)" + _LOOKUP + r"\s*(?:就|先|也|都)?\s*(?:不用|不需要|不必|别查|别看|去掉|先不|不看|省了|免了|算了)"
    # 机票我老公会订，不用查了: someone else books it
    r"|" + _LOOKUP + r"[^。！？!?，,]{1,8}(?:会订|来订|统一订|订好了|搞定了?)[，,\s]*(?:不用|不需要|不必)(?:查|看)"
    r"|(?:不用|不需要|别|去掉|\bskip\b|\bno need for\b|\bdon'?t need\b|\bforget\b|\bnever mind\b|\bscratch\b"
    r"|\bnot asking about\b|\bno\b"
    r"|\balready (?:booked|got|have|sorted)\b)\s*(?:the\s+|any\s+|my\s+|our\s+)?(?:[查订]\s*)?"
    + _LOOKUP
    + r"|"
    + _LOOKUP
    + r"\s+(?:are\s+|is\s+)?(?:already\s+)?(?:sorted|booked|covered|taken care of)\b"
)


_RAIL = r"(?:高铁|火车|动车|卧铺|\btrains?\b|\b(?:high[- ]speed )?rail\b|\bbullet train\b)"
_AIR = r"(?:飞机|坐飞|飞|\bplanes?\b|\bfly(?:ing)?\b|\bflights?\b|\bair\b)"
_OR = r"[^。？?！!]{0,16}?(?:还是|或者|或是|\bor\b|\bvs\.?|\bversus\b|\bthan\b|比)[^。？?！!]{0,10}?"
MODES = re.compile(r"(?i)" + _RAIL + _OR + _AIR + "|" + _AIR + _OR + _RAIL)


def weighs_modes(text: str) -> bool:
    """Whether the train and the plane are weighed against each other (高铁还是飞机, "train or plane better?")."""
    return MODES.search(text) is not None


def _lookups_named(words: Iterable[str]) -> set[str]:
    """机票, 酒店, "Hotels", "flight" … as the lookups they name."""
    return {LOOKUP_NAMES[w.lower().rstrip("s")] if w.isascii() else LOOKUP_NAMES[w] for w in words}


def unasked(text: str) -> set[str]:
    """The lookups the traveller says not to look up."""
    return _lookups_named(next(g for g in m.groups() if g) for m in UNASKED.finditer(text))


# the lookups of one clause and nothing else: 只看酒店就行, 只查机票, "just the hotels", "only need a hotel"
ONLY = re.compile(
    r"(?i)(?:只|仅)(?:帮我)?(?:看看?|查查?|要)(?:一下|下)?"
    + _LOOKUP
    + r"|\b(?:just|only)(?: need| want)? (?:the |a )?"
    + _LOOKUP
)


def find_intents(text: str) -> set[str]:
    """Which lookups the question names explicitly (less those it says not to look up)."""
    if only := ONLY.search(text):  # the lookups named in that clause: "just need flights and a hotel" is both
        clause = re.split(r"[，,。.;；!！?？]", text[only.start() :], maxsplit=1)[0]
        return _lookups_named(m.group(0) for m in re.finditer(r"(?i)" + _LOOKUP, clause))
    if no := unasked(text):
        return find_intents(UNASKED.sub(" ", text)) - no  # "no need for flights, hotels?": the hotels
    asked = BOOKED.sub(" ", ESCAPE.sub(" ", STILL.sub(" ", text))).replace("收藏夹", " ")  # 机票早就买好了: booked
    asked = INCLUDED.sub(" ", asked)  # "2000 each incl. flights": the money covers the fare, no fare asked alone
    asked = NOT_MONEY.sub(" ", asked)  # "how much snow": no price
    folded = " " + re.sub(r"[^\w]+", " ", ORIGIN_CUES.sub(" ", RATHER.sub("", asked)).casefold()) + " "
    for aside in ASIDES:
        folded = folded.replace(aside, " ")
    folded = KEPT_UNDER.sub(" ", folded)  # "keep it under 15k": a budget, not "keep it" (save)
    found = {name for name, words in INTENT_WORDS.items() if any(w in folded for w in words)}
    trip_said = found & {"weather", "hotels", "guide"} or WHOLE_TRIP.search(text)
    if "flights" in found and (trip_said or MY_FLIGHT.search(asked)) and not FARE_ASKED.search(asked):
        found.discard("flights")  # 明天飞昆明，那边凉不凉, 广州飞过去，玩4天: the flight is the trip, no fare asked
    elif "flights" in found and found - {"flights"} and MY_FLIGHT.search(asked) and not PRICED.search(asked):
        found.discard("flights")  # 明天青岛有雾吗 怕航班延误: the flight is why, no fare asked
    found = _way_or_length(found, asked, text)
    if found and not found & {"flights", "hotels"} and any(w in folded for w in COST_WORDS):
        found |= {"flights"} if TRAIN_FARE.search(asked) else {"flights", "hotels"}  # 二等座多少钱: the train's
    phrased = _asked_in_phrases(text, asked, found)
    found |= phrased
    if ("hotels" in found and "weather" not in found and TRAIN.search(text)) or GETTING_THERE.search(text):
        found.add("flights")  # "the train … and a hotel", 怎么去: the fare (by rail where it reaches) is asked
    if "guide" in found and _arranged_for_money(folded, text):
        found.discard("guide")  # 人均1500 怎么安排划算: the trip within the money is asked, not the sights
    return _guide_kept(found, folded, text, "guide" in phrased)


def _guide_kept(found: set[str], folded: str, text: str, phrased: bool) -> set[str]:
    """The guide as asked: not when refused (不想做攻略了) or only a weak word beside a lookup; on top of the trip
    when asked "as well" (长沙两晚…每人两千以内，顺便给个攻略)."""
    if NO_GUIDE.search(text):
        return found - {"guide"}
    if found == {"guide"} and ALSO_GUIDE.search(text) and TRIP_SIZED.search(text):
        return found | TRIP_LOOKUPS
    if "guide" in found and found - {"guide"} and not phrased:
        if not [w for w in INTENT_WORDS["guide"] if w in folded and w not in WEAK_GUIDE]:
            return found - {"guide"}
    return found


def _way_or_length(found: set[str], asked: str, text: str) -> set[str]:
    """None of `found` when its one lookup is only the trip's way there or its length (成都飞拉萨 4天 俩人 多少钱,
    北京飞新加坡 一共2万, "fly out … and stay 4 nights. Total budget $3000?"): the whole trip is asked."""
    if found == {"flights"} and not FARE_NAMED.search(asked) and TRIP_SIZED.search(asked):
        return set()
    stay_said = STAY_ONLY.search(asked) and not HOTEL_NAMED.search(asked)
    if found == {"hotels"} and stay_said and WHOLE_TRIP.search(text):
        return set()
    if "hotels" in found and len(found) > 1 and stay_said and not (found == {"flights", "hotels"}):
        return found - {"hotels"}  # "booked for the 12th, staying 5 nights - what should I pack": the weather
    # "Need flights from Beijing, staying 5 nights": the fare, and a length (住三晚 beside a fare asks a hotel)
    return {"flights"} if found == {"flights", "hotels"} and stay_said and FARE_NAMED.search(asked) else found


INCLUDED = re.compile(
    r"(?i)\b(?:incl\.?|including|inclusive of) (?:the )?(?:flights?|airfares?|hotels?)"
    r"(?:\s*(?:&|and|\+)\s*(?:flights?|hotels?))?\b|"
    r"(?:含|包括|包含)往?返?机票|机票在内"
)
# words that hold an ask's word but ask nothing: "10 days or so" weighs nothing, "the same route", 带什么证件
# (药: medicine, no guide; "how long can I stay" is a visa's question, no hotel)
ASIDES = (" or so ", " staying put ", " same route ", "带什么证件", "吃什么药", "暖和暖和", " how long can i stay ")
KEPT_UNDER = re.compile(r" keep (?:it|this|things|costs?|the total) (?:under|below|within|around|at|to|cheap|low) ")
NO_GUIDE = re.compile(
    r"(?i)不(?:想|用|要|需要)(?:做|看|写|查)?攻略|\b(?:no|skip the|don'?t need an?) (?:itinerary|guide)\b"
    r"|\b(?:forget|never mind|drop) (?:about )?the (?:things[- ]to[- ]do(?: list)?|itinerary|guide|sights)\b"
)
ALSO_GUIDE = re.compile(r"(?i)顺便[^，,。！？!?]{0,6}(?:攻略|行程)|\b(?:and|plus) (?:also )?an? (?:guide|itinerary)\b")
ARRANGE = ("怎么安排", "how to arrange")  # how to arrange the days, unless a sum says the trip is what is arranged
ARRANGED_MONEY = re.compile(r"(?i)预算|人均|划算|省钱|\bbudget\b|\d{3,}\s*(?:块|元|rmb|yuan)|\beach\b")


def _arranged_for_money(folded: str, text: str) -> bool:
    """怎么安排 said only beside a sum (人均三千…怎么安排比较好): the whole trip within it is asked."""
    said = [w for w in INTENT_WORDS["guide"] if w in folded]
    return bool(said) and all(w in ARRANGE for w in said) and ARRANGED_MONEY.search(text) is not None


def weak_guide(text: str) -> bool:
    """Only a call for suggestions (有啥推荐不, "recommend"): inside a whole trip it asks for the trip, not sights
    (有什么好玩的 still asks what to do)."""
    folded = " " + re.sub(r"[^\w]+", " ", text.casefold()) + " "
    said = [w for w in INTENT_WORDS["guide"] if w in folded]
    weak = all(w in ("推荐", "recommend") for w in said)
    return bool(said) and weak and not ITINERARY.search(text) and not PLACES_TO_GO.search(text)


def parse_stars(text: str) -> int | None:
    """Hotel class: 五星 / 5-star / luxury / 住好一点 -> 5, 三星 / budget hotel -> 3; None when not said."""
    if m := re.search(r"(?i)(\d)\s*(?:星|-?\s*stars?)", text):
        return max(1, min(5, int(m.group(1))))
    if m := re.search(r"([一二三四五])星", text):
        return number(m.group(1))
    if m := re.search(r"(?i)\b(one|two|three|four|five)[\s-]*stars?", text):
        return number(m.group(1))
    if LUXURY.search(NOT_LUXURY.sub(" ", text)):  # "we don't need anything fancy": no class asked
        return 5
    if CHEAP.search(text):  # "budget hotel", "on a budget"; not "a budget of 8000" (a sum, not a class)
        return 3
    return None


LUXURY = re.compile(r"(?i)豪华|奢华|高端|好一?点的?酒店|住好一?点|好一些的酒店|luxury|upscale|posh|fancy|nicer")
NOT_LUXURY = re.compile(
    r"(?i)(?:\bnot|n't|\bno|\bnothing)\s+(?:\w+\s+){0,3}?(?:fancy|luxury|posh|upscale)|不(?:用|要|需要|必)太?(?:豪华|奢华|高端)"
)
CHEAP = re.compile(
    r"(?i)经济|便宜|实惠|穷游|cheap|\bbudget[\s-]+(?:hotel|hostel|stay|option|friendly)|\bon a (?:tight )?budget"
)


STARS = re.compile(r"(?i)(\d|[一二三四五])\s*-?\s*(?:星|stars?\b)|\b(?:one|two|three|four|five)[\s-]*stars?\b")


# one of the places weighed is picked (那就澳门吧, 定杭州了, "let's go Sanya", "Hong Kong then"): no more comparing
CHOSEN = re.compile(
    r"(?i)那就|就(?:去)?[\u4e00-\u9fff]{2,4}吧|定了|就定|选|\blet'?s (?:go|do)\b|\b(?:go|going) (?:with|for)\b"
    r"|\bit is\b|\bthen\b"
)


TRIP_LOOKUPS = frozenset({"weather", "flights", "hotels"})


def carried_intents(said: set[str], text: str, asked: set[str], planned: bool, settled: bool) -> set[str]:
    """What a follow-up asks: with no lookup of its own what the turn before did ("那成都呢？"), the whole trip when
    it plans one after a weather question (住3晚，从北京走); one that adds (保存这个行程) keeps both; a choice or
    "instead" (`settled`) ends comparing."""
    before = asked - {"save"} - ({"compare"} if settled else set())
    if not said:
        intents = before | (TRIP_LOOKUPS if planned and before == {"weather"} else set())
    elif said <= {"save", "guide", "compare"}:  # 给个行程攻略, "which is better?", 存一下: on top of the trip
        whole_trip = not before & (TRIP_LOOKUPS | {"guide", "compare"})
        intents = said | before | (TRIP_LOOKUPS if whole_trip else set())
    elif ONLY.search(text):  # "just the flights then": that lookup alone from now on
        intents = said | (asked & {"save"})
    else:
        intents = said | before  # "any cheaper hotels there too?", 那机票呢？: the new lookup joins what was asked
    intents -= {"guide"} if NO_GUIDE.search(text) else set()  # "forget the things-to-do list"
    if no := unasked(text):  # 机票不用查了, "skip the hotels": what was asked (a whole trip: every lookup), less that
        intents = (intents - {"save"} or set(TRIP_LOOKUPS)) - no | (intents & {"save"})
    return intents
