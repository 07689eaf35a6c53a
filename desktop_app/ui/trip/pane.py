"""The Trip pane's contents: title, dates and party; a comparison's options side by side; the costs
(chart and clickable prices); the weather strip; the route map; the plan day by day; the export
buttons. Every figure names the tool call it came from: a click on it asks for that call in the
inspector (`callSelected`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from itertools import pairwise

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.trips.markdown import WEEKDAYS_EN, WEEKDAYS_ZH, cny
from desktop_app.trips.model import MONTHS_EN, Day, DayItem, Leg, Option, Trip, date_span, fare_mode
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import bold as set_bold
from desktop_app.ui.layout import hbox, plain_label
from desktop_app.ui.text import plain_tip
from desktop_app.ui.trip.cost_chart import CostChart, Segment, kind_colour
from desktop_app.ui.trip.geo import locate
from desktop_app.ui.trip.route_map import Place, RouteMap
from desktop_app.ui.trip.weather_strip import WeatherDay, WeatherStrip
from desktop_app.visible import one_line

EXPORTS = ("ics", "md", "pdf")


def _label(parent: QWidget, text: str = "", bold: bool = False) -> QLabel:
    """Plain text only (tool data is untrusted), selectable, wrapped."""
    label = plain_label(text, parent, selectable=True)
    return set_bold(label) if bold else label


def _clear(layout: QGridLayout | QVBoxLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.deleteLater()


class TripPane(QWidget):
    """`show_trip(trip, budget)` (None: the empty state); `lang()` is the UI's "zh" or "en"."""

    callSelected = Signal(str)
    exportRequested = Signal(str)  # ics / md / pdf
    optionPicked = Signal(str)  # a comparison's option (its key) the traveller chose as the plan

    def __init__(self, lang: Callable[[], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tripPane")
        self.lang = lang
        self.trip: Trip | None = None
        self.budget: int | None = None
        self.empty = _label(self)
        self.title = set_bold(_label(self), 1.25)
        self.facts = _label(self)
        self.headings = {key: _label(self, bold=True) for key in ("options", "costs", "weather", "route", "days")}
        self.options = QGridLayout()  # a comparison's options side by side, one column each
        self.option_buttons: dict[str, QPushButton] = {}
        self.chart = CostChart(self)
        self.prices = QGridLayout()
        self.prices.setHorizontalSpacing(8)
        self.prices.setVerticalSpacing(2)
        self.price_buttons: dict[str, QPushButton] = {}  # cost kind (and "peak") -> its price
        self.total = _label(self, bold=True)
        self.weather = WeatherStrip(self)
        self.map = RouteMap(self)
        self.days = QVBoxLayout()
        self.days.setSpacing(4)
        self.exports = {fmt: QPushButton(self) for fmt in EXPORTS}
        self.chart.callSelected.connect(self.callSelected)
        self.weather.callSelected.connect(self.callSelected)
        for fmt, button in self.exports.items():
            button.clicked.connect(lambda _=False, f=fmt: self.exportRequested.emit(f))
        self._layout()
        self.retranslate()

    def _layout(self) -> None:
        box = QVBoxLayout(self)
        box.setContentsMargins(8, 8, 8, 8)
        box.setSpacing(8)
        for widget in (self.empty, self.title, self.facts, self.headings["options"]):
            box.addWidget(widget)
        box.addLayout(self.options)
        box.addWidget(self.headings["costs"])
        box.addWidget(self.chart)
        box.addLayout(self.prices)
        for part in (self.total, self.headings["weather"], self.weather, self.headings["route"]):
            box.addWidget(part)
        box.addWidget(self.map, 1)
        box.addWidget(self.headings["days"])
        box.addLayout(self.days)
        row = hbox(*self.exports.values(), grow=None)
        row.setSpacing(4)
        row.addStretch(1)
        box.addLayout(row)
        box.addStretch(0)

    def retranslate(self) -> None:
        self.empty.setText(tr("No trip yet. Ask about a trip: its plan, costs, weather and route appear here."))
        texts = {
            "options": tr("Options"),
            "costs": tr("Costs"),
            "weather": tr("Weather"),
            "route": tr("Route"),
            "days": tr("Day by day"),
        }
        for key, text in texts.items():
            self.headings[key].setText(text)
        labels = {"ics": tr("Calendar (.ics)…"), "md": tr("Markdown…"), "pdf": tr("PDF…")}
        for fmt, button in self.exports.items():
            button.setText(labels[fmt])
            button.setAccessibleName(tr("Export the trip as %1").replace("%1", labels[fmt].rstrip("…")))
        self.map.setAccessibleName(tr("Route map"))
        self.weather.setAccessibleName(tr("Weather by day"))
        self.show_trip(self.trip, self.budget)

    # ---------------------------------------------------------------- filling
    def show_trip(self, trip: Trip | None, budget: int | None = None) -> None:
        self.trip, self.budget = trip, budget
        filled = trip is not None
        self.empty.setVisible(not filled)
        for widget in (self.title, self.facts, self.chart, self.total, self.weather, self.map, *self.headings.values()):
            widget.setVisible(filled)
        for button in self.exports.values():
            button.setEnabled(filled)
        _clear(self.prices)
        _clear(self.days)
        _clear(self.options)
        self.price_buttons, self.option_buttons = {}, {}
        self.headings["options"].setVisible(bool(trip and trip.options))
        if trip is None:
            return
        undecided = bool(trip.options) and not trip.chosen  # no plan yet: no costs or days to draw
        self.chart.setVisible(not undecided and trip.priced)  # a weather question alone draws no "¥0" chart
        self.headings["costs"].setVisible(not undecided)
        for widget in (self.weather, self.headings["weather"], self.headings["days"]):
            widget.setVisible(bool(trip.days))
        zh = self.lang() == "zh"
        shown = replace(trip, lang="zh" if zh else "en")
        self.title.setText(one_line(shown.title))
        self.facts.setText(self._facts(trip, zh))
        for column, option in enumerate(trip.options):
            self._option(option, column, trip.chosen, zh)
        self._costs(trip, zh, budget)
        self.weather.set_days([self._weather_day(d, zh) for d in trip.days])
        self._route(trip, zh)
        for day in trip.days:
            self._day(day, zh)

    def _facts(self, trip: Trip, zh: bool) -> str:
        parts = []
        if trip.start:
            span = date_span(trip.start, trip.end, "zh" if zh else "en")
            parts.append(f"{trip.start.year}年{span}" if zh else f"{span} {(trip.end or trip.start).year}")
            nights = ((trip.end or trip.start) - trip.start).days
            if nights > 0:  # a day's weather alone is no stay: "0 nights" would contradict a stay said in the chat
                parts.append(tr("%n night(s)", None, nights))
        else:
            parts.append(tr("dates not set"))
        parts.append(tr("%n traveller(s)", None, trip.party))
        return " · ".join(parts)

    def _costs(self, trip: Trip, zh: bool, budget: int | None) -> None:
        names = {"flights": tr("Flights"), "hotel": tr("Hotel"), "other": tr("Other")}
        fares = {c.call_id: _mode_name(fare_mode(trip.legs, c.call_id)) for c in trip.costs if c.kind == "flights"}
        segments = [Segment(c.kind, c.amount_cny, c.call_id, fares.get(c.call_id, names[c.kind])) for c in trip.costs]
        peaks = [
            Segment("peak", p.extra_cny, p.call_id, f"{tr('Holiday peak')} · {fares.get(p.call_id, names[p.kind])}")
            for p in trip.peaks
        ]
        self.chart.set_costs(segments, peaks, budget)
        rows: list[tuple[str, str, str, int, str]] = [
            (c.kind, fares.get(c.call_id, names[c.kind]), _pick(zh, c.label, c.label_en), c.amount_cny, c.call_id)
            for c in trip.costs
        ]
        estimate = tr("an estimate, not in the total")
        rows += [
            ("peak", s.label, f"{_pick(zh, p.holiday, p.holiday_en)} · {estimate}", s.amount_cny, s.call_id)
            for s, p in zip(peaks, trip.peaks, strict=True)
        ]
        order: list[QWidget] = []
        for n, (kind, name, detail, amount, call_id) in enumerate(rows):
            swatch = QLabel(self)
            swatch.setFixedSize(12, 12)
            style = "border: 1px dashed {0};" if kind == "peak" else "background: {0};"
            swatch.setStyleSheet(style.format(kind_colour(kind)))
            text = _label(self, f"{name} · {detail}")
            price = QPushButton(("+" if kind == "peak" else "") + cny(amount), self)
            price.setObjectName("priceButton")
            price.setFlat(True)
            price.setCursor(Qt.CursorShape.PointingHandCursor)
            price.setToolTip(plain_tip(tr("Show the tool call %1 in the inspector").replace("%1", call_id)))
            price.setAccessibleName(
                tr("%1 %2: show its tool call in the inspector").replace("%1", name).replace("%2", cny(amount))
            )
            price.clicked.connect(lambda _=False, cid=call_id: self.callSelected.emit(cid))
            self.price_buttons.setdefault(kind, price)
            self.prices.addWidget(swatch, n, 0)
            self.prices.addWidget(text, n, 1)
            self.prices.addWidget(price, n, 2, Qt.AlignmentFlag.AlignRight)
            order.append(price)
        self.prices.setColumnStretch(1, 1)
        chain = [*order, *self.exports.values()]  # Tab follows the page: the prices (made per trip), then exports
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        total = tr("Total %1").replace("%1", cny(trip.total_cny))
        if not trip.priced:
            total = tr("No fares or hotels looked up")
        if trip.options and not trip.chosen:
            total = tr("Options are not added together: choose one to make it the plan")
        if budget:
            total += " · " + tr("budget %1").replace("%1", cny(budget))
        self.total.setText(total)

    def _option(self, option: Option, column: int, chosen: str, zh: bool) -> None:
        """One option of a comparison in its own column: its legs, stays and total, and the button that
        makes it the plan (options are never added together)."""
        legs = [
            f"{_mode_name(leg.mode)} {_route_text(leg, zh)} {cny(leg.price_cny)} ×{leg.passengers}"
            for leg in option.legs
        ]
        stays = [
            f"{_pick(zh, s.name, s.name_en)} {cny(s.price_cny)} × {tr('%n night(s)', None, s.nights)}"
            for s in option.stays
        ]
        self.options.addWidget(_label(self, _pick(zh, option.title, option.title_en), bold=True), 0, column)
        self.options.addWidget(_label(self, "\n".join([*legs, *stays])), 1, column, Qt.AlignmentFlag.AlignTop)
        self.options.addWidget(_label(self, tr("Total %1").replace("%1", cny(option.total_cny)), bold=True), 2, column)
        button = QPushButton(tr("Chosen") if option.key == chosen else tr("Choose this"), self)
        button.setEnabled(option.key != chosen)
        button.clicked.connect(lambda _=False, key=option.key: self.optionPicked.emit(key))
        self.option_buttons[option.key] = button
        self.options.addWidget(button, 3, column)

    def _weather_day(self, day: Day, zh: bool) -> WeatherDay:
        found = next((i for i in day.items if i.kind == "weather"), None)
        text = "" if found is None else _pick(zh, found.text, found.text_en)
        return WeatherDay(_day_heading(day.date, zh, short=True), text, found.call_id if found else "")

    def _route(self, trip: Trip, zh: bool) -> None:
        places: list[Place] = []
        index: dict[str, int] = {}

        def add(zh_name: str, en_name: str) -> None:
            where = locate(zh_name, en_name)
            if zh_name and zh_name not in index and where is not None:
                index[zh_name] = len(places)
                places.append(Place(_pick(zh, zh_name, en_name), where[0], where[1]))

        add(trip.origin, trip.origin_en)
        for dest, dest_en in zip(trip.destinations, trip.destinations_en or trip.destinations, strict=False):
            add(dest, dest_en)
        legs_shown = trip.legs or tuple(leg for o in trip.options for leg in o.legs)  # undecided: every option's
        for leg in legs_shown:
            add(leg.origin, leg.origin_en)
            add(leg.destination, leg.destination_en)
        legs = [
            (index[leg.origin], index[leg.destination])
            for leg in legs_shown
            if {leg.origin, leg.destination} <= set(index)
        ]
        modes = [leg.mode for leg in legs_shown if {leg.origin, leg.destination} <= set(index)]
        self.map.set_route(places, legs, modes)
        self.map.setAccessibleDescription(" → ".join(p.name for p in places))

    def _day(self, day: Day, zh: bool) -> None:
        where = _pick(zh, day.where, day.where_en)
        heading = _day_heading(day.date, zh)
        head = _label(self, f"{heading} · {where}" if where else heading, bold=True)
        lines = [_item_text(i, zh) for i in day.items if i.kind != "weather"] or [tr("Free day")]
        self.days.addWidget(head)
        self.days.addWidget(_label(self, "\n".join(lines)))


def _day_heading(day: date, zh: bool, short: bool = False) -> str:
    if zh:
        weekday = f"周{WEEKDAYS_ZH[day.weekday()]}"
        return f"{day.month}/{day.day} {weekday}" if short else f"{day.month}月{day.day}日 {weekday}"
    heading = f"{WEEKDAYS_EN[day.weekday()]} {day.day}"
    return heading if short else f"{heading} {MONTHS_EN[day.month - 1]}"


def _item_text(item: DayItem, zh: bool) -> str:
    kinds = {
        "flight": tr("Flight"),
        "train": tr("Train"),
        "drive": tr("Drive"),
        "check_in": tr("Check in"),
        "check_out": tr("Check out"),
        "plan": tr("Plan"),
    }
    colon = "：" if zh else ": "
    return f"{kinds.get(item.kind, item.kind)}{colon}{_pick(zh, item.text, item.text_en)}"


def _mode_name(mode: str) -> str:
    return {"train": tr("Train"), "drive": tr("Drive")}.get(mode, tr("Flight"))


def _route_text(leg: Leg, zh: bool) -> str:
    return f"{leg.origin}→{leg.destination}" if zh or not leg.origin_en else f"{leg.origin_en} → {leg.destination_en}"


def _pick(zh: bool, text: str, text_en: str) -> str:
    """A trip's text in the UI's language: the Chinese one unless English is wanted and there is one."""
    return one_line(text if zh or not text_en else text_en)
