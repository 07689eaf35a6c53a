"""The route map: Natural Earth's countries drawn with QPainter in an equirectangular projection,
zoomed to the trip's cities; cities as dots with their names, flights as arcs, trains and drives as
dashed and dotted lines on the ground. Drawn offline."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop_app.ui.palette import colours
from desktop_app.ui.trip.geo import Bounds, basemap, frame


@dataclass(frozen=True)
class Place:
    name: str  # as shown
    lon: float
    lat: float


class RouteMap(QWidget):
    """`set_route(places, legs, modes)`: legs are (from, to) indexes into places, each travelled by its
    mode (flight, train, drive). `drawn` lists the city names the last paint put on the map (the tests read it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("routeMap")
        self.setMinimumHeight(180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.places: list[Place] = []
        self.legs: list[tuple[int, int]] = []
        self.modes: list[str] = []
        self.drawn: list[str] = []

    def sizeHint(self) -> QSize:
        return QSize(360, 240)

    def set_route(self, places: list[Place], legs: list[tuple[int, int]], modes: Sequence[str] = ()) -> None:
        kept = [
            (leg, mode)
            for leg, mode in zip(legs, list(modes) or ["flight"] * len(legs), strict=True)
            if leg[0] != leg[1]
        ]
        self.places, self.legs, self.modes = places, [leg for leg, _ in kept], [mode for _, mode in kept]
        self.update()

    def bounds(self) -> Bounds:
        aspect = max(self.width(), 1) / max(self.height(), 1)
        return frame([(p.lon, p.lat) for p in self.places], aspect)

    def to_screen(self, lon: float, lat: float, bounds: Bounds | None = None) -> QPointF:
        west, south, east, north = bounds or self.bounds()
        return QPointF((lon - west) / (east - west) * self.width(), (north - lat) / (north - south) * self.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        c = colours()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(c.map_water_bg))
        bounds = self.bounds()
        self._draw_land(painter, bounds, c.map_land_bg, c.map_border)
        points = [self.to_screen(p.lon, p.lat, bounds) for p in self.places]
        route = QPen(QColor(c.map_route), 2.0)
        route.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(route)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for (a, b), mode in zip(self.legs, self.modes, strict=True):
            route.setStyle(LINES.get(mode, Qt.PenStyle.SolidLine))
            painter.setPen(route)
            painter.drawPath(_arc(points[a], points[b], 0.18 if mode == "flight" else 0.04))
        self.drawn = []
        metrics = painter.fontMetrics()
        for place, at in zip(self.places, points, strict=True):
            painter.setPen(QPen(QColor(c.map_land_bg), 2.0))
            painter.setBrush(QColor(c.map_city))
            painter.drawEllipse(at, 4.5, 4.5)
            box = QRectF(
                at.x() + 7, at.y() - metrics.height() / 2, metrics.horizontalAdvance(place.name) + 6, metrics.height()
            )
            if box.right() > self.width():  # near the right edge: the name goes left of the dot
                box.moveRight(at.x() - 7)
            painter.setPen(Qt.PenStyle.NoPen)
            halo = QColor(c.map_land_bg)
            halo.setAlpha(215)
            painter.setBrush(halo)
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(QColor(c.text))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, place.name)
            self.drawn.append(place.name)
        painter.end()

    def _draw_land(self, painter: QPainter, bounds: Bounds, land: str, border: str) -> None:
        west, south, east, north = bounds
        path = QPainterPath()
        for ring in basemap():
            r_west, r_south, r_east, r_north = ring.bounds
            if r_east < west or r_west > east or r_north < south or r_south > north:
                continue
            path.addPolygon(QPolygonF([self.to_screen(lon, lat, bounds) for lon, lat in ring.points]))
            path.closeSubpath()
        painter.setPen(QPen(QColor(border), 0.8))
        painter.setBrush(QColor(land))
        painter.drawPath(path)


LINES = {"train": Qt.PenStyle.DashLine, "drive": Qt.PenStyle.DotLine}  # a flight: a solid arc


def _arc(start: QPointF, end: QPointF, bend: float) -> QPainterPath:
    """A gentle curve from start to end, bowed to its left by `bend` of its length (so a return
    leg, going the other way, bows to the other side and both show)."""
    mid = (start + end) / 2
    dx, dy = end.x() - start.x(), end.y() - start.y()
    control = QPointF(mid.x() - dy * bend, mid.y() + dx * bend)
    path = QPainterPath(start)
    path.quadTo(control, end)
    return path
