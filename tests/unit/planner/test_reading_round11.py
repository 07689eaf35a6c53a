"""Reading classes found at stop 55 (issue 41), from batches written that session and then added as dev rows: a stop
chosen in a follow-up beside a place been to (还是去香港吧 澳门去过了), a homophone after 改/换 or before 哪个. Read on
the suite's Friday 4 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import asked


@pytest.mark.parametrize(
    ("earlier", "text", "stop"),
    [
        (["周末想去澳门玩，从广州出发，帮我看看酒店"], "还是去香港吧 澳门去过了", "hongkong"),
        (["跨年想去哈尔滨看冰雕 从深圳飞 机票酒店多少钱"], "算了还是去三亚吧 哈哈 冷怕了", "sanya"),
        (["春节想去曼谷，从深圳飞，两个人，机票酒店"], "曼谷去过了，就普吉岛吧", "phuket"),
        (
            ["Sanya over Thanksgiving weekend, 4 of us from Shanghai, flights and hotel?"],
            "actually make it Phuket instead, the kids have done Sanya twice already",
            "phuket",
        ),
    ],
)
def test_a_stop_chosen_beside_a_place_been_to_replaces_the_trip(earlier: list[str], text: str, stop: str) -> None:
    q = parse(text, earlier)
    assert [c.id for c in q.destinations] == [stop] and asked(q)  # the trip goes on, at the place chosen


def test_a_place_been_to_alone_is_still_the_trip() -> None:
    q = parse(  # dev row af055
        "I've been to Taipei twice and love it. Third time, bringing my husband this time, around New Year. "
        "Last time we stayed in Ximending and it was loud. Something quieter please?",
        [],
    )
    assert [c.id for c in q.destinations] == ["taipei"] and asked(q) == ("hotels",)


@pytest.mark.parametrize(
    ("earlier", "text", "cities"),
    [
        (["下周末去杭州玩，天气咋样"], "算了改苏洲吧 近一点", ["suzhou"]),
        ([], "重亲和成度哪个好玩", ["chongqing", "chengdu"]),
    ],
)
def test_a_homophone_after_a_change_or_before_which(earlier: list[str], text: str, cities: list[str]) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == cities


@pytest.mark.parametrize(
    ("earlier", "text", "size"),
    [
        ([], "whats the weather like in kunming over easter? taking my two daughters, just the 3 of us", 3),
        ([], "Summer plan: Tokyo 4 nights, Osaka 3 nights. Just the 2 of us + our teen son", 3),
        ([], "寒假带两个娃去北京看故宫长城，我和老公两个大人，2月1号出发玩6天", 4),
        ([], "Dubai or Singapore for a 5-night family trip? 2 kids + us. which is better value", 4),
        ([], "My husband and I are taking the kids (5 and 7) up to Harbin next week", 4),
        ([], "my mum and dad (72 and 75) want to go to Kunming, Feb 1 to Feb 28, just a hotel", 2),
        ([], "Planning a surprise Valentine's getaway for my gf, 3 nights, flying out of Beijing", 2),
        ([], "NYC in january for 2 weeks, me n my bro, flights from LAX + hotels", 2),
        ([], "我爸妈想去桂林 从北京走 下周 两个老人 机票多少", 2),
        ([], "我和老婆带着两个老人，春节从南京去三亚", 4),
        ([], "想四月份去张家界玩五天，一家五口，两个老人一个小孩，从长沙去", 5),
        (["元旦想带爸妈去厦门住三晚，从北京走"], "我弟一家三口也要跟着去", 6),
        (["下周末带老公和孩子去杭州玩"], "孩子奶奶也要一起去", 4),
        (["chinese new year in sanya for me, my wife and the 2 kids, from beijing"], "grandma wants in too", 5),
        (["april in kunming for my wife and me, weather and hotels?"], "Our son has decided to come along as well.", 3),
        ([], "My friend's in Seoul and keeps telling me to visit but I'd rather do Tokyo. flights from shanghai?", 1),
    ],
)
def test_the_party_as_travellers_say_it(earlier: list[str], text: str, size: int) -> None:
    assert parse(text, earlier).party.size == size


@pytest.mark.parametrize(
    ("today", "text", "start", "end"),
    [
        ("2026-12-16", "We want go to Guilin for the christmas days, 24. to 27. december", "2026-12-24", "2026-12-27"),
        ("2027-01-11", "let's do fri 12th to mon 15th in Sanya", "2027-02-12", "2027-02-15"),  # the 12th a Friday
        (
            "2026-12-06",
            "Is the Harbin Ice Festival on by Jan 5? If so I need a hotel there Jan 5-8.",
            "2027-01-05",
            "2027-01-08",
        ),
        (
            "2026-11-19",
            "Sanya: the school gives them the Wednesday off too, so we'd leave Wed the 25th and come back Sunday",
            "2026-11-25",
            "2026-11-29",
        ),
        ("2026-12-06", "12月18号周五下班后出发，20号回，从长沙去广州长隆", "2026-12-18", "2026-12-20"),
        ("2026-12-06", "想12月31号从深圳飞东京跨年，1月3号回来，帮我查下机票和酒店", "2026-12-31", "2027-01-03"),
    ],
)
def test_the_trips_stretch_as_said(
    monkeypatch: pytest.MonkeyPatch, today: str, text: str, start: str, end: str
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == (start, end)


def test_a_way_back_by_weekday_in_a_follow_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2027-01-11")
    q = parse("and a hotel near marina bay till sunday", ["flights hk to singapore thursday the 14th"])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2027-01-14", "2027-01-17")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("what time do the lights come on at hongyadong in chongqing?", "opening_times"),
        ("元旦早上天安门升旗几点？想带孩子去看", "opening_times"),
        ("Can you book me a train ticket Nanjing to Suzhou on Jan 2?", "trains"),
        ("any train shanghai to suzhou before 7am?", "trains"),
    ],
)
def test_times_and_bookings_beyond_the_data_look_nothing_up(text: str, topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and asked(q) == () and q.destinations  # the place is still read


def test_switching_to_a_place_then_never_mind_keeps_the_new_place() -> None:
    q = parse("三亚春节酒店也太贵了吧，换海口算了", ["春节打算一家三口从杭州出发去三亚过年，预算一万五，帮我规划一下"])
    assert [c.id for c in q.destinations] == ["haikou"]
    assert [c.id for c in parse("南京算了，去苏州吧", ["下周去南京玩"]).destinations] == ["suzhou"]


@pytest.mark.parametrize(
    ("earlier", "text", "asks"),
    [
        ([], "how long is the high speed train from Beijing to Xi'an, and what does a ticket cost?", ("flights",)),
        (
            ["老伴想看兵马俑，我们俩下个月去西安，冷不冷？", "从南京坐高铁过去大概多少钱"],
            "住三晚，钟楼附近找个干净点的",
            ("flights", "hotels", "weather"),
        ),
        ([], "我们三个人从深圳出发回趟西安，1月9号走，路费大概要准备多少", ("flights",)),
    ],
)
def test_how_a_lookup_is_asked(earlier: list[str], text: str, asks: tuple[str, ...]) -> None:
    assert asked(parse(text, earlier)) == asks


@pytest.mark.parametrize(
    "text",
    [
        "带孩子寒假去哈尔滨，孩子8岁，我和她爸，从厦门出发，2月15到2月20，住5晚，帮我规划一下行程",
        "我想暑假去拉萨和大理，学生党，给个路线",
        "me and my mates (4 of us) are doing Guilin for 5 days next week, whats actually worth doing",
        "heading to Guilin next week with my parents, they're 60+ and slow walkers. whats realistic to see?",
        "give me a 3 day plan for hong kong with a toddler pls, we're 2 adults + 1 baby",
    ],
)
def test_an_itinerary_asked_is_a_guide_not_a_priced_trip(text: str) -> None:
    assert asked(parse(text, [])) == ("guide",) or "guide" in parse(text, []).intents


@pytest.mark.parametrize(
    "text",
    [
        "I'm off from the 20th to the 23rd — could I squeeze in Seoul? would be flying from Beijing",
        "Bangkok to Chiang Mai on the overnight sleeper train — is it worth doing?",
    ],
)
def test_squeezing_in_a_trip_or_a_train_worth_doing_is_no_guide(text: str) -> None:
    assert "guide" not in parse(text, []).intents


@pytest.mark.parametrize(
    ("today", "earlier", "text", "origin"),
    [
        (
            "2026-11-19",
            [],
            "hi! im in Seoul on exchange this sem, i wanna go to Tokyo for 5 days, leaving Dec 12. any cheap flights??",
            "seoul",
        ),
        (
            "2026-12-06",
            [],
            "Do I need a visa for Hong Kong for a 3-day academic conference? I'm Indian but I study in Shanghai.",
            "shanghai",
        ),
        (
            "2026-12-06",
            [],
            "Board meeting in Hong Kong Wednesday 9am. I'm in Shenzhen — planning to go over Tuesday "
            "evening. Hotel for the one night pls",
            "shenzhen",
        ),
        (
            "2026-12-06",
            [],
            "I am PhD student from Pakistan studying in Nanjing. I must attend workshop in Wuhan from 4 "
            "January to 7 January. What is cheapest way to go?",
            "nanjing",
        ),
        (
            "2027-01-11",
            [],
            "I'm at uni in London, term finishes Jan 22 and I wanna fly home to Shanghai the day "
            "after. what are fares like",
            "london",
        ),
        ("2026-12-16", [], "我在武汉上大学，1月15号考完最后一门，16号就想跟室友出发去昆明玩一周", "wuhan"),
    ],
)
def test_where_one_studies_or_works_is_the_origin(
    monkeypatch: pytest.MonkeyPatch, today: str, earlier: list[str], text: str, origin: str
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    q = parse(text, earlier)
    assert q.origin is not None and q.origin.id == origin and origin not in [c.id for c in q.destinations]


def test_where_one_studied_long_ago_is_no_origin() -> None:
    assert parse("在看《重庆森林》，想起以前在香港念书的日子", []).origin is None


def test_a_bare_day_after_an_exam_day_is_in_the_exams_month(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-16")
    when = parse("我在武汉上大学，1月15号考完最后一门，16号就想跟室友出发去昆明和大理玩一周", []).when
    assert when is not None and when.start.isoformat() == "2027-01-16"


def test_a_time_said_from_today_in_a_follow_up_is_not_moved_to_the_trips_month(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-16")
    q = parse("元旦机票太贵了，改成下周末吧", ["元旦带爸妈从北京去厦门，机票酒店多少钱"])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2026-12-26", "2026-12-27")


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("Taking my twin boys (17) to tour universities in London over Christmas week, from Hong Kong", 3),
        ("圣诞那天故宫开门吗？想带来访的德国同事去转转", 2),
        ("我和朋友去三亚", 2),
        ("Tokyo还是Osaka，which one 更适合带娃？我们俩+一个小朋友，圣诞那周去", 3),  # 小朋友 is the child
    ],
)
def test_twins_and_a_friend_or_colleague_without_a_number(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_an_expo_is_an_event() -> None:
    q = parse("下下周上海有没有啥漫展或者游戏展", [])
    assert q.beyond == ("events",) and asked(q) == ()


@pytest.mark.parametrize(
    ("earlier", "text", "asks"),
    [
        (
            ["想去大理玩，从上海出发，两个人，下个月，机票酒店天气都看看"],
            "算了机票我老公会订，不用查了，你帮我看看古城里的客栈吧",
            ("hotels", "weather"),
        ),
        (["下周末从苏州去杭州，两个人，机票酒店天气"], "民宿不用了，室友说她亲戚家能住", ("flights", "weather")),
        ([], "这周六从北京出发去西安，高铁二等座多少钱？顺便看下那边天气", ("flights", "weather")),
    ],
)
def test_a_lookup_dropped_or_a_trains_fare_beside_the_weather(
    earlier: list[str], text: str, asks: tuple[str, ...]
) -> None:
    assert asked(parse(text, earlier)) == asks


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Is it safe to walk around Bankok at night alone as a woman?", "bangkok"),
        ("圣诞后三天去首而购物 住两晚 机票加酒店多少钱 从青岛飞", "seoul"),
        ("想暑假带孩子去伦顿游学顺便玩玩", "london"),
        ("帮我把迪摆的行程存起来 4月10号去", "dubai"),
        ("吉隆波和新加坡连着玩 一共6天 从广州出发 要多少钱", "kualalumpur"),
    ],
)
def test_more_misspelt_places(text: str, city: str) -> None:
    assert city in [c.id for c in parse(text, []).destinations]


def test_someone_elses_studies_and_a_greeting_to_the_reader_are_not_the_travellers() -> None:
    q = parse(
        "my grandson is studying in Qingdao. I'm retired, living in Dalian. thinking to visit him next week for 4 "
        "days. weather and hotel?",
        [],
    )
    assert q.origin is not None and q.origin.id == "dalian" and [c.id for c in q.destinations] == ["qingdao"]
    hello = parse(
        "Hello friend, I am PhD student studying in Nanjing. I must attend a workshop in Wuhan, cheap hotel?", []
    )
    assert hello.party.size == 1


@pytest.mark.parametrize(
    "text",
    [
        "A long weekend in Bangkok, Fri 19th to Mon 22nd March, what's a good hotel price in Sukhumvit for 2?",
        "I'll be in New York on business, Jul 12th through the 16th. A 4-star hotel in Midtown?",
    ],
)
def test_a_district_of_a_city_named_is_no_unknown_place(text: str) -> None:
    q = parse(text, [])
    assert q.destinations and q.unknown_places == []


def test_a_place_dropped_without_data_is_no_unknown_place() -> None:
    q = parse("ok forget Bali, let's do Phuket. flights from Shanghai + hotels for 6 nights pls", ["Bali in March?"])
    assert [c.id for c in q.destinations] == ["phuket"] and q.no_data == [] and q.unknown_places == []


def test_a_month_dot_day_range_with_hao_and_a_day_asked_about_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-16")
    when = parse("拉萨 酒店 1.5号-1.8号", []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == ("2027-01-05", "2027-01-08")
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2027-01-11")
    q = parse("what about the 25th instead", ["I'm at uni in London and wanna fly home to Shanghai on Jan 23. fares?"])
    assert q.when is not None and q.when.start.isoformat() == "2027-01-25" and asked(q) == ("flights",)


def test_a_place_asked_for_tersely_is_never_read_as_talk_by_the_second_look() -> None:
    q = parse("换成成都呢", [])  # the classifier is 92 % sure it is talk; a place asked for with 呢 is an ask
    assert [c.id for c in q.destinations] == ["chengdu"] and asked(q)


@pytest.mark.parametrize(
    ("earlier", "text", "start", "end"),
    [
        (
            ["Taking the kids (7 and 10) to Sydney over Christmas, me and my wife too. How hot does it get?"],
            "ok and flights from Singapore for the four of us, out the 23rd back the 30th?",
            "2026-12-23",
            "2026-12-30",
        ),
        (["下周五从北京去上海玩，机票酒店"], "16号回", "2026-12-11", "2026-12-16"),
    ],
)
def test_a_way_back_said_with_bare_days_stays_in_the_trips_month(
    earlier: list[str], text: str, start: str, end: str
) -> None:
    when = parse(text, earlier).when  # never a 29-night trip to the next month's 23rd
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == (start, end)
