"""Reading classes found by the fifth outside batches (issue 41, batches o and p): talk around places that asks
nothing, goodbyes, trips told after they happened. Each row is a question nobody wrote the planner for, read on
Sunday 6 Dec 2026."""

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
        "给我写首关于桂林山水的诗，七言的",
        "which is taller, the Shanghai Tower or the Canton Tower? trying to win a bet",
        "想看部像花样年华那种香港味道的电影，推荐一下",
        "申请港大的硕士难不难啊",
        "my dog is named Paris and she just ate my boarding pass",
        "went to xiamen in october with my sister, still dreaming about it. anyway hi",
        "好的 下次去成都再找你 拜拜",
        "我同事去三亚玩了五天回来晒黑了",
    ],
)
def test_talk_around_places_looks_nothing_up(text: str) -> None:
    q = parse(text, [])
    assert looks_up(q) == () and q.destinations == [] and q.unknown_places == []


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("拜拜之前再帮我查下成都明天的天气", ("weather",)),
        ("东京和大阪哪个好玩？", ("compare",)),
        ("写完论文想去桂林玩三天，机票多少钱", ("flights",)),
        ("we went to Guilin last year, this time we want to do Xiamen for 3 nights, hotels?", ("hotels",)),
    ],
)
def test_an_ask_beside_the_talk_is_still_asked(text: str, asked: tuple[str, ...]) -> None:
    q = parse(text, [])
    assert set(asked) <= set(looks_up(q)) | q.intents


def test_a_place_visited_before_is_no_stop() -> None:
    q = parse("I went to Sanya last year, how about Haikou this winter?", [])
    assert [c.id for c in q.destinations] == ["haikou"]


async def test_a_goodbye_gets_a_goodbye_and_no_lookup() -> None:
    events, _ = await run("ok 下次去重庆再来问你 拜拜")
    assert calls_of(events) == [] and "再见" in final_text(events)


async def test_an_off_topic_ask_says_what_the_planner_can_do() -> None:
    events, _ = await run("帮我写一首关于西湖的小诗")
    assert calls_of(events) == [] and "离线" in final_text(events)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("明晚杭州会下雨吗", ("2026-12-07", "2026-12-07")),
        ("明早的航班飞大连，那边冷吗", ("2026-12-07", "2026-12-07")),
        ("我们打算下下周去青岛", ("2026-12-14", "2026-12-20")),
    ],
)
def test_dates_said_in_short(text: str, dates: tuple[str, str]) -> None:
    assert _fold([text])[0] == dates


@pytest.mark.parametrize(
    ("text", "nights", "days"),
    [
        ("去西安住三宿，酒店多少钱", 3, None),
        ("Hainan... I mean Sanya, a full week, what's the damage", None, 7),
        ("Guilin for a whole week with my wife", None, 7),
    ],
)
def test_stay_lengths_said_another_way(text: str, nights: int | None, days: int | None) -> None:
    q = parse(text, [])
    assert (q.nights, q.days) == (nights, days)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("老两口带着外孙女去厦门玩几天", 3),
        ("两对夫妻一起去丽江", 4),
        ("three couples from work heading to Bali-ish, maybe Phuket", 6),
        ("me, my cousin and my niece want to see Chengdu", 3),
        ("taking our 2 grandkids and my wife to Sanya", 4),
    ],
)
def test_party_said_with_family_words(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("平安夜第二天到27号在广州住酒店", ("2026-12-25", "2026-12-27")),
        ("the day after Christmas in Macau, hotels?", ("2026-12-26", "2026-12-26")),
        ("the week of Jan 11 in Kunming, weather?", ("2027-01-11", "2027-01-17")),
        ("Hangzhou the weekend of January 16?", ("2027-01-16", "2027-01-17")),
        ("the first weekend after Valentine's Day in Xiamen", ("2027-02-20", "2027-02-21")),
        ("国庆后第一个周末去南京", ("2027-10-09", "2027-10-10")),
        ("my interview is on the 15th, I'd fly to Chengdu the day after", ("2026-12-16", "2026-12-16")),
        ("12月20号考完试 考完第二天就回成都", ("2026-12-21", "2026-12-21")),
        ("Christmas in Harbin, arriving the day before and leaving the day after", ("2026-12-24", "2026-12-26")),
        ("the first week of January in Sanya", ("2027-01-01", "2027-01-07")),
    ],
)
def test_a_time_said_from_another(text: str, dates: tuple[str, str]) -> None:
    assert _fold([text])[0] == dates


