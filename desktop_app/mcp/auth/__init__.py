"""Signing in to MCP servers over OAuth (the browser flow and its local callback).

This file is the room's face: the window imports these names from here, never a module inside."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop_app.mcp.auth.oauth import LoginError as LoginError
    from desktop_app.mcp.auth.oauth import login as login
    from desktop_app.mcp.auth.oauth import logout as logout

FACE: dict[str, tuple[str, str]] = {
    "LoginError": ("oauth", "LoginError"),
    "login": ("oauth", "login"),
    "logout": ("oauth", "logout"),
}
__all__ = ["LoginError", "login", "logout"]


def __getattr__(name: str) -> Any:
    """A name of the face, imported when first asked for: the window's first paint loads none of them."""
    if name not in FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = FACE[name]
    return getattr(importlib.import_module(f"{__name__}.{module}"), attr)
