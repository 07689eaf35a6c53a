"""Signing in to MCP servers over OAuth (the browser flow and its local callback)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.mcp import face

if TYPE_CHECKING:
    from desktop_app.mcp.auth.oauth import LoginError as LoginError
    from desktop_app.mcp.auth.oauth import login as login
    from desktop_app.mcp.auth.oauth import logout as logout

FACE, __getattr__ = face(__name__, {"oauth": ("LoginError", "login", "logout")})
__all__ = list(FACE)