def _fold(turns: list[str]) -> tuple[tuple[str, str] | None, int | None, list[str]]:
    """The dates, nights and lookups after the last of `turns`, each read with the turns before it."""
    q = parse(turns[-1], turns[:-1])
    dates = (q.when.start.isoformat(), q.when.end.isoformat()) if q.when is not None else None
    return dates, q.nights, sorted(looks_up(q))


@pytest.mark.parametrize(
    ("turns", "dates", "nights"),
    [
        (["12月20号从深圳飞厦门", "回程就定23号吧"], ("2026-12-20", "2026-12-23"), 3),
        (
            ["Hotels in Xi'an from the 18th to the 20th?", "add one more night at the end"],
            ("2026-12-18", "2026-12-21"),
            3,
        ),
        (["下周五去长沙玩三天", "多玩两天"], ("2026-12-11", "2026-12-11"), 5),
        (
            ["flights Shanghai to Seoul on the 18th, back on the 22nd", "push everything one day later"],
            ("2026-12-19", "2026-12-23"),
            4,
        ),
        (["12月26号去哈尔滨", "往后挪两天"], ("2026-12-28", "2026-12-28"), None),
        (["下周去长沙玩三天", "多玩两天 周五走 周一回"], ("2026-12-11", "2026-12-14"), 3),
    ],
)
def test_a_follow_up_moves_or_stretches_the_time_so_far(
    turns: list[str], dates: tuple[str, str], nights: int | None
) -> None:
    got_dates, got_nights, asked = _fold(turns)
    assert (got_dates, got_nights) == (dates, nights) and asked


def test_a_way_back_alone_keeps_the_lookups() -> None:
    _, _, asked = _fold(["帮我查下12月12号上海到西安的机票", "再看看酒店", "回程就定15号吧"])
    assert asked == ["flights", "hotels"]


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("1/8 和闺蜜去曼谷，住到1/12，酒店推荐", ("2027-01-08", "2027-01-12")),
        ("Heading to Tokyo, leaving Dec 18, return flight Dec 27, fares from Beijing?", ("2026-12-18", "2026-12-27")),
        ("landing in Shenzhen on the 20th and out of Guangzhou on the 23rd, hotels?", ("2026-12-20", "2026-12-23")),
        ("12月19号去厦门玩到月底", ("2026-12-19", "2026-12-31")),
    ],
)
def test_the_way_back_said_another_way(text: str, dates: tuple[str, str]) -> None:
    assert _fold([text])[0] == dates


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("is Xiamen warm over Christmas?", ["weather"]),
        ("What will Harbin be like on New Year's Day?", ["weather"]),
        ("从深圳飞 Bangkok 大概要多少 money", ["flights"]),
        ("anything direct from Chengdu to Osaka next friday?", ["flights"]),
        ("去厦门，曾厝垵住还是中山路住方便？", ["hotels"]),
        ("住外滩附近大概多少钱一晚", ["hotels"]),
    ],
)
def test_a_lookup_asked_in_other_words(text: str, asked: list[str]) -> None:
    assert sorted(looks_up(parse(text, []))) == asked


@pytest.mark.parametrize(
    ("turns", "dates"),
    [
        (["三亚还是海口，3月去", "3月还是太冷了 改4月吧"], ("2027-04-01", "2027-04-30")),
        (["下周六周日去苏州，两个人"], ("2026-12-12", "2026-12-13")),
    ],
)
def test_times_said_in_chat(turns: list[str], dates: tuple[str, str]) -> None:
    assert _fold(turns)[0] == dates


def test_where_to_stay_in_a_follow_up_keeps_the_trip() -> None:
    q = parse("顺便看看住哪儿，公司报销1500", ["下周去哈尔滨出差三天，那边冷吗"])
    assert [c.id for c in q.destinations] == ["harbin"] and "hotels" in looks_up(q)


def test_mum_and_i_are_two() -> None:
    assert parse("Mum and I want to see Guilin in April", []).party.size == 2
    assert parse("Write me a 4-day itinerary for Xi'an, my mom and me", []).party.size == 2


