"""The seed's 时序图, live: your code / API / model lanes, an arrow per message, tools between."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from desktop_app.ui.chat.tool_chip import status_names
from desktop_app.ui.i18n import marked, tr
from desktop_app.ui.inspector.run_trace import ERROR, CallRecord, RunTrace, TurnRecord
from desktop_app.ui.inspector.timeline_model import STATUS_COLOURS, args_summary, format_ms
from desktop_app.ui.palette import colours
from desktop_app.ui.qt_fixes import viewport_of

CODE, API, MODEL = 0, 1, 2
NO_CLIP = Qt.TextFlag.TextDontClip  # descenders of mixed CJK/Latin lines reach past the box
ABOVE = NO_CLIP | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom  # a text sitting on a line
BELOW = NO_CLIP | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop  # a text hanging from one
ARROW, EXEC, NOTE = "arrow", "exec", "note"


@dataclass(frozen=True)
class SeqRow:
    """One line of the diagram: an arrow between lanes, a tool execution, or a note."""

    kind: str
    turn: int
    label: str
    src: int = CODE
    dst: int = CODE
    sub: str = ""
    colour: str = ""
    call: int = -1


def wire_stop_reason(body: dict[str, Any] | None) -> str:
    """The provider's own stop word from a response body (finish_reason / stop_reason)."""
    if not isinstance(body, dict):
        return ""
    choices = body.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        reason = choices[0].get("finish_reason")
        return f'finish_reason="{reason}"' if reason else ""
    reason = body.get("stop_reason")
    return f'stop_reason="{reason}"' if reason else ""


