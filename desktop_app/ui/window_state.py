"""The main window's look and saved layout: its style sheet, geometry and docks (QSettings)."""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QDockWidget, QMainWindow

from desktop_app.ui.window_fit import fit_window

LAYOUT_VERSION = 2  # saved with the dock layout; bump when the set of docks changes (2: the Trip dock)


def restore_layout(window: QMainWindow, qsettings: QSettings, dock: QDockWidget, *tabbed: QDockWidget) -> None:
    """Geometry and docks as the user left them, clamped to this screen; the first time, the
    inspector on the right (the `tabbed` docks as tabs beside it, the inspector in front) and a
    size that fits."""
    geometry = qsettings.value("window/geometry")
    state = qsettings.value("window/state")
    restored = isinstance(geometry, QByteArray) and window.restoreGeometry(geometry)
    fit_window(window, first=not restored)  # a layout from a bigger (or vanished) monitor fits this one
    if isinstance(state, QByteArray) and window.restoreState(state, LAYOUT_VERSION):
        if qsettings.value("window/inspectorFolded") in (True, "true"):
            dock.show()  # hidden only because that window was narrow: this one decides afresh
        return  # a state we saved places the (not yet added) dock itself
    window.addDockWidget(QtCore.Qt.DockWidgetArea.RightDockWidgetArea, dock)
    for other in tabbed:
        window.tabifyDockWidget(dock, other)
    if tabbed:
        dock.raise_()


def save_layout(window: QMainWindow, qsettings: QSettings, inspector_folded: bool = False) -> None:
    qsettings.setValue("window/geometry", window.saveGeometry())
    qsettings.setValue("window/state", window.saveState(LAYOUT_VERSION))
    qsettings.setValue("window/inspectorFolded", inspector_folded)
    qsettings.sync()
