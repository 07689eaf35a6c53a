"""The window fits the screen it is on: first and restored sizes clamped, panes folded when narrow."""

from __future__ import annotations

from typing import NamedTuple

from PySide6 import QtCore
from PySide6.QtCore import QRect, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QStyle

FIRST_SIZE = (1280, 800)  # the first window on a screen with room for it
COMPACT_WIDTH = 1200  # narrower: the inspector dock hides (View → Inspector brings it back)
NARROW_WIDTH = 900  # narrower still: the conversation list folds away too (drag its edge back)
SIDE_GAP = 24  # the splitter's and the dock's handles and margins beside the chat column


class Box(NamedTuple):
    """A rectangle in logical pixels, without Qt (so the arithmetic is tested on its own)."""

    x: int
    y: int
    w: int
    h: int


class Frame(NamedTuple):
    """The window manager's frame around the window: left, top (title bar), right, bottom."""

    left: int
    top: int
    right: int
    bottom: int


FRAME_GUESS = Frame(8, 32, 8, 8)  # before the window manager framed it: a title bar and thin borders


def fit_box(want: Box, available: Box, frame: Frame = FRAME_GUESS) -> Box:
    """`want` shrunk and moved so that it, with its frame, lies inside `available`."""
    w = max(1, min(want.w, available.w - frame.left - frame.right))
    h = max(1, min(want.h, available.h - frame.top - frame.bottom))
    x = min(max(want.x, available.x + frame.left), available.x + available.w - frame.right - w)
    y = min(max(want.y, available.y + frame.top), available.y + available.h - frame.bottom - h)
    return Box(x, y, w, h)


def first_box(available: Box, frame: Frame = FRAME_GUESS) -> Box:
    """The first window: FIRST_SIZE where it fits, else as large as fits, centred."""
    fitted = fit_box(Box(available.x, available.y, *FIRST_SIZE), available, frame)
    x = available.x + (available.w - fitted.w - frame.left - frame.right) // 2 + frame.left
    y = available.y + (available.h - fitted.h - frame.top - frame.bottom) // 2 + frame.top
    return Box(x, y, fitted.w, fitted.h)


def _box(rect: QRect) -> Box:
    return Box(rect.x(), rect.y(), rect.width(), rect.height())


def _frame(window: QMainWindow) -> Frame:
    """The real frame once the window manager drew one, else FRAME_GUESS."""
    outer, inner = window.frameGeometry(), window.geometry()
    if outer == inner:
        return FRAME_GUESS
    left, top = inner.left() - outer.left(), inner.top() - outer.top()
    return Frame(left, top, outer.right() - inner.right(), outer.bottom() - inner.bottom())


def available_box(window: QMainWindow) -> Box:
    """The available area (no panels) of the screen under the window's centre, else the primary's."""
    screen = QGuiApplication.screenAt(window.geometry().center()) or QGuiApplication.primaryScreen()
    return _box(screen.availableGeometry())


def fit_window(window: QMainWindow, first: bool) -> None:
    """Clamp the window to its screen (first=True: the first size, centred); maximised windows stay."""
    if window.isMaximized() or window.isFullScreen():  # (no Qt namespace before the first paint)
        return
    available, frame = available_box(window), _frame(window)
    box = first_box(available, frame) if first else fit_box(_box(window.geometry()), available, frame)
    window.setGeometry(box.x, box.y, box.w, box.h)


class PaneFolding:
    """Crossing below COMPACT_WIDTH hides the inspector dock (and the docks tabbed with it, the
    Trip pane), below NARROW_WIDTH folds the list; crossing back brings them back. Only crossings
    act: what the user opens while narrow stays. A side pane the user opens in a compact window
    (Alt+1…4, the View menu) takes the list's place while it is open, and is widened to its content."""

    def __init__(self, dock: QDockWidget, splitter: QSplitter, *tabbed: QDockWidget) -> None:
        self.dock = dock
        self.tabbed = tabbed
        self.tabbed_folded: list[QDockWidget] = []  # the tabbed docks we hid with it
        self.splitter = splitter
        self.width = 0  # the width last seen (0: none yet, so the first width acts)
        self.dock_folded = False  # hidden by us, not by the user: shown again when wide
        self.list_width = 0  # the list's width before we folded it (0: not folded)
        self.room_from: int | None = None  # the list's width when a side pane took its place
        for side in (dock, *tabbed):
            side.visibilityChanged.connect(self._side_changed)

    def update(self, width: int) -> None:
        """Fold or unfold for the window's new width."""
        before, self.width = self.width, width
        if _crossed_below(before, width, COMPACT_WIDTH) and not self.dock.isHidden() and not self.dock.isFloating():
            self.dock_folded = True
            self.tabbed_folded = [d for d in self.tabbed if not d.isHidden() and not d.isFloating()]
            for dock in (self.dock, *self.tabbed_folded):
                dock.hide()
        elif width >= COMPACT_WIDTH and self.dock_folded:
            self.dock_folded = False
            for dock in (*self.tabbed_folded, self.dock):
                dock.show()
            self.tabbed_folded = []
        sizes = self.splitter.sizes()
        if _crossed_below(before, width, NARROW_WIDTH) and sizes[0] > 0:
            self.list_width = sizes[0]
            self.splitter.setSizes([0, sizes[0] + sizes[1]])
        elif width >= NARROW_WIDTH and self.list_width:
            self.splitter.setSizes([self.list_width, max(1, sizes[0] + sizes[1] - self.list_width)])
            self.list_width = 0
        self._make_room()

    def _needs_room(self) -> bool:
        """A compact window with a side pane open in it."""
        sides = (self.dock, *self.tabbed)
        return 0 < self.width < COMPACT_WIDTH and any(not d.isHidden() and not d.isFloating() for d in sides)

    def _side_changed(self) -> None:
        self._make_room()
        if self._needs_room():
            QTimer.singleShot(0, self._widen_side)  # once the shown dock is in the window's layout

    def _make_room(self) -> None:
        """The list is hidden while a side pane needs its room (folded, it would still hold its
        minimum width and squeeze the pane), and back, as wide as it was, when not."""
        panel = self.splitter.widget(0)
        if panel is None:
            return
        if self._needs_room() and not panel.isHidden():
            self.room_from = self.splitter.sizes()[0]
            panel.hide()
        elif not self._needs_room() and self.room_from is not None:
            panel.show()
            if self.room_from > 0:
                total = sum(self.splitter.sizes())
                self.splitter.setSizes([self.room_from, max(1, total - self.room_from)])
            self.room_from = None

    def _widen_side(self) -> None:
        """The side docks as wide as their content asks, as far as the chat column keeps its minimum."""
        window = self.dock.parentWidget()
        docks = [d for d in (self.dock, *self.tabbed) if not d.isHidden() and not d.isFloating()]
        if not isinstance(window, QMainWindow) or not docks:
            return
        column = self.splitter.widget(1)
        chat = (column.minimumSizeHint().width() if column is not None else 0) + SIDE_GAP
        bar = window.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)  # the panes scroll up and down
        want = max(d.widget().sizeHint().width() for d in docks) + bar
        width = max(1, min(want, self.width - chat))
        window.resizeDocks(docks, [width] * len(docks), QtCore.Qt.Orientation.Horizontal)


def _crossed_below(before: int, now: int, limit: int) -> bool:
    return now < limit and (before == 0 or before >= limit)
