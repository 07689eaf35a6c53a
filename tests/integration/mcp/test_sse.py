"""Legacy SSE servers (the SDK's own, server-everything): by type, by /sse URL, or by fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry

from .conftest import toy_over_sse


async def _connect(config: ServerConfig) -> tuple[McpManager, ToolRegistry]:
    registry = ToolRegistry()
    manager = McpManager([config], registry)
    manager.start()
    await manager.wait_ready(60)
    return manager, registry


async def _ping(manager: McpManager, registry: ToolRegistry) -> str:
    status = manager.statuses()[0]
    assert status.state == "ready", status.reason
    out = await registry.execute(ToolCall("c1", "toy__ping", {"text": "sse"}))
    assert not out.is_error, out.content
    return status.transport


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/events", ""),  # a bare URL: streamable HTTP is refused (405), the GET streams events
        ("/sse", ""),  # a URL ending in /sse
        ("/events", "sse"),  # "type": "sse"
    ],
)
async def test_sdk_sse_server(app_home: Path, path: str, kind: str) -> None:
    with toy_over_sse(path) as url:
        manager, registry = await _connect(ServerConfig(name="toy", url=url, kind=kind))
        try:
            assert await _ping(manager, registry) == "sse"
        finally:
            await manager.aclose()


async def test_streamable_http_when_asked_is_not_retried_as_sse(app_home: Path) -> None:
    with toy_over_sse("/events") as url:
        manager, _ = await _connect(ServerConfig(name="toy", url=url, kind="http"))
        try:
            status = manager.statuses()[0]
            assert status.state == "failed" and status.reason.startswith(f"cannot reach {url}")
            assert "\n" not in status.reason
        finally:
            await manager.aclose()


async def test_a_streamable_server_stays_streamable(app_home: Path, toy_http_url: str) -> None:
    manager, registry = await _connect(ServerConfig(name="toy", url=toy_http_url))
    try:
        assert await _ping(manager, registry) == "http"
    finally:
        await manager.aclose()


def test_task_only_tool_runs_as_an_mcp_task(
    app_home: Path, tmp_path: Path, everything_sse_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """server-everything's simulate-research-query needs MCP tasks (execution.taskSupport required):
    it is offered, created as a task, polled through its four stages and its report fetched."""
    from desktop_app.cli import main
    from desktop_app.mcp.client.task_book import TaskBook

    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"ev": {"url": everything_sse_url}}}), encoding="utf-8")
    assert main(["tools", "--json", "--mcp-config", str(config)]) == 0
    listing = {t["name"]: t for t in json.loads(capsys.readouterr().out)}
    task = listing["ev__simulate-research-query"]
    assert task["status"] == "ok" and task["warnings"] == []
    assert listing["ev__echo"]["status"] == "ok"
    code = main(
        ["tools", "call", "ev__simulate-research-query", "--args", '{"topic": "x"}', "--mcp-config", str(config)]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and "# Research Report: x" in out["content"] and "tasks/result" in out["content"]
    assert TaskBook().records() == []
