"""The Trip pane: filled live from the seed run's `trip` events, a chart of its costs, the map,
prices that select their call in the inspector, exports, and a saved conversation's stored trip."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop_app.core.events import ToolCallEvent
from desktop_app.ui.palette import DARK, LIGHT

SEED_QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


@pytest.fixture(autouse=True)
def as_before(qapp: QApplication) -> Any:
    """The app's style and palette as they were (a test here switches the scheme)."""
    style, colours = qapp.style().name(), qapp.palette()
    yield
    qapp.setStyle(style)
    qapp.setPalette(colours)


def _seed(qtbot: Any, window: Any, question: str = SEED_QUESTION) -> list[ToolCallEvent]:
    calls: list[ToolCallEvent] = []
    window.session.toolCall.connect(calls.append)
    with qtbot.waitSignal(window.runDone, timeout=20000):
        window.conversation.send(question)
    return calls


def test_the_seed_question_fills_the_trip_pane(qtbot: Any, make_window: Any) -> None:
    window = make_window(language="zh_CN")
    trips: list[Any] = []
    window.session.trip.connect(trips.append)
    calls = _seed(qtbot, window)
    assert trips and trips[-1].detail["total_cny"] == 4600  # the whole trip came with the event
    assert "detail" not in trips[-1].to_dict()  # and stays out of the CONTRACT's `trip` event
    pane = window.trip_dock.pane()
    trip = pane.trip
    assert trip is not None
    assert (trip.start, trip.end) == (date(2026, 12, 7), date(2026, 12, 10))
    assert "12月7日–10日" in pane.title.text() and "2026年12月7日–10日" in pane.facts.text()
    # the three results: the flight and hotel prices, the weather of the first day
    by_name = {c.name: c.id for c in calls}
    assert {s.call_id for s in pane.chart.segments} == {by_name["get_flight_price"], by_name["get_hotel_price"]}
    # December's typical value (ERA5) on every day, tagged once as typical, never as the sample's day
    assert all(d.call_id == by_name["get_weather"] and "21.4°C" in d.text for d in pane.weather.days)
    assert pane.weather.tags == ["典型值", "", "", ""] and "样例" not in pane.weather.days[0].text
    assert [d.heading for d in pane.weather.days] == ["12/7 周一", "12/8 周二", "12/9 周三", "12/10 周四"]
    # the chart's segments are the trip's costs, in proportion
    assert [(s.kind, s.amount_cny) for s in pane.chart.segments] == [("flights", 2560), ("hotel", 2040)]
    rects = pane.chart.segment_rects()
    ratio = rects[0][1].width() / rects[1][1].width()
    assert ratio == pytest.approx(2560 / 2040, rel=1e-6)
    assert pane.chart.budget_x() is None  # the question named no budget: no line
    # the map draws both cities, inside the map
    window.trip_dock.present()
    qtbot.waitUntil(lambda: pane.map.isVisible())
    pane.map.repaint()
    assert pane.map.drawn == ["北京", "三亚"]
    points = {p.name: pane.map.to_screen(p.lon, p.lat) for p in pane.map.places}
    assert all(pane.map.rect().contains(p.toPoint()) for p in points.values())
    assert points["北京"].y() < points["三亚"].y()  # north is up
    assert pane.map.legs == [(0, 1), (1, 0)]


