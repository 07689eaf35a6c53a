"""Reading classes found by the fourth outside batches (issue 41, batches g and h): talk that only mentions
travel, a trip wished for with no place, corrections of a place, origins said as "X飞" or "leaving X". Each row is
a question nobody wrote the planner for, read on Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import looks_up
from tests.unit.planner.test_model import SEED_ZH, calls_of, final_text, run


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


def _span(text: str) -> tuple[str, str] | None:
    """The dates a first question is read as, ISO."""
    when = parse(text, []).when
    return (when.start.isoformat(), when.end.isoformat()) if when is not None else None


@pytest.mark.parametrize(
    "text",
    [
        "在家好无聊啊 推荐个电视剧呗",
        "can u help me write a caption for my beach pics? something funny about getting sunburnt on vacation",
        "我妈说我天天想着去海边度假，不务正业😂 你评评理",
        "晒黑了好多😭 下次再也不去海边了",
    ],
)
def test_talk_with_travel_words_asks_no_place(text: str) -> None:
    q = parse(text, [])
    assert q.open is None and looks_up(q) == ()


@pytest.mark.parametrize(
    "text",
    [
        "下周想和老婆出去玩几天",
        "I want to go on a trip next week with my wife, 2 nights",
        "想去海边玩，有推荐吗",
        "somewhere warm in January under 5000",
        "budget 3000, any ideas?",
    ],
)
def test_a_trip_wished_for_with_no_place_is_an_open_question(text: str) -> None:
    q = parse(text, [])
    assert q.open is not None and looks_up(q) == ("weather", "flights", "hotels")


def test_an_airport_code_before_from_is_the_destination() -> None:
    q = parse("SYD from PVG, 2 ppl, 8 nights, late April, 40k all in", [])
    assert [c.id for c in q.destinations] == ["sydney"] and q.origin is not None and q.origin.id == "shanghai"


@pytest.mark.parametrize(
    ("today", "text", "dates"),
    [
        ("2026-12-06", "boxing day thru the 28th in seoul", ("2026-12-26", "2026-12-28")),
        ("2027-10-20", "这周末到下周三 去西安 酒店多少钱", ("2027-10-23", "2027-10-27")),
        ("2027-10-20", "next weds to sat in changsha", ("2027-10-27", "2027-10-30")),
        ("2027-10-25", "下周二到下下周二，去澳门", ("2027-11-02", "2027-11-09")),
        ("2027-05-12", "我这个月忙到25号，之后26号到月底想去青岛躲几天", ("2027-05-26", "2027-05-31")),
        ("2026-12-06", "Heading to Sydney from the 28th through New Year's Day", ("2026-12-28", "2027-01-01")),
        ("2027-01-18", "1月25号到春节前一天，去海南避寒", ("2027-01-25", "2027-02-04")),
    ],
)
def test_two_times_joined_are_one_stretch(
    monkeypatch: pytest.MonkeyPatch, today: str, text: str, dates: tuple[str, str]
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    assert _span(text) == dates


@pytest.mark.parametrize(
    "text",
    [
        "Emily in Paris 最新一季好看吗 值不值得追 lol",
        "最近在学日语 东京和大阪的口音差别大吗",
        "my kid's geography homework asks what country sydney is in 😂 help",
        "write me an ig caption for my bangkok pics from last month, something cheeky",
        "我室友是重庆人 天天嫌食堂的菜不够辣 笑死",
        "好羡慕我同事 年假去了迪拜 我只能在工位摸鱼",
    ],
)
def test_a_place_named_in_talk_is_no_trip(text: str) -> None:
    q = parse(text, [])
    assert q.destinations == [] and looks_up(q) == ()


@pytest.mark.parametrize("text", ["三亚？", "成都", "Is Chengdu nice in winter?", "Chengdu or Chongqing?"])
def test_a_place_alone_or_asked_about_is_still_a_trip(text: str) -> None:
    assert parse(text, []).destinations


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        ("端午去了趟南京 热死我了 今年暑假去哈尔滨应该凉快点吧", ["harbin"], None),
        ("我朋友在大连 不过我这次只去青岛 青岛周末冷吗", ["qingdao"], None),
        ("我老家哈尔滨的 现在在北京上班 元旦想去大连玩", ["dalian"], "beijing"),
        ("腊月二十八要回长沙老家 在那之前想先去趟桂林", ["guilin"], None),
        ("im from dalian originally but live in guangzhou now. want to do hk for a weekend", ["hongkong"], "guangzhou"),
        ("我们一家五口从老家长沙出发，春节想去三亚", ["sanya"], "changsha"),
    ],
)
def test_a_place_said_in_passing_is_neither_stop_nor_origin(text: str, stops: list[str], origin: str | None) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and (q.origin.id if q.origin else None) == origin


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        ("me and 3 buddies wanna do NYE in bangkok, flying outta chengdu, 31st to the 3rd", ["bangkok"], "chengdu"),
        ("下周带老婆孩子去厦门 住五晚 武汉飞 总共一万二以内 帮我规划下", ["xiamen"], "wuhan"),
        ("me n my roommate are thinking qingdao, leaving beijing friday night back sunday", ["qingdao"], "beijing"),
        ("PVG -> NRT on the 22nd, how much", ["tokyo"], "shanghai"),
        ("flying outta heathrow to the big apple then LA, need hotels in both", ["newyork", "losangeles"], "london"),
        ("HKG or MFM for a quick 2 night getaway? flying from KMG", ["hongkong", "macau"], "kunming"),
    ],
)
def test_origins_and_airports_said_tersely(text: str, stops: list[str], origin: str) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and q.origin is not None and q.origin.id == origin


@pytest.mark.parametrize(
    ("earlier", "text", "stops"),
    [
        ([], "me + wife + 2 kids, Guangzhou飞Sanya 不对不对 是海口, christmas week", ["haikou"]),
        ([], "这周末 一个人 杭州→苏州？ 不 还是去南京吧 住一晚", ["nanjing"]),
        (["杭州下周末 两个人 从上海走"], "南京算了 还是去杭州吧", ["hangzhou"]),
        ([], "sanya only, forget xiamen", ["sanya"]),
        (["PVG -> NRT on the 22nd, how much"], "actually make it KIX not narita, and add a hotel", ["osaka"]),
    ],
)
def test_a_place_corrected_or_forgotten_is_dropped(earlier: list[str], text: str, stops: list[str]) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == stops


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("出差酒店公司已经订好了 就是不知道南京下周要不要穿羽绒服", {"weather"}),
        ("下周去 Seoul 出差 酒店公司订 我就想知道要带多厚的衣服", {"weather"}),
        ("flying home to chongqing on the 4th (ticket's sorted thank god) — how chilly is it gonna be", {"weather"}),
        ("saw a tiktok abt zhangjiajie and now im obsessed. whats a good 2 day route there", {"guide"}),
        ("最近去迪拜安全吗 没问题的话看看下周广州飞迪拜多少钱", {"flights"}),
        ("我跟老公想下周去三亚躲躲冬 北京出发 预算一万左右 住4晚 有啥推荐不", set()),
    ],
)
def test_what_is_asked_and_what_is_already_sorted(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize("text", ["春运期间成都到重庆的动车还好抢吗 一般提前几天放票", "app 里的收藏夹在哪里找啊"])
def test_rail_tickets_and_the_app_s_favourites_look_nothing_up(text: str) -> None:
    q = parse(text, [])
    assert not q.travel_related or q.beyond_only  # what the planner checks before planning any call


@pytest.mark.parametrize(
    ("today", "text", "dates"),
    [
        ("2026-12-29", "除夕 to 初三 in taipei, any hotel?", ("2027-02-05", "2027-02-08")),
        ("2027-01-18", "初三到初六想去Bangkok避寒 weather ok吗", ("2027-02-08", "2027-02-11")),
        ("2026-12-09", "大年三十在广州 那天会不会下雨啊", ("2027-02-05", "2027-02-05")),
        ("2026-12-06", "大年初二去三亚", ("2027-02-07", "2027-02-07")),
    ],
)
def test_the_days_of_the_lunar_new_year(
    monkeypatch: pytest.MonkeyPatch, today: str, text: str, dates: tuple[str, str]
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    assert _span(text) == dates


@pytest.mark.parametrize("text", ["初中同学聚会在三亚", "月初去三亚"])
def test_other_words_with_chu_are_no_lunar_day(text: str) -> None:
    when = parse(text, []).when
    assert when is None or when.start.month != 2


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("valentines weekend getaway w my bf, from shanghai", 2),
        ("me n my gf flying from Shanghai to Phuket", 2),
        ("暑假带孩子去新加坡 我+老公+两个娃 从深圳出发", 4),
    ],
)
def test_a_party_said_in_shorthand(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_a_roommate_is_no_hotel_room() -> None:
    assert "hotels" not in parse("me and my roommate want to do Qingdao this weekend", []).intents
    assert parse("need a room in Sanya", []).intents == {"hotels"}


@pytest.mark.parametrize(
    "text",
    [
        "台北101 跨年 fireworks 想去看，和闺蜜两个人，从浦东走",
        "right after Christmas, like the 26th through the 30th, Harbin for the ice festival",
        "4 of us (2 adults 2 kids) from chengdu, weekend of the 19th, harbin ice festival trip, ~2k rmb per head",
    ],
)
def test_an_event_that_is_only_the_trip_s_reason_is_no_question_about_it(text: str) -> None:
    q = parse(text, [])
    assert "events" not in q.beyond and looks_up(q) == ("weather", "flights", "hotels")


@pytest.mark.parametrize(
    "text", ["跨年夜外滩有烟花吗", "any concerts in Shanghai this weekend", "what's on in Tokyo over NYE"]
)
def test_a_question_about_an_event_is_still_beyond_the_data(text: str) -> None:
    assert "events" in parse(text, []).beyond


def test_plan_me_a_trip_weighs_the_data() -> None:
    assert parse("plan me a trip", []).open is not None


@pytest.mark.parametrize(
    ("text", "stops"),
    [
        ("Kuala Lampur or Singapure for new years eve??", ["kualalumpur", "singapore"]),
        ("Shenzen -> Xiamem cheapest flight jan 2", ["xiamen"]),
        ("Bejing -> Seol -> Tokio, 10 days total", ["seoul", "tokyo"]),
        ("Singapore, then Kuala Lampur, then Phuket", ["singapore", "kualalumpur", "phuket"]),
    ],
)
def test_english_names_misspelt_and_names_of_two_words(text: str, stops: list[str]) -> None:
    assert [c.id for c in parse(text, []).destinations] == stops


@pytest.mark.parametrize("text", ["a good deli in Chengdu next week?", "I want to go with them to Sanya"])
def test_short_words_are_no_misspelt_place(text: str) -> None:
    assert len(parse(text, []).destinations) == 1


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("端午 青岛 2人 3晚 济南出发", 2),
        ("1月9号到16号 北京飞新加坡再去吉隆坡 两个人 一共2万", 2),
        ("mid-autumn in hangzhou? me n 2 friends, leaving from guangzhou", 3),
        ("wana go to lhasa in june w/ 2 frnds from chengdu, 6 days", 3),
        ("where's it warm on NYE? me+wife+2 kids, we're in guangzhou", 4),
        ("一人两千五 去三亚", 1),
    ],
)
def test_a_party_counted_beside_other_numbers(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    ("today", "text", "dates"),
    [
        ("2026-12-06", "valentines weekend in macau w my bf", ("2027-02-13", "2027-02-14")),
        ("2027-10-20", "halloween weekend in NYC, hotel", ("2027-10-30", "2027-10-31")),
        ("2027-10-20", "thanksgiving weekend in new york", ("2027-11-25", "2027-11-28")),
        ("2027-10-25", "元旦那个周末去哈尔滨看冰灯", ("2028-01-01", "2028-01-02")),
        ("2026-12-06", "圣诞节周末去哈尔滨", ("2026-12-25", "2026-12-27")),
        (
            "2026-12-06",
            "I'm in Wuhan rn, wanna do a weekend in Changsha, probably the 19th-20th",
            ("2026-12-19", "2026-12-20"),
        ),
        (
            "2026-12-06",
            "any decent hotels near the bund? checking in the 10th for 2 nights",
            ("2026-12-10", "2026-12-10"),
        ),
    ],
)
def test_a_day_s_weekend_and_days_said_beside_a_weekend(
    monkeypatch: pytest.MonkeyPatch, today: str, text: str, dates: tuple[str, str]
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    assert _span(text) == dates


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("me + wife + 3 kids wanna escape the cold this weekend, flying PEK to sanya, budget 15k all in", set()),
        ("1月3号 成都飞拉萨 4天 俩人 多少钱", set()),
        ("1月9号到16号 北京飞新加坡再去吉隆坡 两个人 一共2万", set()),
        ("成都飞拉萨机票多少钱", {"flights"}),
        ("明天飞昆明，冷不冷", {"weather"}),
    ],
)
def test_a_flight_said_as_the_way_there_of_a_sized_trip_asks_the_whole_trip(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents  # an empty set is the whole trip: weather, flights and hotels


@pytest.mark.parametrize(
    ("earlier", "text", "size"),
    [
        (["我和3个朋友两周后想去重庆吃火锅 玩三天"], "有个哥们去不了了😂", 3),
        (["planning lunar new year in tokyo, 4 of us, from shanghai"], "one friend bailed so 3 now", 3),
        (["我们一家三口去三亚"], "我妹也想去", 4),
        (["我和老公去成都"], "我老婆也一起去", 3),
        (["广州 深圳 澳门 下周 3个人"], "澳门不去了 换成香港", 3),
    ],
)
def test_someone_joins_or_drops_out(earlier: list[str], text: str, size: int) -> None:
    assert parse(text, earlier).party.size == size


@pytest.mark.parametrize(
    ("earlier", "text", "stops"),
    [
        (["广州 深圳 澳门 下周 3个人"], "澳门不去了 换成香港", ["guangzhou", "shenzhen", "hongkong"]),
        (["tokyo for lunar new year"], "swap tokyo for seoul", ["seoul"]),
        (["杭州周末 两个人"], "算了 杭州周末人太多了 改苏州吧", ["suzhou"]),
        (["张家界 五一 两个人"], "长沙也顺便玩下", ["zhangjiajie", "changsha"]),
    ],
)
def test_a_follow_up_replaces_drops_or_adds_one_stop(earlier: list[str], text: str, stops: list[str]) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == stops


@pytest.mark.parametrize(
    ("today", "text", "dates"),
    [
        (
            "2026-12-06",
            "booked my tokyo flight back on 11/11 (sale lol), i fly out the 18th, weather?",
            ("2026-12-18",) * 2,
        ),
        ("2026-12-29", "我签证1月15号就到期了 在那之前想去趟首尔 下周哪天机票便宜点", ("2027-01-04", "2027-01-10")),
        ("2027-10-20", "打算双十一那天抢机票 11月26号飞大阪 那几天冷不冷", ("2027-11-26",) * 2),
        ("2026-12-06", "got my flight to seoul booked for the 19th already", ("2026-12-19",) * 2),
    ],
)
def test_a_day_that_is_not_the_trip_s(
    monkeypatch: pytest.MonkeyPatch, today: str, text: str, dates: tuple[str, str]
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    assert _span(text) == dates


async def test_thanks_look_nothing_up_again_and_get_a_short_reply() -> None:
    events, agent = await run(SEED_ZH)
    assert calls_of(events)
    events, _ = await run("谢谢 你帮大忙了 三亚那个攻略超好用🙏", agent)
    assert calls_of(events) == [] and final_text(events).startswith("不客气")
    events, _ = await run("thanks! what about hotels in Haikou?", agent)
    hotels = [args for name, args in calls_of(events) if name == "get_hotel_price"]  # thanks and a new ask: the ask
    assert [args["city"] for args in hotels] == ["Haikou"] and not final_text(events).startswith("不客气")


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("从厦门去台北要办什么证？机票大概多少钱", "visa"),
        ("北京到哈尔滨的卧铺还有票吗 没有的话飞机多少钱", "trains"),
        ("26号想从杭州坐高铁去南京 票价大概多少 有没有直达的", "trains"),
        ("is the bund countdown on this year?", "events"),
    ],
)
def test_more_of_what_the_data_cannot_know(text: str, topic: str) -> None:
    assert topic in parse(text, []).beyond


async def test_what_the_data_cannot_know_is_said_first_even_for_a_place_without_data() -> None:
    events, _ = await run("下周去Bali，听说最近不太平？weather怎么样")
    assert final_text(events).startswith("示例数据里没有安全情况")


def test_tickets_to_a_show_are_no_fare() -> None:
    assert "flights" not in parse("what's on in london for NYE? any big events i can get tickets for", []).intents
    assert "flights" in parse("Harbin Ice Festival dates yet? Also cheapest flight from Shanghai", []).intents


def test_a_date_s_day_is_no_length_of_stay() -> None:
    q = parse("张姐，麻烦帮我们看看12月19日到12月22日去三亚的行程", [])
    assert q.days is None and q.when is not None and q.when.days == 4
    assert parse("5日游 成都", []).days == 5 and parse("两日 杭州", []).days == 2
    assert parse("计划7月3日—7月10日带两个孩子去伦敦，孩子爸爸晚两天到", []).days is None


@pytest.mark.parametrize(
    ("earlier", "text", "dates", "nights"),
    [
        (["青岛 7月10日出发 住4晚 两个人"], "更正：青岛住3晚就够了，7月16日回北京。", ("2027-07-10", "2027-07-16"), 6),
        (["fly from Dalian to Singapore on 27 December"], "stay through 3 January", ("2026-12-27", "2027-01-03"), 7),
    ],
)
def test_a_follow_up_naming_only_the_way_back_keeps_the_start(
    earlier: list[str], text: str, dates: tuple[str, str], nights: int
) -> None:
    q = parse(text, earlier)
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == dates and q.nights == nights


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("计划2027/1/23-2/1从上海出发", ("2027-01-23", "2027-02-01")),
        ("Xiamen from 2027/1/16 to 1/23", ("2027-01-16", "2027-01-23")),
        ("a Guilin trip starting on Friday 18 December", ("2026-12-18", "2026-12-18")),
        ("fly to Guilin on Friday, June 4th", ("2027-06-04", "2027-06-04")),
        ("周五（12月18日）出发去苏州", ("2026-12-18", "2026-12-18")),
    ],
)
def test_dates_written_with_their_year_or_weekday(text: str, dates: tuple[str, str]) -> None:
    assert _span(text) == dates


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("从北京出发，新加坡4晚、普吉岛3晚，同行的有我太太、两个孩子和我岳父岳母", 6),
        ("a family trip to Singapore: me, my partner, our two teenagers and my mother-in-law", 5),
        ("我和先生带着一岁半的双胞胎宝宝，下周六从杭州去三亚", 4),
    ],
)
def test_a_party_listed_in_full(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_nights_per_stop_said_as_for_n() -> None:
    q = parse("Four of us are planning Osaka for 3 nights and Tokyo for 4 over the National Day holiday", [])
    assert q.stop_nights == (3, 4)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Shanghai to Seoul on New Year's Eve, returning on 2 January", ("2026-12-31", "2027-01-02")),
        ("Taipei: departing 18 June and coming back on 22 June", ("2027-06-18", "2027-06-22")),
        ("fly to Singapore on 27 December and stay until New Year's Day", ("2026-12-27", "2027-01-01")),
    ],
)
def test_the_way_back_said_after_the_way_out(text: str, dates: tuple[str, str]) -> None:
    assert _span(text) == dates


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("我和三位同事打算下周五到周日从广州去厦门", 4),
        ("我们学校组织了12名老师于1月25日赴北京参访", 12),
        ("I am writing on behalf of my parents, who would like to fly to Guilin", 2),
        ("we are six adults plus the two kids going to Osaka", 8),
    ],
)
def test_a_party_counted_with_classifiers_and_lists(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    ("text", "nights", "dates"),
    [
        ("tokyo 3 nites w/ my gf in jan", 3, ("2027-01-01", "2027-01-31")),
        ("nyc this wknd from LA how cold is it", 1, ("2026-12-12", "2026-12-13")),
        ("any cheap flights PVG to bangkok next wk", None, ("2026-12-07", "2026-12-13")),
    ],
)
def test_phone_shorthand_is_spelt_out_once(text: str, nights: int | None, dates: tuple[str, str]) -> None:
    q = parse(text, [])
    assert q.nights == nights and q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == dates


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [("Singapor 4 nites from dec 27", ["singapore"], None), ("PEK-DXB 5 nites apr 10 2 adults", ["dubai"], "beijing")],
)
def test_a_misspelt_name_opening_a_message_and_codes_joined_by_a_dash(
    text: str, stops: list[str], origin: str | None
) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and (q.origin.id if q.origin else None) == origin


def test_a_call_for_suggestions_inside_a_trip_asks_the_trip() -> None:
    assert "guide" not in parse("有没有便宜点的海岛推荐 俩人 下个月", []).intents
    assert "guide" in parse("再帮我看看大理有什么好玩的", ["从上海去大理 下周 两个人"]).intents
    assert parse("广州飞厦门 下个月 1个人 2000以内", []).intents == set()  # a budget: the whole trip


@pytest.mark.parametrize(
    ("earlier", "text", "stops"),
    [
        (["厦门 下个月 两个人"], "顺便也看看青岛", ["xiamen", "qingdao"]),
        (["wuhan this weekend, 2 ppl"], "and changsha", ["wuhan", "changsha"]),
        (["Dubai next week"], "and Paris?", ["paris"]),
    ],
)
def test_a_place_added_tersely_joins_and_a_question_asks_instead(
    earlier: list[str], text: str, stops: list[str]
) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == stops


def test_a_length_said_beside_a_one_day_holiday_stands() -> None:
    assert parse("端午想去重庆吃火锅 3天2晚 我们仨 from 武汉", []).nights == 2
    assert parse("我跟男朋友想元旦去重庆玩三天两夜，从西安过去", []).nights == 2
    assert parse("cheapest flt PEK->CTU fri?", []).intents == {"flights"}


def test_a_correction_of_the_origin_corrects_no_time() -> None:
    q = parse("五一想带娃去张家界，长沙出发…哦不对，我们现在在武汉，从武汉走，预算一万五", [])
    assert [c.id for c in q.destinations] == ["zhangjiajie"] and q.origin is not None and q.origin.id == "wuhan"
    assert _span("五一想带娃去张家界，长沙出发…哦不对，我们现在在武汉，从武汉走") == ("2027-05-01", "2027-05-04")


@pytest.mark.parametrize(
    "text",
    [
        "从上海出发，每人预算3000元。麻烦给一份详细的行程安排，再推荐一下住的地方",
        "想趁这周末带女儿去长沙玩两天，请推荐一下行程，并看看周六周日长沙会不会下雨",
        "12月18日到21日要和三个朋友去重庆，请帮忙出一份三晚的行程，再查一下机票",
    ],
)
def test_a_day_by_day_plan_asked_in_a_phrase_is_a_guide(text: str) -> None:
    assert "guide" in parse(text, []).intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("两周后去哈尔滨看冰雪，要穿多厚啊", {"weather"}),
        ("喀什一月份去会不会冻死", {"weather"}),
        ("do I need a brolly in London next week?", {"weather"}),
        ("机票酒店都订好了，下周去首尔，就想知道要不要带羽绒服", {"weather"}),
        ("我下周三的航班已经定了，是回程的，去程是这周四，去深圳，帮我看下酒店", {"hotels"}),
        ("下周去新加坡，酒店和机票都搞定了，帮我规划下每天去哪", {"guide"}),
    ],
)
def test_weather_asked_without_the_word_and_what_is_already_booked(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize(
    "text", ["Do I need to book the Shinkansen from Tokyo to Osaka in advance?", "下周去东京出差，坐新干线去大阪要多久"]
)
def test_the_shinkansen_is_a_train(text: str) -> None:
    assert "trains" in parse(text, []).beyond


@pytest.mark.parametrize(
    ("earlier", "text", "size"),
    [
        ([], "我们是三个大人，外加一个宝宝", 4),
        ([], "1 adult + 1 toddler, flying Pudong to Taipei on the 20th", 2),
        (["1 adult + 1 toddler, flying Pudong to Taipei on the 20th"], "宝宝还是不带了，就我自己去", 1),
        ([], "it's just me and my two boys this year, Qingdao in July", 3),
    ],
)
def test_a_party_of_one_said_and_a_child_added(earlier: list[str], text: str, size: int) -> None:
    assert parse(text, earlier).party.size == size


def test_a_weekday_with_a_bare_day_and_a_walk_is_no_origin() -> None:
    assert _span("Friday the 18th to Tuesday the 22nd, Kunming, flights from Chengdu?") == ("2026-12-18", "2026-12-22")
    q = parse("今天杭州下雨吗，想去西湖走走", [])
    assert q.origin is None and [c.id for c in q.destinations] == ["hangzhou"]


def test_more_asks_parties_origins_and_days_said_in_passing() -> None:
    assert parse("pls bookmark the Kunming plan, don't need anything else", []).intents == {"save"}
    assert parse("my flight lands in Singapore at 11pm on the 19th, need a bed for 2 nights", []).intents == {"hotels"}
    assert parse("我爸妈想去桂林，他们从南京出发，我不去，帮他们看看机票", []).party.size == 2
    q = parse("跨年想去香港看烟花，深圳过去，一家三口", [])
    assert [c.id for c in q.destinations] == ["hongkong"] and q.origin is not None and q.origin.id == "shenzhen"
    assert _span("除夕前一天回老家，从广州飞哈尔滨") == ("2027-02-04", "2027-02-04")


def test_sun_the_weather_is_no_sunday_and_more_said_in_passing() -> None:
    assert _span("compare Sanya and Xiamen for a week of sun in January") == ("2027-01-01", "2027-01-31")
    assert _span("enjoy the sun in Sanya") is None
    assert _span("sat-sun in xiamen") == ("2026-12-12", "2026-12-13")
    assert "events" in parse("Will there be dragon boat races in Hangzhou this year?", []).beyond
    assert parse("the return should be the 23rd, so five passengers to Taipei", []).party.size == 5


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("元旦假期去苏州玩", ("2027-01-01", "2027-01-03")),
        ("清明小长假去杭州", ("2027-04-03", "2027-04-05")),
        ("端午假期去重庆", ("2027-06-09", "2027-06-09")),
        ("五一假期去成都", ("2027-05-01", "2027-05-04")),
    ],
)
def test_a_one_day_holiday_s_days_off_take_the_weekend_beside_it(text: str, dates: tuple[str, str]) -> None:
    assert _span(text) == dates
