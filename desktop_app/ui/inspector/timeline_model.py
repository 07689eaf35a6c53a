"""The run as a tree model: model turns on top, beneath each the question's reading (when that turn
read it) above its tool calls (cheap live inserts)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QWidget

from desktop_app.ui.chat.tool_chip import status_names
from desktop_app.ui.i18n import marked, tr
from desktop_app.ui.inspector.json_view import ROOT, AnyIndex, ColumnsModel
from desktop_app.ui.inspector.reading_text import cut, reading_summary
from desktop_app.ui.inspector.run_trace import (
    DENIED,
    DONE,
    ERROR,
    RUNNING,
    WAITING,
    CallRecord,
    ReadingRecord,
    RunTrace,
    TurnRecord,
)
from desktop_app.ui.palette import colours
from desktop_app.ui.text import plain_tip

_STATUS_FIELD = {WAITING: "waiting", RUNNING: "running", DONE: "done", ERROR: "failed", DENIED: "denied"}


class _StatusColours(Mapping[str, str]):
    """Status -> its colour in the scheme painted now (ui/palette.py): a switch re-colours."""

    def __getitem__(self, status: str) -> str:
        return str(getattr(colours(), _STATUS_FIELD[status]))

    def __iter__(self) -> Iterator[str]:
        return iter(_STATUS_FIELD)

    def __len__(self) -> int:
        return len(_STATUS_FIELD)


STATUS_COLOURS: Mapping[str, str] = _StatusColours()
ROLE_KIND = Qt.ItemDataRole.UserRole + 1  # "turn", "call" or "reading"
ROLE_INDEX = Qt.ItemDataRole.UserRole + 2  # index into trace.turns / trace.calls (a reading: its turn's)


def format_seconds(seconds: float | None) -> str:
    """+0.012 s style offsets from the run start."""
    return "" if seconds is None else f"+{seconds:.3f} s"


def format_ms(ms: float | None) -> str:
    """Durations: milliseconds under a second, seconds above."""
    if ms is None:
        return ""
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"


def args_summary(record: CallRecord, limit: int = 48) -> str:
    """city=三亚, stars=4 — or the raw text when the arguments were not JSON."""
    if record.arguments_raw is not None:
        text = record.arguments_raw
    else:
        text = ", ".join(
            f"{k}={v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}" for k, v in record.arguments.items()
        )
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class TimelineModel(ColumnsModel):
    """Rows index the RunTrace directly; internal id 0 marks a turn, n+1 a row of turn n: its reading
    first when it has one, then its calls."""

    COLUMNS = (marked("Step"), marked("Start"), marked("Duration"), marked("Status"))

    def __init__(self, trace: RunTrace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trace = trace
        self.now: float = 0.0  # seconds since run start, for running items' elapsed time
        self._status_text = status_names()

    def retranslate(self) -> None:
        self._status_text = status_names()
        super().retranslate()

    def reset(self, trace: RunTrace) -> None:
        """Show another trace (after clear or load)."""
        self.beginResetModel()
        self.trace = trace
        self.endResetModel()

    # -- live updates ----------------------------------------------------------------------
    def row_added(self, kind: str, index: int) -> None:
        """A turn, call or reading ("turn" / "call" / "reading", its index) was added to the trace: its row comes."""
        row = self.index_of(kind, index)
        self.beginInsertRows(row.parent(), row.row(), row.row())
        self.endInsertRows()

    def row_changed(self, kind: str, index: int) -> None:
        row = self.index_of(kind, index)
        if row.isValid():
            self.dataChanged.emit(row, row.siblingAtColumn(len(self.COLUMNS) - 1))

    def running_changed(self) -> None:
        """Elapsed times of unfinished rows (called from a slow timer, not per event)."""
        for turn in sorted(self.trace.unfinished_turns):
            self.row_changed("turn", turn)
        for call in sorted(self.trace.unfinished_calls):
            self.row_changed("call", call)

    def refresh_all(self) -> None:
        """Every row may have changed (the run ended): one signal per turn's block of rows."""
        last = len(self.COLUMNS) - 1
        if self.trace.turns:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.trace.turns) - 1, last))
        for turn in self.trace.turns:
            if rows := self.rowCount(self.turn_index(turn.index)):
                parent = self.turn_index(turn.index)
                self.dataChanged.emit(self.index(0, 0, parent), self.index(rows - 1, last, parent))

    # -- lookups ---------------------------------------------------------------------------
    def index_of(self, kind: str, index: int) -> QModelIndex:
        """The row of a turn, call or reading ("turn" / "call" / "reading", its index into the trace)."""
        if kind == "turn":
            return self.turn_index(index)
        if kind == "reading":
            has = 0 <= index < len(self.trace.turns) and self.trace.turns[index].reading is not None
            return self.createIndex(0, 0, index + 1) if has else QModelIndex()
        if not 0 <= index < len(self.trace.calls):
            return QModelIndex()
        call = self.trace.calls[index]
        turn = self.trace.turns[call.turn]
        return self.createIndex(turn.calls.index(index) + _first_call(turn), 0, call.turn + 1)

    def turn_index(self, index: int) -> QModelIndex:
        if not 0 <= index < len(self.trace.turns):
            return QModelIndex()
        return self.createIndex(index, 0, 0)

    def record(self, index: AnyIndex) -> TurnRecord | CallRecord | ReadingRecord | None:
        """The turn, call or reading behind an index."""
        if not index.isValid():
            return None
        parent_id = index.internalId()
        if parent_id == 0:
            return self.trace.turns[index.row()]
        turn = self.trace.turns[parent_id - 1]
        if turn.reading is not None and index.row() == 0:
            return turn.reading
        return self.trace.calls[turn.calls[index.row() - _first_call(turn)]]

    # -- QAbstractItemModel ----------------------------------------------------------------
    def index(self, row: int, column: int, parent: AnyIndex = ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1 if parent.isValid() else 0)

    def parent(self, index: AnyIndex = ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: AnyIndex = ROOT) -> int:
        if not parent.isValid():
            return len(self.trace.turns)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        turn = self.trace.turns[parent.row()]
        return len(turn.calls) + _first_call(turn)

    def data(self, index: AnyIndex, role: int = 0) -> Any:
        record = self.record(index)
        if record is None:
            return None
        if isinstance(record, ReadingRecord):
            return self._reading_data(record, index.column(), role)
        turn = isinstance(record, TurnRecord)
        column = index.column()
        if role == ROLE_KIND:
            return "turn" if turn else "call"
        if role == ROLE_INDEX:
            return record.index
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self._turn_text(record, column) if isinstance(record, TurnRecord) else self._call_text(record, column)
            )
        if role == Qt.ItemDataRole.ForegroundRole and column == 3:
            return QColor(STATUS_COLOURS.get(record.status, colours().neutral))
        if role == Qt.ItemDataRole.FontRole and column == 0 and turn:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            if isinstance(record, CallRecord):
                return plain_tip(f"{record.id or '?'} → {record.result_id or '…'}")
            return plain_tip(record.error) if record.error else None
        return None

    def _reading_data(self, reading: ReadingRecord, column: int, role: int) -> Any:
        """The reading's row: "Reading · 2 adults · Beijing → Xi'an (2 nights) · …", when it came."""
        if role == ROLE_KIND:
            return "reading"
        if role == ROLE_INDEX:
            return reading.turn
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return cut(tr("Reading · {summary}").format(summary=reading_summary(reading.frame)), 120)
            return format_seconds(reading.started) if column == 1 else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(reading_summary(reading.frame))
        return None

    def _turn_text(self, turn: TurnRecord, column: int) -> str:
        if column == 0:
            label = tr("Turn {n} · model").format(n=turn.number)
            return label if turn.run <= 1 else tr("Run {r} · ").format(r=turn.run) + label
        if column == 1:
            return format_seconds(turn.started)
        if column == 2:
            end = turn.ended if turn.ended is not None else self.now
            return format_ms(max(end - turn.started, 0.0) * 1000)
        if turn.status != DONE:  # running, or ended by an error
            return self._status_text[turn.status]
        return turn.stop_reason or self._status_text[DONE]

    def _call_text(self, call: CallRecord, column: int) -> str:
        if column == 0:
            return f"{call.name}({args_summary(call)})"
        if column == 1:
            return format_seconds(call.started)
        if column == 2:
            if call.duration_ms is not None:
                return format_ms(call.duration_ms)
            return format_ms(max(self.now - call.started, 0.0) * 1000)
        text = self._status_text.get(call.status, call.status)
        if call.status == RUNNING and call.progress:
            text += " " + progress_text(call.progress)
        return text


def _first_call(turn: TurnRecord) -> int:
    """The row of a turn's first call: 1 below its reading, else 0."""
    return 0 if turn.reading is None else 1


def progress_text(progress: dict[str, Any]) -> str:
    """3/10, or 3 when the total is unknown (values come from tools: check their types)."""
    done, total = progress.get("progress"), progress.get("total")
    if not isinstance(done, int | float):
        return ""
    if isinstance(total, int | float) and total > 0:
        return f"{done:g}/{total:g}"
    return f"{done:g}"
