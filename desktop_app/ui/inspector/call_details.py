"""Detail panes: one tool call (ids, arguments, result, images), one model turn (wire bodies) and
how the planner read the question (its frame)."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui import layout
from desktop_app.ui.chat.tool_chip import status_names
from desktop_app.ui.i18n import marked, tr
from desktop_app.ui.inspector.json_view import NO_VALUE, JsonPane
from desktop_app.ui.inspector.reading_text import reader_text, reading_summary
from desktop_app.ui.inspector.run_trace import CallRecord, ReadingRecord, RunTrace, TurnRecord
from desktop_app.ui.inspector.sequence_view import wire_stop_reason
from desktop_app.ui.inspector.timeline_model import STATUS_COLOURS, format_ms, format_seconds
from desktop_app.ui.layout import bold, hbox, splitter
from desktop_app.ui.mcp_app.traffic import TrafficPane
from desktop_app.ui.palette import colours
from desktop_app.ui.text import plain_tip

MAX_IMAGE_SIDE = 240


def plain_label(parent: QWidget, text: str = "") -> QLabel:
    """Layout's plain label, selectable: the inspector's ids and values are there to be copied."""
    return layout.plain_label(text, parent, selectable=True)


def timing_text(started: float, duration_ms: float | None) -> str:
    """When a call or turn started (from the run's start) and how long it took."""
    duration = format_ms(duration_ms) or tr("(still running)")
    return tr("started {start}, took {duration}").format(start=format_seconds(started), duration=duration)


def source_text(source: str) -> str:
    """builtin → built-in; mcp:weather → MCP server “weather” (in the UI's language)."""
    if source == "builtin":
        return tr("built-in")
    if source.startswith("mcp:"):
        return tr("MCP server “{name}”").format(name=source[4:])
    return source


def decode_image(image: dict[str, Any]) -> QPixmap | None:
    """A tool's base64 image as a pixmap, or None when the data is not an image."""
    data = image.get("data")
    if not isinstance(data, str):
        return None
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None
    pixmap = QPixmap()
    return pixmap if pixmap.loadFromData(raw) else None


class _Details(QWidget):
    """A details pane: a bold title over a form of facts (its timing among them); the rest goes under."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.title = bold(plain_label(self), 1.15)
        self.timing = plain_label(self)
        self.form = QFormLayout()
        self.form.setVerticalSpacing(2)
        self._row_labels: list[tuple[QLabel, str]] = []  # each form row's label and its English
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(4, 4, 4, 4)
        self.box.addWidget(self.title)
        self.box.addLayout(self.form)

    def _row(self, source: str, field: QWidget | QLayout) -> None:
        """A form row whose label (a `marked` string) follows the language."""
        label = QLabel(tr(source), self)
        self._row_labels.append((label, source))
        self.form.addRow(label, field)

    def retranslate(self) -> None:
        """The form's labels in the current language (the values follow when shown again)."""
        for label, source in self._row_labels:
            label.setText(tr(source))


class CallDetails(_Details):
    """Everything about one tool call; refreshed only when that call changes. Its replay buttons
    ask the window to fork the conversation at this call: `replayRequested(call id, mode)`."""

    replayRequested = Signal(str, str)  # the call's id, a mode: again, edit_arguments or edit_result

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.record: CallRecord | None = None
        self.replay_buttons = self._replay_buttons()
        self._mode_before_raw: bool | None = None  # raw text forced for invalid arguments
        self.source = plain_label(self)
        self.risk = plain_label(self)
        self.status = plain_label(self)
        self.call_id = plain_label(self)
        self.result_id = plain_label(self)
        self.pairing = plain_label(self)
        self.approval = plain_label(self)
        self.progress = QProgressBar(self)
        self.copy_id = QToolButton(self)
        self.copy_id.clicked.connect(self._copy_id)
        self.raw_warning = plain_label(self)
        self.raw_warning.setStyleSheet(f"color: {STATUS_COLOURS['error']};")
        self.recovered = plain_label(self)  # "recovered from text", with the text it was read from
        self.recovered_text = QPlainTextEdit(self)
        self.recovered_text.setReadOnly(True)
        self.recovered_text.setMaximumHeight(110)
        self.arguments = JsonPane(marked("Arguments"), self)
        self.result = JsonPane(marked("Result"), self)
        self.images = QWidget()  # the shown call's pictures, in images_scroll (replaced with each call)
        self.images_scroll = QScrollArea(self)
        self.images_scroll.setWidgetResizable(True)
        self.images_scroll.setMaximumHeight(MAX_IMAGE_SIDE + 30)
        self.app_traffic = TrafficPane(self)  # an MCP App's messages, both ways (hidden when none)
        self._layout()
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.arguments.retranslate()
        self.result.retranslate()
        self.copy_id.setText(tr("Copy id"))
        self.recovered_text.setAccessibleName(tr("The model's text the call was read from"))
        texts = {
            "again": (tr("Run again"), tr("Run the tool again with the same arguments, in a fork")),
            "edit_arguments": (
                tr("Edit arguments and run…"),
                tr("Change the arguments, run the tool, and let the model continue, in a fork"),
            ),
            "edit_result": (
                tr("Edit result and continue…"),
                tr("Change the result the model reads and re-run its turn, in a fork"),
            ),
        }
        for mode, (text, tip) in texts.items():
            self.replay_buttons[mode].setText(text)
            self.replay_buttons[mode].setToolTip(plain_tip(tip))

    def _replay_buttons(self) -> dict[str, QPushButton]:
        buttons = {}
        for mode in ("again", "edit_arguments", "edit_result"):
            button = QPushButton(self)
            button.setObjectName(f"replay_{mode}")
            button.setEnabled(False)
            button.clicked.connect(lambda _=False, m=mode: self._replay(m))
            buttons[mode] = button
        return buttons

    def _replay(self, mode: str) -> None:
        if self.record is not None:
            self.replayRequested.emit(self.record.id, mode)

    def _layout(self) -> None:
        self._row(marked("Source"), self.source)
        self._row(marked("Risk"), self.risk)
        self._row(marked("Status"), self.status)
        self._row(marked("Timing"), self.timing)
        self._row(marked("Call id"), hbox(self.call_id, self.copy_id))
        self._row(marked("Result id"), self.result_id)
        self._row(marked("Pairing"), self.pairing)
        self._row(marked("Approval"), self.approval)
        self._row(marked("Progress"), self.progress)
        top = QWidget()
        top_box = QVBoxLayout(top)
        top_box.setContentsMargins(0, 0, 0, 0)
        for widget in (self.raw_warning, self.recovered, self.recovered_text, self.arguments):
            top_box.addWidget(widget)
        split = splitter(top, self.result, self.images_scroll, self.app_traffic, stretch=(2, 3))
        replay = hbox(*self.replay_buttons.values(), grow=None)
        replay.addStretch(1)
        self.box.addLayout(replay)
        self.box.addWidget(split, 1)

    def show_call(self, record: CallRecord, trace: RunTrace) -> None:
        """Fill every field from the record (cheap: only the selected call is shown)."""
        self.record = record
        self.title.setText(record.name or tr("(unknown tool)"))
        self.source.setText(source_text(record.source))
        self.risk.setText(record.risk)
        self.status.setText(status_names().get(record.status, record.status))
        self.status.setStyleSheet(f"color: {STATUS_COLOURS.get(record.status, colours().neutral)};")
        self.timing.setText(timing_text(record.started, record.duration_ms))
        self._show_ids(record)
        self._show_approval(record)
        self._show_progress(record)
        self._show_arguments(record)
        self._show_result(record)
        self.app_traffic.show_for(record.id)
        self._show_images(record)
        replayable = record.finished and not record.orphan  # the window refuses while a run is going
        for button in self.replay_buttons.values():
            button.setEnabled(replayable)

    def _show_ids(self, record: CallRecord) -> None:
        self.call_id.setText(record.id or tr("(none: no call had this result's id)"))
        result_id = record.result_id
        self.result_id.setText(tr("(no result yet)") if result_id is None else result_id)
        if result_id is None:
            text, status = tr("waiting for the result"), "waiting"
        elif record.paired:
            text, status = tr("✓ result id matches the call id"), "done"
        else:
            text, status = tr("✗ result id does not match any call"), "error"
        self.pairing.setText(text)
        self.pairing.setStyleSheet(f"color: {STATUS_COLOURS[status]};")

    def _show_approval(self, record: CallRecord) -> None:
        approval = record.approval
        if approval is None:
            self.approval.setText(tr("not needed") if record.status != "waiting" else tr("waiting for your decision"))
            return
        decision = tr("approved") if approval.get("decision") == "approved" else tr("denied")
        by = tr("the user") if approval.get("by") == "user" else tr("policy")
        text = tr("{decision} by {by}").format(decision=decision, by=by)
        reason = str(approval.get("reason") or "")
        self.approval.setText(f"{text}: {reason}" if reason else text)

    def _show_progress(self, record: CallRecord) -> None:
        progress = record.progress or {}
        done, total = progress.get("progress"), progress.get("total")
        self.form.setRowVisible(self.progress, bool(progress))
        if isinstance(total, int | float) and total > 0 and isinstance(done, int | float):
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(min(done / total, 1.0) * 1000))
        else:
            self.progress.setRange(0, 0)
        self.progress.setFormat(str(progress.get("message") or "%p%"))

    def _show_arguments(self, record: CallRecord) -> None:
        self.recovered.setVisible(record.recovered)
        self.recovered_text.setVisible(record.recovered)
        if record.recovered:
            self.recovered.setText(
                tr("Recovered from text: the model wrote this call in its answer; it was read from:")
            )
            self.recovered_text.setPlainText(record.raw_text)
        if record.arguments_raw is not None:
            self.raw_warning.setText(tr("The model's arguments were not valid JSON; the raw text is shown."))
            self.raw_warning.show()
            if self._mode_before_raw is None:
                self._mode_before_raw = self.arguments.is_raw()
            self.arguments.set_value(record.arguments_raw, exact_text=record.arguments_raw)
            self.arguments.set_mode(raw=True)
        else:
            self.raw_warning.hide()
            if self._mode_before_raw is not None:  # back to the user's mode
                self.arguments.set_mode(raw=self._mode_before_raw)
                self._mode_before_raw = None
            self.arguments.set_value(record.arguments)

    def _show_result(self, record: CallRecord) -> None:
        result = record.result
        if result is None:
            self.result.title.setText(tr("Result"))
            self.result.clear_value()
            return
        self.result.title.setText(tr("Result (error)") if result.get("is_error") else tr("Result"))
        self.result.title.setStyleSheet(f"color: {STATUS_COLOURS['error']};" if result.get("is_error") else "")
        self.result.set_json_text(str(result.get("content", "")))

    def _show_images(self, record: CallRecord) -> None:
        self.images = QWidget()
        row = QHBoxLayout(self.images)
        row.setContentsMargins(0, 0, 0, 0)
        images = (record.result or {}).get("images") or []
        for image in images if isinstance(images, list) else []:
            row.addWidget(self._image_label(image))
        row.addStretch(1)
        self.images_scroll.setWidget(self.images)  # the last call's pictures are deleted
        self.images_scroll.setVisible(bool(images))

    def _image_label(self, image: Any) -> QLabel:
        pixmap = decode_image(image) if isinstance(image, dict) else None
        label = plain_label(self.images)
        if pixmap is None:
            label.setText(tr("(an image that could not be decoded)"))
            return label
        mime = image.get("mime_type") or image.get("mimeType") or ""
        label.setToolTip(plain_tip(f"{mime} {pixmap.width()}×{pixmap.height()}"))
        if max(pixmap.width(), pixmap.height()) > MAX_IMAGE_SIDE:  # shrink, never blow up
            pixmap = pixmap.scaled(
                MAX_IMAGE_SIDE,
                MAX_IMAGE_SIDE,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        label.setPixmap(pixmap)
        return label

    def _copy_id(self) -> None:
        if self.record is not None:
            QGuiApplication.clipboard().setText(self.record.id)


class TurnDetails(_Details):
    """One model call: the exact request and response bodies, usage and stop reason."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stop = plain_label(self)
        self.usage = plain_label(self)
        self.endpoint = plain_label(self)
        self.stream = plain_label(self)
        self.error = plain_label(self)
        self.error.setStyleSheet(f"color: {STATUS_COLOURS['error']};")
        self.no_wire = plain_label(self)
        self.request = JsonPane(marked("Request body"), self)
        self.response = JsonPane(marked("Response body"), self)
        self._row(marked("Timing"), self.timing)
        self._row(marked("Stop reason"), self.stop)
        self._row(marked("Tokens"), self.usage)
        self._row(marked("Endpoint"), self.endpoint)
        self._row(marked("Streamed"), self.stream)
        self.box.addWidget(self.error)
        self.box.addWidget(self.no_wire)
        self.box.addWidget(splitter(self.request, self.response), 1)
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.request.retranslate()
        self.response.retranslate()
        self.no_wire.setText(
            tr(
                "No request or response bodies: this provider does not report its wire data "
                "(the offline and scripted models talk to no API)."
            )
        )

    def show_turn(self, turn: TurnRecord, trace: RunTrace) -> None:
        """Fill every field from the turn record."""
        self.title.setText(tr("Turn {n} · model call").format(n=turn.number))
        duration = None if turn.ended is None else (turn.ended - turn.started) * 1000
        self.timing.setText(timing_text(turn.started, duration))
        wire = wire_stop_reason((turn.response or {}).get("body"))
        self.stop.setText(" · ".join(p for p in (turn.stop_reason, wire) if p) or "—")
        self.usage.setText(
            "—"
            if turn.input_tokens is None
            else tr("{i} input / {o} output").format(i=turn.input_tokens, o=turn.output_tokens)
        )
        request = turn.request or {}
        self.endpoint.setText(
            " ".join(str(p) for p in (request.get("provider", ""), request.get("url", "")) if p) or "—"
        )
        chunks = (turn.response or {}).get("stream_chunks")
        self.stream.setText(
            tr("{d} text deltas, {c} characters; {s} wire chunks").format(
                d=turn.text_deltas, c=turn.text_chars, s=chunks if chunks is not None else "—"
            )
        )
        self.error.setVisible(bool(turn.error))
        self.error.setText(turn.error)
        self.no_wire.setVisible(turn.request is None and turn.response is None)
        for pane, event in ((self.request, turn.request), (self.response, turn.response)):
            pane.set_value(NO_VALUE if event is None else event.get("body", {}))


class ReadingDetails(_Details):
    """How the planner read the question: the summary, when, and the whole frame as JSON."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.record: ReadingRecord | None = None
        self.summary = plain_label(self)
        self.summary.setObjectName("readingSummary")
        self.reader = plain_label(self)
        self.note = plain_label(self)
        self.frame = JsonPane(marked("Frame"), self)
        self.frame.decode_box.setChecked(False)  # the question's words as written, never parsed as JSON
        self._row(marked("Read as"), self.summary)
        self._row(marked("Read by"), self.reader)
        self._row(marked("Timing"), self.timing)
        self.box.addWidget(self.note)
        self.box.addWidget(self.frame, 1)
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.frame.retranslate()
        self.title.setText(tr("Reading"))
        self.note.setText(
            tr("How the offline planner read the question before planning its calls; an empty slot was not said.")
        )
        if self.record is not None:
            self.summary.setText(reading_summary(self.record.frame))
            self.reader.setText(reader_text(self.record.frame))

    def show_reading(self, record: ReadingRecord) -> None:
        """Fill the pane from the record (its frame as received)."""
        self.record = record
        self.summary.setText(reading_summary(record.frame))
        self.reader.setText(reader_text(record.frame))
        self.timing.setText(tr("read at {start}").format(start=format_seconds(record.started)))
        self.frame.set_value(record.frame)
