"""Signing in to MCP servers over OAuth (the browser flow and its local callback)."""

from desktop_app.mcp.auth.oauth import LoginError, login, logout

__all__ = ["LoginError", "login", "logout"]
