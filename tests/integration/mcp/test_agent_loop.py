"""A scripted model calls MCP tools through the real runtime and agent loop, end to end."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.runtime import RunOptions, open_tools
from desktop_app.store.settings import Settings
from tests.approvers import RecordingApprover

from .conftest import TOY


def _write_config(path: Path, servers: dict[str, dict[str, object]]) -> str:
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return str(path)


async def test_model_calls_mcp_tools_through_the_loop(app_home: Path, tmp_path: Path) -> None:
    config = _write_config(
        tmp_path / "mcp.json",
        {"toy": {"command": sys.executable, "args": [str(TOY), "basic"]}},
    )
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=config))
    calls = (
        ToolCall("call_a", "toy__sleep", {"seconds": 0.4}),
        ToolCall("call_b", "toy__ping", {"text": "三亚"}),
    )
    model = FakeModel(
        [
            AssistantMessage(tool_calls=calls, stop_reason="tool_calls"),
            lambda request: AssistantMessage(f"done: {request.messages[-1].content}"),
        ]
    )
    approver = RecordingApprover(approve=True)
    agent = Agent(model=model, registry=registry, approver=approver)
    try:
        events = [e async for e in agent.run("use the toy tools")]
    finally:
        await close()

    offered = {spec.name for spec in model.requests[0].tools}
    assert {"toy__sleep", "toy__ping"} <= offered and "get_weather" in offered
    tool_calls = [e for e in events if isinstance(e, ev.ToolCallEvent)]
    assert [(e.name, e.source, e.risk) for e in tool_calls] == [
        ("toy__sleep", "mcp:toy", "write"),  # no annotations: confirm, like a write
        ("toy__ping", "mcp:toy", "write"),
    ]
    assert [c.name for c in approver.asked] == ["toy__sleep", "toy__ping"]
    progress = [e for e in events if isinstance(e, ev.ToolProgressEvent)]
    assert [(p.id, p.progress, p.total) for p in progress] == [("call_a", i, 4) for i in (1, 2, 3, 4)]
    results = {e.id: e for e in events if isinstance(e, ev.ToolResultEvent)}
    assert results["call_a"].content == "slept 0.4 s" and not results["call_a"].is_error
    assert results["call_b"].content == "pong: 三亚"
    final = events[-1]
    assert isinstance(final, ev.FinalEvent) and final.text == "done: pong: 三亚"
    assert registry.names() == [n for n in registry.names() if not n.startswith("toy__")]


async def test_images_from_an_mcp_tool_reach_the_result_event(
    app_home: Path, tmp_path: Path, everything_bin: str
) -> None:
    config = _write_config(tmp_path / "mcp.json", {"everything": {"command": everything_bin}})
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=config))
    call = ToolCall("call_img", "everything__get-tiny-image", {})
    model = FakeModel([AssistantMessage(tool_calls=(call,), stop_reason="tool_calls"), AssistantMessage("ok")])
    agent = Agent(model=model, registry=registry, approver=RecordingApprover())
    try:
        events = [e async for e in agent.run("show me the logo")]
    finally:
        await close()
    (result,) = [e for e in events if isinstance(e, ev.ToolResultEvent)]
    assert result.images and result.images[0]["mime_type"] == "image/png"
    assert result.to_dict()["images"][0]["mime_type"] == "image/png"


def test_bad_config_is_one_line_naming_the_file(
    app_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad entry: that server is reported in one line and the rest still works; a broken file is exit 2."""
    from desktop_app.cli import main

    path = tmp_path / "broken.json"
    path.write_text('{"mcpServers": {"x": {"command": "a", "args": "not-a-list"}}}', encoding="utf-8")
    assert main(["tools", "--mcp-config", str(path)]) == 0
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.count("\n") == 0 and "MCP server 'x' failed" in err
    assert f"{path} line 1 (mcpServers.x.args)" in err and "list of strings" in err
    assert "get_weather" in captured.out
    path.write_text('{"mcpServers": {"x": {"command": "a",\n "args": [}}}', encoding="utf-8")
    assert main(["tools", "--mcp-config", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and f"{path} line 2: is not valid JSON" in err


async def test_a_window_manager_is_shared_by_runs(app_home: Path) -> None:
    from desktop_app.mcp.client.manager import McpManager

    from .conftest import toy

    manager = McpManager([toy("toy")])
    manager.start()
    options = RunOptions(mcp_manager=lambda: manager)
    try:
        await manager.wait_ready(60)
        first, close_first = await open_tools(Settings(), options)
        second, close_second = await open_tools(Settings(), options)
        assert "toy__ping" in first.names() and "toy__ping" in second.names()
        assert len(manager.statuses()) == 1  # no servers launched per run
        await close_first()
        await close_second()
        assert manager.statuses()[0].state == "ready"  # runs ending do not stop the window's servers
    finally:
        await manager.aclose()
