"""The live tool-call inspector: timeline, call, turn and reading details, sequence, tool definitions."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QFileDialog,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from desktop_app import jsonsafe
from desktop_app.ui.i18n import tr
from desktop_app.ui.inspector.call_details import CallDetails, ReadingDetails, TurnDetails, plain_label
from desktop_app.ui.inspector.json_view import RowDelegate
from desktop_app.ui.inspector.run_trace import Change, RunTrace, parse_export
from desktop_app.ui.inspector.sequence_view import SequenceView
from desktop_app.ui.inspector.tabs import TABS
from desktop_app.ui.inspector.timeline_model import ROLE_INDEX, ROLE_KIND, TimelineModel, format_ms
from desktop_app.ui.inspector.tool_defs_view import ToolDefsView
from desktop_app.ui.layout import hbox, splitter
from desktop_app.ui.palette import colours
from desktop_app.ui.text import plain_tip

if TYPE_CHECKING:
    from collections.abc import Sequence

    from desktop_app.core.events import Event

TICK_MS = 250  # how often running rows show their elapsed time


class Inspector(QWidget):
    """Shows a run as it happens (typed events) or as saved (event dicts); `callSelected(id)` on selection."""

    callSelected = Signal(str)
    """The provider's id of the newly selected call (user, sequence view or select_call)."""
    replayRequested = Signal(str, str)
    """Fork the conversation at a recorded call: its id and a mode (again, edit_arguments, edit_result)."""
    tryRequested = Signal(str, object)
    """The person calls a tool from the Tool definitions tab: its name and arguments."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Inspector")
        self.trace = RunTrace()
        self._selected: tuple[str, int] = ("", -1)
        self._switch_later = False  # the run's first call opened: its page shown a loop turn later
        self._live = False
        self.summary = plain_label(self)
        self.status_line = plain_label(self)
        self.export_button = QToolButton(self)
        self.open_button = QToolButton(self)
        self.clear_button = QToolButton(self)
        self.model = TimelineModel(self.trace, self)
        self.timeline = QTreeView(self)
        self.call_details = CallDetails(self)
        self.turn_details = TurnDetails(self)
        self.reading_details = ReadingDetails(self)
        self.placeholder = QLabel(self)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details = QStackedWidget(self)
        self.sequence = SequenceView(self.trace, self)
        self.tool_defs = ToolDefsView(self)
        self.tabs = QTabWidget(self)
        self._tick = QTimer(self, interval=TICK_MS)
        self._follow = QTimer(self, singleShot=True, interval=0)  # scrollToBottom lays out every row: once per pass
        self._build()
        self._connect()
        self._label()
        self._refresh_summary()

    def retranslate(self) -> None:
        """The language changed: every label, tab, row and detail again, in the new one."""
        self._label()
        for part in (self.call_details, self.turn_details, self.reading_details, self.tool_defs, self.model):
            part.retranslate()
        self.sequence.invalidate()
        self._refresh_summary()
        self._refresh_selected()

    # -- construction ----------------------------------------------------------------------
    def _label(self) -> None:
        """The fixed texts, in the current language."""
        buttons = (
            (self.export_button, tr("Export JSON…"), tr("Save this run, every event with its time")),
            (self.open_button, tr("Open run…"), tr("Show a run saved with Export JSON")),
            (self.clear_button, tr("Clear"), tr("Forget this run")),
        )
        for button, text, tip in buttons:
            button.setText(text)
            button.setToolTip(plain_tip(tip))
        self.placeholder.setText(tr("Select a model turn or a tool call"))
        self.timeline.setAccessibleName(tr("Timeline"))
        self.timeline.setAccessibleDescription(tr("Model turns and tool calls; arrow keys move between them"))
        self.tabs.setAccessibleName(tr("Inspector views"))
        self.sequence.setAccessibleName(tr("Sequence"))
        for index, tab in enumerate(TABS):
            self.tabs.setTabText(index, tr(tab.title))
        metrics = QFontMetrics(self.timeline.font())  # fixed widths: ResizeToContents measures every row
        samples = {1: "+00.000 s", 2: "000 ms", 3: tr("waiting for approval")}
        for column, sample in samples.items():
            self.timeline.header().resizeSection(column, metrics.horizontalAdvance(sample) + 14)

    def _build(self) -> None:
        self.timeline.setModel(self.model)
        self.timeline.setItemDelegate(RowDelegate(self.timeline))
        self.timeline.setUniformRowHeights(True)
        self.timeline.setAlternatingRowColors(True)
        header = self.timeline.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for widget in (self.placeholder, self.call_details, self.turn_details, self.reading_details):
            self.details.addWidget(widget)
        split = splitter(self.timeline, self.details, stretch=(2, 5))
        split.setSizes([320, 460])
        for page in (split, self.sequence, self.tool_defs):  # one per TABS, titled by _label
            self.tabs.addTab(page, "")
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(hbox(self.summary, self.export_button, self.open_button, self.clear_button))
        box.addWidget(self.status_line)
        box.addWidget(self.tabs, 1)
        self._reserve_header()

    def _reserve_header(self) -> None:
        """The summary's two lines and the status line hold their room from the start: a run's
        first event then changes text, not the layout (re-laying the tabs out took 7-15 ms)."""
        line = self.summary.fontMetrics().lineSpacing()
        self.summary.setMinimumHeight(2 * line)
        self.status_line.setMinimumHeight(line)
        policy = self.status_line.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.status_line.setSizePolicy(policy)

    def _connect(self) -> None:
        self.timeline.selectionModel().currentRowChanged.connect(self._current_changed)
        self.sequence.callClicked.connect(lambda index: self._select("call", index))
        self.sequence.turnClicked.connect(lambda index: self._select("turn", index))
        self.export_button.clicked.connect(lambda: self._ask_file(save=True))
        self.open_button.clicked.connect(lambda: self._ask_file(save=False))
        self.clear_button.clicked.connect(self.clear)
        self.call_details.replayRequested.connect(self.replayRequested)
        self.tool_defs.tryRequested.connect(self.tryRequested)
        self._tick.timeout.connect(self._on_tick)
        self._follow.timeout.connect(self.timeline.scrollToBottom)

    # -- public API ------------------------------------------------------------------------
    def handle_event(self, event: Event | dict[str, Any]) -> None:
        """Record one event (typed when live) and update only what it touched (text_delta redraws nothing);
        tool definitions alone (a warm-up's, after a saved conversation was opened) start no live run."""
        if (event.get("type") if isinstance(event, dict) else event.type) != "tool_defs":
            self._live = True
        change = self.trace.apply(event)
        if change is not None:
            self._route(change)

    def clear(self) -> None:
        """Forget the run; the tool definitions stay (they describe the tools, not the run)."""
        defs = self.trace.tool_defs_event
        self._reset()
        if defs is not None:
            self.handle_event(defs)

    @property
    def live(self) -> bool:
        """Whether it shows a run of this window (not only a saved one loaded into it)."""
        return self._live

    def show_tab(self, index: int) -> None:
        """One of TABS in front, the keyboard on its list (arrow keys then move through calls)."""
        self.tabs.setCurrentIndex(index)
        (self.timeline, self.sequence, self.tool_defs.list)[index].setFocus()

    def select_call(self, call_id: str) -> None:
        """Select the latest call with this provider id (no-op for an unknown id)."""
        record = self.trace.find_call(call_id)
        if record is not None:
            self._select("call", record.index)

    def export_json(self) -> str:
        """The run as JSON: every event, each with its `ts` (seconds since the epoch)."""
        return json.dumps(self.trace.export(), ensure_ascii=False, indent=1)

    def load_events(self, events: Sequence[Event | dict[str, Any]]) -> None:
        """Show a finished run: a saved conversation's events (typed, as a live run's) or an
        exported run's (`ts` used when present); the tool definitions shown stay until the run
        brings its own (Try it works on an opened conversation)."""
        defs = self.trace.tool_defs_event
        self._reset()
        if defs is not None and not any(
            (e.get("type") if isinstance(e, dict) else e.type) == "tool_defs" for e in events
        ):
            self.trace.apply(defs)  # shown with the run, below
        self._live = False  # a saved run: nothing is still running, whatever it says
        for event in events:  # into the trace only: the views are told once, below
            self.trace.apply(event, None if isinstance(event, dict) and "ts" in event else self._last_ts())
        self.model.now = self.trace.rel(self._last_ts())
        self.model.reset(self.trace)  # one reset, not a row signal per call (2,500 calls: 0.3 s -> ms)
        self.timeline.expandAll()
        self.sequence.set_trace(self.trace)
        if self.trace.tool_defs_event is not None:
            self.tool_defs.set_tools(self.trace.tool_defs)
        self._open_first_call()
        self._refresh_summary()
        self._update_tick()

    # -- routing ---------------------------------------------------------------------------
    def _reset(self) -> None:
        self.trace = RunTrace()
        self._selected = ("", -1)
        self.model.reset(self.trace)
        self.sequence.set_trace(self.trace)
        self.tool_defs.set_tools([])
        self.details.setCurrentWidget(self.placeholder)
        self._tick.stop()
        self._refresh_summary()

    def _last_ts(self) -> float:
        return self.trace.last_ts if self.trace.last_ts is not None else time.time()

    def _route(self, change: Change) -> None:
        if change.kind in ("turn", "call", "reading"):
            self._row_change(change)
        elif change.kind == "defs":
            self.tool_defs.set_tools(self.trace.tool_defs)
        elif change.kind == "run":
            self.model.refresh_all()
            if self._selected[1] < 0 and self.trace.calls:
                QTimer.singleShot(0, self, self._open_first_call)  # its details (~8 ms): a loop turn of their own
            else:
                self._refresh_selected()
        if change.kind != "defs":
            self.sequence.invalidate()
            self._refresh_summary()
            self._update_tick()

    def _open_first_call(self) -> None:
        """A finished run opens on its first call, not a blank pane (unless one was picked since);
        the pane is switched in a loop turn of its own, so the end of a run draws no late frame."""
        if self._selected[1] < 0 and self.trace.calls:
            with QSignalBlocker(self):  # not the user's choice: the chat must not jump
                self._select("call", 0, switch_later=True)

    def _refresh_selected(self) -> None:
        kind, index = self._selected
        if kind == "call":
            self.call_details.show_call(self.trace.calls[index], self.trace)
        elif kind == "turn":
            self.turn_details.show_turn(self.trace.turns[index], self.trace)
        elif kind == "reading" and (reading := self.trace.turns[index].reading) is not None:
            self.reading_details.show_reading(reading)

    def _row_change(self, change: Change) -> None:
        """A turn, call or reading was added or changed: its row, and its details when it is selected."""
        if change.new:
            following = self._at_bottom()
            self.model.row_added(change.kind, change.index)
            if change.kind == "call":
                self.timeline.expand(self.model.turn_index(self.trace.calls[change.index].turn))
            elif change.kind == "reading":
                self.timeline.expand(self.model.turn_index(change.index))
            if following:
                self._follow.start()
        else:
            self.model.row_changed(change.kind, change.index)
        if self._selected == (change.kind, change.index):
            self._refresh_selected()

    def _at_bottom(self) -> bool:
        """Follow new rows only when the user has not scrolled up to read something."""
        bar = self.timeline.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def _update_tick(self) -> None:
        """The elapsed-time timer runs only while something is unfinished."""
        if self._live and self.trace.running and not self._tick.isActive():
            self._tick.start()
        elif not (self._live and self.trace.running):
            self._tick.stop()

    def _on_tick(self) -> None:
        self.model.now = self.trace.rel(time.time())
        self.model.running_changed()
        self._update_tick()

    def _refresh_summary(self) -> None:
        trace = self.trace
        if not trace.events or trace.start_ts is None:
            self.summary.setText(tr("No run yet"))
            self.status_line.hide()
            return
        tokens_in, tokens_out = trace.totals()
        elapsed = (trace.last_ts or trace.start_ts) - trace.start_ts
        self.summary.setText(
            tr(
                "{provider} · {model} — {turns} turns · {calls} tool calls · {tin} in / {tout} out tokens · {elapsed}"
            ).format(
                provider=trace.provider or "?",
                model=trace.model or "?",
                turns=len(trace.turns),
                calls=len(trace.calls),
                tin=tokens_in,
                tout=tokens_out,
                elapsed=format_ms(elapsed * 1000),
            )
        )
        self._refresh_status_line()

    def _refresh_status_line(self) -> None:
        trace = self.trace
        if trace.error is not None:
            kind, message = trace.error.get("kind", ""), trace.error.get("message", "")
            self._say(tr("Run failed ({kind}): {message}").format(kind=kind, message=message), colours().failed)
        elif trace.final is not None:
            n, reason = trace.final.get("turns", ""), trace.final.get("stop_reason", "")
            self._say(tr("Finished after {n} model calls ({reason})").format(n=n, reason=reason), colours().done)
        elif not self._live:  # a saved conversation's calls: nothing runs, nothing was timed
            self._say(tr("Saved calls, as recorded (no timings)"), colours().muted)
        else:
            self._say(tr("Running…"), colours().running)

    def _say(self, text: str, colour: str) -> None:
        """One line in the status line; restyled only on change: setStyleSheet re-polishes the
        widget (slow per event)."""
        self.status_line.setText(text)
        style = f"color: {colour};"
        if self.status_line.styleSheet() != style:
            self.status_line.setStyleSheet(style)
        self.status_line.show()

    # -- selection -------------------------------------------------------------------------
    def _current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        kind = current.data(ROLE_KIND)
        if kind in ("call", "turn", "reading"):
            self._show_selected(kind, int(current.data(ROLE_INDEX)))

    def _select(self, kind: str, index: int, switch_later: bool = False) -> None:
        """Make a turn, call or reading ("turn" / "call" / "reading", its index) the timeline's current
        row, and show it."""
        self._switch_later = switch_later
        row = self.model.index_of(kind, index)
        if row.isValid():
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self.timeline.selectionModel().setCurrentIndex(row, flags)
            self.timeline.scrollTo(row)
        self._show_selected(kind, index)
        self._switch_later = False

    def _switch_to(self, page: QWidget, kind: str) -> None:
        """The details page of a selection made a turn ago, unless another kind was picked since."""
        if self._selected[0] == kind:
            self.details.setCurrentWidget(page)

    def _show_selected(self, kind: str, index: int) -> None:
        """Show details and tell the window, once per change of selection."""
        if self._selected == (kind, index):
            return
        self._selected = (kind, index)
        self.sequence.set_selected(kind, index)
        self._refresh_selected()
        page = {"call": self.call_details, "reading": self.reading_details}.get(kind, self.turn_details)
        if self._switch_later:
            QTimer.singleShot(0, self, lambda: self._switch_to(page, kind))
        else:
            self.details.setCurrentWidget(page)
        if kind == "call":
            self.callSelected.emit(self.trace.calls[index].id)

    # -- files -----------------------------------------------------------------------------
    def _ask_file(self, save: bool) -> None:
        """A non-modal dialog (never exec() under qasync), answered through fileSelected."""
        dialog = QFileDialog(self, tr("Export run as JSON") if save else tr("Open run"))
        dialog.setNameFilter(tr("Run JSON (*.json)"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
        if save:
            dialog.setDefaultSuffix("json")
            dialog.selectFile(f"run-{time.strftime('%Y%m%d-%H%M%S')}.json")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self.export_to if save else self.open_file)
        dialog.open()

    def export_to(self, path: str) -> None:
        """Write export_json() to a file; a failure is one line in the status line."""
        try:
            Path(path).write_text(self.export_json(), encoding="utf-8")
        except OSError as exc:
            self._say(
                tr("Could not save {path}: {error}").format(path=path, error=exc.strerror or exc), colours().failed
            )

    def open_file(self, path: str) -> None:
        """Load a run saved by export_to; a bad file is one line in the status line."""
        try:
            events = parse_export(jsonsafe.read_text(Path(path)))  # size-limited, like every file read
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            self._say(tr("Could not open {path}: {error}").format(path=path, error=exc), colours().failed)
            return
        try:
            self.load_events(events)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            self._reset()
            self._say(tr("Could not show {path}: {error}").format(path=path, error=exc), colours().failed)
