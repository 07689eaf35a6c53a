"""MCP Apps: a tool's `ui://` view read from its server, and the host that talks to it.

This file is the room's face: the window imports these names from here, never a module inside."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.mcp import face

if TYPE_CHECKING:
    from desktop_app.mcp.apps.host import BURST as BURST
    from desktop_app.mcp.apps.host import MAX_MESSAGE as MAX_MESSAGE
    from desktop_app.mcp.apps.host import RATE as RATE
    from desktop_app.mcp.apps.host import AppHost as AppHost
    from desktop_app.mcp.apps.host import ViewCall as ViewCall
    from desktop_app.mcp.apps.host import call_result as call_result
    from desktop_app.mcp.apps.host import pretty as pretty
    from desktop_app.mcp.apps.host import summary as summary
    from desktop_app.mcp.apps.views import MAX_HTML as MAX_HTML
    from desktop_app.mcp.apps.views import AppResource as AppResource
    from desktop_app.mcp.apps.views import app_resource as app_resource

FACE: dict[str, tuple[str, str]] = {
    "AppHost": ("host", "AppHost"),
    "AppResource": ("views", "AppResource"),
    "BURST": ("host", "BURST"),
    "MAX_HTML": ("views", "MAX_HTML"),
    "MAX_MESSAGE": ("host", "MAX_MESSAGE"),
    "RATE": ("host", "RATE"),
    "ViewCall": ("host", "ViewCall"),
    "app_resource": ("views", "app_resource"),
    "call_result": ("host", "call_result"),
    "pretty": ("host", "pretty"),
    "summary": ("host", "summary"),
}
__all__ = [
    "BURST",
    "MAX_HTML",
    "MAX_MESSAGE",
    "RATE",
    "AppHost",
    "AppResource",
    "ViewCall",
    "app_resource",
    "call_result",
    "pretty",
    "summary",
]

__getattr__ = face(__name__, FACE)
