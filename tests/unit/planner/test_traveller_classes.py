"""Classes of questions travellers typed that the planner misread (stop 59's outside questions): a day trip, a
hotel cap said night first, advice the data has no word on, a route through a province's named cities, and
parents who join the trip rather than visit."""

from __future__ import annotations

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.travel.party import Party, find_party, joined
from tests.unit.planner.test_model import calls_of, final_text, run


async def test_a_day_trip_books_no_hotel_and_comes_back_the_same_day() -> None:
    events, _ = await run("这周六从上海去苏州一日游")
    calls = dict(calls_of(events))
    assert "get_hotel_price" not in calls
    train = calls["get_train_price"]
    assert train["date"] == train["return_date"] == "2026-12-05"
    text = final_text(events)
    assert "当天往返查询，不含住宿" in text and "往返合计 ¥92" in text


async def test_a_day_trip_in_english_and_its_follow_up_stay_day_trips() -> None:
    events, agent = await run("day trip from Shanghai to Hangzhou on Saturday")
    assert "get_hotel_price" not in dict(calls_of(events))
    assert "looked up out and back on 5 Dec 2026, no hotel" in final_text(events)
    events, _ = await run("what about Suzhou instead?", agent)
    calls = dict(calls_of(events))
    assert "get_hotel_price" not in calls and calls["get_train_price"]["return_date"] == "2026-12-05"


def test_a_stay_of_nights_is_no_day_trip() -> None:
    assert not parse("周六去杭州玩一天，住两晚", []).day_trip  # nights said: a stay
    assert parse("我在重庆，这周六想去成都吃火锅，当天来回可以吗", []).day_trip


def test_a_hotel_cap_said_night_first() -> None:
    assert parse("下个月中旬去成都出差两晚，酒店预算一晚400以内", []).night_cap == 400
    assert parse("杭州酒店每晚不超过500，住两晚", []).night_cap == 500
    assert parse("去苏州住一晚 2个人", []).night_cap is None  # a night and a head count, no cap


@pytest.mark.parametrize("question", ["带一岁的宝宝去三亚需要注意什么", "国庆七天假想去西藏，需要提前多久准备"])
async def test_advice_the_data_cannot_give_is_said_first_and_nothing_priced(question: str) -> None:
    events, _ = await run(question)
    assert calls_of(events) == []
    assert final_text(events).startswith("示例数据里没有出行注意事项和建议")


async def test_a_route_through_a_provinces_named_cities_is_planned_stop_by_stop() -> None:
    events, _ = await run("想去云南玩一周，先昆明再大理最后丽江，怎么安排")
    hotels = [a for name, a in calls_of(events) if name == "get_hotel_price"]
    assert [(h["city"], h["nights"]) for h in hotels] == [("昆明", 3), ("大理", 2), ("丽江", 2)]
    assert "昆明→大理→丽江的路线" in final_text(events)


async def test_a_province_alone_still_weighs_its_cities() -> None:
    events, _ = await run("去云南玩一周")
    assert "路线" not in final_text(events)


def test_parents_who_join_the_trip_count_with_the_asker() -> None:
    assert find_party("My parents are flying to Harbin with me in January").size == 3
    assert find_party("my parents are flying into Shenzhen to visit me").size == 2  # they visit; the asker stays
    assert joined(Party(2, "2 adults"), "my parents-in-law are flying with us too").size == 4


async def test_rooms_asked_for_with_nobody_counted_are_booked_as_asked() -> None:
    party = find_party("Hotels in Harbin for Christmas Eve, 2 rooms")
    assert (party.size, party.rooms) == (1, 2)  # the rooms as asked; nobody counted, so no head count made up
    events, _ = await run("Hotels in Harbin for Christmas Eve, 2 rooms")
    assert dict(calls_of(events))["get_hotel_price"]["rooms"] == 2
    assert find_party("Three nights in Chongqing for a couple, leaving from Shenzhen").size == 2
    assert find_party("Shanghai for a couple of days").size == 1


