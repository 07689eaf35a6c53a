"""MCP Apps: a tool's `ui://` view read from its server, and the host that talks to it."""

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