@pytest.mark.parametrize(
    ("turns", "asked"),
    [
        (["下个月去桂林玩四天，从广州走"], ["flights", "hotels", "weather"]),
        (["下个月去桂林玩四天，从广州走", "机票不用查了，我们开车"], ["hotels", "weather"]),
        (["Tokyo, 5 nights in January, from Shanghai", "skip the hotels, I'm at a friend's"], ["flights", "weather"]),
        (["去西安玩三天，不需要酒店"], ["flights", "weather"]),
        (["Chengdu weather next week?", "and flights from Beijing"], ["flights", "weather"]),
        (["厦门和青岛，哪个好", "改成下周去吧，还是玩三天"], ["flights", "hotels", "weather"]),
    ],
)
def test_lookups_added_and_dropped_across_a_conversation(turns: list[str], asked: list[str]) -> None:
    assert _fold(turns)[2] == asked


@pytest.mark.parametrize(
    ("text", "compares"),
    [
        ("厦门还是青岛？", True),
        ("还是厦门吧，玩三天", False),
        ("改成周五出发，还是住两晚", False),
    ],
)
def test_haishi_is_or_only_between_choices(text: str, compares: bool) -> None:
    assert ("compare" in parse(text, []).intents) is compares


@pytest.mark.parametrize(
    ("text", "stops"),
    [
        ("Kunming 3 nights, Dali 2, Lijiang 2 — flights from Shanghai?", (3, 2, 2)),
        ("广州两天深圳三天，从北京出发", (2, 3)),
        ("Bangkok 4N, Phuket 3N", (4, 3)),
        ("3 nights Hong Kong then 2 in Macau", (3, 2)),
        ("Xi'an → Chengdu → Chongqing, 2/3/2 nights", (2, 3, 2)),
    ],
)
def test_nights_said_per_stop(text: str, stops: tuple[int, ...]) -> None:
    assert parse(text, []).stop_nights == stops


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("job interview on the 9th; after that, fly to Xiamen on the 12th for 3 nights", ("2026-12-12", "2026-12-12")),
        ("12月10号要交论文，交完想去昆明，12月15到18号，天气怎么样", ("2026-12-15", "2026-12-18")),
        ("上次11月3号去的成都太冷了，这次想1月下旬再去", ("2027-01-21", "2027-01-31")),
        ("I went to Xi'an on Nov 2, loved it. back there in late January?", ("2027-01-21", "2027-01-31")),
        ("下周二在深圳开会，周四周五去香港玩", ("2026-12-10", "2026-12-11")),
    ],
)
def test_a_time_that_is_not_the_trips(text: str, dates: tuple[str, str]) -> None:
    assert _fold([text])[0] == dates


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Shanghai weather over CNY?", ("2027-02-05", "2027-02-10")),
        ("平安夜到圣诞节后一天在澳门，酒店多少钱", ("2026-12-24", "2026-12-26")),
        ("1月最后一周去哈尔滨冷不冷", ("2027-01-25", "2027-01-31")),
    ],
)
def test_holidays_and_weeks_said_in_short(text: str, dates: tuple[str, str]) -> None:
    q = parse(text, [])
    assert _fold([text])[0] == dates and q.days is None  # 最后一周 is which week, not a week's stay


def test_the_days_after_a_holiday_are_a_stay_and_the_day_after_is_a_day() -> None:
    assert parse("圣诞后三天去香港", []).days == 3 and parse("圣诞节后一天去香港", []).days is None


@pytest.mark.parametrize(
    ("turns", "dates", "nights"),
    [
        (["除夕当天飞厦门，初五回来"], ("2027-02-05", "2027-02-10"), 5),
        (["12月20号去三亚，27号回来"], ("2026-12-20", "2026-12-27"), 7),
        (["2月去东京玩一周", "make it the 10th to the 14th"], ("2027-02-10", "2027-02-14"), None),
        (["下周去桂林玩四晚", "时间不够，砍掉两晚"], ("2026-12-07", "2026-12-13"), 2),
        (["Bali-ish? no, Phuket for 5 nights", "one night less"], None, 4),
    ],
)
def test_the_way_back_and_the_length_said_in_chat(
    turns: list[str], dates: tuple[str, str] | None, nights: int | None
) -> None:
    got_dates, got_nights, _ = _fold(turns)
    assert (got_dates, got_nights) == (dates, nights)


