"""Signing in to MCP servers over OAuth (the browser flow and its local callback).

This file is the room's face: the window imports these names from here, never a module inside."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.mcp import face

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

__getattr__ = face(__name__, FACE)
