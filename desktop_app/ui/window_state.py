"""The main window's look and saved layout: its style sheet, geometry and docks (QSettings)."""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QDockWidget, QMainWindow

from desktop_app.ui.window_fit import fit_window

LAYOUT_VERSION = 1  # saved with the dock layout; bump when the set of docks changes

STYLE = """
#userBubble { background: #e8f0fe; border: 1px solid #c6d6f5; border-radius: 8px; }
#assistantBubble { background: #ffffff; border: 1px solid #dedede; border-radius: 8px; }
#errorBubble { background: #fdecea; border: 1px solid #f5c2bd; border-radius: 8px; }
#caption { color: #666; font-size: 11px; font-weight: bold; }
#toolChip { background: #f4f4f4; border: 1px solid #d0d0d0; border-radius: 12px; }
#toolChip[status="running"] { border-color: #7aa7e0; }
#toolChip[status="waiting"] { background: #fff6e0; border-color: #e0b050; }
#toolChip[status="done"] { border-color: #9ccc9c; }
#toolChip[status="error"] { background: #fdecea; border-color: #e09c96; }
#toolChip[status="denied"] { background: #fdecea; border-color: #c0392b; }
#toolChip[selected="true"] { border: 2px solid #1a73e8; }
#toolChip #title { font-family: monospace; }
#toolChip #state { color: #666; }
#chatInner { background: #fafafa; }
#offlineBanner { background: #fff4ce; border: 1px solid #e6c65c; border-radius: 6px; }
#header { font-weight: bold; }
#skillChip { background: #e6f4ea; border: 1px solid #81c995; border-radius: 12px; }
#skillChip #skillLabel { color: #137333; font-weight: bold; }
QLineEdit:focus, QPlainTextEdit:focus, QTextEdit:focus, QAbstractItemView:focus { border: 2px solid #1a73e8; }
QPushButton:focus { border: 2px solid #1a73e8; border-radius: 4px; padding: 3px 8px; }
QToolButton:focus { border: 2px solid #1a73e8; border-radius: 4px; padding: 1px; }
QCheckBox:focus { border: 1px solid #1a73e8; border-radius: 3px; }
"""


def restore_layout(window: QMainWindow, qsettings: QSettings, dock: QDockWidget) -> None:
    """Geometry and docks as the user left them, clamped to this screen; the first time, the
    inspector on the right and a size that fits."""
    geometry = qsettings.value("window/geometry")
    state = qsettings.value("window/state")
    restored = isinstance(geometry, QByteArray) and window.restoreGeometry(geometry)
    fit_window(window, first=not restored)  # a layout from a bigger (or vanished) monitor fits this one
    if isinstance(state, QByteArray) and window.restoreState(state, LAYOUT_VERSION):
        if qsettings.value("window/inspectorFolded") in (True, "true"):
            dock.show()  # hidden only because that window was narrow: this one decides afresh
        return  # a state we saved places the (not yet added) dock itself
    window.addDockWidget(QtCore.Qt.DockWidgetArea.RightDockWidgetArea, dock)


def save_layout(window: QMainWindow, qsettings: QSettings, inspector_folded: bool = False) -> None:
    qsettings.setValue("window/geometry", window.saveGeometry())
    qsettings.setValue("window/state", window.saveState(LAYOUT_VERSION))
    qsettings.setValue("window/inspectorFolded", inspector_folded)
    qsettings.sync()
