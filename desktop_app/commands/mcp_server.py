"""`travel-assistant mcp-server`: the app's built-in tools, served to other MCP clients over stdio."""

from __future__ import annotations

import argparse


def add_arguments(_parser: argparse.ArgumentParser) -> None:
    """No flags: it speaks MCP on stdin/stdout."""


def run(_args: argparse.Namespace) -> int:
    """Wire the built-in tools (runtime) to the stdio server (mcp), which knows neither settings nor tools."""
    from desktop_app.mcp.server.serve import serve
    from desktop_app.runtime import builtin_registry

    return serve(builtin_registry())
