"""The Trip tab and the chat agree (issue 42): a comparison's options side by side, one picked as
the plan; the party the chat counted; an alternative asked later replaces the stop."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt

COMPARE = "Xiamen or Qingdao for 4 days from Shanghai next month, which is cheaper?"


def _ask(qtbot: Any, window: Any, question: str) -> None:
    with qtbot.waitSignal(window.runDone, timeout=20000):
        window.conversation.send(question)


def test_options_side_by_side_and_the_pick_is_the_plan(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    _ask(qtbot, window, COMPARE)
    pane = window.trip_dock.pane()
    trip = pane.trip
    assert trip is not None and [o.key for o in trip.options] == ["厦门", "青岛"]
    assert trip.total_cny == 0 and not trip.legs  # nothing summed, nothing chosen yet
    assert "not added together" in pane.total.text()
    assert pane.chart.isHidden() and pane.weather.isHidden()  # no plan yet: no costs or days drawn
    assert sorted(pane.map.modes) == ["flight", "flight", "train", "train"]  # every option's way, Qingdao by train
    assert set(pane.option_buttons) == {"厦门", "青岛"}
    window.trip_dock.present()
    with qtbot.waitSignal(window.trip_dock.optionPicked, timeout=5000) as picked:
        qtbot.mouseClick(pane.option_buttons["青岛"], Qt.MouseButton.LeftButton)
    assert picked.args == ["青岛"]
    trip = pane.trip
    qingdao = trip.options[1] if trip else None
    assert trip is not None and qingdao is not None and trip.chosen == "青岛" and trip.total_cny == qingdao.total_cny
    assert {leg.destination for leg in trip.legs} == {"青岛", "上海"} and [s.city for s in trip.stays] == ["青岛"]
    assert not pane.option_buttons["青岛"].isEnabled() and pane.option_buttons["厦门"].isEnabled()
    assert not pane.chart.isHidden() and pane.map.modes == ["train", "train"]
    assert f"¥{qingdao.total_cny:,}" in pane.total.text()
    _ask(qtbot, window, "And with 5-star hotels?")  # a later run keeps the pick
    assert pane.trip is not None and pane.trip.chosen == "青岛"


def test_the_trip_tab_counts_the_party_the_chat_counts(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    _ask(qtbot, window, "Two families, 4 adults and 3 children, from Guangzhou to Lijiang for 5 days")
    pane = window.trip_dock.pane()
    answer = window.chat.answer_text()
    said = re.search(r"Total: about ¥([\d,]+)", answer)
    assert said and pane.trip is not None and pane.trip.total_cny == int(said.group(1).replace(",", ""))
    assert "**Travellers**: 7" in answer and "7 traveller" in pane.facts.text()


def test_a_train_leg_is_its_own_line_on_the_map_and_in_the_day_plan(qtbot: Any, make_window: Any) -> None:
    window = make_window(language="zh_CN")
    _ask(qtbot, window, "下周从广州去深圳玩三天")  # Shenzhen has December's typical value
    pane = window.trip_dock.pane()
    assert pane.trip is not None and {leg.mode for leg in pane.trip.legs} == {"train"}
    assert pane.map.modes == ["train", "train"] and len(pane.map.legs) == 2
    assert all(d.text for d in pane.weather.days)  # December's typical value on every day, tagged once
    assert pane.weather.tags == ["典型值", "", "", ""]
    first_day = pane.trip.days[0]
    assert any(i.kind == "train" and i.text == "广州→深圳" for i in first_day.items)
    assert any("火车：广州→深圳" in w.text() for w in pane.findChildren(type(pane.title)))
    costs = [w.text() for w in pane.findChildren(type(pane.title)) if "往返" in w.text()]
    assert costs and all(t.startswith("火车") for t in costs)  # a train fare is never headed 航班


def test_a_weather_question_beside_a_stay_shows_no_zero_night_zero_yuan_trip(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    _ask(qtbot, window, "Flight to Seoul already booked for Dec 12, staying 4 nights - what should I pack")
    pane = window.trip_dock.pane()
    assert "4-night stay" in window.chat.answer_text()  # the chat says the stay the traveller said
    assert pane.trip is not None and not pane.trip.costs
    assert "night" not in pane.facts.text()  # not "0 nights" beside the chat's 4
    assert "¥0" not in pane.total.text() and "No fares or hotels looked up" in pane.total.text()
    assert pane.chart.isHidden()  # no "Total ¥0" drawn in the cost chart either
