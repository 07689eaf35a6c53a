"""A virtualized list: a widget exists only for the rows on screen and a screen's margin.

Rows are plain objects; `build(row)` makes a row's widget when it comes into view. Heights are
measured and cached per width, estimated for rows never shown (corrected without a jump), so a
10,000-message conversation is 10,000 small objects and a dozen real widgets."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from desktop_app.ui.qt_fixes import viewport_of

MARGIN = 12  # around the rows (on the spacing scale, ui/palette.py)
GAP = 8  # between rows
OVERSCAN = 0.5  # viewport heights kept built above and below what is seen


class Row:
    """One entry; `widget` is set while it is built, `height` is measured at `width` (or guessed)."""

    __slots__ = ("height", "keep", "widget", "width")

    def __init__(self) -> None:
        self.widget: QWidget | None = None
        self.height = -1  # -1: not known yet (an estimate is made when needed)
        self.width = -1  # the width `height` was measured at; -1: an estimate
        self.keep = False  # the widget survives leaving the screen (hidden, not dropped)

    def search_text(self) -> str:
        """What Ctrl+F looks in (a message's Markdown, a call with its arguments and result)."""
        return ""


class VirtualRows(QAbstractScrollArea):
    """Rows with cached heights; subclasses say how a row is built and how tall it may be."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        viewport_of(self)  # wrapped now, as a QWidget: no walk through every QWidget subclass
        self.verticalScrollBar().setSingleStep(24)
        self._styled = False  # Qt's namespace enums (~20 ms) load with the first row, after the first paint
        self._rows: list[Row] = []
        self._tops: list[int] = []  # each row's top, valid for the first `_valid` rows
        self._valid = 0
        self._built: dict[int, Row] = {}  # id(row) -> row, for the rows with a widget
        self._owner: dict[int, Row] = {}  # id(widget) -> its row, for the size changes it reports
        self._follow = True  # at the end: stay there as rows come and grow
        self._placing = False
        self._batch = 0  # > 0: rows are being added in bulk, placing waits for the end

    # ------------------------------------------------------------------ for subclasses
    def build(self, row: Row) -> QWidget:
        """The widget for `row`, a child of the viewport."""
        raise NotImplementedError

    def anchors(self, row: Row) -> bool:
        """Whether `row` may hold the screen still while rows come and go (not a button above them)."""
        return True

    def placed(self, first: int) -> None:
        """Called after placing, with the first row on screen (a subclass may read more rows)."""

    def estimate(self, row: Row, width: int) -> int:
        """A guess of `row`'s height before it was ever built."""
        return 40

    # ------------------------------------------------------------------ the rows
    def rows(self) -> list[Row]:
        return list(self._rows)

    def insert_rows(self, index: int, rows: list[Row]) -> None:
        """Add rows at `index` (len for the end); what is on screen stays where it is."""
        if not self._styled:
            self._styled = True
            self._watcher = _SizeWatcher(self)
            self.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # never sideways
        anchor = self._anchor()
        self._rows[index:index] = rows
        self._invalidate(index)
        if anchor is not None:
            seen, offset = anchor
            self._hold(seen + len(rows) if index <= seen else seen, offset)
        self._place()

    def remove_rows(self, start: int, end: int | None = None) -> None:
        """Drop rows [start, end) and their widgets."""
        stop = len(self._rows) if end is None else min(end, len(self._rows))
        anchor = self._anchor()
        if anchor is not None and start <= anchor[0] < stop < len(self._rows):  # the row after holds still
            anchor = stop, self._tops[stop] - self.verticalScrollBar().value()
        for row in self._rows[start:stop]:
            self._drop(row, force=True)
        del self._rows[start:stop]
        self._invalidate(start)
        if anchor is not None and self._rows:
            seen, offset = anchor
            self._hold(seen - (stop - start) if seen >= stop else min(seen, start), offset)
        self._place()

    def _anchor(self) -> tuple[int, int] | None:
        """The first row seen and its offset on screen, when the user is not following the end."""
        if self._follow or not self._rows or self._batch:
            return None
        self._ensure_tops()
        value = self.verticalScrollBar().value()
        seen = self._index_at(value)
        while seen < len(self._rows) - 1 and not self.anchors(self._rows[seen]):
            seen += 1
        return seen, self._tops[seen] - value

    def _hold(self, index: int, offset: int) -> None:
        """Scroll so row `index` is `offset` from the top again (rows came or went above it)."""
        index = max(0, min(index, len(self._rows) - 1))
        self._update_bar()
        self._set_value(self._tops[index] - offset)

    def clear_rows(self) -> None:
        self.remove_rows(0)
        self._follow = True

    @contextmanager
    def batch(self) -> Iterator[VirtualRows]:
        """`with view.batch(): ...` adds many rows and places them once at the end."""
        self._batch += 1
        try:
            yield self
        finally:
            self._batch -= 1
            self._place()

    def reveal(self, row: Row, at: int = -1) -> QWidget | None:
        """Scroll so `row` is on screen (its widget is built), and return the widget; `at`: the
        height in the row that must be seen (a match deep in a long message)."""
        for _ in range(3):  # measuring what comes into view may move the row: settle
            self._ensure_tops()
            index = self._rows.index(row)
            top, bar = self._tops[index], self.verticalScrollBar()
            height = self._height(index, self._row_width())
            if at >= 0:
                top, height = top + at, min(height - at, 3 * self.fontMetrics().height())
            view = self.viewport().height()
            if top < bar.value() or top + height > bar.value() + view:
                self._follow = False
                self._set_value(max(0, top - max(0, (view - height) // 2)))
            self._place()
        self._track_follow(self.verticalScrollBar().value())
        return row.widget

    def at_end(self) -> bool:
        return self._follow

    def follow_end(self) -> None:
        """Go to the end and stay there (a new message was sent)."""
        self._follow = True
        self._place()

    def go_to_edge(self, end: bool) -> None:
        """End (True): the last row, followed from then on; Home (False): the first."""
        if end:
            self.follow_end()
            return
        self._follow = False
        self.verticalScrollBar().setValue(0)  # the rows are placed as the bar moves

    # ------------------------------------------------------------------ geometry
    def _row_width(self) -> int:
        return max(120, self.viewport().width() - 2 * MARGIN)

    def _height(self, index: int, width: int) -> int:
        row = self._rows[index]
        if row.height < 0:
            row.height = self.estimate(row, width)
        return row.height

    def _invalidate(self, index: int) -> None:
        self._valid = min(self._valid, index)

    def _ensure_tops(self) -> None:
        """Each row's top from the first stale one on (a few ms for 10,000 rows)."""
        count = len(self._rows)
        if self._valid >= count and len(self._tops) == count:
            return
        width = self._row_width()
        tops = self._tops[: self._valid]
        y = tops[-1] + self._height(len(tops) - 1, width) + GAP if tops else MARGIN
        for index in range(len(tops), count):
            tops.append(y)
            y += self._height(index, width) + GAP
        self._tops, self._valid = tops, count

    def _index_at(self, y: int) -> int:
        return max(0, min(len(self._rows) - 1, bisect_right(self._tops, y) - 1))

    # ------------------------------------------------------------------ placing
    def _place(self) -> None:
        """Build, measure and position the rows on screen; drop the ones that left."""
        if self._placing or self._batch:
            return
        self._placing = True
        try:
            for _ in range(4):  # a corrected height can bring another row into view
                if not self._place_once():
                    break
        finally:
            self._placing = False

    def _place_once(self) -> bool:
        if not self._rows:  # (the viewport's wrapper, ~7 ms of enums, is not made before a row comes)
            self.verticalScrollBar().setRange(0, 0)
            return False
        width = self._row_width()
        bar, view = self.verticalScrollBar(), self.viewport().height()
        moved = False
        if self._follow:  # the end is measured first, so the screen's range is known exactly
            moved = self._fill_end(width, view)
            self._update_bar()
            self._set_value(bar.maximum())
        self._ensure_tops()
        value = bar.value()
        anchor = self._index_at(value)
        if self._tops[anchor] < value and anchor + 1 < len(self._rows):
            anchor += 1  # the first row that starts on screen keeps its place (the one cut above may grow)
        offset = self._tops[anchor] - value
        first, last = self._index_at(value), self._index_at(value + view)
        for index in range(first, last + 1):
            moved = self._ready(index, width) or moved
        keep = int(view * OVERSCAN)  # built rows this close to the screen stay built
        kept_first, kept_last = self._index_at(value - keep), self._index_at(value + view + keep)
        wanted = {id(row) for row in self._rows[kept_first : kept_last + 1]}
        for row in [r for key, r in self._built.items() if key not in wanted]:
            self._drop(row)
        self._update_bar()
        self._set_value(bar.maximum() if self._follow else self._tops[anchor] - offset)
        self._position(kept_first, kept_last, width)
        self.placed(first)
        return moved or bar.value() != value

    def _ready(self, index: int, width: int) -> bool:
        """Build and measure one row; True when its height changed."""
        row = self._rows[index]
        widget = row.widget
        if widget is None:
            widget = row.widget = self.build(row)
            widget.resize(width, max(1, row.height))
        if id(widget) not in self._owner:
            self._owner[id(widget)] = row
            widget.installEventFilter(self._watcher)  # its own size changes come to _resized
            widget.ensurePolished()
        self._built[id(row)] = row
        if row.width == width:
            return False
        height = self._measure(widget, width)
        row.width = width
        if height == row.height:
            return False
        row.height = height
        self._invalidate(index + 1)
        return True

    def _fill_end(self, width: int, view: int) -> bool:
        """Following the end: measure the last rows, upward, until they fill the screen (one pass
        places them exactly, whatever the estimates above them say)."""
        moved, filled = False, 0
        for index in range(len(self._rows) - 1, -1, -1):
            moved = self._ready(index, width) or moved
            filled += self._rows[index].height + GAP
            if filled >= view:
                break
        return moved

    def _measure(self, widget: QWidget, width: int) -> int:
        height = widget.heightForWidth(width)  # -1: its height does not depend on its width
        if height < 0:
            height = widget.sizeHint().height()
        return max(height, widget.minimumSizeHint().height(), 1)

    def _position(self, first: int, last: int, width: int) -> None:
        value = self.verticalScrollBar().value()
        for index in range(first, last + 1):
            row = self._rows[index]
            widget = row.widget
            if widget is None or id(row) not in self._built:
                continue
            widget.setGeometry(MARGIN, self._tops[index] - value, width, row.height)
            if widget.isHidden():
                widget.show()

    def _drop(self, row: Row, force: bool = False) -> None:
        widget = row.widget
        self._built.pop(id(row), None)
        if widget is None:
            return
        focus = QApplication.focusWidget()
        if not force and focus is not None and (focus is widget or widget.isAncestorOf(focus)):
            self._built[id(row)] = row  # the keyboard is in it: it stays until focus leaves
            return
        if row.keep and not force:
            widget.hide()  # a hidden widget does not say when it grows: measure it when it is back
            row.width = -1
            return
        row.widget = None
        self._owner.pop(id(widget), None)
        widget.removeEventFilter(self._watcher)
        self.discard(widget)

    def discard(self, widget: QWidget) -> None:
        """A row's widget is no longer needed (a subclass may keep one it owns)."""
        widget.hide()
        widget.deleteLater()

    def _update_bar(self) -> None:
        """The scroll range for every row's top and height as known now."""
        self._ensure_tops()
        total = self._tops[-1] + self._height(len(self._rows) - 1, self._row_width()) + MARGIN if self._rows else 0
        bar = self.verticalScrollBar()
        view = self.viewport().height()
        bar.setPageStep(view)
        bar.setRange(0, max(0, total - view))

    def _set_value(self, value: int) -> None:
        bar = self.verticalScrollBar()
        if bar.value() != value:
            was = self._placing
            self._placing = True  # scrollContentsBy must not place again mid-way
            try:
                bar.setValue(value)
            finally:
                self._placing = was

    def _track_follow(self, value: int) -> None:
        self._follow = value >= self.verticalScrollBar().maximum() - 4

    # ------------------------------------------------------------------ Qt events
    def keyPressEvent(self, event: Any) -> None:
        """Home and End (a scroll area has only the arrows and pages), from a row's text too."""
        keys = QtCore.Qt.Key
        if event.key() in (keys.Key_Home, keys.Key_End):
            self.go_to_edge(event.key() == keys.Key_End)
            return
        super().keyPressEvent(event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 - Qt override
        self.viewport().scroll(0, dy)  # moves the built widgets with a blit
        if not self._placing:  # the user scrolled: at the end or not decides what follows
            self._track_follow(self.verticalScrollBar().value())
            self._place()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._place()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self._place()

    def _resized(self, widget: QObject) -> None:
        """A row's widget asked for a new size (text set, a part shown): measure that row again."""
        row = self._owner.get(id(widget))
        if row is not None and row.widget is widget and not self._placing:
            row.width = -1
            self._place()


class _SizeWatcher(QObject):
    """Watches the rows' widgets for layout requests (a filter of its own: the scroll area's
    viewport events stay in C++, and Qt's event enums load with the first row, not at start-up)."""

    def __init__(self, view: VirtualRows) -> None:
        super().__init__(view)
        self.view = view
        self.layout_request = QEvent.Type.LayoutRequest

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == self.layout_request:
            self.view._resized(watched)
        return False
