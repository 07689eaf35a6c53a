"""Reading classes found at stop 52 (issue 41): what is already booked is not asked, a clause telling a past trip
asks nothing, a train's fare is not a flight's, a follow-up's days counted from the trip's. Each row is written
here, not taken from the question set; read on Wednesday 16 Dec 2026."""

from __future__ import annotations

import datetime

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.travel.party import find_party


@pytest.fixture(autouse=True)
def _wednesday(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVEL_ASSISTANT_TODAY", "2026-12-16")


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("Flight to Seoul already booked for Jan 3 - will it snow?", {"weather"}),
        ("weather in Osaka next weekend? the hotel near Namba is already paid for", {"weather"}),
        ("landing in Bangkok on the 28th (already got tickets), is it humid then", {"weather"}),
        ("Got our flights to Xiamen for the 2nd already. cold there?", {"weather"}),
        ("去迪拜转机需要签证吗？机票我们已经买好了", set()),
        ("桂林现在几度", {"weather"}),
        ("is it monsoon season in Phuket in June", {"weather"}),
    ],
)
def test_what_is_already_booked_is_not_asked(text: str, intents: set[str]) -> None:
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        (
            "Went to Harbin last winter and was freezing the whole time. This time just flights to Haikou on Friday",
            {"flights"},
        ),
        ("上个月刚从哈尔滨冻回来😂 这次看看去厦门的机票", {"flights"}),
        ("Last time in Tokyo it rained all week. Going back next month - will it be dry this time?", {"weather"}),
    ],
)
def test_words_in_a_clause_telling_a_past_trip_ask_nothing(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("杭州到南京的动车一天几班，票价呢", {"flights"}),  # the fare asked: priced by the rail tool (get_train_price)
        ("Shenzhen to Guilin by train - how long is it, and is it easier than flying?", set()),
        ("北京到长春的卧铺还有票吗 没票的话飞机多少钱", {"flights"}),
        ("Is there a train from Guangzhou to Xiamen? If not I'll just fly, how much is the fare?", {"flights"}),
    ],
)
def test_a_trains_fare_is_not_a_flights(text: str, intents: set[str]) -> None:
    q = parse(text, [])
    assert (set() if q.beyond_only else q.intents) == intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("下周末去苏州，平江路附近有啥好住的吗", {"hotels"}),
        ("any cheap beds in Xiamen this Saturday?", {"hotels"}),
        ("need a roof over my head in Chengdu from the 20th to the 22nd", {"hotels"}),
        ("下个月去成都，带爸妈，给个四天的行程", {"guide"}),
        ("what do people actually do in Lijiang in winter?", {"guide"}),
        ("cheapest flght guangzhou to bangkok next week?", {"flights"}),
        ("flying out of PEK to Seoul on the 28th, one way, how much?", {"flights"}),
        ("春节去昆明冷不冷？跟大理比呢", {"compare", "weather"}),
        ("is April a good month for Xi'an? or should I just do Chengdu", {"compare", "weather"}),
    ],
)
def test_more_ways_of_asking_one_lookup(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


def test_a_clause_starting_with_the_way_home_names_the_origin() -> None:
    q = parse("春运火车票难抢吗 武汉回长沙", [])
    assert q.origin is not None and q.origin.id == "wuhan" and [c.id for c in q.destinations] == ["changsha"]
    q = parse("先去成都 最后成都回上海", [])
    assert q.origin is None or q.origin.id != "chengdu"


def test_a_follow_up_naming_the_day_the_trip_starts_keeps_the_trip() -> None:
    before = "Save a trip for two: Xiamen, 2027/1/11-1/15, flying from Nanjing."
    q = parse("Also look up the flights for the 11th.", [before])
    assert q.when is not None and (q.when.start, q.when.end) == (datetime.date(2027, 1, 11), datetime.date(2027, 1, 15))


def test_the_weekend_after_that_moves_the_trip_a_week_and_keeps_its_nights() -> None:
    before = "flights Shenzhen to Bangkok this weekend, staying 2 nights"
    q = parse("actually make it the weekend after that", [before])
    assert q.when is not None and q.when.start == datetime.date(2026, 12, 26) and q.nights == 2


def test_weekdays_in_a_follow_up_are_the_trips_week() -> None:
    q = parse("make it a long weekend, fri to mon", ["hotels in Taipei the weekend after next"])
    assert q.when is not None and (q.when.start, q.when.end) == (datetime.date(2027, 1, 1), datetime.date(2027, 1, 4))
    assert q.nights == 3


def test_instead_of_drops_the_stop_said_after_it() -> None:
    q = parse("can we do Hong Kong instead of Taipei, same dates", ["hotels in Taipei next weekend"])
    assert [c.id for c in q.destinations] == ["hongkong"]


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("oh and my wife and our two girls are coming too", 4),
        ("Taking my grandparents to Macau. Me, my husband and grandma & grandpa", 4),
        ("with my grandparents and my dad", 4),
        ("My dad keeps asking me to take him to Xi'an, what's the weather like in spring?", 2),
        ("七夕想给女朋友一个惊喜，去厦门两天", 2),
        ("I want to show my girlfriend Guilin in April", 2),
        ("save this please, I'll show my wife tonight", 1),
    ],
)
def test_who_goes_counted_once(text: str, size: int) -> None:
    assert find_party(text).size == size


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("想去云南，昆明和普洱都想去，五月去合适吗", ["普洱"]),
        ("拉萨十一去合适吗", []),
        ("去年去成都吃过火锅，这次想去重庆", []),
    ],
)
def test_words_after_a_way_that_are_no_place(text: str, unknown: list[str]) -> None:
    assert parse(text, []).unknown_places == unknown