class SequenceView(QAbstractScrollArea):
    """Paints only the visible rows; rows are rebuilt at most once per event-loop pass."""

    callClicked = Signal(int)  # index into trace.calls
    turnClicked = Signal(int)  # index into trace.turns

    def __init__(self, trace: RunTrace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trace = trace
        self._rows: list[SeqRow] = []
        self._dirty = True
        self._selected: tuple[str, int] = ("", -1)
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._sync)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        viewport_of(self).setMouseTracking(False)
        self.setMinimumWidth(320)

    # -- geometry --------------------------------------------------------------------------
    def row_height(self) -> int:
        return QFontMetrics(self.font()).height() * 2 + 12

    def header_height(self) -> int:
        return QFontMetrics(self.font()).height() * 2 + 16

    def lane_x(self, lane: int) -> float:
        width = self.viewport().width()
        margin = max(56.0, width * 0.12)
        return (margin, width * 0.55, width - margin)[lane]

    # -- content ---------------------------------------------------------------------------
    def set_trace(self, trace: RunTrace) -> None:
        self.trace = trace
        self._selected = ("", -1)
        self.invalidate()

    def invalidate(self) -> None:
        """Something changed: rebuild once, on the next pass of the event loop."""
        self._dirty = True
        if not self._timer.isActive():
            self._timer.start()

    def set_selected(self, kind: str, index: int) -> None:
        self._selected = (kind, index)
        self.viewport().update()

    def rows(self) -> list[SeqRow]:
        """The diagram's rows for the trace as it is now."""
        if self._dirty:
            self._rows = build_rows(self.trace)
            self._dirty = False
        return self._rows

    def arrows(self, turn: int) -> list[SeqRow]:
        """The arrows drawn for one turn (index into trace.turns)."""
        return [r for r in self.rows() if r.kind == ARROW and r.turn == turn]

    def _sync(self) -> None:
        bar = self.verticalScrollBar()
        following = bar.value() >= bar.maximum() - 2
        self.rows()
        self._update_range()
        if following:
            bar.setValue(bar.maximum())
        self.viewport().update()

    def _update_range(self) -> None:
        content = self.header_height() + len(self._rows) * self.row_height() + 8
        bar = self.verticalScrollBar()
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(self.row_height())
        bar.setRange(0, max(0, content - self.viewport().height()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_range()

    # -- painting --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        rows = self.rows()
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(event.rect(), self.palette().color(QPalette.ColorRole.Base))
        self._paint_lifelines(painter, event.rect())
        top = self.header_height() - self.verticalScrollBar().value()
        height = self.row_height()
        first = max(0, (event.rect().top() - top) // height)
        last = min(len(rows), (event.rect().bottom() - top) // height + 1)
        for i in range(first, last):
            rect = QRectF(0, top + i * height, self.viewport().width(), height)
            self._paint_row(painter, rows[i], rect)
        self._paint_header(painter)
        painter.end()

    def _paint_lifelines(self, painter: QPainter, rect: QRect) -> None:
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DashLine))
        for lane in (CODE, API, MODEL):
            x = self.lane_x(lane)
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))

    def _paint_header(self, painter: QPainter) -> None:
        width = self.viewport().width()
        height = self.header_height()
        palette = self.palette()
        painter.fillRect(QRectF(0, 0, width, height), palette.color(QPalette.ColorRole.Window))
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Text)))
        box_w = min(150.0, width * 0.3)
        for lane, title in enumerate(lane_titles(self.trace.provider)):
            x = self.lane_x(lane)
            box = QRectF(x - box_w / 2, 4, box_w, height - 8)
            box.moveLeft(min(max(box.left(), 2.0), width - box_w - 2))
            painter.setBrush(palette.color(QPalette.ColorRole.Base))
            painter.drawRoundedRect(box, 4, 4)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, title)

    def _paint_row(self, painter: QPainter, row: SeqRow, rect: QRectF) -> None:
        if self._is_selected(row):
            tint = QColor(self.palette().color(QPalette.ColorRole.Highlight))
            tint.setAlpha(45)
            painter.fillRect(rect, tint)
        if row.kind == ARROW:
            self._paint_arrow(painter, row, rect)
        elif row.kind == EXEC:
            self._paint_exec(painter, row, rect)
        else:
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.PlaceholderText)))
            painter.drawText(rect.adjusted(8, 0, -8, 0), Qt.AlignmentFlag.AlignCenter, row.label)

    def _is_selected(self, row: SeqRow) -> bool:
        kind, index = self._selected
        if kind == "call":
            return row.call == index
        return kind == "turn" and row.kind == ARROW and row.turn == index

    def _paint_arrow(self, painter: QPainter, row: SeqRow, rect: QRectF) -> None:
        x1, x2 = self.lane_x(row.src), self.lane_x(row.dst)
        y = rect.top() + rect.height() * 0.55
        colour = QColor(row.colour) if row.colour else self.palette().color(QPalette.ColorRole.Text)
        painter.setPen(QPen(colour, 1.6))
        painter.drawLine(QPointF(x1, y), QPointF(x2, y))
        base = x2 - 9 if x2 > x1 else x2 + 9  # where the arrowhead meets the line
        painter.setBrush(colour)
        painter.drawPolygon(QPolygonF([QPointF(x2, y), QPointF(base, y - 4.5), QPointF(base, y + 4.5)]))
        left, right = min(x1, x2), max(x1, x2)
        label_rect = QRectF(left + 4, rect.top() + 1, right - left - 8, y - rect.top() - 2)
        metrics = QFontMetrics(self.font())
        text = metrics.elidedText(row.label, Qt.TextElideMode.ElideRight, int(label_rect.width()))
        painter.drawText(label_rect, NO_CLIP | Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, text)
        if row.sub:
            # like the seed's "(finish_reason=...)": under the arrow, from its left end
            span = self.viewport().width() - left - 12
            sub_rect = QRectF(left + 6, y + 1, span, rect.bottom() - y - 1)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.PlaceholderText)))
            sub = metrics.elidedText(row.sub, Qt.TextElideMode.ElideMiddle, int(span))
            if not self._is_selected(row):
                back = QRectF(left + 4, y + 2, metrics.horizontalAdvance(sub) + 4, metrics.height())
                painter.fillRect(back, self.palette().color(QPalette.ColorRole.Base))
            painter.drawText(sub_rect, BELOW, sub)

    def _paint_exec(self, painter: QPainter, row: SeqRow, rect: QRectF) -> None:
        x = self.lane_x(CODE)
        colour = QColor(row.colour or colours().running)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRect(QRectF(x - 5, rect.top(), 10, rect.height()))
        metrics = QFontMetrics(self.font())
        text_left = x + 12
        width = self.viewport().width() - text_left - 8
        label = metrics.elidedText(row.label, Qt.TextElideMode.ElideRight, int(width))
        sub = metrics.elidedText(row.sub, Qt.TextElideMode.ElideRight, int(width))
        if not self._is_selected(row):  # keep lifelines from striking through the text
            text_width = max(metrics.horizontalAdvance(label), metrics.horizontalAdvance(sub))
            painter.setBrush(self.palette().color(QPalette.ColorRole.Base))
            painter.drawRect(QRectF(text_left - 2, rect.top() + 2, text_width + 6, rect.height() - 4))
        half = rect.height() / 2
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Text)))
        painter.drawText(QRectF(text_left, rect.top() + 2, width, half - 2), ABOVE, label)
        painter.setPen(QPen(colour))
        painter.drawText(QRectF(text_left, rect.top() + half, width, half - 2), BELOW, sub)

    # -- clicks ----------------------------------------------------------------------------
    def row_at(self, y: int) -> SeqRow | None:
        """The row under a viewport y coordinate (None over the header or below the rows)."""
        offset = y + self.verticalScrollBar().value() - self.header_height()
        if y < self.header_height() or offset < 0:
            return None
        rows = self.rows()
        i = offset // self.row_height()
        return rows[i] if i < len(rows) else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        row = self.row_at(int(event.position().y()))
        if row is None:
            return
        if row.call >= 0:
            self.callClicked.emit(row.call)
        elif row.turn >= 0:
            self.turnClicked.emit(row.turn)


