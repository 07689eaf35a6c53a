"""Readings of the classes the outside test named (issue 41): children in a party, a route said in steps,
"now", a day of the month with no month, 比较 as "rather", a sum asked whether it reaches, the fare beside a
train. Each row is a question nobody wrote the planner for, read on Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner import route
from desktop_app.planner.nlu import parse


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


@pytest.mark.parametrize(
    ("text", "size", "children", "rooms"),
    [
        ("两个大人带一个5岁孩子去三亚玩5天", 3, 1, 1),
        ("我们两口子带俩娃去厦门", 4, 2, 1),
        ("two adults and a 4-year-old, Sanya next week", 3, 1, 1),
        ("Family trip: 2 adults, 2 teens and grandma to Kunming", 5, 2, 2),
        ("My husband and I plus our 3 kids are thinking about Guilin", 5, 3, 1),
        ("2 adults to Sanya and a hotel", 2, 0, 1),  # "and a hotel" is no traveller
        ("3个大人去成都", 3, 0, 2),
    ],
)
def test_children_said_after_the_adults_are_counted(text: str, size: int, children: int, rooms: int) -> None:
    party = parse(text, []).party
    assert (party.size, party.children, party.rooms) == (size, children, rooms)


def test_a_route_said_in_steps_has_its_nights_per_stop_and_goes_home() -> None:
    text = "先去西安玩两天，然后去成都玩三天，最后回北京"
    q = parse(text, [])
    assert [c.id for c in q.destinations] == ["xian", "chengdu"] and q.origin is not None
    assert q.origin.id == "beijing" and route.is_route(text, q) and q.stop_nights == (2, 3)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("拉萨现在冷不冷", ("2026-12-06", "2026-12-06")),
        ("I'm flying to Osaka on the 18th, back on the 22nd", ("2026-12-18", "2026-12-22")),
        ("18号出发去三亚，22号回", ("2026-12-18", "2026-12-22")),
        ("Harbin from the 28th to the 3rd", ("2026-12-28", "2027-01-03")),
        ("to Sanya on the 5th", ("2027-01-05", "2027-01-05")),  # the 5th has passed: next month's
        ("on the 2nd of January to Sanya", ("2027-01-02", "2027-01-02")),
    ],
)
def test_now_and_a_day_of_the_month_with_no_month(text: str, dates: tuple[str, str]) -> None:
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == dates


def test_a_line_number_is_no_date() -> None:
    assert parse("三亚3号线附近的酒店", []).when is None


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("元旦去哈尔滨，住哪里比较好", {"hotels"}),  # 比较好 is "rather good", no comparison
        ("比较一下成都和重庆", {"compare"}),
        ("去武汉出差两天，住江汉路附近", {"hotels"}),
        ("Taking the train from Beijing to Xi'an next Tuesday, and a hotel for 3 nights", {"flights", "hotels"}),
        ("cheapest way to get from Guangzhou to Xiamen next Friday", {"flights"}),
        ("坐高铁去西安玩三天", set()),  # the way of travel alone: the whole trip, by train
    ],
)
def test_what_is_asked(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


def test_a_sum_asked_whether_it_reaches_is_a_budget() -> None:
    assert parse("一万块钱能去悉尼玩一周吗", []).budget == 10_000
    assert parse("去悉尼一万块", []).budget is None  # a sum with no question about it


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("故宫周一开门吗", "beijing"),
        ("I want to see the Great Wall next week", "beijing"),
        ("外滩附近的酒店多少钱一晚", "shanghai"),
        ("Hotels near Victoria Harbour", "hongkong"),
        ("鼓浪屿一日游", "xiamen"),
        ("What time does the Louvre close on Fridays?", "paris"),
    ],
)
def test_a_landmark_names_its_city(text: str, city: str) -> None:
    q = parse(text, [])
    assert [c.id for c in q.destinations] == [city] and not q.unknown_places and not q.no_data


def test_a_landmark_is_read_on_word_edges_and_never_over_a_city() -> None:
    assert parse("去西安看兵马俑", []).destinations == parse("去西安", []).destinations
    assert not parse("I love the bundle of joy", []).destinations  # "the Bund" is not inside "bundle"


def test_what_time_a_place_closes_is_beyond_the_data_and_near_is_not() -> None:
    assert parse("What time does the Louvre close on Fridays?", []).beyond == ("opening_times",)
    assert parse("A hotel close to the beach in Sanya", []).beyond == ()
    assert parse("哈尔滨冰雪大世界什么时候开园", []).beyond == ("opening_times",)


def test_a_country_named_beside_one_of_its_cities_is_that_city() -> None:
    q = parse("去日本要签证吗，顺便看看下个月去大阪的机票和酒店", [])
    assert [c.id for c in q.destinations] == ["osaka"]
    assert [c.id for c in parse("日本玩一周", []).destinations] == ["tokyo", "osaka"]


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("新加坡要签证吗？顺便查下下周的机票", ("2026-12-07", "2026-12-13")),  # 查下 + 下周
        ("下下周去成都", ("2026-12-14", "2026-12-20")),
        ("周五去苏州，周日回", ("2026-12-11", "2026-12-13")),
    ],
)
def test_look_up_next_week_and_out_friday_back_sunday(text: str, dates: tuple[str, str]) -> None:
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == dates


@pytest.mark.parametrize(
    ("earlier", "text", "places"),
    [
        (["去三亚玩三天，从北京出发"], "还是去厦门？", ["sanya", "xiamen"]),  # "or" makes alternatives
        (["Sanya for 3 nights from Beijing"], "or Xiamen?", ["sanya", "xiamen"]),
        (["Sanya for 3 nights from Beijing"], "Haikou instead", ["haikou"]),  # "instead" replaces the stop
        (["去三亚玩三天，从北京出发"], "改去海口吧", ["haikou"]),
    ],
)
def test_a_follow_up_folds_into_the_trip(earlier: list[str], text: str, places: list[str]) -> None:
    assert [c.id for c in parse(text, earlier).destinations] == places


def test_one_more_traveller_is_added_not_a_party_of_one() -> None:
    assert parse("再加一个人", ["我们两个人去三亚玩三天"]).party.size == 3
    assert parse("再加上我老婆，两个人", ["去三亚玩三天"]).party.size == 2  # a new total


def test_a_follow_up_keeps_every_slot_it_does_not_say() -> None:
    chain = ["我们三个人下个月去三亚，人均预算3000", "改成海口吧"]
    q = parse("再加上我妹妹", chain)
    assert [c.id for c in q.destinations] == ["haikou"] and q.party.size == 4
    assert (q.budget, q.budget_each) == (12_000, True)  # 人均 3,000 × 4, not × 3
    assert q.when is not None and q.when.start.isoformat() == "2027-01-01"
    saved = parse("save this trip", ["me + my wife to Sanya, Dec 20 to 27, budget 10000", "add my mum"])
    assert saved.party.size == 3 and saved.budget == 10_000 and saved.when is not None


def test_a_time_said_before_the_trip_is_the_trips() -> None:
    q = parse("去三亚吧", ["我下周有空"])
    assert q.when is not None and q.when.start.isoformat() == "2026-12-07"


@pytest.mark.parametrize(
    ("text", "dates", "kind"),
    [
        ("平安夜 上海 酒店 两晚", ("2026-12-24", "2026-12-24"), "day"),
        ("flights from Bangkok to Singapore on Xmas eve", ("2026-12-24", "2026-12-24"), "day"),
        ("Christmas week in London", ("2026-12-21", "2026-12-27"), "week"),  # a week: no length of stay
        ("Any fireworks in Sydney on NYE?", ("2026-12-31", "2026-12-31"), "day"),
        ("人在广州，这个月最后一个周末想去桂林", ("2026-12-26", "2026-12-27"), "weekend"),
        ("cheapest flight PVG to chengdu friday", ("2026-12-11", "2026-12-11"), "day"),
        ("is london safe rn", ("2026-12-06", "2026-12-06"), "day"),
    ],
)
def test_more_days_travellers_name(text: str, dates: tuple[str, str], kind: str) -> None:
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat(), when.kind) == (*dates, kind)


def test_black_friday_is_the_day_after_thanksgiving_and_a_sum_in_chinese_numerals_is_read_whole() -> None:
    when = parse("Black Friday deals in New York", []).when  # not the coming Friday
    assert when is not None and when.start == when.end and when.start.weekday() == 4 and when.start.month == 11
    assert parse("下个月想从上海带爸妈去三亚住5晚，预算一万五", []).budget == 15_000
    assert parse("去成都，预算两千五够吗", []).budget == 2_500


def test_a_follow_up_that_changes_the_budget_or_adds_a_lookup_keeps_the_trip() -> None:
    q = parse("预算改成人均5000吧", ["下个月想从上海带爸妈去三亚住5晚，预算一万五"])
    assert [c.id for c in q.destinations] == ["sanya"] and q.open is None and q.budget == 15_000
    q = parse("any cheaper hotels there too?", ["cheapest flight PVG to chengdu friday"])
    assert q.intents == {"flights", "hotels"} and q.when is not None


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Easter去London, hotels 4晚", ("2027-03-26", "2027-03-29")),  # Latin against Chinese keeps its edges
        ("年底终于把项目交付了，12月24号去曼谷，28号回来", ("2026-12-24", "2026-12-28")),  # the day inside 年底
        ("Kuala Lumpur on Saturday and coming back Sunday night", ("2026-12-12", "2026-12-13")),
        ("Checking in March 14th, checking out the 19th, Osaka", ("2027-03-14", "2027-03-19")),
        ("flights PVG→tokyo next fri", ("2026-12-11", "2026-12-11")),
        ("paris weather nxt week", ("2026-12-07", "2026-12-13")),
    ],
)
def test_dates_in_long_and_terse_messages(text: str, dates: tuple[str, str]) -> None:
    when = parse(text, []).when
    assert when is not None and (when.start.isoformat(), when.end.isoformat()) == dates


def test_until_friday_is_no_trip_day() -> None:
    when = parse("I'm in Singapore for work until Friday, then Kuala Lumpur on Saturday", []).when
    assert when is not None and when.start.isoformat() == "2026-12-12"


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("Me, the wife and the 3 kids are going to do Beijing", 5),
        ("me, my husband, our two kids and my parents, Sydney", 6),
        ("I want to take my parents to Xiamen", 3),
        ("想带老婆和女儿（女儿还小，才两岁）去曼谷", 3),  # the aside names no one more
        ("我们四个女生想去青岛", 4),
        ("爸妈退休了，让他们去哈尔滨，他俩从大连出发", 2),
        ("just me and my two boys, Qingdao", 3),
        ("My buddy and I are doing Guilin", 2),
    ],
)
def test_people_in_long_messages(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def test_origins_and_per_stop_nights_in_long_messages() -> None:
    q = parse("We're all in Guangzhou. Thinking either Macau or Hong Kong", [])
    assert q.origin is not None and q.origin.id == "guangzhou"
    q = parse("Guilin first for 2 nights, then Kunming for 3, then Lhasa for 4. From Changsha", [])
    assert q.stop_nights == (2, 3, 4)
    q = parse("我们四个女生想五一去青岛和大连，青岛两晚、大连一晚，从北京出发。人均两千", [])
    assert q.stop_nights == (2, 1) and (q.budget, q.budget_each) == (8_000, True)
    assert parse("Budget is about USD 5000 for everything, Beijing", []).budget == 36_000


def test_words_inside_a_name_ask_for_nothing_and_a_plan_is_the_whole_trip() -> None:
    assert parse("harbin ice and snow world opening hrs", []).intents == set()
    assert parse("我在广州，想带着爸妈找个暖和的地方，听说厦门不错，帮我安排一下吧", []).intents == set()
    assert parse("酒店也帮我看下", ["北京到成都的机票"]).intents == {"flights", "hotels"}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Do I need anything to enter Macau from the mainland?", "visa"),
        ("Can I bring mooncakes through customs when I land in London?", "visa"),
        ("曼谷的自来水能直接喝吗？", "safety"),
        ("are there a lot of pickpockets in Paris?", "safety"),
        ("If we go to Osaka in April, will the cherry blossoms be out?", "events"),
        ("12月24号到26号在香港，那几天有圣诞集市吗？", "events"),
        ("Do I need to reserve a time slot for the Forbidden City?", "opening_times"),
        ("Is there an overnight train from Beijing to Shanghai?", "trains"),
        ("下周五从西安坐火车去成都，还有二等座吗？", "trains"),
    ],
)
def test_more_ways_to_ask_what_the_data_cannot_know(text: str, topic: str) -> None:
    q = parse(text, [])
    assert topic in q.beyond and not q.intents & {"flights", "hotels"}


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("Do I need a coat in Seoul next week?", {"weather"}),
        ("What does it cost to fly from Shanghai to Singapore on December 20?", {"flights"}),
        ("Find me a place near the beach in Sanya", {"hotels"}),
        ("成都必吃的有哪些", {"guide"}),
        ("Must-eat dishes in Guangzhou?", {"guide"}),
        ("Any big concerts or festivals in Tokyo on New Year's Eve? And how cold does it get?", {"weather"}),
        ("下周五从西安坐火车去成都，还有二等座吗？成都酒店住两晚大概多少钱", {"hotels"}),
    ],
)
def test_one_lookup_asked_many_ways(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


def test_a_holidays_market_is_no_date_and_boxing_day_is() -> None:
    when = parse("Are the Christmas markets in London still running on December 28?", []).when
    assert when is not None and when.start.isoformat() == "2026-12-28"
    when = parse("Are the museums in London open on Boxing Day?", []).when
    assert when is not None and when.start.isoformat() == "2026-12-26"
    assert parse("Plan a 5-day trip to Sydney for my wife and me", []).party.size == 2


def test_train_or_plane_weighs_both_fares_and_fly_from_there_is_an_origin() -> None:
    weighed = parse("广州到长沙高铁还是飞机好", [])
    assert (weighed.intents, weighed.mode) == ({"flights"}, "both")  # the two fares side by side, no trip priced
    q = parse("I'll take the train to Shenzhen and fly from there to Phuket on Feb 1", [])
    assert q.intents == set() and q.origin is not None and q.origin.id == "shenzhen"


def test_the_same_children_named_twice_count_once_and_tagging_along_is_two() -> None:
    text = "五一想带我家两个娃去Hong Kong Disneyland，我和老公加两个孩子，从Changsha出发"
    assert (parse(text, []).party.size, parse(text, []).party.children) == (4, 2)
    assert parse("我老公下个月去London出差，我想跟着一起去玩几天", []).party.size == 2
    assert parse("带儿子和女儿去三亚", []).party.size == 3


def test_conversations_fold_turn_by_turn() -> None:
    flights = "I'm flying out of Shanghai to Tokyo on Dec 18 and back on Dec 22 — can you check flights?"
    q = parse("My sister is coming too.", [flights])
    assert q.party.size == 2 and q.intents == {"flights"} and q.nights == 4
    q = parse("And hotels there for 3 nights?", ["What's the weather going to be like in Harbin next week?"])
    assert q.intents == {"hotels", "weather"}
    q = parse("Push it a week.", ["What's the weather going to be like in Harbin next week?"])
    assert q.when is not None and q.when.start.isoformat() == "2026-12-14" and q.days is None
    six = ["我和3个朋友下个月想去成都玩5天，人均3000以内，帮我看看", "再加两个人"]
    assert parse("我们从深圳出发", six).party.size == 6  # "we" counts no one new
    three = ["元旦从北京出发去昆明，我们两个人，帮我查下机票", "再加上大理和丽江"]
    q = parse("顺便看看这三个地方的天气", three)
    assert [c.id for c in q.destinations] == ["kunming", "dali", "lijiang"] and q.intents == {"flights", "weather"}
    back = ["下周我们俩想去三亚玩4天，帮我规划一下", "改成下下周吧", "换成厦门吧"]
    q = parse("算了，还是回到三亚吧，顺便存一下这个方案", back)
    assert [c.id for c in q.destinations] == ["sanya"] and "compare" not in q.intents and "save" in q.intents
    assert parse("改到再下一个周末吧", ["周末想和老婆去杭州，帮我找个酒店"]).when.start.isoformat() == "2026-12-19"  # type: ignore[union-attr]
