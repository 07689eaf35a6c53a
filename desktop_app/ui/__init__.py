"""The Qt face of the app: the only package that may import PySide6."""

from desktop_app.ui.qt_fixes import apply_qt_fixes

apply_qt_fixes()  # before any other Qt call: PySide6 6.12 on Python 3.11 frees None / True otherwise
