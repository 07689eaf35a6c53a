"""The Qt face of the app: the only package that may import PySide6."""

from desktop_app.ui import pyside_fix as _pyside_fix  # noqa: F401 - emit/connect steal True
from desktop_app.ui.none_refcount import protect_none

protect_none()  # before any Qt call: PySide6 6.12 on Python 3.11 frees None after ~5,000 calls
