"""trustReadOnlyHints: a trusted server's read-only tools run unasked; the rest (and other servers) still ask."""

from __future__ import annotations

from pathlib import Path

from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry
from tests.approvers import RecordingApprover


async def test_only_a_trusted_servers_read_only_tools_skip_confirmation(app_home: Path, everything_bin: str) -> None:
    registry = ToolRegistry()
    servers = [
        ServerConfig(name="trusted", command=everything_bin, trust_read_only_hints=True),
        ServerConfig(name="plain", command=everything_bin),
    ]
    manager = McpManager(servers, registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        echo, other = registry.get("trusted__echo"), registry.get("plain__echo")
        assert echo is not None and other is not None
        assert echo.risk == "read" and not echo.needs_confirmation
        assert other.needs_confirmation  # the same hint from a server nobody vouched for
        writer = registry.get("trusted__toggle-simulated-logging")
        assert writer is not None and writer.needs_confirmation  # not marked read-only: still asks
        calls = (ToolCall("a", "trusted__echo", {"message": "hi"}), ToolCall("b", "plain__echo", {"message": "hi"}))
        model = FakeModel([AssistantMessage(tool_calls=calls, stop_reason="tool_calls"), AssistantMessage("done")])
        approver = RecordingApprover(approve=False)
        events = [e.to_dict() async for e in Agent(model=model, registry=registry, approver=approver).run("go")]
        assert [c.name for c in approver.asked] == ["plain__echo"]
        results = {e["name"]: e for e in events if e["type"] == "tool_result"}
        assert not results["trusted__echo"]["is_error"] and results["plain__echo"]["is_error"]
    finally:
        await manager.aclose()
