"""The Qt face of the app: the only package that may import PySide6."""

from desktop_app.ui import pyside_fix as _pyside_fix  # noqa: F401 - must run before any emit