def lane_titles(provider: str) -> tuple[str, str, str]:
    """The seed's three lanes; the API lane is named after the provider when known."""
    from desktop_app.core.providers import get

    record = get(provider)
    api = record.api_name if record is not None and record.api_name else "API"
    return ("你的代码\nYour code", api, "模型\nModel")


def build_rows(trace: RunTrace) -> list[SeqRow]:
    """Every arrow and tool execution of the trace, in the order they happened."""
    rows: list[SeqRow] = []
    run = 0
    words = _words()  # translated once per build, not once per row
    for turn in trace.turns:
        if turn.run != run and trace.runs > 1:
            rows.append(SeqRow(NOTE, -1, tr("Run {r}").format(r=turn.run)))
        run = turn.run
        rows.extend(_turn_rows(trace, turn))
        rows.extend(_exec_row(trace.calls[i], turn.index, words) for i in turn.calls)
    return rows


def _turn_rows(trace: RunTrace, turn: TurnRecord) -> list[SeqRow]:
    """Request out and inference in; the answer and response once the turn finished."""
    arrow = partial(SeqRow, ARROW, turn.index)
    request = tr("messages + tools schema") if turn.number == 1 else tr("messages + tool results")
    url = str((turn.request or {}).get("url", ""))
    post = tr("POST {url}").format(url=url) if url else tr("turn {n}").format(n=turn.number)
    rows = [arrow(request, CODE, API, sub=post), arrow(tr("inference"), API, MODEL)]
    if turn.status == ERROR:
        rows.append(arrow(tr("error: {message}").format(message=turn.error), API, CODE, colour=STATUS_COLOURS[ERROR]))
        return rows
    if not turn.finished:
        return rows
    n_calls = len(turn.calls)
    rows.append(arrow(tr("tool_calls JSON ({n})").format(n=n_calls) if n_calls else tr("final answer"), MODEL, API))
    stop = wire_stop_reason((turn.response or {}).get("body")) or f"stop_reason={turn.stop_reason}"
    tokens = ""
    if turn.input_tokens is not None:
        tokens = tr(" · {i} in / {o} out tokens").format(i=turn.input_tokens, o=turn.output_tokens)
    rows.append(arrow(tr("response"), API, CODE, sub=f"({stop}){tokens}"))
    return rows


def _words() -> dict[str, str]:
    """The labels execution rows use, translated."""
    keys = (
        marked("approved"),
        marked("the user"),
        marked("policy"),
        marked("your code runs it"),
        marked("{decision} by {by}"),
    )
    return {**status_names(), **{k: tr(k) for k in keys}}


def _exec_row(call: CallRecord, turn: int, words: dict[str, str]) -> SeqRow:
    """Your code runs the tool: name and arguments, then status and time."""
    parts = [words["your code runs it"], words.get(call.status, call.status)]
    if call.duration_ms is not None:
        parts.append(format_ms(call.duration_ms))
    if call.approval:
        decision = words["approved" if call.approval.get("decision") == "approved" else "denied"]
        by = words["the user" if call.approval.get("by") == "user" else "policy"]
        parts.append(words["{decision} by {by}"].format(decision=decision, by=by))
    return SeqRow(
        EXEC,
        turn,
        f"{call.name}({args_summary(call, 80)})",
        sub=" · ".join(parts),
        colour=STATUS_COLOURS.get(call.status, ""),
        call=call.index,
    )
