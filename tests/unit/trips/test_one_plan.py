"""One plan on every surface (issue 42): the chat's total is the trip's, an alternative replaces,
a comparison keeps its options apart and never sums them, a correction drops the discarded legs."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from desktop_app.cli import main

SEED = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


def _ask(capsys: pytest.CaptureFixture[str], question: str, *, again: bool = False) -> str:
    """The offline answer's text (`ask --continue` when `again`)."""
    capsys.readouterr()
    argv = ["ask", "--provider", "offline", *(["--continue"] if again else []), question]
    assert main(argv) == 0
    return capsys.readouterr().out


def _shown(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """`trip show ID --json` of the only saved trip."""
    capsys.readouterr()
    assert main(["trip", "list", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert main(["trip", "show", row["id"], "--json"]) == 0
    shown: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert shown["total_cny"] == row["total_cny"]  # `trip list` and `trip show` say one total
    return shown


def _total(answer: str) -> int:
    """The chat's total: 合计：约 ¥3,580 / Total: about ¥3,580."""
    found = re.search(r"(?:合计：约|Total: about) ¥([\d,]+)", answer)
    assert found, answer
    return int(found.group(1).replace(",", ""))


def test_the_seed_is_unchanged_and_its_legs_are_flights(capsys: pytest.CaptureFixture[str]) -> None:
    answer = _ask(capsys, SEED)
    assert "¥1,280" in answer and "¥680/晚" in answer and _total(answer) == 4600
    trip = _shown(capsys)
    assert trip["total_cny"] == 4600 and trip["options"] == [] and trip["party"] == 1
    assert trip["travellers"] == {"adults": 1, "children": 0, "infants": 0}
    assert [leg["mode"] for leg in trip["legs"]] == ["flight", "flight"]


def test_an_alternative_replaces_the_stop(capsys: pytest.CaptureFixture[str]) -> None:
    _ask(capsys, SEED)
    answer = _ask(capsys, "and what about Guilin instead?", again=True)
    trip = _shown(capsys)
    assert _total(answer) == trip["total_cny"] == 3580
    assert trip["destinations"] == ["桂林"] and "三亚" not in trip["title"]
    assert {(leg["origin"], leg["destination"]) for leg in trip["legs"]} == {("北京", "桂林"), ("桂林", "北京")}
    assert [s["city"] for s in trip["stays"]] == ["桂林"]


def test_a_comparison_keeps_its_options_apart(capsys: pytest.CaptureFixture[str]) -> None:
    answer = _ask(capsys, "Xiamen or Qingdao for 4 days from Shanghai next month, which is cheaper?")
    trip = _shown(capsys)
    options = {o["title"]: o for o in trip["options"]}
    assert sorted(options) == ["上海→厦门", "上海→青岛"]
    row = re.search(r"\| Round trip \+ 4 nights \| ¥([\d,]+) \| ¥([\d,]+) \|", answer)  # the chat's table
    assert row, answer
    said = [int(x.replace(",", "")) for x in row.groups()]
    assert [options["上海→厦门"]["total_cny"], options["上海→青岛"]["total_cny"]] == said
    for title, option in options.items():
        dest = title.split("→")[1]
        assert {leg["destination"] for leg in option["legs"]} == {dest, "上海"}
        assert [s["city"] for s in option["stays"]] == [dest]
    assert trip["total_cny"] != sum(said)  # never summed
    assert trip["total_cny"] == 0 and trip["legs"] == [] and trip["stays"] == []  # nothing picked yet
    capsys.readouterr()
    assert main(["trip", "list"]) == 0
    assert "2 options" in capsys.readouterr().out  # not ¥0, not a sum


def test_a_correction_drops_the_discarded_legs(capsys: pytest.CaptureFixture[str]) -> None:
    _ask(capsys, "I'm flying from Shanghai to Chengdu next week for 3 days")
    answer = _ask(capsys, "No, Shanghai is only the airport, I start from Hangzhou", again=True)
    trip = _shown(capsys)
    assert "成都" not in {leg["destination"] for leg in trip["legs"]} | {leg["origin"] for leg in trip["legs"]}
    assert _total(answer) == trip["total_cny"]


def test_a_party_is_priced_both_ways_and_counted_alike(capsys: pytest.CaptureFixture[str]) -> None:
    answer = _ask(capsys, "Two families, 4 adults and 3 children, from Guangzhou to Lijiang for 5 days")
    trip = _shown(capsys)
    assert trip["party"] == 7 and trip["travellers"] == {"adults": 4, "children": 3, "infants": 0}
    assert "7 seats" in answer and "children share their parents' rooms" in answer
    assert _total(answer) == trip["total_cny"]
    assert len(trip["legs"]) == 2 and sum(s["rooms"] for s in trip["stays"]) == 2  # round trip, 2 rooms


def test_exports_hold_the_plan_and_list_options_only_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    from icalendar import Calendar

    from desktop_app.store.history import HistoryStore
    from desktop_app.trips.ics import to_ics
    from desktop_app.trips.markdown import to_markdown
    from desktop_app.trips.record import pick_option, saved_trips

    _ask(capsys, "Xiamen or Qingdao for 4 days from Shanghai next month, which is cheaper?")
    with HistoryStore() as store:
        (trip,) = saved_trips(store)
        undecided = to_markdown(trip)
        picked = pick_option(store, trip.conversation_id, "青岛")
    xiamen, qingdao = trip.options
    assert "Options (each priced on its own, never added; none chosen yet)" in undecided
    assert f"¥{xiamen.total_cny:,}" in undecided and f"¥{qingdao.total_cny:,}" in undecided and "**¥0**" in undecided
    assert picked is not None and picked.total_cny == qingdao.total_cny and _shown(capsys)["chosen"] == "青岛"
    md = to_markdown(picked)
    assert f"**¥{qingdao.total_cny:,}**" in md and "Other options (not in the total)" in md
    assert f"¥{xiamen.total_cny:,}" in md and "Train · high-speed rail" in md  # Qingdao is close enough by train
    events = Calendar.from_ical(to_ics(picked)).walk("VEVENT")
    legs = [e for e in events if str(e["summary"]).startswith("Train")]
    assert len(legs) == 2 and all(e["categories"].to_ical() == b"TRAIN" for e in legs)
    assert not any("Xiamen" in str(e["summary"]) for e in events)


def test_every_day_has_its_weather_line_and_a_sample_day_stays_on_its_day(capsys: pytest.CaptureFixture[str]) -> None:
    _ask(capsys, "我在上海，下周想去成都玩三天")
    days = _shown(capsys)["days"]
    weather = [[i for i in d["items"] if i["kind"] == "weather"] for d in days]
    assert len(days) == 4 and all(len(w) == 1 and "典型值" in w[0]["text"] for w in weather)  # December's, each day
    assert len({w[0]["call_id"] for w in weather}) == 1
    capsys.readouterr()
    assert main(["ask", "--provider", "offline", "From Chengdu to Lhasa for 3 days next week"]) == 0  # a new one
    capsys.readouterr()
    assert main(["trip", "list", "--json"]) == 0
    newest = json.loads(capsys.readouterr().out)[0]
    assert main(["trip", "show", newest["id"], "--json"]) == 0
    lhasa = json.loads(capsys.readouterr().out)["days"]
    sample = [d["date"] for d in lhasa if any(i["kind"] == "weather" for i in d["items"])]
    assert sample == [lhasa[0]["date"]]  # Lhasa has no typical value: its sample day is not spread


@pytest.mark.parametrize(
    "question",
    [
        "上海然后杭州然后苏州，下周末，从广州出发",  # a route, trains and flights
        "去丽江玩三天要多少钱",  # undated, one traveller
        "下周从上海去杭州玩三天，我们两个大人一个小孩",  # a train, a family
    ],
)
def test_the_chat_and_the_trip_say_one_total(capsys: pytest.CaptureFixture[str], question: str) -> None:
    answer = _ask(capsys, question)
    assert _total(answer) == _shown(capsys)["total_cny"]


def test_an_undated_trip_is_not_dated_by_today_s_weather(capsys: pytest.CaptureFixture[str]) -> None:
    answer = _ask(capsys, "3个大人从上海去厦门玩两晚")
    trip = _shown(capsys)
    assert "12月6日" not in answer and trip["start"] is None and trip["end"] is None
    assert trip["total_cny"] == _total(answer) and "12月" not in trip["title"]


def test_a_weather_question_is_no_zero_yuan_trip(capsys: pytest.CaptureFixture[str]) -> None:
    _ask(capsys, "Flight to Seoul already booked for Dec 12, staying 4 nights - what should I pack")
    trip = _shown(capsys)
    assert trip["costs"] == [] and trip["legs"] == [] and trip["stays"] == []
    assert main(["trip", "list"]) == 0
    listed = capsys.readouterr().out.splitlines()[-1]
    assert "¥0" not in listed and " - " in listed
    assert main(["trip", "show", trip["id"]]) == 0
    shown = capsys.readouterr().out
    assert "no fares or hotels looked up" in shown and "¥0" not in shown