def test_a_day_of_the_month_after_we_is_no_head_count() -> None:
    q = parse("改一下，我们28号就出发，住到2号", ["跨年想去厦门！我和老公，从长沙出发"])
    assert q.party.size == 2 and q.nights == 5
    assert q.when is not None and (q.when.start, q.when.end) == (datetime.date(2026, 12, 28), datetime.date(2027, 1, 2))


@pytest.mark.parametrize(("text", "size"), [("hk hotel 2ppl", 2), ("xiamen 3ppl 2n", 3)])
def test_people_written_against_their_number(text: str, size: int) -> None:
    assert find_party(text).size == size


@pytest.mark.parametrize(
    "text",
    [
        "Christmas in Tokyo, me and my wife, from Shanghai. We've got about 30000 RMB for everything",
        "Roughly 30k yuan for the two of us, Tokyo at Christmas from Shanghai",
    ],
)
def test_a_sum_for_everything_is_the_budget(text: str) -> None:
    assert parse(text, []).budget == 30000


@pytest.mark.parametrize(
    ("text", "stops"),
    [
        ("I'm based in Shenzhen but my 老家 is Changsha haha. flights Shenzhen to Xiamen this Saturday?", ["xiamen"]),
        ("之前在杭州住过西湖边，还行。这次去苏州，有没有性价比高的酒店", ["suzhou"]),
        ("Spent my honeymoon in Bali ages ago. Now want to try Phuket - itinerary ideas for 4 days?", ["phuket"]),
        (
            "My in-laws are in Dalian but this time we want somewhere warm. Sanya or Haikou in February?",
            ["sanya", "haikou"],
        ),
    ],
)
def test_a_place_in_an_aside_is_no_stop(text: str, stops: list[str]) -> None:
    assert [c.id for c in parse(text, []).destinations] == stops


def test_a_home_in_chinese_after_english_is_the_origin_and_frm_is_from() -> None:
    q = parse("my sister lives in 青岛, I'm in 南京, just tell me hotels in 苏州 on Saturday", [])
    assert q.origin is not None and q.origin.id == "nanjing" and [c.id for c in q.destinations] == ["suzhou"]
    q = parse("bkk flights frm PVG", [])
    assert q.origin is not None and q.origin.id == "shanghai"


def test_a_stay_said_as_a_length_beside_a_budget_is_the_whole_trip_and_a_joiner_tags_along() -> None:
    first = (
        "Xmas in Bangkok, me and my wife. We'd fly out of Shanghai on the 24th and stay 4 nights. Total budget $3000?"
    )
    q = parse(first, [])
    assert q.intents == set() and q.nights == 4  # nothing named alone: the whole trip within the money
    q = parse("update: mother-in-law wants to tag along too", [first])
    assert q.party.size == 3 and [c.id for c in q.destinations] == ["bangkok"]


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("This time it's me, him and our two kids (4 and 7).", 4),
        ("me, her and the baby", 3),
        ("I gave her the tickets", 1),
    ],
)
def test_him_and_her_in_a_list_with_me_are_people(text: str, size: int) -> None:
    assert find_party(text).size == size


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("Christmas in Tokyo this year? Need flights from Shanghai, staying 5 nights", {"flights"}),
        ("下下周去西安出差 stay 4晚 帮我查下flights", {"flights"}),
        ("Flight to Seoul already booked for Jan 3, staying 4 nights - what should I pack?", {"weather"}),
        ("下周末去杭州，住一晚，住哪儿比较划算", {"hotels"}),
    ],
)
def test_a_stay_said_as_a_length_beside_a_fare_asks_the_fare(text: str, intents: set[str]) -> None:
    assert parse(text, []).intents == intents


def test_buying_train_tickets_is_beyond_the_data_and_the_same_route_asks_no_guide() -> None:
    text = "can i buy train tickets from beijing to harbin online? and flight prices for the same route next monday"
    q = parse(text, [])
    assert q.intents == {"flights"} and "trains" in q.beyond


async def test_a_seasons_months_are_shown_without_picking_a_month_nobody_asked_for() -> None:
    from tests.unit.planner.test_model import final_text, run

    events, _ = await run("Tokyo in cherry blossom season, weather?")
    text = final_text(events)
    assert "Mar 8.5°C · Apr 13.9°C" in text and "closest" not in text and "months with a mean" not in text
    events, _ = await run("寒假去哈尔滨冷不冷？")
    assert "哪个月" not in final_text(events) and "1月 -18.2°C · 2月 -12.8°C" in final_text(events)