def test_a_company_standard_a_night_is_the_hotels_cap() -> None:
    assert parse("下下周三去香港出差，住两晚，公司报销标准一晚800", []).night_cap == 800


async def test_lanterns_and_blossoms_are_events_and_the_months_still_answer_when() -> None:
    events, _ = await run("元宵节去哪里看花灯比较好？")
    assert calls_of(events) == [] and final_text(events).startswith("示例数据里没有活动、演出和节庆安排")
    events, _ = await run("we want to see cherry blossoms in Wuhan, when should we go?")
    assert {name for name, _ in calls_of(events)} == {"get_weather"}
    text = final_text(events)
    assert text.startswith("The sample data has nothing on events") and "months with a mean of 15–25°C" in text


async def test_a_weather_comparison_says_which_is_warmer() -> None:
    events, _ = await run("Which is warmer in February, Xiamen or Guilin?")
    assert "Xiamen is the warmer (about 14.4°C) and Guilin the cooler (about 11.3°C), 3.1°C apart" in final_text(events)
    events, _ = await run("大连和青岛夏天哪个更凉快")
    assert "大连更凉（约 23.9°C）" in final_text(events)


async def test_a_holiday_hotel_price_says_its_peak_estimate() -> None:
    events, _ = await run("春节期间三亚酒店一晚大概多少钱")
    assert "¥680/晚" in final_text(events) and "春节高峰估算：约 ¥880/晚，共多约 ¥200" in final_text(events)
    events, _ = await run("我在北京，春节想去三亚玩三天")  # a cost block: its own peak line, said once
    assert final_text(events).count("高峰估算") == 1


async def test_after_a_holiday_is_the_week_past_its_block_not_the_holiday() -> None:
    events, _ = await run("我跟老公还有婆婆三个人，春节后想去昆明住一周避寒，从上海出发")
    hotel = dict(calls_of(events))["get_hotel_price"]
    assert (hotel["check_in"], hotel["nights"]) == ("2027-02-11", 7)
    assert "春节后 = 2027年2月11日–17日" in final_text(events) and "春节高峰" not in final_text(events)


def test_a_room_each_said_twice_is_two_rooms() -> None:
    party = find_party("明年五一想带爸妈去青岛，他们住一间我住一间，从郑州出发")
    assert (party.size, party.rooms) == (3, 2)
    assert find_party("带爸妈去青岛，住一间").rooms == 1


async def test_a_train_asked_between_two_cities_is_its_fare_and_two_tickets_is_two_seats() -> None:
    events, agent = await run("帮我查一下北京到西安的高铁")
    assert calls_of(events) == [("get_train_price", {"origin": "北京", "destination": "西安"})]
    events, agent = await run("下周五的", agent)
    events, _ = await run("两张", agent)
    assert dict(calls_of(events))["get_train_price"]["passengers"] == 2
    assert "2人往返合计 ¥1,956" in final_text(events)
    assert parse("北京到西安高铁要多久", []).beyond == ("trains",)  # the time of the ride: still beyond the data


@pytest.mark.parametrize(
    ("question", "note"),
    [
        ("帮我订一张明天去三亚的机票，从北京", "这里只查价格，不会下单"),
        ("book me a flight to Kunming tomorrow morning from Chengdu", "nothing is booked"),
    ],
)
async def test_a_booking_asked_for_says_prices_are_only_looked_up(question: str, note: str) -> None:
    events, _ = await run(question)
    assert note in final_text(events)


async def test_a_ticket_already_booked_gets_no_booking_note() -> None:
    events, _ = await run("机票已经订好了，三亚这周末天气怎么样")
    assert "不会下单" not in final_text(events)


async def test_a_month_said_alone_starts_after_a_holiday_on_its_first_days() -> None:
    events, _ = await run("Where should I go in China in October that isn't crowded?")
    assert "looked up for 6–9 Oct 2027" in final_text(events)  # not the National Day week
    events, _ = await run("五一去青岛玩三天")  # the holiday said: its own days
    assert dict(calls_of(events))["get_hotel_price"]["check_in"] == "2027-05-01"
