"""Signing in to MCP servers over OAuth (the browser flow and its local callback)."""

from desktop_app.mcp.auth.oauth import LoginError as LoginError
from desktop_app.mcp.auth.oauth import login as login
from desktop_app.mcp.auth.oauth import logout as logout
