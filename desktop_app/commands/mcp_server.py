"""`travel-assistant mcp-server`: the app's built-in tools, served to other MCP clients over stdio."""

from __future__ import annotations


def serve_command() -> int:
    """Wire the built-in tools (runtime) to the stdio server (mcp), which knows neither settings nor tools."""
    from desktop_app.mcp.server import serve
    from desktop_app.runtime import builtin_registry

    return serve(builtin_registry())
