"""Against `mcp-server-time` (PyPI) over stdio: a real server nobody here wrote."""

from __future__ import annotations

import json
from pathlib import Path

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry


async def test_time_server_list_call_and_error(time_bin: str, app_home: Path) -> None:
    registry = ToolRegistry()
    config = ServerConfig(name="time", command=time_bin, args=("--local-timezone", "Asia/Shanghai"))
    manager = McpManager([config], registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        assert manager.statuses()[0].state == "ready", manager.statuses()[0].reason
        assert {"time__get_current_time", "time__convert_time"} <= set(registry.names())
        tool = registry.get("time__get_current_time")
        assert tool is not None and "timezone" in tool.parameters["properties"]

        out = await registry.execute(ToolCall("t1", "time__get_current_time", {"timezone": "Europe/Paris"}))
        assert not out.is_error, out.content
        assert json.loads(out.content)["timezone"] == "Europe/Paris"

        converted = await registry.execute(
            ToolCall(
                "t2",
                "time__convert_time",
                {"source_timezone": "Asia/Shanghai", "time": "09:30", "target_timezone": "UTC"},
            )
        )
        assert not converted.is_error, converted.content
        assert "01:30" in converted.content

        bad = await registry.execute(ToolCall("t3", "time__get_current_time", {"timezone": "Mars/X"}))
        assert bad.is_error and "Mars/X" in bad.content
    finally:
        await manager.aclose()
    assert manager.statuses()[0].state == "stopped"
    assert registry.names() == []
