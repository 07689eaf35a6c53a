"""Reading classes found at stop 51 (issue 41): a story told is no question, a greeting gets a hello, what the data
cannot know said in more ways, a city never a route to itself. Each row is written here, not taken from the
question set; read on Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import looks_up
from tests.unit.planner.test_model import calls_of, final_text, run


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


@pytest.mark.parametrize(
    "text",
    [
        "前年夏天在重庆热到中暑，这辈子忘不了哈哈",
        "刚从Seoul回来，整个人还是懵的，不过明洞真好逛",
        "同事说成都的火锅其实没有重庆辣 笑死",
        "lol my dad thinks Sanya is just Hawaii with dumplings",
        "last time in Xiamen we ate so much we could barely walk",
        "上回去桂林坐的竹筏，到现在还记得那个船夫",
        "Kyoto was so peaceful, still dreaming about it",
    ],
)
async def test_a_story_told_looks_nothing_up_and_is_answered_as_a_story(text: str) -> None:
    q = parse(text, [])
    assert looks_up(q) == () and q.destinations == []
    events, _ = await run(text)
    assert calls_of(events) == [] and "没法回答" not in final_text(events) and "cannot" not in final_text(events)


@pytest.mark.parametrize(
    ("text", "stop"),
    [
        ("去年去了哈尔滨，今年打算去长白山附近，不行就大连", "dalian"),
        ("上次三亚玩得很开心，这次想去海口", "haikou"),
        ("明天去哈尔滨，羽绒服够不够😂", "harbin"),
        ("12月20号那次去桂林没去成，改到1月5号", "guilin"),
        ("lol Osaka next week, weather?", "osaka"),
        ("back from Bali last week, now planning Tokyo for Feb", "tokyo"),
    ],
)
def test_a_story_beside_a_trip_ahead_is_that_trip(text: str, stop: str) -> None:
    assert stop in [c.id for c in parse(text, []).destinations]


def test_a_friend_dropping_out_changes_the_party_of_the_trip_before() -> None:
    q = parse("有个朋友去不了了😂", ["下周六我们三个人去杭州，查下酒店"])
    assert [c.id for c in q.destinations] == ["hangzhou"] and q.party.size == 2


@pytest.mark.parametrize(("text", "head"), [("你好", "你好！"), ("hello!", "Hi!")])
async def test_a_greeting_gets_a_hello_not_a_refusal(text: str, head: str) -> None:
    events, _ = await run(text)
    assert final_text(events).startswith(head)


async def test_a_question_nobody_can_answer_here_says_so_first() -> None:
    events, _ = await run("为什么猫咪喜欢纸箱子")
    assert final_text(events).startswith("这个问题我没法回答")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("西湖音乐喷泉晚上几点结束", "opening_times"),
        ("外滩几点关灯啊", "opening_times"),
        ("香港维港的烟火秀哪里看最清楚", "events"),
        ("回武汉的高铁票下周还有吗", "trains"),
        ("过年的火车票太难抢了，有别的办法吗", "trains"),
    ],
)
async def test_more_ways_of_asking_what_the_data_cannot_know(text: str, topic: str) -> None:
    assert topic in parse(text, []).beyond
    events, _ = await run(text)
    assert not {"get_flight_price", "get_hotel_price"} & {name for name, _ in calls_of(events)}


def test_a_city_named_twice_is_no_route_from_itself() -> None:
    q = parse("广州塔开到几点 另外那天广州天气怎么样", [])
    assert q.origin is None and [c.id for c in q.destinations] == ["guangzhou"] and "weather" in q.intents


@pytest.mark.parametrize("text", ["圣诞节去哪里暖和一点？", "where's warm in January?", "7月去哪避暑"])
async def test_where_it_is_warm_asked_alone_is_answered_from_the_weather(text: str) -> None:
    q = parse(text, [])
    assert q.open is not None and looks_up(q) == ("weather",)
    events, _ = await run(text)
    calls = calls_of(events)
    assert len(calls) >= 2 and {name for name, _ in calls} == {"get_weather"}
    answer = final_text(events)
    assert "¥" not in answer and ("°C" in answer) and ("没有典型值" not in answer and "no typical" not in answer)


@pytest.mark.parametrize(
    "text",
    [
        "圣诞节去哪暖和，预算8000",
        "somewhere warm for 5 nights over christmas, flights from shanghai",
        "想去海边玩，有推荐吗",
    ],
)
def test_somewhere_warm_with_money_or_a_stay_is_a_trip_to_price(text: str) -> None:
    q = parse(text, [])
    assert q.open is not None and looks_up(q) == ("weather", "flights", "hotels")


def test_too_cold_as_the_reason_for_a_change_asks_no_forecast() -> None:
    earlier = ["下个月去首尔 4晚 两个人 机票加酒店"]
    q = parse("算了首尔太冷了 换东京吧", earlier)
    assert [c.id for c in q.destinations] == ["tokyo"] and looks_up(q) == ("flights", "hotels")
    assert "weather" in parse("2月去哈尔滨会不会太冷", []).intents


@pytest.mark.parametrize("text", ["那住的呢 三个人 住两晚", "吃的住的都推荐一下"])
def test_where_to_stay_said_as_zhu_de(text: str) -> None:
    assert "hotels" in parse(text, ["下周去杭州"]).intents


def test_a_misspelt_city_before_a_question_word() -> None:
    assert [c.id for c in parse("元旦去成度会下雪吗", []).destinations] == ["chengdu"]


@pytest.mark.parametrize(
    ("text", "stop"),
    [
        ("上次去青岛吃了好多海鲜 这次想去大连 下周天气怎么样", "dalian"),
        ("前年冬天去的哈尔滨冻坏了，今年想去昆明，帮我看看机票", "kunming"),
        ("We went to Bali last year. This time it's Phuket, any hotels?", "phuket"),
    ],
)
def test_a_place_told_of_a_trip_already_made_is_not_the_next_trip(text: str, stop: str) -> None:
    assert [c.id for c in parse(text, []).destinations] == [stop]


def test_a_place_told_alone_is_still_the_place_asked_about() -> None:
    assert [c.id for c in parse("去过一次厦门，那边冬天冷吗", []).destinations] == ["xiamen"]


@pytest.mark.parametrize(
    "text",
    [
        "周末想去杭州走走",
        "三亚那几天酒店会不会贵到离谱",
        "想去昆明待到元宵节",
        "春节去新加坡，初一到初五",
        "西安酒店，改到十二月初",
        "下周想去张家界，冬天去值得吗",
        "能去旅游吗，成都现在",
        "Hong Kong Wed to Sat next week, hotels?",
    ],
)
def test_words_after_a_way_that_are_no_place_are_not_unknown_places(text: str) -> None:
    assert parse(text, []).unknown_places == []


@pytest.mark.parametrize(("text", "word"), [("想去自贡玩三天", "自贡"), ("下周去Zigong玩", "Zigong")])
def test_a_real_place_without_data_is_still_named(text: str, word: str) -> None:
    q = parse(text, [])
    assert word in q.unknown_places or [p.zh for p in q.no_data] == ["自贡"]


@pytest.mark.parametrize(
    ("text", "stops"),
    [
        ("下周去伦敦，在迪拜转机，不出机场，伦敦冷吗", ["london"]),
        ("flying to Paris next month with a layover in Dubai, what's Paris like in April?", ["paris"]),
        ("从北京飞悉尼，在新加坡转机停留两晚玩一下", ["sydney", "singapore"]),
        ("Did Bangkok in 2024. This time Singapore or KL, which is better?", ["singapore", "kualalumpur"]),
        ("听说广州比深圳暖和？我下周要去深圳待三天", ["shenzhen"]),
        ("my sister went to Phuket last year, I think Sanya is closer. which one's better?", ["phuket", "sanya"]),
    ],
)
def test_a_place_flown_through_told_or_heard_of_is_not_a_stop(text: str, stops: list[str]) -> None:
    assert sorted(c.id for c in parse(text, []).destinations) == sorted(stops)


def test_home_said_with_who_comes_is_the_origin() -> None:
    q = parse("I'm in Guangzhou with my wife and kid. Thinking Guilin for 3 days", [])
    assert q.origin is not None and q.origin.id == "guangzhou" and [c.id for c in q.destinations] == ["guilin"]


def test_a_friend_studying_somewhere_is_no_stop() -> None:
    assert [c.id for c in parse("我闺蜜在东京留学，我圣诞节想自己去大阪待五天", []).destinations] == ["osaka"]


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("我和老婆带仨娃去三亚", 5),
        ("cheap trip: 4 students, Chengdu, 3 nights", 4),
        ("my 3 kids want to see snow in Harbin", 4),
        ("Dali for a week with my 2 kids, just me as the adult", 3),
        ("a 5-person team outing to Hangzhou", 5),
        ("我+老公+他爸妈+他妹，下周去厦门", 5),
        ("our dorm, 4 girls, Xiamen for the weekend", 4),
        ("two couples and a baby going to Sanya", 5),
        ("Osaka with my husband and our 2yo", 3),
        ("下周去武汉出差，两个同事一起", 3),
    ],
)
def test_people_counted_as_travellers_say_them(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    ("follow_up", "size"),
    [("actually my brother and his wife want to come too", 4), ("their mum's joining us after all", 3)],
)
def test_people_who_join_later_are_added(follow_up: str, size: int) -> None:
    earlier = ["a trip to Xi'an for me and my son, 3rd to 6th April, from Shenzhen"]
    assert parse(follow_up, earlier).party.size == size


@pytest.mark.parametrize(
    "text",
    [
        "北京到哈尔滨的火车有票吗",
        "上海到杭州的高铁是不是半小时一班",
        "广州到深圳的高铁 how long?",
        "成都到重庆的动车 I want the earliest one on Monday",
    ],
)
def test_train_questions_said_in_more_ways_are_beyond_the_data(text: str) -> None:
    assert "trains" in parse(text, []).beyond


def test_a_hotel_asked_in_english_beside_a_safety_question_is_looked_up() -> None:
    q = parse("想去曼谷跨年，那边安全吗？还有 hotel 大概多少钱一晚", [])
    assert "safety" in q.beyond and "hotels" in q.intents


@pytest.mark.parametrize(
    ("text", "stops", "nights"),
    [
        ("从上海飞伦敦，中转迪拜停留两晚，伦敦住一周", ["dubai", "london"], (2, 7)),
        (
            "fly from Chengdu to KL, stop in Bangkok for 2 nights on the way, then 3 nights in KL",
            ["bangkok", "kualalumpur"],
            (2, 3),
        ),
        ("下周去东京出差，顺路去大阪住一晚，东京那边住四晚", ["osaka", "tokyo"], (1, 4)),
    ],
)
def test_a_stop_on_the_way_comes_first_with_its_nights(text: str, stops: list[str], nights: tuple[int, ...]) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and q.stop_nights == nights


def test_a_stay_said_after_its_city_is_not_given_to_the_origin() -> None:
    q = parse("我跟老公想下周去三亚 北京出发 预算一万左右 住4晚", [])
    assert q.origin is not None and q.origin.id == "beijing" and [c.id for c in q.destinations] == ["sanya"]


def test_a_region_of_a_trip_already_made_is_not_the_next_trip() -> None:
    assert [c.id for c in parse("去年五一去了云南，这次五一想去海南三亚", []).destinations] == ["sanya"]


def test_a_city_typed_by_its_look() -> None:
    assert [c.id for c in parse("深川下周冷不冷", []).destinations] == ["shenzhen"]


def test_new_years_day_said_in_words_is_the_first_of_january() -> None:
    q = parse("新年第一天去西湖 天气好吗", [])
    assert q.when is not None and q.when.start.isoformat() == "2027-01-01"


def test_a_holiday_of_a_trip_already_made_is_not_the_trip_date() -> None:
    q = parse("春节刚去了趟大阪，人太多。五一想去首尔", [])
    assert q.when is not None and q.when.start.isoformat() == "2027-05-01"


def test_the_one_visited_lives_where_the_trip_goes() -> None:
    q = parse("my daughter lives in Tokyo and I want to visit her next month, flights from Shanghai?", [])
    assert [c.id for c in q.destinations] == ["tokyo"] and looks_up(q) == ("flights",)


def test_a_hotel_asked_with_a_bare_question_mark_beside_a_safety_question() -> None:
    assert "hotels" in parse("Is Bangkok safe right now? going the 20th-24th, hotels?", []).intents


@pytest.mark.parametrize(
    "text", ["Chengdu and Chongqing in 6 days, how to arrange it?", "Bangkok, Phuket and Krabi in 10 days"]
)
def test_places_listed_before_in_n_days_make_it_a_length(text: str) -> None:
    q = parse(text, [])
    assert q.when is None and q.days is not None


def test_in_n_days_after_a_verb_is_still_a_date() -> None:
    q = parse("I fly to Tokyo in 5 days, weather?", [])
    assert q.when is not None and q.when.start.isoformat() == "2026-12-11"


@pytest.mark.parametrize(
    ("text", "stop"),
    [
        ("My wife's family is in Taipei. We're flying from Xiamen to see them on the 26th. Flights?", "taipei"),
        ("我女朋友在青岛上班，这周末从北京飞过去找她，机票多少", "qingdao"),
        ("我表哥在迪拜上班 叫我过去玩，下个月广州出发，看下天气", "dubai"),
    ],
)
def test_the_city_of_the_one_visited_is_the_stop(text: str, stop: str) -> None:
    assert [c.id for c in parse(text, []).destinations] == [stop]


@pytest.mark.parametrize(
    "follow_up", ["想下下周去玩玩，住3晚，从北京走", "plan a trip there for me and 3 friends", "budget 3k each"]
)
def test_planning_after_a_weather_question_is_the_whole_trip(follow_up: str) -> None:
    q = parse(follow_up, ["哈尔滨一月份冷不冷"])
    assert looks_up(q) == ("weather", "flights", "hotels")


def test_moving_the_dates_of_a_weather_question_asks_the_weather_again() -> None:
    assert looks_up(parse("make it the weekend after instead", ["what's the weather in Harbin this weekend?"])) == (
        "weather",
    )


@pytest.mark.parametrize(
    ("follow_up", "earlier", "size"),
    [
        ("哦对了 我爸也跟着一起去", "一家三口从北京出发，元旦去广州玩三天", 4),
        ("又多了两个同学要一起去", "寒假想跟一个同学去重庆", 4),
        ("two people just dropped out", "a team trip for 6 people to Phuket over Easter", 4),
        ("有个朋友去不了了，变成三个人", "我们五个人下周去成都", 3),
        ("and my colleague is coming too", "Singapore next week for a conference, flights from Hong Kong", 2),
    ],
)
def test_the_party_changed_in_a_follow_up(follow_up: str, earlier: str, size: int) -> None:
    assert parse(follow_up, [earlier]).party.size == size


@pytest.mark.parametrize(
    ("text", "topic"), [("春运火车票什么时候开抢？想回武汉", "trains"), ("东方明珠周一开吗？", "opening_times")]
)
def test_when_tickets_go_on_sale_and_is_it_open(text: str, topic: str) -> None:
    assert topic in parse(text, []).beyond


def test_the_if_of_a_follow_up_is_no_place() -> None:
    q = parse("元旦去的话呢？住三晚", ["成都飞拉萨的机票一般多少钱"])
    assert q.unknown_places == [] and [c.id for c in q.destinations] == ["lhasa"]


def test_still_leaving_from_a_city_is_no_comparison() -> None:
    assert "compare" not in parse("算了，改去昆明和大理吧，还是成都走", ["下周去拉萨"]).intents


@pytest.mark.parametrize(
    ("follow_up", "earlier", "stops"),
    [
        ("actually Osaka instead, and check hotels too", "Tokyo over Christmas, flights from Beijing?", ["osaka"]),
        ("算了不去武汉了，长沙呢", "下周末从南京去武汉看朋友，那边天气咋样", ["changsha"]),
        ("丽江去掉吧，再帮我看看从杭州飞昆明的机票", "下周去昆明，顺便去大理和丽江也看看", ["kunming", "dali"]),
    ],
)
def test_instead_and_dropped_places_in_a_follow_up(follow_up: str, earlier: str, stops: list[str]) -> None:
    assert [c.id for c in parse(follow_up, [earlier]).destinations] == stops


@pytest.mark.parametrize(
    "follow_up", ["那就澳门吧，酒店帮我看看", "Macau then. hotels please", "let's go Macau, hotels?"]
)
def test_one_place_chosen_ends_the_comparison(follow_up: str) -> None:
    q = parse(follow_up, ["下周末想去澳门或者香港玩一趟，哪个好"])
    assert [c.id for c in q.destinations] == ["macau"] and "compare" not in q.intents and "hotels" in q.intents


@pytest.mark.parametrize(("text", "size"), [("五一四个人去厦门", 4), ("十二个人去三亚", 12)])
def test_a_count_after_a_holiday_is_read_whole(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_a_crowd_is_no_party() -> None:
    assert parse("算了五一人太多，改到端午吧", ["我们三个人五一去厦门"]).party.size == 3


def test_a_city_misspelt_after_qu_tang() -> None:
    assert [c.id for c in parse("元旦想去趟夏门，那边酒店贵不贵", []).destinations] == ["xiamen"]


def test_a_fare_asked_as_the_price_of_a_flight_beside_a_visa_question() -> None:
    assert "flights" in parse("泰国现在免签吗？顺便查下成都飞曼谷的价格", []).intents


def test_a_holiday_spent_not_going_home_is_not_the_trip_date() -> None:
    q = parse("今年过年没回家，元旦想带爸妈去三亚玩四天，从长沙出发", [])
    assert q.when is not None and q.when.start.isoformat() == "2027-01-01"


def test_from_a_city_going_home_to_another() -> None:
    q = parse("2月4号从上海回武汉的机票多少", [])
    assert q.origin is not None and q.origin.id == "shanghai" and [c.id for c in q.destinations] == ["wuhan"]


def test_a_place_lived_in_before_is_not_the_trip() -> None:
    q = parse("I lived in Singapore for two years. Thinking Bangkok for 4 nights over Christmas, flights?", [])
    assert [c.id for c in q.destinations] == ["bangkok"]


def test_an_international_student_is_no_talk_about_studying_abroad() -> None:
    assert [c.id for c in parse("我是在广州读书的留学生，想趁寒假去哈尔滨看雪，帮我规划一下", []).destinations] == [
        "harbin"
    ]
