"""The Trip dock, tabbed beside the inspector: the pane in a scroll area, built on first use (its
modules are not the first paint's work), filled from `trip` events or a saved conversation's trip,
and the exports (.ics / Markdown / PDF) through a save dialog opened with open(), never exec()."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QScrollArea, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.inspector.dock import LazyDock

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog

    from desktop_app.store.history import HistoryStore
    from desktop_app.trips.model import Trip
    from desktop_app.ui.trip.pane import TripPane

log = logging.getLogger(__name__)


class TripDock(LazyDock):
    """`show_trip(detail, budget)` with a `Trip.to_dict()`; `callSelected(id)` from a clicked figure;
    `exported(path)` once an export is written, `problem(text)` when it could not be."""

    callSelected = Signal(str)
    optionPicked = Signal(str)  # the key of the comparison's option the traveller chose
    exported = Signal(str)
    problem = Signal(str)

    def __init__(self, lang: Callable[[], str], parent: QWidget | None = None) -> None:
        super().__init__(tr("Trip"), "tripDock", parent)
        self._lang = lang
        self._pane: TripPane | None = None

    def pane(self) -> TripPane:
        if self._pane is None:
            from desktop_app.ui.trip.pane import TripPane

            self._pane = self._scrolled(lambda scroll: TripPane(self._lang, scroll))
            self._pane.callSelected.connect(self.callSelected)
            self._pane.exportRequested.connect(self.export)
            self._pane.optionPicked.connect(self.optionPicked)
        return self._pane

    def warm_up(self) -> None:
        """After the first paint: build the pane and read the basemap now, not at the first trip
        event in a run (that first use was ~70 ms of the UI thread: a stall mid-answer)."""
        from desktop_app.ui.trip.geo import basemap

        basemap()
        self.pane().ensurePolished()

    def present(self) -> None:
        """Alt+4 (View → Trip): the Trip tab, shown, in front, with the keyboard on the pane's first
        control (a price, else an export button), the pane scrolled to its top (the title) as far as
        that control stays in view."""
        self.show()
        self.raise_()
        pane = self.pane()
        buttons = [*pane.price_buttons.values(), *pane.exports.values()]
        target = next((b for b in buttons if b.isVisible() and b.isEnabled()), None)
        (target or pane).setFocus()
        scroll = self.widget()
        if isinstance(scroll, QScrollArea):
            scroll.verticalScrollBar().setValue(0)
            if target is not None:
                scroll.ensureWidgetVisible(target)
            scroll.horizontalScrollBar().setValue(0)  # a pane wider than its dock shows its left edge, the titles

    @property
    def trip(self) -> Trip | None:
        return self._pane.trip if self._pane is not None else None

    def show_trip(self, detail: dict[str, Any], budget: int | None = None) -> bool:
        """A trip as saved (`Trip.to_dict()`); False when it does not read as one."""
        from desktop_app.trips.model import Trip

        try:
            trip = Trip.from_dict(detail)
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("a trip that does not read: %s", exc)
            return False
        self.pane().show_trip(trip, budget)
        return True

    def clear(self) -> None:
        if self._pane is not None:
            self._pane.show_trip(None)

    def load_saved(self, history: HistoryStore, conversation_id: str, budget: int | None = None) -> bool:
        """The stored trip of a conversation opened from the history (cleared when it has none)."""
        from desktop_app.errors import HistoryError
        from desktop_app.store.trip_rows import load_trip, trip_id_for

        self.clear()
        try:
            trip_id = trip_id_for(history, conversation_id)
            row = load_trip(history, trip_id) if trip_id else None
        except (HistoryError, KeyError) as exc:
            log.warning("the conversation's trip could not be read: %s", exc)
            return False
        return row is not None and self.show_trip(row.data, budget)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Trip"))
        if self._pane is not None:
            self._pane.retranslate()

    # ---------------------------------------------------------------- exports
    def export(self, fmt: str) -> QFileDialog | None:
        """A save dialog for the trip as .ics, Markdown or PDF (in the UI language); written on accept."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QFileDialog

        trip = self.trip
        if trip is None:
            return None
        filters = {"ics": tr("Calendar (*.ics)"), "md": tr("Markdown (*.md)"), "pdf": tr("PDF (*.pdf)")}
        dialog = QFileDialog(self, tr("Export the trip"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(filters[fmt])
        dialog.setDefaultSuffix(fmt)  # the format's name is its file suffix
        dialog.selectFile(f"trip-{trip.start.isoformat() if trip.start else trip.id}.{fmt}")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(lambda path: self.write_export(trip, fmt, path))
        dialog.open()
        return dialog

    def write_export(self, trip: Trip, fmt: str, path: str) -> bool:
        """Write the file whole or not at all (QSaveFile); `exported` or `problem` says which."""
        from PySide6.QtCore import QIODevice, QSaveFile

        from desktop_app.trips.markdown import to_markdown

        lang = self._lang()
        if fmt == "ics":
            from desktop_app.trips.ics import to_ics

            data = to_ics(trip)
        elif fmt == "pdf":
            from desktop_app.ui.trip_pdf import pdf_bytes

            data = pdf_bytes(to_markdown(trip, lang), trip.title)
        else:
            data = to_markdown(trip, lang).encode("utf-8")
        out = QSaveFile(path)
        if not (out.open(QIODevice.OpenModeFlag.WriteOnly) and out.write(data) == len(data) and out.commit()):
            self.problem.emit(tr("Could not write %1: %2").replace("%1", path).replace("%2", out.errorString()))
            return False
        self.exported.emit(path)
        return True
