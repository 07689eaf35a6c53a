"""MCP Apps in the window: a tool's `ui://` view rendered in an isolated Qt WebEngine page.

WebEngine is in PySide6-Addons (the `apps` extra); without it the text result shows with a one-line
note. `available()` asks without importing it (~0.3 s)."""

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
