"""Reading classes found in the dev batches at stop 50 (issue 41): how to arrange the days, a home said as where one
lives or works, a nationality, a stay said as "I'm in X next week". Each row is written here, not taken from the
question set; read on Sunday 6 Dec 2026."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.planner.second_look import looks_up
from tests.unit.planner.test_model import calls_of, final_text, run


@pytest.fixture(autouse=True)
def _sunday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-06")


def _read(text: str, earlier: list[str] | None = None) -> tuple[list[str], str | None, list[str]]:
    """The stops, the origin and the lookups read from `text`."""
    q = parse(text, earlier or [])
    return [c.id for c in q.destinations], q.origin.id if q.origin else None, sorted(looks_up(q))


@pytest.mark.parametrize(
    "text",
    [
        "西安和洛阳一共四天，怎么安排比较合理",
        "厦门三天两晚，有没有好走的路线",
        "Chengdu and Chongqing in 6 days, how to arrange it?",
        "we have 7 nights for Tokyo and Kyoto, how should we split them?",
        "doing Bangkok and Phuket, where should we base ourselves?",
    ],
)
def test_how_to_arrange_the_days_asks_for_a_guide(text: str) -> None:
    assert "guide" in parse(text, []).intents and not {"flights"} & parse(text, []).intents


def test_how_to_arrange_within_a_sum_asks_the_whole_trip() -> None:
    assert _read("下个月去大连玩三天，人均两千，怎么安排最划算")[2] == ["flights", "hotels", "weather"]


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        ("Hi, I'm from Canada, working in Beijing now. Xi'an for a long weekend, hotels?", ["xian"], "beijing"),
        ("I am from Brazil, living in Shenzhen now, want to see Guilin next month", ["guilin"], "shenzhen"),
        ("Living in Hangzhou as a student. Cheapest way to get to Chengdu in January?", ["chengdu"], "hangzhou"),
        ("we're a couple of retirees (both 70) in Qingdao thinking about Kunming for March", ["kunming"], "qingdao"),
    ],
)
def test_where_one_lives_or_works_is_the_origin(text: str, stops: list[str], origin: str) -> None:
    got_stops, got_origin, _ = _read(text)
    assert (got_stops, got_origin) == (stops, origin)


def test_a_nationality_is_no_place_asked_about() -> None:
    assert parse("I am from Germany, living in Wuhan now, hotels in Changsha next weekend?", []).no_data == []


@pytest.mark.parametrize(
    ("text", "stop"),
    [
        ("Is the British Museum free? I'm in London next week", "london"),
        ("we're in tokyo that weekend, what's the weather going to be", "tokyo"),
        ("外滩晚上几点关灯？我们周六到上海", "shanghai"),
    ],
)
def test_being_somewhere_next_week_is_a_stay_not_the_origin(text: str, stop: str) -> None:
    stops, origin, _ = _read(text)
    assert stops == [stop] and origin is None


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("Grandpa, my wife, our 2 boys and me want Sanya for New Year", 5),
        ("me hubby n our toddler, xiamen next month, hotel?", 3),
        ("Taking the girls (5 and 9) plus my mum to Qingdao in July", 4),
        ("Bringing the kids (3 of them) and my husband to Kunming at Easter", 5),
        ("my two daughters (16 and 13) and I fancy Seoul in spring", 3),
        ("just the 2 of us + our baby, Guilin in April", 3),
        ("Dad, me and my brother: Chengdu for 4 nights", 3),
        ("hotels in Dalian w wife n 3 kids, sat night", 5),
        ("book it for me, i'll check later", 1),
        ("My wife and I (both 70) would like Harbin in January", 2),
    ],
)
def test_a_list_of_people_is_counted_once_each(text: str, size: int) -> None:
    assert parse(text, []).party.size == size


def _dates(text: str) -> tuple[str, str] | None:
    q = parse(text, [])
    return (q.when.start.isoformat(), q.when.end.isoformat()) if q.when is not None else None


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("这个月20到23号想去桂林", ("2026-12-20", "2026-12-23")),
        ("下个月5到9号去西安，酒店多少钱", ("2027-01-05", "2027-01-09")),
        ("flying Beijing to Osaka Friday 15 January, returning Friday the 22nd", ("2027-01-15", "2027-01-22")),
        ("我结婚纪念日是1月14号，想那一周去厦门", ("2027-01-11", "2027-01-17")),
        ("双十二那天飞成都，机票贵吗", ("2026-12-12", "2026-12-12")),
        ("双十二那天抢好了机票，1月3号飞成都", ("2027-01-03", "2027-01-03")),
    ],
)
def test_days_said_as_travellers_say_them(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


@pytest.mark.parametrize(
    "text",
    ["韩国签证现在还要面签吗", "北京飞大阪的机票现在多少钱？", "Bangkok fares are cheap rn", "长沙五一广场晚上好玩吗"],
)
def test_now_that_says_how_things_stand_is_no_trip_date(text: str) -> None:
    assert _dates(text) is None


@pytest.mark.parametrize("text", ["哈尔滨现在冷吗", "is Bangkok safe right now?"])
def test_now_asked_of_the_weather_or_safety_is_today(text: str) -> None:
    assert _dates(text) == ("2026-12-06", "2026-12-06")


def test_a_weekend_longer_than_two_days_stays_its_nights() -> None:
    q = parse("Thanksgiving weekend in Chicago or New York? hotels in New York", [])
    assert q.when is not None and q.when.days == 4 and q.stay_nights == 3


def test_an_arrowed_route_with_nights_each_starts_at_its_first_stop() -> None:
    q = parse("Xiamen → Fuzhou → Guangzhou, 2 nights each, hotels?", [])
    assert q.origin is None and [c.id for c in q.destinations][:1] == ["xiamen"] and q.stop_nights[:1] == (2,)


async def test_train_or_plane_looks_up_both_fares_and_no_trip() -> None:
    events, _ = await run("西安到成都坐高铁还是飞机划算？机票多少钱")
    assert sorted(name for name, _ in calls_of(events)) == ["get_flight_price", "get_train_price"]
    answer = final_text(events)
    assert "机票" in answer and "火车票" in answer and "酒店" not in answer


@pytest.mark.parametrize(
    ("text", "stop", "origin"),
    [
        ("cheapest flight pek to kmg on jan 9?", "kunming", "beijing"),
        ("hkg hotels fri night", "hongkong", None),
        ("icn 2 nights in march, hotels", "seoul", None),
    ],
)
def test_an_airport_code_typed_in_lower_case_is_its_city(text: str, stop: str, origin: str | None) -> None:
    stops, got_origin, _ = _read(text)
    assert (stops, got_origin) == ([stop], origin)


def test_an_english_word_is_no_airport() -> None:
    assert _read("can you sin a little in Macau? hotels")[0] == ["macau"]


@pytest.mark.parametrize("follow_up", ["两个地方的酒店也查一下", "查下两地下周的天气", "check hotels in both"])
def test_both_places_in_a_follow_up_are_the_places_so_far(follow_up: str) -> None:
    assert _read(follow_up, ["青岛和大连哪个夏天更舒服"])[0] == ["qingdao", "dalian"]


@pytest.mark.parametrize(
    "text",
    [
        "stuck at Pudong, my flight is late again, tell me a joke",
        "new year's resolution ideas? mine was to travel more lol",
        "你会说广东话吗",
    ],
)
def test_what_is_asked_of_the_assistant_itself_looks_nothing_up(text: str) -> None:
    q = parse(text, [])
    assert looks_up(q) == () and q.destinations == []


@pytest.mark.parametrize(
    ("text", "topic"), [("土耳其现在局势怎么样，能去吗", "safety"), ("首尔转机要办过境签吗", "visa")]
)
async def test_what_the_data_cannot_know_is_said_and_not_priced(text: str, topic: str) -> None:
    events, _ = await run(text)
    assert topic in parse(text, []).beyond and calls_of(events) == [] and "没有" in final_text(events).splitlines()[0]


def test_traditional_characters_read_as_simplified() -> None:
    q = parse("下週從香港飛東京，機票多少錢？兩個人", [])
    assert (q.origin and q.origin.id, [c.id for c in q.destinations], q.party.size) == ("hongkong", ["tokyo"], 2)
    assert q.when is not None and q.when.start.isoformat() == "2026-12-07" and "flights" in q.intents


def test_a_district_of_a_city_is_that_city_and_a_neighbour_is_not() -> None:
    assert _read("hotels in Kowloon next weekend")[0] == ["hongkong"]
    assert parse("Kowloon hotels, flying from 宝安", []).origin_world is None
    assert parse("想今晚去珠海住一晚", []).destinations == []  # 9 km from Macau, a city of its own


def test_a_friend_from_abroad_is_no_origin() -> None:
    q = parse("Lhasa weather next week? A friend from Germany is coming with me", [])
    assert q.origin_world is None and q.no_data == []


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("广州春节花市几号开始？", "events"),
        ("哈尔滨冰雪大世界今年几号开幕", "events"),
        ("bullet train Beijing to Shanghai, should I book ahead?", "trains"),
    ],
)
def test_what_is_on_and_booking_a_train_are_beyond_the_data(text: str, topic: str) -> None:
    assert topic in parse(text, []).beyond


def test_a_weekday_after_next_is_a_week_after_the_coming_one() -> None:
    assert _dates("flying to Xiamen the thursday after next") == ("2026-12-17", "2026-12-17")


def test_a_misspelt_city_in_a_follow_up_is_that_city() -> None:
    assert _read("那夏门呢 暖和吗", ["三亚下周天气怎么样"])[0] == ["xiamen"]


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [("京飞沪 下周五 机票多少", ["shanghai"], "beijing"), ("从渝出发去厦门玩三天", ["xiamen"], "chongqing")],
)
def test_a_one_character_city_name_at_a_route_end(text: str, stops: list[str], origin: str) -> None:
    assert _read(text)[:2] == (stops, origin)


def test_a_one_character_name_inside_a_word_is_no_city() -> None:
    assert _read("东京飞大阪的机票")[:2] == (["osaka"], "tokyo")


def test_a_travellers_background_is_no_talk() -> None:
    q = parse("I'm a PhD student in Nanjing, workshop in Tokyo Feb 8-11, what would a ticket run?", [])
    assert [c.id for c in q.destinations] == ["tokyo"] and "flights" in q.intents


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Black Friday in New York, hotels?", ("2027-11-26", "2027-11-26")),
        ("2月最后一个weekend 去厦门", ("2027-02-27", "2027-02-28")),
    ],
)
def test_named_days_in_either_language(text: str, dates: tuple[str, str]) -> None:
    assert _dates(text) == dates


def test_exact_days_said_beside_a_vague_part_of_the_month_win() -> None:
    assert _dates("下个月中旬去大阪 10号到14号 机票多少") == ("2027-01-10", "2027-01-14")


def test_us_counted_in_a_list() -> None:
    assert parse("grandma + us 2 + our toddler, Xiamen in April", []).party.size == 4


@pytest.mark.parametrize(
    ("text", "stops", "origin"),
    [
        ("春节回老家西安，我在上海上班，机票多少钱", ["xian"], "shanghai"),
        ("Family of four, Shenzhen based. Flights to Tokyo for spring break?", ["tokyo"], "shenzhen"),
    ],
)
def test_going_home_is_the_stop_and_based_is_the_origin(text: str, stops: list[str], origin: str) -> None:
    assert _read(text)[:2] == (stops, origin)


@pytest.mark.parametrize(
    "text",
    [
        "国庆一家四口去厦门，从杭州开车过去，只看酒店就行",
        "Seoul over new year, we've got flights already, just need a hotel near Myeongdong",
        "Chengdu next weekend, got the tickets sorted, where we'll sleep is the question",
    ],
)
def test_only_the_hotel_when_only_the_hotel_is_wanted(text: str) -> None:
    assert parse(text, []).intents == {"hotels"}


def test_twins_are_two_children_in_their_parents_room() -> None:
    party = parse("Me, my wife and our twins (6), Qingdao in July", []).party
    assert (party.size, party.children, party.rooms) == (4, 2, 1)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("just need flights and a hotel in Osaka", {"flights", "hotels"}),
        ("只看机票和酒店，大阪", {"flights", "hotels"}),
    ],
)
def test_only_keeps_every_lookup_named_with_it(text: str, asked: set[str]) -> None:
    assert parse(text, []).intents == asked
