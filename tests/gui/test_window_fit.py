"""The window fits small screens: clamped first and restored sizes, side panes folded when narrow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QScrollArea, QWidget

from desktop_app.store.settings import Settings
from desktop_app.ui.main_window import MainWindow
from desktop_app.ui.window_fit import COMPACT_WIDTH, FRAME_GUESS, Box, Frame, first_box, fit_box

LAPTOP = Box(0, 0, 1366, 768)  # the most common small screen
HIDPI = Box(0, 0, 1280, 720)  # 1920×1080 at 150 %, in logical pixels
PANEL = Box(0, 0, 1366, 728)  # a 40 px taskbar at the bottom
RIGHT_MONITOR = Box(1920, 0, 1366, 768)


def _inside(box: Box, available: Box, frame: Frame = FRAME_GUESS) -> bool:
    return (
        box.x - frame.left >= available.x
        and box.y - frame.top >= available.y
        and box.x + box.w + frame.right <= available.x + available.w
        and box.y + box.h + frame.bottom <= available.y + available.h
    )


def test_the_first_window_fits_a_laptop_a_hidpi_screen_and_one_with_a_panel() -> None:
    for available in (LAPTOP, HIDPI, PANEL, RIGHT_MONITOR):
        box = first_box(available)
        assert _inside(box, available), (available, box)
        assert box.h < 800
    assert first_box(Box(0, 0, 2560, 1440))[2:] == (1280, 800)  # a big screen keeps the designed size


def test_a_layout_from_a_bigger_monitor_is_shrunk_and_moved_onto_this_one() -> None:
    from_4k = Box(1800, 900, 2400, 1300)
    box = fit_box(from_4k, LAPTOP)
    assert _inside(box, LAPTOP)
    assert (box.w, box.h) == (1366 - 16, 768 - 40)


def test_a_window_on_a_vanished_screen_comes_back() -> None:
    assert _inside(fit_box(Box(-3000, -200, 900, 600), PANEL), PANEL)
    assert fit_box(Box(3000, 400, 900, 600), RIGHT_MONITOR).x < RIGHT_MONITOR.x + RIGHT_MONITOR.w


def test_a_window_that_fits_is_left_alone() -> None:
    box = Box(100, 80, 900, 600)
    assert fit_box(box, LAPTOP) == box


def test_the_real_frame_is_used_when_known() -> None:
    thick = Frame(4, 60, 4, 4)
    box = fit_box(Box(0, 0, 1280, 800), LAPTOP, thick)
    assert box.y == 60 and box.h == 768 - 64


def _window(tmp_path: Path, qtbot: Any) -> MainWindow:
    window = MainWindow(Settings(), None, QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat), defer=True)
    qtbot.addWidget(window)
    return window


def test_no_minimum_size_forces_the_window_wider_or_taller_than_a_small_screen(qtbot: Any, tmp_path: Path) -> None:
    window = _window(tmp_path, qtbot)
    window.show()
    _ = window.inspector  # the built inspector, not its placeholder
    hint = window.minimumSizeHint()
    assert hint.width() <= 900 and hint.height() <= 560, hint
    for widget in window.findChildren(QWidget):
        assert widget.minimumWidth() <= 600, widget


def test_a_saved_geometry_larger_than_the_screen_is_clamped(qtbot: Any, tmp_path: Path) -> None:
    big = _window(tmp_path, qtbot)
    big.setGeometry(-500, -300, 4000, 2500)  # as if saved on a huge monitor further left
    big.qsettings.setValue("window/geometry", big.saveGeometry())
    again = _window(tmp_path, qtbot)
    available = again.screen().availableGeometry()
    assert available.contains(again.geometry()), (available, again.geometry())


def test_narrow_windows_fold_the_inspector_and_then_the_list(qtbot: Any, tmp_path: Path) -> None:
    window = _window(tmp_path, qtbot)
    window.show()
    qtbot.waitExposed(window)
    assert window.dock.isVisible() and window.width() >= COMPACT_WIDTH
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: not window.dock.isVisible())
    assert window.splitter.sizes()[0] > 0  # the list stays at 1100 px
    window.resize(850, 700)
    qtbot.waitUntil(lambda: window.splitter.sizes()[0] == 0)
    window.inspector_action.trigger()  # the user wants it anyway: it stays
    window.resize(860, 700)
    assert window.dock.isVisible()
    window.inspector_action.trigger()
    window.resize(1280, 760)
    qtbot.waitUntil(lambda: window.dock.isVisible() and window.splitter.sizes()[0] > 0)


def test_a_dock_folded_on_a_small_screen_comes_back_on_a_big_one(qtbot: Any, tmp_path: Path) -> None:
    small = _window(tmp_path, qtbot)
    small.show()
    small.resize(1000, 700)
    qtbot.waitUntil(lambda: not small.dock.isVisible())
    small.close()
    big = _window(tmp_path, qtbot)
    big.resize(1280, 760)
    big.show()
    qtbot.waitUntil(big.dock.isVisible)


def test_a_window_first_shown_narrow_starts_with_the_inspector_folded(qtbot: Any, tmp_path: Path) -> None:
    window = _window(tmp_path, qtbot)
    window.resize(1000, 700)  # e.g. clamped to a 1024×768 screen
    window.show()
    qtbot.waitExposed(window)
    assert not window.dock.isVisible() and window.folding.dock_folded
    window.resize(1280, 760)
    qtbot.waitUntil(window.dock.isVisible)


SIZES = [(1024, 700), (1280, 720), (1366, 768), (1920, 1080)]  # 1280×720: 1920×1080 at 150 %, in logical pixels
PANES = ["trip", "timeline", "sequence", "definitions", "trip"]  # Alt+4 first (its dock alone), Alt+1 … 4


def _cut(window: MainWindow) -> list[str]:
    """What of the window's panes is not wholly seen: a side pane scrolled or cut sideways, the
    chat column squeezed under its minimum, a control of the input row outside the window."""
    problems = []
    for dock in (window.dock, window.trip_dock):
        scroll = dock.widget()
        if dock.isVisible() and not dock.widget().visibleRegion().isEmpty():
            if isinstance(scroll, QScrollArea) and scroll.horizontalScrollBar().maximum() > 0:
                problems.append(f"{dock.objectName()}: {scroll.horizontalScrollBar().maximum()} px cut sideways")
            if not window.rect().contains(dock.geometry()):
                problems.append(f"{dock.objectName()} outside the window: {dock.geometry()}")
    column = window.column
    if column.width() < column.minimumSizeHint().width():
        problems.append(f"the chat column squeezed: {column.width()} < {column.minimumSizeHint().width()}")
    for button in (window.send_button, window.settings_button):
        corner = button.mapTo(window, button.rect().bottomRight())
        if not window.rect().contains(corner):
            problems.append(f"{button.text()} outside the window")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_pane_fits_from_1024x700_up(qtbot: Any, make_window: Any, size: tuple[int, int]) -> None:
    from tests.gui.test_main_window import SEED_QUESTION, run_and_wait

    window = make_window()
    run_and_wait(qtbot, window, SEED_QUESTION)  # a trip and a run to show
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size)
    for pane in PANES:
        window.menus.actions[pane].trigger()
        shown = window.trip_dock.pane() if pane == "trip" else window.inspector
        qtbot.waitUntil(lambda shown=shown: not shown.visibleRegion().isEmpty())

        def fits(pane: str = pane) -> None:
            assert _cut(window) == [], pane

        qtbot.waitUntil(fits, timeout=1000)  # the layout settles after the pane is shown
        assert (window.width(), window.height()) == size  # no pane made the window grow
