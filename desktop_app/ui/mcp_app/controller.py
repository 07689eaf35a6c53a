"""Opens a view when a tool that declares one is called, and connects it to the window.

The view's `tools/call` requests reach only tools of its own server the app may see, each through
the window's approver exactly as a model's call (same dialog, log and allowances); every message
both ways is kept in a `TrafficLog` the inspector lists beside the call."""

from __future__ import annotations

import asyncio
import itertools
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop_app.mcp.apps import AppHost, ViewCall, call_result
from desktop_app.ui import mcp_app
from desktop_app.ui.i18n import tr
from desktop_app.ui.mcp_app.panel import AppPanel, AppSlot
from desktop_app.ui.mcp_app.traffic import TrafficLog

if TYPE_CHECKING:
    from desktop_app.core.events import ToolCallEvent, ToolResultEvent
    from desktop_app.tools.registry import ToolDef

MAX_OPEN = 3  # views kept open at once; the oldest is torn down for a new one
_ids = itertools.count(1)


class AppController(QObject):
    """The window's MCP Apps: views under the answer, their traffic for the inspector."""

    opened = Signal(str)  # a view's panel was added (the call id)
    failed = Signal(str, str)  # the call id, one line: the view could not be shown

    def __init__(self, window: Any, slot: AppSlot) -> None:
        """`window`: the MainWindow (its session, MCP servers, approver; not imported: no cycle)."""
        super().__init__(window)
        self.window = window
        self.slot = slot
        self.log = TrafficLog(self)
        self.hosts: dict[str, AppHost] = {}
        self.panels: dict[str, AppPanel] = {}
        self.results: dict[str, ToolResultEvent] = {}
        self._tasks: set[asyncio.Future[Any]] = set()

    def connect_session(self) -> None:
        self.window.session.toolCall.connect(self.on_call)
        self.window.session.toolResult.connect(self.on_result)

    # ------------------------------------------------------------ the call that opens a view

    def _tools(self) -> list[ToolDef]:
        manager = self.window.mcp.manager
        return manager.tools() if manager is not None else []

    def on_call(self, event: ToolCallEvent) -> None:
        tool = next((t for t in self._tools() if t.name == event.name), None)
        uri = str(tool.meta.get("ui_resource", "")) if tool is not None else ""
        if tool is None or not uri:
            return
        if not mcp_app.available():
            self.slot.show_note(
                tr("%1 has an interactive view; install the 'apps' extra to see it").replace("%1", event.name)
            )
            return
        self._spawn(self.open_view(event.id, tool, uri, event.arguments))

    def on_result(self, event: ToolResultEvent) -> None:
        self.results[event.id] = event
        host = self.hosts.get(event.id)
        if host is not None:
            host.set_result(call_result(event.content, event.is_error, event.structured))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def open_view(self, call_id: str, tool: ToolDef, uri: str, arguments: dict[str, Any]) -> None:
        """Read the resource from the tool's server, then show it in a new panel."""
        from desktop_app.mcp.apps import MAX_HTML, app_resource

        server = str(tool.meta.get("server", ""))
        self.log.record(call_id, "note", f"resources/read {uri} from MCP server {server!r}")
        contents, problems = await self.window.mcp.read(server, uri, MAX_HTML + 1)
        try:
            resource = app_resource(uri, contents)
        except ValueError as exc:
            why = "; ".join(problems) or str(exc)
            self.log.record(call_id, "note", f"the view is not shown: {why}")
            self.failed.emit(call_id, why)
            return
        if resource.csp.dropped:
            self.log.record(call_id, "note", f"CSP entries refused: {', '.join(resource.csp.dropped)}")
        self.show_view(call_id, tool, resource, arguments)

    def show_view(self, call_id: str, tool: ToolDef, resource: Any, arguments: dict[str, Any]) -> AppPanel:
        from desktop_app import __version__
        from desktop_app.ui.mcp_app.view import McpAppView
        from desktop_app.ui.palette import colours, is_dark

        while len(self.panels) >= MAX_OPEN:
            self.close_view(next(iter(self.panels)))
        server = str(tool.meta.get("server", ""))
        view = McpAppView()
        title = tr("%1 — interactive view from MCP server “%2”").replace("%1", tool.name).replace("%2", server)
        panel = AppPanel(call_id, title, view)
        wire_tool = {"name": tool.meta.get("tool", ""), "description": tool.description, "inputSchema": tool.parameters}
        host = AppHost(
            ViewCall(server, wire_tool, call_id, arguments, self._app_tools(server)),
            send=view.post,
            record=lambda direction, message: self.log.record(call_id, direction, message),
            spawn=self._spawn,
            call_tool=lambda name, args: self._call_tool(call_id, server, name, args),
            open_link=view.open_link,
            resize=lambda _w, h: panel.fit(h),
            context={
                "theme": "dark" if is_dark() else "light",
                "displayMode": "inline",
                "availableDisplayModes": ["inline"],
                "platform": "desktop",
                "locale": "zh-CN" if self.window.ui_lang() == "zh" else "en",
                "userAgent": f"travel-assistant/{__version__}",
            },
            csp=resource.csp,
            host_version=__version__,
        )
        host.on_teardown = lambda: self.close_view(call_id)
        view.received.connect(host.receive)
        view.dropped.connect(
            lambda n: self.log.record(call_id, "note", f"{n} message(s) from the view dropped (rate limit)")
        )
        view.blocked.connect(lambda url: self.log.record(call_id, "note", f"blocked a request to {url[:200]}"))
        view.linkOpened.connect(lambda url: self.log.record(call_id, "note", f"opened {url[:200]} in the browser"))
        self.hosts[call_id] = host
        self.panels[call_id] = panel
        panel.closed.connect(self.close_view)
        self.slot.add(panel)
        view.show_resource(resource, colours().base_bg)
        if (done := self.results.get(call_id)) is not None:
            host.set_result(call_result(done.content, done.is_error, done.structured))
        self.opened.emit(call_id)
        return panel

    def _app_tools(self, server: str) -> frozenset[str]:
        return frozenset(
            str(t.meta.get("tool"))
            for t in self._tools()
            if t.meta.get("server") == server and "app" in t.meta.get("ui_visibility", ("model", "app"))
        )

    # ------------------------------------------------------------ the view's own tool calls

    async def _call_tool(self, call_id: str, server: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """The view calls `name` of its server: the window's approver first, exactly as for the model."""
        from desktop_app.core.messages import ToolCall

        tool = next((t for t in self._tools() if t.meta.get("server") == server and t.meta.get("tool") == name), None)
        if tool is None or tool.status != "ok":
            return call_result(f"{name} of MCP server {server!r} is not available (or held back for review)", True)
        needs = tool.confirm_for(args) if tool.confirm_for else tool.needs_confirmation
        if needs:
            call = ToolCall(f"app-{next(_ids)}", tool.name, args, origin="app_view", asked_by=server)
            decision = await self.window.approver.decide(call, tool)
            verdict = "approved" if decision.approved else "denied"
            self.log.record(call_id, "note", f"approval for {tool.name}: {verdict} ({decision.by})")
            if not decision.approved:
                return call_result(
                    f"the user denied {tool.name}" + (f": {decision.reason}" if decision.reason else ""), True
                )
        output = await self.window.mcp.call(server, name, args)
        return call_result(output.content, output.is_error, output.structured)

    # ------------------------------------------------------------ closing

    def close_view(self, call_id: str) -> None:
        host = self.hosts.pop(call_id, None)
        panel = self.panels.pop(call_id, None)
        if host is not None:
            host.teardown()
            host.close()
        if panel is not None:
            dispose = getattr(panel.view, "dispose", None)
            if dispose is not None:
                dispose()
            self.slot.remove(panel)

    def clear(self) -> None:
        """A new or another conversation: every view goes (the traffic stays for the inspector's export)."""
        for call_id in list(self.panels):
            self.close_view(call_id)
        self.results.clear()
        self.slot.clear()
