"""The weather strip: one cell per day of the trip with the weather a tool returned for it
(temperature, a drawn sun, cloud or rain, "sample" when the data is not a forecast), or a dash. A
month's typical value fills each of its days and is tagged once, on the first."""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop_app.ui.palette import Colours, colours

TEMPERATURE = re.compile(r"-?\d+(?:\.\d+)?\s*°C")
CELL_HEIGHT = 74.0


@dataclass(frozen=True)
class WeatherDay:
    """One day: its heading (`12/7 Mon`), the weather text shown ("" when none) and its call."""

    heading: str
    text: str = ""
    call_id: str = ""


def tag_of(text: str) -> str:
    """ "sample" / "typical" when the figure is not that day's forecast (drawn in the cell, never hidden)."""
    folded = text.casefold()
    if "样例" in text or "sample" in folded:
        return "样例" if "样例" in text else "sample"
    if "典型" in text or "typical" in folded:
        return "典型值" if "典型" in text else "typical"
    return ""


def glyph_kind(text: str) -> str:
    """showers (sun, then rain) / rain / cloud / sun / "" from the condition's words, Chinese or English."""
    folded = text.casefold()
    if re.search(r"雨|雪|rain|storm|shower|snow", folded):
        return "showers" if re.search(r"晴|sun|clear", folded) else "rain"
    if re.search(r"云|阴|雾|cloud|overcast|fog", folded):
        return "cloud"
    if re.search(r"晴|sun|clear", folded):
        return "sun"
    return ""


class WeatherStrip(QWidget):
    """`set_days([...])`; a click on a day with weather names its call (`callSelected`)."""

    callSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("weatherStrip")
        self.setMinimumHeight(int(CELL_HEIGHT))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.days: list[WeatherDay] = []
        self.tags: list[str] = []  # each cell's tag: a value over several days (one call) is tagged once

    def sizeHint(self) -> QSize:
        return QSize(360, int(CELL_HEIGHT))

    def set_days(self, days: list[WeatherDay]) -> None:
        self.days = days
        calls = [d.call_id for d in days]
        self.tags = [tag_of(d.text) if not d.call_id or d.call_id not in calls[:n] else "" for n, d in enumerate(days)]
        self.setAccessibleDescription("; ".join(f"{d.heading}: {d.text or '—'}" for d in days))
        self.update()

    def cell_rects(self) -> list[QRectF]:
        if not self.days:
            return []
        width = (self.width() - 2) / len(self.days)
        return [QRectF(1 + n * width, 1, width - 4, CELL_HEIGHT - 2) for n in range(len(self.days))]

    def mousePressEvent(self, event: QMouseEvent) -> None:
        for day, rect in zip(self.days, self.cell_rects(), strict=True):
            if rect.contains(event.position()) and day.call_id:
                self.callSelected.emit(day.call_id)
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        c = colours()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        small = QFont(self.font())
        small.setPointSizeF(max(self.font().pointSizeF() - 1.5, 7.0))
        big = QFont(self.font())
        big.setBold(True)
        top = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        bottom = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
        for day, rect, tag in zip(self.days, self.cell_rects(), self.tags, strict=True):
            painter.setPen(QPen(QColor(c.chip_border), 1.0))
            painter.setBrush(QColor(c.chip_bg))
            painter.drawRoundedRect(rect, 6, 6)
            painter.setFont(small)
            painter.setPen(QColor(c.muted))
            painter.drawText(rect.adjusted(4, 3, -4, 0), top, day.heading)
            found = TEMPERATURE.search(day.text)
            kind = glyph_kind(day.text)
            if tag:  # not that day's weather: say which kind of figure, draw no sky for a sample
                painter.drawText(rect.adjusted(2, 18, -2, 0), top, tag)
            if kind and tag_of(day.text) not in ("样例", "sample"):
                _glyph(painter, c, kind, QPointF(rect.center().x(), rect.top() + 32), 9.0)
            painter.setFont(big)
            painter.setPen(QColor(c.text if day.text else c.muted))
            shown = found.group(0).replace(" ", "") if found else ("—" if not day.text else "?")
            painter.drawText(rect.adjusted(2, 0, -2, -4), bottom, shown)
        painter.end()


def _glyph(painter: QPainter, c: Colours, kind: str, at: QPointF, r: float) -> None:
    """A sun (disc and rays), a cloud (three discs), rain (a cloud and drops) or showers (a sun
    behind the rain cloud), in line colours."""
    if kind == "showers":
        _glyph(painter, c, "sun", at + QPointF(r * 0.7, -r * 0.5), r * 0.8)
        kind = "rain"
    if kind == "sun":
        painter.setPen(QPen(QColor(c.weather_sun), 1.6))
        painter.setBrush(QColor(c.weather_sun))
        painter.drawEllipse(at, r * 0.55, r * 0.55)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)):
            painter.drawLine(at + QPointF(dx, dy) * r * 0.8, at + QPointF(dx, dy) * r * 1.15)
        return
    colour = QColor(c.muted if kind == "cloud" else c.weather_rain)
    painter.setPen(QPen(colour, 1.2))
    painter.setBrush(colour)
    for dx, dy, rr in ((-0.45, 0.1, 0.45), (0.1, -0.15, 0.6), (0.6, 0.15, 0.4)):
        painter.drawEllipse(at + QPointF(dx * r, dy * r), rr * r, rr * r)
    if kind == "rain":
        painter.setPen(QPen(QColor(c.weather_rain), 1.6))
        for dx in (-0.5, 0.0, 0.5):
            top = at + QPointF(dx * r, r * 0.75)
            painter.drawLine(top, top + QPointF(-2.5, 5.0))
