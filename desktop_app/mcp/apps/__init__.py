"""MCP Apps: a tool's `ui://` view read from its server, and the host that talks to it."""

from desktop_app.mcp.apps.host import BURST, MAX_MESSAGE, RATE, AppHost, ViewCall, call_result, pretty, summary
from desktop_app.mcp.apps.views import MAX_HTML, AppResource, app_resource

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