def test_a_click_on_the_flight_price_selects_its_call_in_the_inspector(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    calls = _seed(qtbot, window, "Plan three days in Sanya from Beijing")
    flight = next(c.id for c in calls if c.name == "get_flight_price")
    pane = window.trip_dock.pane()
    window.trip_dock.present()
    button = pane.price_buttons["flights"]
    with qtbot.waitSignal(window.inspector.callSelected, timeout=5000) as selected:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert selected.args == [flight]
    assert window.inspector.trace.find_call(flight) is not None
    hotel = next(c.id for c in calls if c.name == "get_hotel_price")
    segment = next(r for s, r in pane.chart.segment_rects() if s.kind == "hotel")
    with qtbot.waitSignal(window.inspector.callSelected, timeout=5000) as selected:
        qtbot.mouseClick(pane.chart, Qt.MouseButton.LeftButton, pos=segment.center().toPoint())
    assert selected.args == [hotel]


def test_alt_4_opens_the_trip_pane_with_the_keyboard_on_it(qtbot: Any, make_window: Any) -> None:
    from tests.gui.test_accessibility import activate, unnamed_controls

    window = make_window()
    _seed(qtbot, window, "Plan three days in Sanya from Beijing")
    activate(qtbot, window)
    qtbot.keyClick(window.composer, Qt.Key.Key_4, Qt.KeyboardModifier.AltModifier)
    pane = window.trip_dock.pane()
    assert window.trip_dock.isVisible() and pane.isAncestorOf(QApplication.focusWidget())
    assert unnamed_controls(window.trip_dock) == []
    assert window.menus.actions["trip"].shortcut().toString() == "Alt+4"


def test_a_budget_in_the_question_draws_the_line(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    _seed(qtbot, window, "我在北京，下周想去三亚玩三天，预算5000，帮我查一下天气、机票和酒店")
    chart = window.trip_dock.pane().chart
    assert chart.budget == 5000 and chart.budget_x() is not None
    total_right = max(r.right() for _, r in chart.segment_rects())
    assert total_right < chart.budget_x()  # ¥4,600 is under ¥5,000


def test_an_opened_saved_conversation_shows_its_stored_trip(qtbot: Any, make_window: Any) -> None:
    first = make_window()
    _seed(qtbot, first)
    conversation = first.session.conversation_id
    stored = first.trip_dock.trip
    second = make_window()
    assert second.trip_dock.trip is None
    second.conversation.open(conversation)
    assert second.trip_dock.trip == stored
    second.conversation.new()
    assert second.trip_dock.trip is None


def test_exports_write_the_files_in_the_ui_language(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window = make_window(language="en")
    _seed(qtbot, window)
    for fmt, head in (("ics", b"BEGIN:VCALENDAR"), ("md", b"# Beijing"), ("pdf", b"%PDF")):
        dialog = window.trip_dock.export(fmt)
        assert dialog is not None and dialog.isVisible()  # opened with open(), answered through its signal
        target = tmp_path / f"trip.{fmt}"
        with qtbot.waitSignal(window.trip_dock.exported, timeout=10000):
            dialog.fileSelected.emit(str(target))
        dialog.close()
        assert target.read_bytes().startswith(head), fmt


def test_the_map_paints_in_both_schemes(qtbot: Any, make_window: Any) -> None:
    from dataclasses import replace

    window = make_window()
    _seed(qtbot, window)
    pane = window.trip_dock.pane()
    window.trip_dock.present()
    for scheme, colours in (("light", LIGHT), ("dark", DARK)):
        window.apply_settings(replace(window.settings, color_scheme=scheme))
        image = pane.map.grab().toImage()
        seen = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
        assert {colours.map_land_bg, colours.map_water_bg} <= seen, scheme  # land and sea in this scheme's colours
    window.apply_settings(replace(window.settings, color_scheme="light"))


def test_a_narrow_window_folds_the_trip_tab_with_the_inspector(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.folding.update(1500)
    window.folding.update(1000)
    assert window.dock.isHidden() and window.trip_dock.isHidden()
    window.folding.update(1500)
    assert not window.dock.isHidden() and not window.trip_dock.isHidden()


def test_a_sample_or_typical_figure_is_tagged_in_the_weather_strip() -> None:
    """The seed's 33°C is the sample's ordinary day, not 7 Dec's weather: the strip says so."""
    from desktop_app.ui.trip.weather_strip import tag_of

    assert tag_of("33°C 晴（样例，非预报）") == "样例"
    assert tag_of("-3.8°C mean (typical)") == "typical"
    assert tag_of("12~18°C 多云") == ""
