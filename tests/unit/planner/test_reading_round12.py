"""Reading classes found at stop 56 (issue 41), from batches written that session and then added as dev rows: a
homophone before any word that is not a longer word's start (去三丫晒太阳, 从成度走), an English slip before "still",
topics beyond the data (insurance, tours, health), parties said by seats, totals and pronouns. Read on the suite's
Friday 4 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.asks import parse_stars
from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import asked
from tests.unit.planner.test_model import final_text, run


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        ("我们一家三口春节想去三丫晒晒太阳，帮我看看机票和酒店", ["sanya"], None),
        ("2月14号想和男朋友飞曼谷，从成度走，机票多少", ["bangkok"], "chengdu"),
        ("4月份拉撒天气咋样，冷不冷", ["lhasa"], None),
        ("广洲到西按高铁二等座多少钱", ["xian"], "guangzhou"),
        ("后天去迪败转机停一天，那边天气咋样", ["dubai"], None),
        ("Is Bangkock still hot at christmas??", ["bangkok"], None),
    ],
)
def test_a_misspelt_name_is_read_before_any_word_that_does_not_make_it_a_longer_one(
    text: str, stops: list[str], origin: str | None
) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops
    assert (q.origin.id if q.origin else None) == origin


@pytest.mark.parametrize("text", ["去大丽花园玩", "去大板车上坐坐", "I packed two pairs in my bag for the trip"])
def test_a_word_that_only_begins_like_a_name_is_no_place(text: str) -> None:
    assert parse(text, []).destinations == []


async def test_the_line_on_what_the_data_lacks_stays_first_before_the_note_on_a_misspelt_name() -> None:
    answer = final_text((await run("哈尔宾冰雪大世界几点开门 晚上几点关"))[0])
    first, _, rest = answer.partition("\n")
    assert "开放时间" in first and "「哈尔宾」按「哈尔滨」" in rest


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("do i need travel insurance for japan? going to tokyo for 10 days over christmas with my wife", "insurance"),
        ("带爸妈去泰国要买什么保险比较好？老人超过70岁保险公司还保吗", "保险"),
        ("丽江有没有靠谱的一日游团，去玉龙雪山的那种，多少钱一位", "一日游"),
        (
            "Are there any good English speaking tour companies for the Great Wall? We'll be in Beijing next week",
            "tour",
        ),
        ("孕妇坐飞机要注意什么？下个月去三亚", "安全"),
        ("去曼谷吃路边摊会不会拉肚子啊，我肠胃不太好，下周就去了", "安全"),
    ],
)
async def test_what_the_data_cannot_say_is_said_first_and_no_trip_is_priced(text: str, words: str) -> None:
    q = parse(text, [])
    assert asked(q) == ()
    first = final_text((await run(text))[0]).partition("\n")[0]
    assert words in first


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("求助 圣诞去Sydney 两个大人一个toddler 带泳衣还是带外套", 3),
        ("can you book me 2 seats on the G7 train from Shanghai to Suzhou this Saturday?", 2),
        ("春运北京到哈尔滨的机票还抢得到吗 要两张", 2),
        ("We are 3 retirees going to Xi'an. What should we see?", 3),
        ("Our son's family will join us: him, his wife and their two kids. So we are six.", 6),
        ("Mei's bringing her sister so make it 5", 5),
        ("My wife and I: Paris for 5 nights and London for 4, sometime in April, from Shanghai.", 2),
        ("the gf wants to see snow in Lijiang, what temps do they get next month", 2),
        ("进藏要办什么证吗？有个外国朋友跟我一起去拉萨", 2),
        ("我爸妈想去桂林看山水，他们年纪大了爬不动山，帮我给他们规划一个轻松点的行程", 2),
        ("Is it too cold to take a 4 year old and my husband to Harbin in January?", 3),
        ("I am travel with my wife and our baby 1 year old from Kuala Lumpur to Shanghai", 3),
    ],
)
def test_the_party_said_by_seats_totals_and_who_goes(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    "text",
    [
        "What is there actually to do in Macau apart from the casinos? Taking my dad",
        "Could you put together what we ought to see and do in Xi'an over four days?",
        "我爸妈想去桂林看山水，帮我给他们规划一个轻松点的行程，5天左右",
    ],
)
def test_what_to_see_and_do_asks_a_guide(text: str) -> None:
    assert asked(parse(text, [])) == ("guide",)


@pytest.mark.parametrize(
    ("text", "today", "dates"),
    [
        ("meeting in Kuala Lumpur Thursday next week", "2026-12-29", ("2027-01-07", "2027-01-07")),
        ("flights to Sanya Thursday the week after next", "2026-12-29", ("2027-01-14", "2027-01-14")),
        ("Need a hotel in Shenzhen near Futian for wed to fri next week", "2027-01-11", ("2027-01-20", "2027-01-22")),
        (
            "We fly to London on 4 January and come home on the 8th. Will it be wet?",
            "2026-12-29",
            ("2027-01-04", "2027-01-08"),
        ),
        (
            "my sister's getting married in Sydney on April 17. I'm flying out the 13th and back the 20th. flights?",
            "2027-03-06",
            ("2027-04-13", "2027-04-20"),
        ),
        (
            "Stuck in the office till Jan 8 but then I'm free. Flights Beijing to Bangkok around the 9th?",
            "2026-12-16",
            ("2027-01-09", "2027-01-09"),
        ),
    ],
)
def test_a_weekday_of_next_week_a_way_home_and_a_busy_day_give_the_trips_dates(
    text: str, today: str, dates: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", today)
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == dates


def test_a_bare_weekday_in_a_follow_up_is_the_trips_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2027-01-11")
    q = parse("can you check flights for wed morning", ["Need a hotel in Shenzhen for wed to fri next week"])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2027-01-20", "2027-01-22")


@pytest.mark.parametrize(
    ("earlier", "text", "lookups"),
    [
        ([], "is there anywhere decent to crash near the Bund? nothing too fancy", ("hotels",)),
        ([], "I need somewhere to put my head down in Xian for 2 nights next week", ("hotels",)),
        ([], "new york at christmas — how much snow is there usually??", ("weather",)),
        ([], "第一次去西安，回民街哪些小吃值得吃？我们一家四口，元旦去", ("guide",)),
        ([], "三月想带爸妈去海边暖和暖和，三亚、厦门、海口哪个好？", ("compare",)),
        ([], "元旦想去广州玩，从长沙坐高铁过去，帮我看看酒店和天气", ("hotels", "weather")),
        (
            ["Chongqing the 18th to 20th, what is there to do? flying from Shanghai, check fares too"],
            "ok one guy bailed. and forget the things-to-do list, we'll wing it",
            ("flights",),
        ),
        (
            ["Flights and a hotel from Beijing to Shanghai next week please"],
            "Hotel's sorted actually, company booked it. Just the flights then.",
            ("flights",),
        ),
    ],
)
def test_lookups_asked_in_other_words_or_dropped(earlier: list[str], text: str, lookups: tuple[str, ...]) -> None:
    assert asked(parse(text, earlier)) == lookups


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        (
            "my husband and I will be in Tokyo from Jan 1 to 3. is it true most restaurants are shut over new year?",
            "opening_times",
        ),
        ("成都那家很火的火锅店晚上几点关门啊 我们航班十点才落地", "opening_times"),
        (
            "my flight got cancelled, does my travel insurance cover the hotel?? also what's the weather in london now",
            "insurance",
        ),
    ],
)
def test_a_flight_or_hotel_in_passing_beside_a_topic_beyond_the_data_is_not_priced(text: str, topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and not set(asked(q)) & {"flights", "hotels"}


def test_christmas_night_is_christmas_eve_and_sanlitun_is_beijing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")
    q = parse("圣诞夜三里屯人是不是巨多 晚上去安全吗", [])
    assert [c.id for c in q.destinations] == ["beijing"] and q.when is not None
    assert q.when.start.isoformat() == "2026-12-24"


def test_a_quiet_week_is_seven_nights() -> None:
    assert parse("Lijiang or Dali for a quiet week in January, which one would u pick?", []).days == 7


@pytest.mark.parametrize(
    ("earlier", "text", "stops", "nights"),
    [
        (
            ["元旦想去桂林玩玩，从长沙出发，8个人"],
            "张家界也想去，桂林两晚张家界两晚",
            ["guilin", "zhangjiajie"],
            (2, 2),
        ),
        (
            ["想下个月去三亚住一个礼拜，从北京出发"],
            "海口是不是也不错？要不三亚住四晚，海口住三晚",
            ["sanya", "haikou"],
            (4, 3),
        ),
        (
            ["Sanya for new year, 8 nights, from Beijing"],
            "could you add two nights in Haikou at the end? So Sanya 6 nights, then Haikou 2.",
            ["sanya", "haikou"],
            (6, 2),
        ),
    ],
)
def test_stops_follow_the_order_their_nights_are_said_in(
    earlier: list[str], text: str, stops: list[str], nights: tuple[int, ...]
) -> None:
    q = parse(text, earlier)
    assert [c.id for c in q.destinations] == stops and q.stop_nights == nights


def test_a_place_no_longer_considered_leaves_the_trip() -> None:
    q = parse("就去三亚吧，海口不考虑了", ["我和老伴春节想去海南住十天，那边天气怎么样", "从大连出发，机票也帮我看看"])
    assert [c.id for c in q.destinations] == ["sanya"]


def test_people_joining_in_a_follow_up_keep_the_trip_and_its_lookups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-16")
    q = parse("另外两个室友也要来", ["跨年想和室友去重卿看夜景，从西按出发，两个人机票贵不贵"])
    assert asked(q) == ("flights",) and q.party.size == 4 and q.when is not None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("救命 北京飞三亚 20号左右 怎么最便宜", "2026-12-20"),
        ("any seats left on the Wuhan to Changsha train this afternoon?", "2026-12-06"),
    ],
)
def test_a_day_said_roughly_or_this_afternoon(text: str, day: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")
    when = parse(text, []).when
    assert when is not None and when.start.isoformat() == day


@pytest.mark.parametrize(
    ("text", "size"),
    [("We're going to Taipei with our two kids on the 20th.", 4), ("老公说五一带我和儿子去成都看熊猫", 3)],
)
def test_two_parents_when_we_go_with_our_kids(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_a_homophone_after_a_weekday_is_read() -> None:
    q = parse("下周五深川飞夏门机票多少钱", [])
    assert q.origin is not None and q.origin.id == "shenzhen" and [c.id for c in q.destinations] == ["xiamen"]


@pytest.mark.parametrize(
    ("earlier", "text", "lookups"),
    [
        ([], "周五上海会降温吗 要去出差", ("weather",)),
        ([], "Need a hotel in Dalian for tonight, one night, under 300 kuai near the train station", ("hotels",)),
        ([], "下周从北京飞大阪 机+酒 两个人 人均5000够吗", ("flights", "hotels")),
        (
            ["五一带爸妈去西安玩三天，从上海出发，帮我看看机票酒店"],
            "行程也帮我排一下吧",
            ("flights", "guide", "hotels"),
        ),
    ],
)
def test_lookups_of_round_twelves_second_batches(earlier: list[str], text: str, lookups: tuple[str, ...]) -> None:
    assert asked(parse(text, earlier)) == lookups


def test_a_kid_friendly_itinerary_adds_no_child_to_the_party() -> None:
    first = "Easter break with my wife and our 3 kids, Tokyo, flying from Singapore. What would the whole trip cost?"
    assert parse("can you also give me a kid-friendly itinerary?", [first]).party.size == 5


def test_parents_who_visit_and_are_taken_on_a_trip_travel_with_the_asker() -> None:
    text = "my parents come visit me end of december and I want take them to Guilin for 4 days from the 27th"
    assert parse(text, []).party.size == 3


def test_an_exam_after_a_space_is_its_own_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-11-19")
    q = parse("算了改成下个月吧 下下周要考试", ["我和室友俩人想下下周去哈尔滨看冰雪，从北京出发，帮我看看机票和酒店"])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2026-12-01", "2026-12-31")


def test_a_stop_too_dear_gives_way_to_the_one_asked_about() -> None:
    q = parse("三亚要是太贵的话，海口怎么样？", ["春节想去三亚玩五天，从北京出发，两个人"])
    assert [c.id for c in q.destinations] == ["haikou"]


def test_yuanxiao_in_english_and_the_ball_drop() -> None:
    assert parse("are there any lantern festivals in Chengdu for Yuanxiao?", []).when is not None
    assert "events" in parse("NYC ball drop on NYE, what time should we get to times square?", []).beyond


@pytest.mark.parametrize(
    "text", ["上海到苏州的高铁最早一班几点？明天一早要去开会", "老张说三亚比海口暖和多了。我们明年一月也想去"]
)
def test_a_meeting_or_a_comparison_word_is_no_unknown_place(text: str) -> None:
    assert parse(text, []).unknown_places == []


@pytest.mark.parametrize(
    ("earlier", "text", "lookups"),
    [
        ([], "机票公司差旅统一订，不用查了，下周去成都，看酒店和天气就行", ("hotels", "weather")),
        (
            ["can you sort out a long weekend in Lhasa for me and my brother, 29th to 31st of January"],
            "scratch the flights, we're taking the train up from Chengdu",
            ("hotels", "weather"),
        ),
        (
            [],
            "Are there trains from Kunming to Dali and how long do they take? and whats a ticket roughly",
            ("flights",),
        ),
        ([], "去大阪玩签证需要准备什么材料？二月份去", ()),
    ],
)
def test_round_twelve_third_batches_lookups(earlier: list[str], text: str, lookups: tuple[str, ...]) -> None:
    assert asked(parse(text, earlier)) == lookups


@pytest.mark.parametrize(
    ("text", "nights"),
    [
        ("Could you look at hotels in Osaka? We'd probably stay a week and do Kyoto as a day trip.", 7),
        ("Would love to take my mum to Hong Kong for her birthday on the 19th, just a couple of nights.", 2),
        ("we're stuck between Phuket and Bangkok for a beachy-ish week in February", 7),
    ],
)
def test_stays_said_around_a_day_trip_or_an_adjective(text: str, nights: int) -> None:
    q = parse(text, [])
    assert (q.nights or q.days) == nights


def test_sun_icons_are_no_sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-16")
    when = parse("My phone keeps showing sun icons for Kunming. is it actually warm there on Christmas?", []).when
    assert when is not None and when.start.isoformat() == "2026-12-25"


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("Planning a Nanjing trip for my in-laws, they love history. Is there a guide?", 2),
        ("I want travel from Dubai to Shanghai and Beijing. Start 10 January. Two person.", 2),
    ],
)
def test_round_twelve_third_batches_parties(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_floods_are_a_safety_question() -> None:
    assert "safety" in parse("Is Phuket ok after the floods? We're booked for the 20th to the 24th.", []).beyond


def test_a_sigh_for_a_holiday_is_talk() -> None:
    q = parse("今天又加班到十点，好想去旅行啊呜呜呜", [])
    assert asked(q) == () and not q.travel_related


@pytest.mark.parametrize(
    "text",
    [
        "Easter long weekend in Hong Kong with my sister. where can we sleep that isn't a shoebox for under 700 USD?",
        "Family of five to Sanya for 4 nights over Christmas. What would a decent beachfrnt place run us?",
    ],
)
def test_a_bed_asked_for_in_other_words_is_a_hotel(text: str) -> None:
    assert "hotels" in asked(parse(text, []))


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("We'd love to see the Potala Palace in Lhasa. Is it open to visitors in late January?", "opening_times"),
        ("明天从长沙去张家界，绿皮车要坐几个小时？", "trains"),
    ],
)
def test_open_to_visitors_and_the_slow_train(text: str, topic: str) -> None:
    assert topic in parse(text, []).beyond


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("我和未婚夫下周末去青岛拍海边婚纱照，会不会下雨啊", 2),
        ("Flying to Sydney with our 3 kids on the 20th. Do we pack swimmers?", 5),
        ("Any sleeper trains left frm Beijing to Xi'an on friday night? need 2 berths", 2),
    ],
)
def test_round_twelve_fourth_parties(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("hotel in kyoto near the station 3 nights from dec 1", "kyoto"),
        ("bali or phuket for our honeymoon in march?", "bali"),
    ],
)
def test_a_world_place_typed_in_lower_case_is_found(text: str, unknown: str) -> None:
    q = parse(text, [])
    assert [w.casefold() for w in (*q.unknown_places, *(p.en for p in q.no_data))] == [unknown]


def test_a_time_inside_the_trip_said_as_inside_keeps_the_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")
    first = "I'll be in London Dec 27 to Jan 2, what's the weather like?"
    q = parse("Actually, could you also suggest things to do on New Year's Eve while I'm there?", [first])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2026-12-27", "2027-01-02")


@pytest.mark.parametrize(
    ("earlier", "text", "check"),
    [
        ([], "我爸妈退休了想出去走走，我陪他们，去西安三天，下周末出发", "party3"),
        (
            ["Phuket for a week in February from Shanghai, two of us"],
            "might as well add hotels too, somewhere quiet away from Patong",
            "origin",
        ),
        (["下周去伦敦出差，帮我看看酒店和天气"], "天气算了，手机上就能看", "noweather"),
        (
            [],
            "meetings in Hong Kong on the 20th and Macau on the 21st. I'll need one night in each. Just hotels",
            "each",
        ),
    ],
)
def test_round_twelve_fifth(earlier: list[str], text: str, check: str) -> None:
    q = parse(text, earlier)
    if check == "party3":
        assert q.party.size == 3
    elif check == "origin":
        assert q.origin is not None and q.origin.id == "shanghai" and [c.id for c in q.destinations] == ["phuket"]
    elif check == "noweather":
        assert "weather" not in asked(q)
    else:
        assert q.stop_nights == (1, 1)


@pytest.mark.parametrize(
    ("earlier", "text", "check"),
    [
        ([], "when does the Harbin ice and snow festival start this year?", "events-only"),
        ([], "I'm on a UK passport - can I do visa-free entry for Shanghai, and how long can I stay?", "visa-only"),
        ([], "去年冬天在哈尔滨冻成狗，今年打死不去了😂", "talk"),
        (["春节想从广州回长沙老家，帮我看看机票"], "我老婆和孩子也一起回", "party3"),
        ([], "曼谷和吉隆坡哪个四月更热", "weather"),
        ([], "带5岁女儿去迪士尼，上海还是香港的好？我们一家三口从北京出发", "no-unknown"),
    ],
)
def test_round_twelve_sixth(earlier: list[str], text: str, check: str) -> None:
    q = parse(text, earlier)
    if check in ("events-only", "visa-only"):
        assert asked(q) == () and q.beyond
    elif check == "talk":
        assert asked(q) == () and q.destinations == []
    elif check == "party3":
        assert q.party.size == 3
    elif check == "weather":
        assert "weather" in asked(q)
    else:
        assert q.unknown_places == []


@pytest.mark.parametrize(
    ("earlier", "text", "lookups"),
    [
        (
            ["元旦和爸妈去桂林和阳朔，从武汉坐高铁，帮我看看车票和酒店"],
            "车票先不查了，那几天天气怎么样？怕下雨",
            ("hotels", "weather"),
        ),
        ([], "西安到成都的高铁要坐几个小时，票价多少", ("flights",)),
        (
            ["想下下周去东京大阪，东京3晚大阪2晚，从上海出发"],
            "算了改到3月12号到17号，还是东京3晚大阪2晚",
            ("flights", "hotels", "weather"),
        ),
    ],
)
def test_round_twelve_seventh_lookups(earlier: list[str], text: str, lookups: tuple[str, ...]) -> None:
    assert asked(parse(text, earlier)) == lookups


def test_a_stop_left_out_leaves_the_trip() -> None:
    q = parse(
        "On second thought, leave Dali out, we went there in 2019.", ["Guilin, Lijiang and Dali in April from Beijing"]
    )
    assert [c.id for c in q.destinations] == ["guilin", "lijiang"]


def test_too_commercial_is_no_unknown_place() -> None:
    assert parse("夏门有什么好玩的地方？第一次去，不想去太商业化的", []).unknown_places == []


@pytest.mark.parametrize(
    ("earlier", "text", "check", "want"),
    [
        ([], "去日本现在还要不要签证啊，我是上海户口", "stops", ["tokyo", "osaka"]),
        (
            [],
            "hello, i am malaysian student study in xi an. this weekend want go chengdo see panda",
            "stops",
            ["chengdu"],
        ),
        (
            [],
            "kunmin dali lijang 7 days itinerary pls, we are retired couple, slow pace",
            "stops",
            ["kunming", "dali", "lijiang"],
        ),
        (
            [],
            "any guesthouse in dali with a view of erhai? me and 2 friends, 4 nights from the 20th",
            "asks",
            ("hotels",),
        ),
        (
            [],
            "Where would I even sleep in Lijiang, somewhere cheap-ish in the old town? the 12th–15th",
            "asks",
            ("hotels",),
        ),
        ([], "杭州 苏州 二选一 周末去 带我妈", "asks", ("compare",)),
        (
            [],
            "Flying Beijing to HK on the 3rd — is that route usually cheap or should I book now?",
            "asks",
            ("flights",),
        ),
        (["想下下周和朋友去成都，从上海出发"], "actually 下下周 better, gf coming too", "party", 2),
        (
            [],
            "my parents are both 70 and hate the cold, they want somewhere warm for jan. they fly from beijing",
            "party",
            2,
        ),
        (
            ["this weekend i want go chengdu see panda from xian, train ticket how much?"],
            "my 2 roommate also come",
            "party",
            3,
        ),
    ],
)
def test_round_twelve_eighth(earlier: list[str], text: str, check: str, want: object) -> None:
    q = parse(text, earlier)
    got = {"stops": [c.id for c in q.destinations], "asks": asked(q), "party": q.party.size}[check]
    assert got == want


def test_rite_now_is_today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-29")
    when = parse("is it snowing in beijing rite now", []).when
    assert when is not None and when.start.isoformat() == "2026-12-29"


@pytest.mark.parametrize(
    ("earlier", "text", "lookups"),
    [
        ([], "Taking my two kids to Hong Kong Disneyland on the 23rd. Shorts or jeans?", ("weather",)),
        ([], "how much am i gonna bleed getting from Chongqing to Bangkok for spring festival lol", ("flights",)),
        ([], "Board wants me in Singapore Wednesday. From HK, what's a last-minute seat going for?", ("flights",)),
        (
            ["寒假想和室友去重庆玩，从西安出发，预算每人1500，帮我看看机票酒店天气"],
            "室友也想去！我们俩AA，每人还是1500",
            ("flights", "hotels", "weather"),
        ),
        (["重庆三天，从西安出发，帮我看看机票酒店"], "算了不坐飞机了太贵，我们坐高铁，只帮我看酒店就行", ("hotels",)),
    ],
)
def test_round_twelve_ninth_lookups(earlier: list[str], text: str, lookups: tuple[str, ...]) -> None:
    assert asked(parse(text, earlier)) == lookups


def test_the_week_after_instead_moves_the_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")
    q = parse("make it the week after instead", ["weather in Harbin next week? and flights from Shanghai"])
    assert q.when is not None and (q.when.start.isoformat(), q.when.end.isoformat()) == ("2026-12-14", "2026-12-20")


@pytest.mark.parametrize(
    ("text", "stops", "unknown"),
    [
        ("我是香港永久居民但是拿的BNO，下个月去台北要办入台证吗？", ["taipei"], []),
        (
            "Can I transit thru Seoul without a visa on my way to LA? Hong Kong to Los Angeles on the 28th",
            ["losangeles"],
            [],
        ),
        ("哈尔滨冰雪大世界今年几号闭园啊？下周去还来得及吗", ["harbin"], []),
    ],
)
def test_who_one_is_a_transit_and_being_in_time_are_no_stops(text: str, stops: list[str], unknown: list[str]) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == stops and q.unknown_places == unknown


@pytest.mark.parametrize(
    "text",
    [
        "丽江有没有靠谱的一日游团，去玉龙雪山的那种，多少钱一位？下周和老公去",
        "我在深圳上班，圣诞节想去澳门玩一天，当天来回，那天天气怎么样啊",
    ],
)
def test_a_day_trip_is_no_night_and_a_price_each_is_no_party(text: str) -> None:
    q = parse(text, [])
    assert q.days is None and q.nights is None and q.party.size == (2 if "老公" in text else 1)


@pytest.mark.parametrize(
    ("text", "stars"),
    [
        ("Sanya for the Spring Festival, hotels? We don't need anything fancy, just clean and near the sea.", None),
        ("三亚春节的酒店多少钱？不用太豪华，干净就行", None),
        ("something fancy in Sanya for our anniversary please", 5),
    ],
)
def test_not_fancy_asks_no_luxury_class(text: str, stars: int | None) -> None:
    assert parse_stars(text) == stars  # (read as a 5-star ask before stop 56's review)
