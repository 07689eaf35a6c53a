"""MCP Apps in the window: a tool's `ui://` view rendered in an isolated Qt WebEngine page.

Qt WebEngine ships in the PySide6-Addons wheel (the `apps` extra); without it the tool's text
result is shown with a one-line note. `available()` asks without importing it (~0.3 s).
"""

from __future__ import annotations

import importlib.util
from functools import cache


@cache
def available() -> bool:
    """Whether Qt WebEngine (and its QWebChannel) can be imported here."""
    try:
        return all(
            importlib.util.find_spec(name) is not None
            for name in ("PySide6.QtWebEngineWidgets", "PySide6.QtWebEngineCore", "PySide6.QtWebChannel")
        )
    except (ImportError, ValueError):
        return False


def prepare_application() -> None:
    """Before the QApplication is built: Qt WebEngine shares OpenGL contexts with the window (it
    refuses to start later otherwise). Only a flag: WebEngine itself loads when a view first opens."""
    if available():
        from PySide6.QtCore import QCoreApplication, Qt

        QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
