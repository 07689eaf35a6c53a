"""The cost chart: flights, hotel and other costs stacked in one bar, the holiday-peak estimate
apart (hatched and outlined after the bar: it is never part of the total), against the budget
line when the question gave one. A click on a segment names the tool call that returned it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop_app.trips.markdown import cny
from desktop_app.ui.i18n import tr
from desktop_app.ui.palette import colours
from desktop_app.ui.text import plain_tip

BAR_TOP, BAR_HEIGHT, SIDE = 22.0, 26.0, 8.0


@dataclass(frozen=True)
class Segment:
    """One figure of the chart: its kind (flights / hotel / other / peak), amount and call id."""

    kind: str
    amount_cny: int
    call_id: str
    label: str


class CostChart(QWidget):
    """`set_costs(segments, peaks, budget)`; `segment_rects()` says where each figure is drawn."""

    callSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("costChart")
        self.setMinimumHeight(int(BAR_TOP + BAR_HEIGHT + 30))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)
        self.segments: list[Segment] = []
        self.peaks: list[Segment] = []
        self.budget: int | None = None

    def sizeHint(self) -> QSize:
        return QSize(360, int(BAR_TOP + BAR_HEIGHT + 30))

    def set_costs(self, segments: list[Segment], peaks: list[Segment], budget: int | None) -> None:
        self.segments = [s for s in segments if s.amount_cny > 0]
        self.peaks = [p for p in peaks if p.amount_cny > 0]
        self.budget = budget if budget and budget > 0 else None
        total = sum(s.amount_cny for s in self.segments)
        text = tr("Costs: %1 in all").replace("%1", cny(total))
        parts = [f"{s.label} {cny(s.amount_cny)}" for s in self.segments + self.peaks]
        if self.budget is not None:
            parts.append(tr("budget %1").replace("%1", cny(self.budget)))
        self.setAccessibleName(tr("Cost chart"))
        self.setAccessibleDescription("; ".join([text, *parts]))
        self.update()

    def _x(self, amount: float) -> float:
        scale = max(sum(s.amount_cny for s in self.segments + self.peaks), self.budget or 0, 1)
        return SIDE + amount / (scale * 1.08) * (self.width() - 2 * SIDE)

    def segment_rects(self) -> list[tuple[Segment, QRectF]]:
        """Each figure and its rectangle: the costs stacked from the left, then the peak estimates."""
        out, at = [], 0
        for s in self.segments + self.peaks:
            left, right = self._x(at), self._x(at + s.amount_cny)
            out.append((s, QRectF(left, BAR_TOP, right - left, BAR_HEIGHT)))
            at += s.amount_cny
        return out

    def segment_at(self, point: QPointF) -> Segment | None:
        return next((s for s, r in self.segment_rects() if r.contains(point)), None)

    def budget_x(self) -> float | None:
        return self._x(self.budget) if self.budget is not None else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        found = self.segment_at(event.position())
        if found is not None and event.button() == Qt.MouseButton.LeftButton:
            self.callSelected.emit(found.call_id)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        found = self.segment_at(event.position())
        self.setCursor(Qt.CursorShape.PointingHandCursor if found else Qt.CursorShape.ArrowCursor)
        self.setToolTip(plain_tip(f"{found.label}: {cny(found.amount_cny)}" if found else ""))
        super().mouseMoveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        c = colours()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(c.base_bg))
        metrics = painter.fontMetrics()
        total = sum(s.amount_cny for s in self.segments)
        for segment, rect in self.segment_rects():
            colour = QColor(kind_colour(segment.kind))
            if segment.kind == "peak":  # apart: hatched and outlined, never filled like a cost
                painter.setPen(QPen(colour, 1.5, Qt.PenStyle.DashLine))
                painter.setBrush(QBrush(colour, Qt.BrushStyle.BDiagPattern))
            else:
                painter.setPen(QPen(QColor(c.base_bg), 1.0))
                painter.setBrush(colour)
            painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))
        painter.setPen(QColor(c.text))
        painter.drawText(
            QRectF(SIDE, 2, self.width() - 2 * SIDE, BAR_TOP - 4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            tr("Total %1").replace("%1", cny(total)),
        )
        x = self.budget_x()
        if x is not None:
            painter.setPen(QPen(QColor(c.chart_budget), 2.0, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(x, BAR_TOP - 6), QPointF(x, BAR_TOP + BAR_HEIGHT + 6))
            label = tr("Budget %1").replace("%1", cny(self.budget or 0))
            width = metrics.horizontalAdvance(label) + 4
            left = min(max(x - width / 2, SIDE), self.width() - SIDE - width)
            painter.setPen(QColor(c.text))
            painter.drawText(
                QRectF(left, BAR_TOP + BAR_HEIGHT + 6, width, metrics.height()), Qt.AlignmentFlag.AlignCenter, label
            )
        painter.end()


def kind_colour(kind: str) -> str:
    """The segment colour of a kind in the current scheme (the chart's and the legend's swatches)."""
    c = colours()
    return {"flights": c.chart_flights, "hotel": c.chart_hotel, "peak": c.chart_peak}.get(kind, c.chart_other)
