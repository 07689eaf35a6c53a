"""Reading classes found at stop 53 (issue 41): a lookup asked in passing or beside what the data cannot know, a
budget that covers the fare, a guide asked on top of a trip. Each row is written here, not taken from the question
set; read on Monday 11 Jan 2027."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse


@pytest.fixture(autouse=True)
def _monday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2027-01-11")


WHOLE = {"weather", "flights", "hotels"}


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("is Bangkok really warm in February? going the 9th", {"weather"}),
        ("my grandma is flying to Singapore next week, she hates heat, is it scorching there", {"weather"}),
        ("Chinese New Year in Harbin - do I need thermals?", {"weather"}),
        ("Macau this Saturday with my sister, warm enough for shorts?", {"weather"}),
        ("Flights out of Hongqiao to Xiamen on the 20th - anything cheap left, or is it all gone?", {"flights"}),
        ("Meeting in Shanghai moved to Thursday, I need somewhere near the Bund for one night", {"hotels"}),
        ("周五去青岛看朋友，顺便玩两天，从北京飞青岛要多少", {"flights"}),
        ("Already booked the airport hotel in Tokyo, but flights from Beijing on the 3rd, how much?", {"flights"}),
        ("we're booked into a hotel in Hong Kong already, what's the weather next week", {"weather"}),
        ("周末去苏州，不想做攻略了，平江路附近的民宿一晚多少", {"hotels"}),
        ("我们俩五一想去青岛或者大连，你帮我比比这两个城市", {"compare"}),
        ("去韩国要办签证吗？怎么办比较快", set()),
    ],
)
def test_a_lookup_asked_in_passing(text: str, intents: set[str]) -> None:
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("4 of us to Chengdu for 3 nights, 2500 yuan each incl. flights from Shenzhen - can we do it?", set()),
        ("Anniversary trip to Phuket, 6 nights from Guangzhou on the 14th, I'd like to keep it under 20k total", set()),
        ("五一和同学去厦门，住三晚，每人一千五以内，顺便给个攻略", WHOLE | {"guide"}),
        ("Tokyo next week, me and my wife, budget 12k including flights & hotel", set()),
    ],
)
def test_a_whole_trip_whose_money_covers_the_fare_or_with_a_guide_on_top(text: str, intents: set[str]) -> None:
    q = parse(text, [])  # no single lookup named (set()): the whole trip is planned
    assert q.intents == intents and not q.beyond and q.destinations


@pytest.mark.parametrize(
    ("text", "intents", "topic"),
    [
        ("Flying Shanghai to Seoul next week - do I need a visa, and what will the flight cost?", {"flights"}, "visa"),
        ("听说大理古城晚上不太安全？下周去，顺便看看古城里的客栈多少钱", {"hotels"}, "safety"),
        (
            "Are the beaches in Phuket dangerous for kids? what does a family room there cost per night",
            {"hotels"},
            "safety",
        ),
        ("我现在在拉萨，高反好多了，下一站去成都还是昆明，哪个好", {"compare"}, "safety"),
        ("Which train should I book from Beijing to Tianjin on Friday morning?", set(), "trains"),
        ("Can I buy a bullet train ticket Tokyo to Osaka at the station? how long is the ride", set(), "trains"),
    ],
)
def test_a_lookup_asked_beside_what_the_data_cannot_know(text: str, intents: set[str], topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and q.intents == intents


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("本来想元旦去桂林，结果朋友说太冷了，那换成三亚吧，元旦那几天三亚天气怎么样", ["sanya"]),
        ("我在上海，圣诞想去青岛？算了太冷，还是去厦门吧，查下机票", ["xiamen"]),
        (
            "Thinking Qingdao for the weekend - wait no, my cousin says it's freezing. Xiamen hotels for Saturday?",
            ["xiamen"],
        ),
        ("冬天去北海道滑雪好，还是去长白山？下周从上海出发", []),  # an "or" asked, not a change of mind
        ("My husband's from Chengdu so we go every year, this time Kunming - weather next week?", ["kunming"]),
        ("Born in Harbin, living in Shanghai now. Sanya for New Year - hotels?", ["sanya"]),
        (
            "I'm in Tokyo till the 5th, then Seoul for 3 nights before heading home to Singapore. Seoul weather?",
            ["seoul"],
        ),
        ("Our tour last spring went Beijing - Xi'an, this time just Chengdu for 4 nights, hotels?", ["chengdu"]),
        ("我人在广州出差，下周飞成都见客户，然后直接回上海。成都下周天气咋样", ["chengdu"]),
    ],
)
def test_only_the_places_the_trip_goes(text: str, places: list[str]) -> None:
    assert [c.id for c in parse(text, []).destinations] == places


def _dates(text: str, today: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str] | None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    when = parse(text, []).when
    return (when.start.isoformat(), when.end.isoformat()) if when else None


@pytest.mark.parametrize(
    ("text", "today", "dates"),
    [
        ("is Bangkok warm in early February or is that a myth? going the 6th", "2027-01-11", ("2027-02-06",) * 2),
        ("how cold does Harbin get around the 20th", "2027-01-11", ("2027-01-20",) * 2),
        (
            "Christmas markets in Vienna? what's London like around the 20th of December",
            "2026-11-19",
            ("2026-12-20",) * 2,
        ),
        ("what do people wear in Hong Kong in winter? going in a couple weeks", "2026-12-29", ("2027-01-12",) * 2),
        ("下个月春节回成都，顺便去重庆转转，机票多少", "2027-01-11", ("2027-02-05", "2027-02-10")),
        ("去年十一去了成都人太多，今年元旦想去长沙，天气怎么样", "2026-12-06", ("2027-01-01",) * 2),
    ],
)
def test_the_trips_time_not_another(
    text: str, today: str, dates: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _dates(text, today, monkeypatch) == dates


def test_a_week_told_is_not_this_trips_length() -> None:
    q = parse("Just got back from a week in Phuket lol. Paris in April - what's the weather usually like?", [])
    assert q.nights is None and q.days is None and [c.id for c in q.destinations] == ["paris"]
    assert parse("收藏！上次你给的成都重庆五日游我要转给我妈", ["成都重庆玩五天"]).days == 5  # the plan given here


@pytest.mark.parametrize(
    ("text", "city"),
    [("本来想去哈尔滨，太冷了，那换成夏门吧", "xiamen"), ("五一去张家姐爬山，山上冷不冷", "zhangjiajie")],
)
def test_a_homophone_before_more_words(text: str, city: str) -> None:
    assert [c.id for c in parse(text, []).destinations] == [city]


def test_someone_elses_city_and_words_inside_words() -> None:
    q = parse("我女儿在伦敦读书，老说那边阴冷，我下周去看她，真有那么潮吗", [])
    assert q.origin is None and [c.id for c in q.destinations] == ["london"] and q.intents == {"weather"}
    q = parse("My sister swears flying into KL is dirt cheap. Shenzhen to KL next week, one way, ballpark?", [])
    assert q.intents == {"flights"} and q.origin is not None and q.origin.id == "shenzhen"
    q = parse("I am korean student, now in Seoul. I plan visit Tokyo next weekend. How much is hotel, 1 night?", [])
    assert q.origin is not None and q.origin.id == "seoul" and [c.id for c in q.destinations] == ["tokyo"]


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("Is Seoul still freezng this time of year? going next weekend", {"weather"}),
        ("how's Kyoto in January? first time going there", {"weather"}),
        ("两周后和闺蜜去厦门，那时候还能穿裙子拍照吗", {"weather"}),
        ("do hostles in Lijiang get full over christmas", {"hotels"}),
        ("跨年想在外滩附近找个能看到江景的地方住，有推荐吗", {"hotels"}),
        ("Can u remember Lhasa for me? might go next summer", {"save"}),
        ("Chongqing hotpot + Chengdu pandas, Jan 4 to 10, from Hong Kong. how would you split the days?", {"guide"}),
        ("明天从深圳去广州喝早茶，天气咋样？顺便推荐几家老字号茶楼", {"guide", "weather"}),
        ("我们三个人下周去迪拜，推荐几家迪拜塔附近的酒店", {"hotels"}),
    ],
)
def test_a_lookup_asked_without_its_usual_word(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize(
    ("text", "intents", "topic"),
    [
        (
            "flying Beijing to Bangkok on the 10th. how much is a ticket? is Khao San ok at night, safety wise",
            {"flights"},
            "safety",
        ),
        (
            "how long is the train from Chengdu to Chongqing? if it's a long ride is it cheap to just fly instead",
            {"flights"},
            "trains",
        ),
        ("丽江古城晚上一个人走安全吗？下周自己去，住古城里面还是外面好", {"hotels"}, "safety"),
        (
            "are there early trains from Shanghai to Hangzhou on the 20th? and a hotel near West Lake, how much",
            {"hotels"},
            "trains",
        ),
    ],
)
def test_more_lookups_beside_what_the_data_cannot_know(text: str, intents: set[str], topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and q.intents == intents


def test_a_follow_up_changing_the_place_or_naming_a_district() -> None:
    earlier = ["我们一家四口元旦想出去玩三天，去广州的话大概要花多少钱", "从武汉出发哈"]
    q = parse("算了 换成深圳吧 广州去过了", earlier)
    assert [c.id for c in q.destinations] == ["shenzhen"] and q.travel_related
    earlier = ["Need a flight PEK to Shenzhen next Tuesday morning, back Thursday evening."]
    q = parse("also need a hotel in Futian near the convention centre for those 2 nights", earlier)
    assert (
        [c.id for c in q.destinations] == ["shenzhen"] and not q.unknown_places and q.intents == {"flights", "hotels"}
    )


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("圣诞那周去东京，会冷到什么程度？要不要带暖宝宝", 1),  # a heat pad, not a baby
        ("is the Harbin ice festival still on next week? if so how cold are we talking", 1),
        ("are we going to Sanya or Haikou?", 2),
        ("Sydney at Christmas - thinking of taking hubby and our 2 kids, flying from Shanghai", 4),
    ],
)
def test_who_travels(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_money_each_and_days_a_visa_allows() -> None:
    q = parse("Seoul in January, 5 nights, from Dalian, me + 3 friends, around 4000 each", [])
    assert q.budget_each and q.budget == 4000 * 4  # counted for the party
    q = parse("Do Australians need a visa for Shanghai? heard something about 30 days visa free", [])
    assert q.nights is None and q.days is None


def test_places_changed_and_told_by_someone_else() -> None:
    assert [c.id for c in parse("三亚好像有点贵，换海口看看呢", []).destinations] == ["haikou"]
    q = parse("actually can we do Osaka instead, she's done Tokyo already", [])
    assert [c.id for c in q.destinations] == ["osaka"]


def test_a_week_before_a_holiday_and_a_week_after_the_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _dates("what's Tokyo like the week before Christmas?", "2026-12-06", monkeypatch) == (
        "2026-12-14",
        "2026-12-20",
    )
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2027-03-06")
    q = parse("nah just flights. and push it to the week after", ["weather in Kunming next week?"])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2027-03-15", "2027-03-21")


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("又有两个人报名了 一共14个", 14),
        ("我是带团的，15个老年人加我自己，3月2号从武汉去张家界", 16),
        ("hi im a student from Xian, me and 3 roomates wanna go Chongqing after finals", 4),
        ("爸妈下周三要从昆明飞来深圳看我 机票现在啥价", 2),
        ("My parents (both 70+) want to come visit me in Sydney, flying from Guangzhou", 2),
        ("my parents live in suzhou, i'll fly into SHA then head over there for xmas", 1),
        ("travelling with my wife and our baby daughter (10 months) to Taipei", 3),
        ("带孩子寒假去哈尔滨，孩子8岁，我和她爸，从厦门出发", 3),
    ],
)
def test_heads_counted_as_said(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_a_start_taken_back() -> None:
    q = parse(
        "Hong Kong or Singapore, Feb 20-25, family of 4? We'd fly from Shenzhen... oh wait, no, from Guangzhou.", []
    )
    assert q.origin is not None and q.origin.id == "guangzhou"
    assert [c.id for c in q.destinations] == ["hongkong", "singapore"]


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("去首尔的机票已经订好了，12月12号到，住4晚，要带什么衣服", {"weather"}),
        ("下周去武汉出差住三晚，那边会下雪吗", {"weather"}),
    ],
)
def test_a_stays_length_beside_the_weather_asks_no_hotel(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize(
    ("text", "intents", "topic"),
    [
        ("how long is the trian from Guangzhou to Shenzhen and do i need to book ahead", set(), "trains"),
        ("how long is the eurostar from london to paris, do i need to book ahead?", set(), "trains"),
        ("What time do the lights on the Bund go off at night? heading there next weekend", set(), "opening_times"),
        (
            "Is there anything special happening in Chongqing for Lantern Festival? and is it gonna be rainy",
            {"weather"},
            "events",
        ),
        (
            "Do Brits need a visa for Singapore? flying out on the 22nd, also what are tickets from Shanghai roughly",
            {"flights"},
            "visa",
        ),
        ("深圳去香港过关要多久，要带什么证件", set(), "visa"),
    ],
)
def test_what_the_data_cannot_know_said_plainly(text: str, intents: set[str], topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and q.intents == intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("landing in Hong Kong Dec 12, leaving the 15th - we still have nowhere to stay, any ideas?", {"hotels"}),
        ("从广州飞成都这周末 round trip 大概多少钱啊，学生党预算有限", {"flights"}),
        ("帮我记一下大理，明年想去", {"save"}),
        ("my boss wants me in Singapore next Mon-Thu. is it gonna be pouring the whole time", {"weather"}),
        ("Kuala Lumpur 5D4N package for 2 adults from Guangzhou, total budget 8000", set()),  # the whole trip
        ("元旦想带爸妈去三亚躲躲冷，这会儿订机票还来得及吗", {"flights"}),
        ("Thinking about Lijiang for 4 days in January. just tell me what's actually worth doing there", {"guide"}),
    ],
)
def test_asked_in_other_words(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize(
    ("text", "today", "dates"),
    [
        ("what's the weather in sanya like now? thinking of going", "2026-12-16", ("2026-12-16",) * 2),
        ("any kpop concerts in Seoul between christmas and new year?", "2026-12-16", ("2026-12-25", "2027-01-01")),
        ("Weather and hotels in Lijiang for New Year", "2026-12-16", ("2027-01-01",) * 2),
        ("Guangzhou to Tokyo, landing Dec 20, flying home Dec 27. hotels?", "2026-12-16", ("2026-12-20", "2026-12-27")),
        ("Would London in Febuary be miserable?", "2026-12-16", ("2027-02-01", "2027-02-28")),
        (
            "do chinese passport holders need a visa for Singapore now? also flights from Guangzhou mid Jan",
            "2026-12-06",
            ("2027-01-11", "2027-01-20"),
        ),
    ],
)
def test_times_said_loosely(text: str, today: str, dates: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert _dates(text, today, monkeypatch) == dates


def test_a_package_and_a_student_in_a_city() -> None:
    q = parse("Kuala Lumpur 5D4N package for 2 adults from Guangzhou, total budget 8000", [])
    assert (q.days, q.nights) == (5, 4) and not q.unknown_places
    q = parse(
        "hey so im a uni student in london, spring break is 15-22 march, want somewhere cheap n sunny. dubai?", []
    )
    assert q.origin is not None and q.origin.id == "london" and [c.id for c in q.destinations] == ["dubai"]


@pytest.mark.parametrize(
    "text", ["上次你推荐的西安那家酒店真的不错，谢谢！", "上次你帮我查的那个武汉的酒店 结果很不错 谢啦"]
)
def test_thanks_for_a_hotel_found_before_asks_nothing(text: str) -> None:
    q = parse(text, [])
    assert not q.travel_related and not q.intents


def test_a_stop_added_with_its_nights_keeps_the_first_stops() -> None:
    earlier = ["Easter in London with my husband, from Shanghai - flights and hotels?"]
    q = parse("could we add 2 nights in Paris after?", earlier)
    assert [c.id for c in q.destinations] == ["london", "paris"] and q.stop_nights == (3, 2)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("元旦去拉萨的票看看", {"flights"}),
        ("PVG到NRT", {"flights"}),
        ("PEK-DXB 5 nites apr 10 2 adults", set()),  # a trip sized: the whole of it
        ("Could you plan a Christmas trip to New York for 2 adults from Los Angeles? We'd stay a week.", set()),
    ],
)
def test_a_fare_said_by_its_ticket_or_airports(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


def test_those_two_days_are_the_holidays_not_a_length() -> None:
    assert parse("跨年想在香港看烟火 那两天酒店贵不贵啊", []).days is None


def test_words_after_to_are_not_places() -> None:
    for text in (
        "我想带我爸妈去晒晒太阳，厦门跟青岛哪个更合适？",
        "有人推荐海口的酒店吗，2月22号跟闺蜜去待四天",
        "有没有什么小众一点的地方推荐，不想去人挤人的",
        "寒假想带娃去滑雪，去年去的地方排队排到崩溃",
    ):
        assert parse(text, []).unknown_places == []
    assert parse("这周末去崇礼滑雪，天气怎么样", []).unknown_places == ["崇礼"]
    assert parse("你们这个app能不能加个夜间模式", []).unknown_places == []


def test_a_route_said_with_its_days_and_the_lantern_festival(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _dates(
        "Flying out of PKX to Seoul the 18th, back the 22nd, 2 adults. tickets?", "2026-12-16", monkeypatch
    ) == ("2026-12-18", "2026-12-22")
    assert _dates("正月十五想在西安看灯会，当地人一般怎么玩？", "2026-12-29", monkeypatch) == ("2027-02-20",) * 2
    assert parse("正月十五想在西安看灯会，当地人一般怎么玩？", []).intents == {"guide"}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("can i still book a train seat from beijing to harbin for tommorow?", "trains"),
        ("What time the Victoria Peak tram is stop running? I go there tomorrow", "opening_times"),
    ],
)
def test_train_seats_and_last_trams(text: str, topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and not q.intents


def test_more_weather_words_and_a_festival_as_the_reason() -> None:
    assert parse("明天青岛有雾吗 怕航班延误", []).intents == {"weather"}
    q = parse("今天广州回南天吗 湿度多少", [])
    assert q.intents == {"weather"} and q.origin is None and [c.id for c in q.destinations] == ["guangzhou"]
    assert [c.id for c in parse("1月15号左右夏门还能穿裙子吗", []).destinations] == ["xiamen"]
    q = parse(
        "Family of four, Christmas in Harbin for the ice festival. We fly from Shenzhen. 5 nights. Can you plan it?", []
    )
    assert not q.beyond and q.intents == set()


def test_where_i_am_and_days_corrected(monkeypatch: pytest.MonkeyPatch) -> None:
    q = parse("I'm in Chengdu visiting friends and want to pop over to Chongqing for 2 nights on the 3rd", [])
    assert q.origin is not None and q.origin.id == "chengdu" and [c.id for c in q.destinations] == ["chongqing"]
    assert parse("where should I stay in Osaka? going the weekend after next", []).origin is None
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-11-19")
    q = parse("actually make it the 30th", ["Harbin on the 28th, flights from Beijing?"])
    assert q.when is not None and q.when.start.isoformat() == "2026-11-30"
    assert _dates("Are there any big New Year countdown events in Hong Kong?", "2026-12-16", monkeypatch) == (
        "2026-12-31",
        "2026-12-31",
    )


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("is it raining in singapore right now? my hotel window faces a wall lol", {"weather"}),
        ("pls save the Chengdu hotel list you showed me earlier", {"save"}),
        ("cheapest way to fly shanghai to tokyo in january? budget $400 per person, 2 of us", {"flights"}),
        ("Need a quote pls: Shanghai to New York, business class, around Feb 20, one passenger", {"flights"}),
        ("端午 深圳飞成都 两个大人一个小孩 往返 预算人均1500", {"flights"}),
        ("帮我check一下 1/5 杭州回北京 有没有一千以下的票", {"flights"}),
    ],
)
def test_a_fare_said_by_its_class_or_its_way_and_what_is_had_already(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize(
    ("text", "budget", "each"),
    [
        (
            "hotel in Shanghai near Lujiazui, Mon to Wed, just me. company covers up to 1,600 for the whole stay",
            1600,
            False,
        ),
        ("周三去杭州见客户，周四晚上回，帮我订个西湖边的酒店，公司报销上限1500", 1500, False),
        ("Guangzhou to Tokyo with my wife over Christmas, anything cheaper than 5000 yuan per ticket?", 10000, True),
    ],
)
def test_money_said_as_a_cap(text: str, budget: int, each: bool) -> None:
    q = parse(text, [])
    assert (q.budget, q.budget_each) == (budget, each)


def test_a_days_mix_from_one_more_batch() -> None:
    q = parse("怎么在12306上抢春运回长沙的票啊，每年都抢不到", [])
    assert "trains" in q.beyond and not q.intents
    q = parse("Do I need an ETA for Australia as a Chinese citizen? flying to Sydney in April", [])
    assert "visa" in q.beyond and not q.intents
    assert parse("把刚才看的那个大阪的酒店收藏一下", []).intents == {"save"}
    assert [c.id for c in parse("夏门有啥好吃的 推荐几家 后天去", []).destinations] == ["xiamen"]
    q = parse("你知道吗，我去年在丽江把手机弄丢了哈哈哈", [])
    assert not q.travel_related and not q.intents
    q = parse("bye, have a good weekend", [])
    assert q.nights is None and q.days is None
    assert parse("人数改成25个", ["我们20个人1月15号从上海去三亚"]).party.size == 25
    assert parse("我在大连，老婆说想去南方暖和点的地方过个周末，厦门或者广州哪个好？", []).party.size == 2
    q = parse("再帮我查下澳门，可能顺路过去一趟", ["香港三天，机票多少"])
    assert [c.id for c in q.destinations] == ["hongkong", "macau"]


def test_memories_arrivals_and_places_passed_through() -> None:
    for text in (
        "just landed in Chengdu!!! the pandas better be awake tomorrow haha",
        "哈哈刚从大理回来，晒黑了一大圈，洱海真的太太太美了，下次还要去",
        "还记得19年国庆跟大学室友挤绿皮火车去西安，在回民街吃到扶墙出来，那时候真快乐",
        "When I was a kid we drove from Shenzhen to Guilin every Chinese New Year, 10 hours in the car.",
    ):
        q = parse(text, [])
        assert not q.travel_related and not q.intents and not q.destinations, text
    q = parse("is a reserved seat needed on the Osaka-Tokyo shinkansen on weekends? and how long does it take", [])
    assert "trains" in q.beyond and not q.intents
    q = parse("一个女生晚上一个人在曼谷考山路逛安全吗", [])
    assert q.origin is None and [c.id for c in q.destinations] == ["bangkok"]
    q = parse("I'm based in Hong Kong, flying to London on the 15th via Dubai (4h layover there). London weather?", [])
    assert [c.id for c in q.destinations] == ["london"]
    q = parse("a colleague from our Osaka office is joining me in Tokyo, so make the hotel for 2", [])
    assert [c.id for c in q.destinations] == ["tokyo"]
    q = parse("Last year I go to Dali, very beautiful. This time I want Lijiang, 4 days, from Kunming next week", [])
    assert [c.id for c in q.destinations] == ["lijiang"]
    assert parse("我表姐在新加坡，月底想过去看看她，住她家不用订酒店，从厦门飞过去机票多少？", []).intents == {
        "flights"
    }
    assert parse("寒假想和室友去重庆玩，我们俩都在西安上学，1月15号到20号", []).party.size == 2


def test_numbers_said_the_short_way(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse("我们一家三口元旦想去三亚玩4天，从北京出发，预算1万5左右", []).budget == 15000
    q = parse("solo trip: Chongqing -> Chengdu -> Xi'an, 2/3/3 nights, starting Feb 20, about 6000 yuan all in", [])
    assert q.when is not None and q.when.start.isoformat() == "2027-02-20"
    assert _dates("LA weather now", "2026-12-06", monkeypatch) == ("2026-12-06",) * 2
    assert parse("下周末和闺蜜去长沙吃吃喝喝，住一晚，顺便给个美食攻略，预算两千以内", []).intents == {
        "guide",
        "weather",
        "flights",
        "hotels",
    }


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("我在昆明，明天会下雨吗", "kunming"),
        ("I'm in Chengdu rn, is tomorrow gonna be rainy? wanna go see the pandas", "chengdu"),
    ],
)
def test_the_weather_where_the_asker_is(text: str, city: str) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == [city] and q.intents == {"weather"} and q.open is None
    assert parse("我在北京，哪里暖和", []).open is not None  # an open ask still weighs places


async def test_the_weather_where_the_asker_is_answered_not_a_priced_list() -> None:
    from tests.unit.planner.test_model import calls_of, run

    events, _ = await run("我在昆明，明天会下雨吗")
    assert [name for name, _ in calls_of(events)] == ["get_weather"]