@pytest.mark.parametrize(
    ("text", "places", "origin"),
    [
        ("再看下上海飞过去的机票", [], "shanghai"),
        ("我爸下周从西安来广州看我，机票贵不贵", ["guangzhou"], "xian"),
        ("Jan 10-14 北京三亚往返，机票多少", ["sanya"], "beijing"),
        ("下周二在深圳面试，面完想去香港玩两天", ["hongkong"], None),
        ("Need to be in Tokyo Dec 14-18 for client meetings, flights from Shenzhen?", ["tokyo"], "shenzhen"),
        ("I was in Chengdu in October, loved it. going back in March, weather?", ["chengdu"], None),
    ],
)
def test_where_to_and_from_said_in_passing(text: str, places: list[str], origin: str | None) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == places and (q.origin.id if q.origin else None) == origin


@pytest.mark.parametrize(
    ("text", "topics", "asked"),
    [
        ("is Bangkok safe for a solo traveller? worried about getting back to the hostel late", ("safety",), []),
        ("is Bangkok safe at night? and how much are hotels in Sukhumvit", ("safety",), ["hotels"]),
        ("听说普吉岛有台风预警，现在还能去吗", ("safety",), []),
        ("can we catch a train from Shenzhen to Guangzhou tonight?", ("trains",), []),
        ("现在还能办台湾自由行吗", ("visa",), []),
        ("Colleagues keep warning me about the cold in Harbin, what's the weather next week?", (), ["weather"]),
    ],
)
def test_what_the_data_cannot_say(text: str, topics: tuple[str, ...], asked: list[str]) -> None:
    q = parse(text, [])
    assert q.beyond == topics and ([] if q.beyond_only else sorted(looks_up(q))) == asked


async def test_a_follow_up_in_a_visa_conversation_still_says_what_the_data_lacks() -> None:
    events, agent = await run("去迪拜要办签证吗？")
    events, _ = await run("那机票多少钱 广州出发 下周", agent)
    assert [name for name, _ in calls_of(events)] == ["get_flight_price"]
    assert final_text(events).startswith("示例数据里没有签证")


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("How cold is Harbin next weekend?", ["weather"]),
        ("heard Seoul can hit minus fifteen in January, true?", ["weather"]),
        ("后天去大连，海边风大不大", ["weather"]),
        ("whats chengdu like this weekend", ["weather"]),
        ("桂林几月去最好", ["weather"]),
        ("成都玩三天够吗？想吃火锅看熊猫", ["guide"]),
        ("is 2 days enough for Hong Kong?", ["guide"]),
        ("预算4000，去厦门玩三天够吗", ["flights", "hotels", "weather"]),
    ],
)
def test_weather_and_guides_asked_in_other_words(text: str, asked: list[str]) -> None:
    q = parse(text, [])
    assert sorted(q.intents or looks_up(q)) == asked  # named, else the whole trip


def test_twins_are_two_children_and_each_stop_gets_its_nights() -> None:
    q = parse("我和老婆带着双胞胎去厦门", [])
    assert (q.party.size, q.party.children) == (4, 2)
    assert parse("先去桂林再去阳朔，每个地方住两晚", []).stop_nights in ((), (2,))  # 阳朔 has no data: one stop
    assert parse("先重庆再成都，每个城市都住三晚", []).stop_nights == (3, 3)


@pytest.mark.parametrize(
    ("turns", "asked"),
    [
        (["去东京玩5晚，从上海出发", "we already booked flights, skip those"], ["hotels", "weather"]),
        (["Osaka for a week over Christmas, just need a hotel, flights sorted"], ["hotels"]),
    ],
)
def test_what_is_already_booked_is_not_looked_up(turns: list[str], asked: list[str]) -> None:
    assert _fold(turns)[2] == asked


@pytest.mark.parametrize(
    "text",
    ["谢谢你之前帮我查的厦门，玩得很开心！", "周末愉快！下次去成都再找你", "good night! dreaming of Sanya lol"],
)
def test_greetings_and_thanks_for_a_trip_over_look_nothing_up(text: str) -> None:
    q = parse(text, [])
    assert looks_up(q) == () and q.destinations == []


@pytest.mark.parametrize(
    ("turns", "asked"),
    [
        (["去迪拜要办签证吗？", "那机票多少钱 广州出发"], ["flights"]),
        (["hotles in tokio near shinjuku for 5 nigths"], ["hotels"]),
        (["五一从南京飞青岛，两大一小，帮我规划下"], ["flights", "hotels", "weather"]),
        (["清明想去杭州，三天两晚，想住西湖边"], ["hotels"]),
    ],
)
def test_lookups_in_misspelt_and_planning_words(turns: list[str], asked: list[str]) -> None:
    assert _fold(turns)[2] == asked
