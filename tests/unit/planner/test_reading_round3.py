"""Reading classes found by the third outside batch (issue 41): rail journey times and opening hours are beyond the
data, festivals of other calendars, days of a month said as a range, the way back said as "until", "N weeks from
today", 看看下下周. Each row is a question nobody wrote the planner for, read on Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


def _dates(text: str) -> tuple[str, str] | None:
    when = parse(text, []).when
    return (when.start.isoformat(), when.end.isoformat()) if when is not None else None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("上海到杭州坐动车多久", "trains"),
        ("从南京坐高铁过去要几个小时？", "trains"),
        ("is there a direct train from Beijing to Shanghai and how long does it take", "trains"),
        ("how long is the train from Guangzhou to Guilin", "trains"),
        ("is there a fast train from Shenzhen to Guangzhou", "trains"),
        ("Louvre hours on Sunday?", "opening_times"),
        ("Shanghai Disneyland hours tomorrow", "opening_times"),
    ],
)
def test_what_the_data_cannot_know_looks_nothing_up(text: str, topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and q.beyond_only


@pytest.mark.parametrize(
    "text", ["flights to Tokyo, 3 hours is fine", "Beijing in 48 hours", "坐高铁去杭州，帮我查下酒店和天气"]
)
def test_hours_and_trains_in_passing_are_no_topic(text: str) -> None:
    assert parse(text, []).beyond == ()


def test_a_visa_question_that_mentions_flying_prices_nothing() -> None:
    q = parse("do I need a visa for Japan? flying out of Shanghai in March", [])
    assert q.beyond == ("visa",) and q.beyond_only
    priced = parse("do I need a visa for Japan? and how much are flights from Shanghai", [])
    assert "flights" in priced.intents


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("情人节去三亚", ("2027-02-14", "2027-02-14")),
        ("Valentine's Day in Paris with my girlfriend", ("2027-02-14", "2027-02-14")),
        ("Thanksgiving weekend in New York", ("2027-11-25", "2027-11-28")),
        ("halloween in Tokyo, 2 people", ("2027-10-31", "2027-10-31")),
        ("going 12th-15th to Xiamen", ("2026-12-12", "2026-12-15")),
        ("Bangkok from the 20th to 24th", ("2026-12-20", "2026-12-24")),
        ("landing in Seoul Jan 8, leaving the 12th", ("2027-01-08", "2027-01-12")),
        ("后天出发去成都，玩到周日", ("2026-12-08", "2026-12-13")),
        ("周三去青岛，待到周六", ("2026-12-09", "2026-12-12")),
        ("Kyoto on Tuesday until Friday", ("2026-12-08", "2026-12-11")),
        ("three weeks from today, Shanghai", ("2026-12-27", "2026-12-27")),
        ("two weeks from now to Sanya", ("2026-12-20", "2026-12-20")),
        ("帮我看看下下周厦门的酒店", ("2026-12-14", "2026-12-20")),
        ("查下下周的天气", ("2026-12-07", "2026-12-13")),
        ("下下周五去青岛，周日回来", ("2026-12-18", "2026-12-20")),
    ],
)
def test_dates_said_another_way(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


def test_until_a_weekday_names_no_place() -> None:
    q = parse("后天出发去成都，玩到周日", [])
    assert [c.id for c in q.destinations] == ["chengdu"] and q.unknown_places == [] and q.nights == 5


def test_what_to_do_in_n_days_is_a_length() -> None:
    q = parse("tell me what to do in Guilin in 2 days", [])
    assert q.when is None and q.days == 2


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("我们仨下周去成都", 3),
        ("带女儿去东京，就我们俩", 2),
        ("一家三口+外公外婆，五一去青岛", 5),
        ("我们一家三口再加上我爸，去厦门", 4),
        ("和bf一起去香港两晚", 2),
        ("trip to Dubai for me + wife + her parents", 4),
        ("Sanya this weekend w/ 3 friends", 4),
        ("me + 2 colleagues to Shenzhen", 3),
        ("a week in Bali w/ the husband and our 3 girls", 5),
        ("我们5个学生去西安", 5),
    ],
)
def test_who_travels_said_another_way(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("人均预算六百块去苏州", 600),
        ("2 ppl, Chengdu, 3n, <5000 total", 5000),
        ("两个人去丽江，总共一万二", 12_000),
        ("4 of us to Seoul, ~800 USD pp", 4 * 5760),
    ],
)
def test_budgets_said_another_way(text: str, budget: int) -> None:
    assert parse(text, []).budget == budget


@pytest.mark.parametrize(
    ("text", "places", "origin"),
    [
        ("我在上海上班，老家是南京的，元旦想去哈尔滨", ["harbin"], "shanghai"),
        ("my brother lives in London, but I want Paris in spring, from Beijing", ["paris"], "beijing"),
        ("刚从成都回来，下周又要去重庆，天气怎么样", ["chongqing"], None),
        ("LA or NYC for Christmas?", ["losangeles", "newyork"], None),
        ("the Big Apple in January, from Toronto", ["newyork"], None),
        ("la la land vibes, Sanya please", ["sanya"], None),
        ("去东南亚，曼谷和新加坡哪个好", ["bangkok", "singapore"], None),
        ("去桂林看山水 武汉走", ["guilin"], "wuhan"),
        ("下周去西按看兵马俑", ["xian"], None),
    ],
)
def test_places_said_in_passing_or_by_another_name(text: str, places: list[str], origin: str | None) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == places
    assert (q.origin.id if q.origin is not None else None) == origin


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("大理丽江哪个更适合带爸妈去？", {"compare"}),  # suits older travellers: still weighed, said first
        ("给我排个三天的成都玩法", {"guide"}),
        ("贵州玩一周，路线怎么安排好", {"guide"}),
        ("去杭州住西湖那边方便吗", {"hotels"}),
        ("从虹桥飞成都，周五还有票吗", {"flights"}),
        ("怕坐飞机，想坐高铁去西安，要几个小时", set()),
        ("my flight was cancelled, is there a train from Osaka to Tokyo and how long is it", set()),
        ("is Bangkok sketchy at night", set()),
        ("端午去长沙看赛龙舟", {"flights", "hotels", "weather"}),  # a trip to the races: the trip, and no events data
        ("what time is the last train from Shenzhen to Guangzhou", set()),
    ],
)
def test_what_is_asked_said_another_way(text: str, intents: set[str]) -> None:
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("earlier", "text", "places"),
    [
        (["三亚和海口五天怎么安排"], "海口不去了，只去三亚", ["sanya"]),
        (["Singapore and KL for 10 days"], "drop KL, just Singapore", ["singapore"]),
        (["成都和重庆哪个好玩"], "算了还是成都吧", ["chengdu"]),
    ],
)
def test_a_place_dropped_leaves_the_trip(earlier: list[str], text: str, places: list[str]) -> None:
    q = parse(text, earlier)
    assert [c.id for c in q.destinations] == places and "compare" not in q.intents


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("月底去哈尔滨", ("2026-12-21", "2026-12-31")),
        ("下周二到下周四去深圳", ("2026-12-08", "2026-12-10")),
        ("下周三到周日去南京", ("2026-12-09", "2026-12-13")),
        ("Seoul this sat-sun from Shanghai", ("2026-12-12", "2026-12-13")),
        ("Singapore end of June, going 20th to 25th", ("2027-06-20", "2027-06-25")),
        ("weather in Macau at the moment", ("2026-12-06", "2026-12-06")),
        ("Nice to Monaco on Friday", ("2026-12-11", "2026-12-11")),  # Monaco is no Monday
    ],
)
def test_ranges_and_parts_said_another_way(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("need a Tokyo trip from Guangzhou oct 3-7 solo", "guangzhou"),
        ("Christmas in Sydney — are flights from Shanghai pricey yet?", "shanghai"),
        ("return ticket Chengdu–Bangkok in March?", "chengdu"),
        ("去东京和大阪，北京出发", "beijing"),
        ("we are in Xi'an now, want to go to Chengdu the day after tomorrow", "xian"),
    ],
)
def test_where_from_said_another_way(text: str, origin: str) -> None:
    q = parse(text, [])
    assert q.origin is not None and q.origin.id == origin and origin not in [c.id for c in q.destinations]


@pytest.mark.parametrize(
    ("text", "days", "nights"),
    [
        ("想在东京住两个星期，酒店一般多少钱一晚", 14, None),
        ("Wuhan 48小时怎么玩", 2, None),
        ("what to see in Xi'an, I'll have 3 full days", 3, None),
    ],
)
def test_lengths_said_another_way(text: str, days: int | None, nights: int | None) -> None:
    q = parse(text, [])
    assert (q.days, q.nights) == (days, nights)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("明天飞大理，那边早晚凉不凉，要带长袖吗", {"weather"}),
        ("丽江古城附近有没有便宜的客栈", {"hotels"}),
        ("what shouldn't I miss in Chengdu?", {"guide"}),
        ("Guilin for 5 nights from Shanghai, budget 8k. Can you put something together?", set()),  # the whole trip
    ],
)
def test_lookups_asked_another_way(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


def test_a_sum_said_with_w_or_a_cap_is_a_budget() -> None:
    assert parse("厦门 3晚 两人 1.5w 从杭州", []).budget == 15_000
    assert parse("Seoul Dec 14-18 for meetings, the company caps it at 9k yuan", []).budget == 9_000
    assert parse("Sanya for 6 nights starting the 26th", []).when is not None


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("do Brits need a visa for Japan? flying into Tokyo in April", set()),
        ("is Chengdu safe at night? flying in on Friday", set()),
        ("any seats left on the train to Hangzhou Friday? if not, how much is a flight", {"flights"}),
        ("上海到南京坐高铁要多久？有没有直飞，多少钱", {"flights"}),
        ("is the bullet train faster than flying? what's the flight price on the 18th?", {"flights"}),
        ("元旦去大阪，flight+hotel 大概要多少？", {"flights", "hotels"}),
        ("my flight lands in Seoul tomorrow, do I need a coat?", {"weather"}),
    ],
)
def test_a_fare_asked_or_a_flight_in_passing(text: str, intents: set[str]) -> None:
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("text", "days", "nights"),
    [
        ("外滩附近的酒店多少钱一晚", None, 1),  # one night priced
        ("成都到重庆的动车一天几班", None, None),
        ("澳门赌场是24小时营业吗", None, None),
    ],
)
def test_a_night_priced_and_counts_that_are_no_stay(text: str, days: int | None, nights: int | None) -> None:
    q = parse(text, [])
    assert (q.days, q.nights) == (days, nights)


def test_the_way_back_is_read_after_the_way_out() -> None:
    q = parse("I'm in Singapore for work until Friday, then Kuala Lumpur on Saturday, coming back Sunday night", [])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2026-12-12", "2026-12-13")
    assert parse("me and my wife are in Kunming now, Dali next week", []).origin is not None


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("宿舍三个女生想去厦门", 3),
        ("国庆我跟2个朋友去成都，一人三千左右", 3),
        ("想给女朋友惊喜，带她去巴黎", 2),
        ("our anniversary is in May, Bali or Phuket?", 2),
    ],
)
def test_more_ways_to_say_who(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_a_sum_each_and_spend_are_budgets() -> None:
    q = parse("国庆我跟2个朋友去成都，一人三千左右", [])
    assert (q.budget, q.budget_each) == (9000, True)
    assert parse("my wife and I can spend maybe 20,000 yuan on Bangkok", []).budget == 20_000


@pytest.mark.parametrize(
    ("text", "origin", "places"),
    [
        ("武汉飞大连有没有直飞啊 下下周", "wuhan", ["dalian"]),
        ("一家三口去哈尔滨看冰灯，广州飞过去，玩4天", "guangzhou", ["harbin"]),
        ("在上海上班，想请年假去趟拉萨", "shanghai", ["lhasa"]),
        ("my parents are visiting from the UK, I want to take them from Beijing to Xi'an", "beijing", ["xian"]),
        ("cheapest flight Beijing to Sapporo in March?", "beijing", []),
    ],
)
def test_more_ways_to_say_where_from(text: str, origin: str, places: list[str]) -> None:
    q = parse(text, [])
    assert q.origin is not None and q.origin.id == origin and [c.id for c in q.destinations] == places


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("上海到东京往返，1月10号去1月17号回", ("2027-01-10", "2027-01-17")),
        ("这个月25号到下个月3号去曼谷", ("2026-12-25", "2027-01-03")),
        ("weather in Chengdu monday and tuesday", ("2026-12-07", "2026-12-08")),
        ("hotels near the Bund next week, Friday to Sunday", ("2026-12-11", "2026-12-13")),
    ],
)
def test_more_ways_to_say_when(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("一家三口元旦去哈尔滨，广州飞过去，玩4天，人均3000够不够", set()),  # the whole trip, not a fare
        ("Bangkok then Phuket, 10 days or so, from Guangzhou", set()),
        ("上海到东京往返多少钱", {"flights"}),
        ("跨年夜外滩有没有烟花秀", set()),
        ("卢浮宫周二闭馆吗", set()),
        ("明天杭州去南京的高铁票还买得到吗", set()),
        ("is Bangkok ok for a solo female traveller?", set()),
    ],
)
def test_more_ways_to_ask(text: str, intents: set[str]) -> None:
    assert parse("跨年想去香港看烟花，住一晚", []).beyond == ()  # 看烟花 is the plan, not an event asked about
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("How much to get from Beijing to Qingdao tomorrow?", {"flights"}),
        ("冬天去哈尔滨有啥可玩的", {"guide"}),
        ("NYC in March, any must-do things?", {"guide"}),
        ("明天去澳门，要带伞吗", {"weather"}),
        ("我下周飞成都，机票早就买好了，就想知道会不会下雨", {"weather"}),
        ("Already booked my hotel in Osaka, what's good to do there at night?", {"guide"}),
        ("ok this Xiamen plan looks good, keep it for me", {"save"}),
        ("深圳北到广州南明天的高铁还有座吗", set()),
        ("美签面试要排多久？国庆想去纽约", set()),
        ("how much are cable car tickets in Hong Kong?", set()),
    ],
)
def test_what_is_asked_and_what_is_already_done(text: str, intents: set[str]) -> None:
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("冰雪大世界现在开了没？下周去哈尔滨", ("2026-12-07", "2026-12-13")),  # 现在: about now; the trip: next week
        ("Is the cherry blossom season over in Kyoto? flying out of PVG next week", ("2026-12-07", "2026-12-13")),
        ("Do I need altitude pills for Lhasa? going in two weeks", ("2026-12-20", "2026-12-20")),
    ],
)
def test_the_trip_s_time_over_now_and_a_season(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


@pytest.mark.parametrize(
    ("text", "origin"),
    [
        ("我在 Shanghai，想跨年去 Macau", "shanghai"),
        ("上海坐火车去杭州要多久", "shanghai"),
        ("we're a retired couple in Nanjing, two weeks in Yunnan in May", "nanjing"),
    ],
)
def test_still_more_ways_to_say_where_from(text: str, origin: str) -> None:
    q = parse(text, [])
    assert q.origin is not None and q.origin.id == origin


def test_budgets_said_as_a_limit_or_for_both() -> None:
    assert parse("下周一个人去成都三天，不想花超过三千", []).budget == 3000
    assert parse("we're a couple in Nanjing, Kunming in May, maybe $3000 for both of us", []).budget == 21_600


def test_nothing_is_looked_up_without_a_place() -> None:
    from desktop_app.planner.reading import frame_of

    frame = frame_of(parse("你觉得旅行的意义到底是什么？", []))
    assert frame.looks_up == () and frame.targets == ()


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("国庆前那个周末想去杭州", ("2027-09-25", "2027-09-26")),
        ("the weekend after Dragon Boat festival — Shanghai?", ("2027-06-12", "2027-06-13")),
        ("1月第一个周末去广州", ("2027-01-02", "2027-01-03")),
        ("the second weekend of January in Harbin", ("2027-01-09", "2027-01-10")),
        ("first half of January in Guilin", ("2027-01-01", "2027-01-15")),
        ("hotels in Chongqing for the 3 days before New Year's Eve?", ("2026-12-28", "2026-12-30")),
        ("春节前三天去广州", ("2027-02-02", "2027-02-04")),
        ("right after Christmas, the 26th through the 30th, Harbin", ("2026-12-26", "2026-12-30")),
        ("中秋连着国庆去拉萨，9月15到10月5号", ("2027-09-15", "2027-10-05")),
        ("1月5号，不对，1月6号出发去昆明", ("2027-01-06", "2027-01-06")),
        ("我忙到20号，22号想去青岛", ("2026-12-22", "2026-12-22")),
        ("清明去不了，五一去西安吧", ("2027-05-01", "2027-05-04")),
        ("下周五晚上飞成都，周日晚上回", ("2026-12-11", "2026-12-13")),
        ("Dec 24 到 Dec 27 三亚", ("2026-12-24", "2026-12-27")),
    ],
)
def test_dates_beside_holidays_corrections_and_busy_days(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


def test_moving_a_dropped_place_and_who_comes() -> None:
    assert [c.id for c in parse("Yunnan in June, Lijiang and Dali. skip Kunming tho", []).destinations] == [
        "lijiang",
        "dali",
    ]
    assert [c.id for c in parse("本来想去东京，朋友说不如大阪，那就大阪吧", []).destinations] == ["osaka"]
    assert [c.id for c in parse("三亚太远了，厦门咋样", []).destinations] == ["xiamen"]
    assert [c.id for c in parse("my friend's in Seoul but I'd rather do Tokyo", []).destinations] == ["tokyo"]
    assert [c.id for c in parse("The Lion City or KL in Feb?", []).destinations] == ["singapore", "kualalumpur"]
    assert parse("Dec 24 到 Dec 27 三亚，酒店 for 2", []).party.size == 2
    assert parse("Write me a 4-day itinerary for Xi'an, my mom and me", []).party.size == 2
    weighed = parse("drop Paris，加个 Dubai", ["London or Paris for Christmas?"])
    assert "compare" in weighed.intents and [c.id for c in weighed.destinations] == ["london", "dubai"]


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Christmas Eve through Boxing Day in London", ("2026-12-24", "2026-12-26")),
        ("平安夜到元旦去哈尔滨", ("2026-12-24", "2027-01-01")),
        ("周五晚飞大阪 Sunday night回来", ("2026-12-11", "2026-12-13")),
    ],
)
def test_from_one_holiday_to_another_and_back_on_a_weekday(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


@pytest.mark.parametrize(
    ("text", "days", "nights"),
    [
        ("2 ppl, Xiamen, 3n, from Hangzhou", None, 3),
        ("a chill beach week in Sanya next month", 7, None),
        ("What's on in Hong Kong for NYE? and how much are hotels that night", None, 1),
    ],
)
def test_lengths_said_short_or_in_passing(text: str, days: int | None, nights: int | None) -> None:
    q = parse(text, [])
    assert (q.days, q.nights) == (days, nights)


def test_nights_each_and_a_long_weekend_over_a_holiday() -> None:
    q = parse("下周想去上海和南京，各待两天", [])
    assert q.stop_nights == (2, 2) and q.nights == 4
    assert parse("Singapore, then KL — 2 nights each, starting Jan 3", []).stop_nights == (2, 2)
    easter = parse("Easter long weekend in Sydney - weather + hotels?", [])
    assert (easter.days, easter.nights) == (None, None) and easter.stay_nights == 3


def test_the_last_round_s_classes() -> None:
    assert _dates("Harbin the week of the 15th — still cold?") == ("2026-12-14", "2026-12-20")
    assert _dates("a cheap weekend in Hong Kong, the weekend of the 19th") == ("2026-12-19", "2026-12-20")
    assert _dates("Are the museums in Paris open on Easter Monday?") == ("2027-03-29", "2027-03-29")
    assert _dates("下个月中秋一个人去厦门过") != ("2027-01-11", "2027-01-20")  # 中秋 is no 月中
    assert _dates("is Phuket rainy in December? we're going next week") == ("2026-12-07", "2026-12-13")
    solo = parse("Solo backpacker, currently in Kunming. Want to go Lijiang then Dali", [])
    assert solo.origin is not None and solo.origin.id == "kunming"
    assert [c.id for c in solo.destinations] == ["lijiang", "dali"]
    assert parse("I am living in Shanghai now, Zhangjiajie next month", []).origin is not None
    assert parse("Me and my 2 roommates wanna do Chongqing", []).party.size == 3
    assert parse("我们四个老同学想跨年去哈尔滨，每人三千", []).budget == 12_000
    assert parse("a slow week in Guilin, maybe 6000 yuan between us", []).budget == 6000
    assert parse("lol my flight got delayed 3 hrs, just venting", []).intents == set()
    assert parse("Shanghai to Suzhou - is the train easier than flying? How often do they run", []).beyond_only


def test_a_guide_question_prices_no_trip() -> None:
    """给我排个三天的成都玩法: the data has no sights; its weather helps, a fare or hotel nobody asked for does not."""
    from desktop_app.planner.calls import plan_calls
    from desktop_app.planner.reading import frame_of

    offered = {"get_weather", "get_flight_price", "get_hotel_price"}
    for text in ("给我排个三天的成都玩法", "what should I see in Xi'an in 2 days?"):
        frame = frame_of(parse(text, []))
        assert frame.looks_up == ("weather",) and [name for name, _ in plan_calls(frame, offered)] == ["get_weather"]
    asked = frame_of(parse("成都攻略，顺便看看酒店", []))
    assert "hotels" in asked.looks_up
