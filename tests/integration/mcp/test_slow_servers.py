"""One dead or slow MCP server never holds up work that does not need it (real stdio servers)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.base import ModelRequest
from desktop_app.llm.fake import FakeModel
from desktop_app.runtime import RunOptions, open_tools
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef, ToolOutput, ToolRegistry
from tests.approvers import RecordingApprover

from .conftest import TOY

SILENT = Path(__file__).resolve().parent / "servers" / "silent_server.py"


def _config(path: Path, time_bin: str, **more: Mapping[str, object]) -> str:
    servers: dict[str, object] = {
        "dead": {"command": sys.executable, "args": [str(SILENT)]},
        "time": {"command": time_bin},
        **more,
    }
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return str(path)


def test_calling_a_builtin_starts_no_server(
    app_home: Path, tmp_path: Path, time_bin: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from desktop_app.cli import main

    config = _config(tmp_path / "mcp.json", time_bin)
    started = time.monotonic()
    code = main(["tools", "call", "get_weather", "--args", '{"city": "Paris"}', "--mcp-config", config])
    elapsed = time.monotonic() - started
    assert code == 0 and json.loads(capsys.readouterr().out)["name"] == "get_weather"
    assert elapsed < 2.0, f"took {elapsed:.2f} s"  # 31 s before: it waited for the dead server


def test_calling_a_server_tool_starts_only_that_server(
    app_home: Path, tmp_path: Path, time_bin: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from desktop_app.cli import main

    config = _config(tmp_path / "mcp.json", time_bin)
    started = time.monotonic()
    code = main(["tools", "call", "time__get_current_time", "--args", '{"timezone": "UTC"}', "--mcp-config", config])
    elapsed = time.monotonic() - started
    captured = capsys.readouterr()
    assert code == 0 and '"timezone": "UTC"' in captured.out
    assert "dead" not in captured.err and elapsed < 20


async def test_a_run_starts_after_the_grace_period(
    app_home: Path, tmp_path: Path, time_bin: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from desktop_app.runtime import RunOptions, open_tools
    from desktop_app.store.settings import Settings

    missing = {"command": str(tmp_path / "no-such-program")}
    config = _config(tmp_path / "mcp.json", time_bin, gone=missing)
    started = time.monotonic()
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=config, mcp_grace_s=1.5))
    elapsed = time.monotonic() - started
    await close()
    assert elapsed < 6, f"took {elapsed:.2f} s"  # 34 s before; 1.5 s grace
    err = capsys.readouterr().err.splitlines()
    assert [line for line in err if "'dead'" in line] == [
        "travel-assistant: MCP server 'dead' is not ready after 1.5 s; "
        "the run starts without it and its tools join when it connects"
    ]
    (gone,) = [line for line in err if "'gone'" in line]
    assert "failed" in gone and "no-such-program" in gone
    assert "get_weather" in registry.names()


def test_an_offline_ask_starts_and_waits_for_no_server(
    app_home: Path, tmp_path: Path, time_bin: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The planner never calls an MCP tool: its runs start no server (issue 27: 0.6 s -> 4.8 s before)."""
    from desktop_app.cli import main

    config = _config(tmp_path / "mcp.json", time_bin, gone={"command": str(tmp_path / "no-such-program")})
    started = time.monotonic()
    code = main(["ask", "weather in Paris", "--provider", "offline", "--no-save", "--mcp-config", config])
    elapsed = time.monotonic() - started
    captured = capsys.readouterr()
    assert code == 0 and "Paris" in captured.out
    assert "MCP server" not in captured.err and elapsed < 5, (elapsed, captured.err)


def test_grace_period_is_a_setting(app_home: Path) -> None:
    assert Settings().mcp_grace() == 1.5
    assert Settings(mcp_grace_s=0.2).mcp_grace() == 0.2
    assert Settings(mcp_grace_s="soon").mcp_grace() == 1.5  # type: ignore[arg-type]
    assert Settings(mcp_grace_s=1e9).mcp_grace() == 60.0
    assert Settings().mcp_wait() == 30.0  # a headless run waits for every server (issue 39)
    assert Settings(mcp_wait_s=0).mcp_wait() == 0.0
    assert Settings(mcp_wait_s=1e9).mcp_wait() == 600.0


LATE = {"command": sys.executable, "args": [str(TOY), "late"], "env": {"TOY_DELAY": "1.0"}}


async def _late_run(options: RunOptions) -> tuple[list[set[str]], list[dict[str, object]]]:
    """A run whose first call waits until `late__ping` has joined and whose second calls it:
    the tools offered each turn, and the results."""
    box: list[ToolRegistry] = []

    async def wait_for_late(_args: dict[str, object], _report: object = None) -> ToolOutput:
        deadline = time.monotonic() + 60
        while box[0].get("late__ping") is None and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # the run goes on; the server's tools arrive on their own
        return ToolOutput("waited")

    waiter = ToolDef("wait_for_late", "Wait.", {"type": "object", "properties": {}}, wait_for_late)
    registry, close = await open_tools(Settings(), replace(options, extra_tools=[waiter]))
    box.append(registry)
    offered: list[set[str]] = []

    def turn(calls: tuple[ToolCall, ...]) -> object:
        def step(request: ModelRequest) -> AssistantMessage:
            offered.append({t.name for t in request.tools})
            return AssistantMessage(tool_calls=calls, stop_reason="tool_calls") if calls else AssistantMessage("done")

        return step

    model = FakeModel(
        [
            turn((ToolCall("c1", "wait_for_late", {}),)),  # type: ignore[list-item]
            turn((ToolCall("c2", "late__ping", {"text": "hi"}),)),  # type: ignore[list-item]
            turn(()),  # type: ignore[list-item]
        ]
    )
    agent = Agent(model=model, registry=registry, approver=RecordingApprover(approve=True))
    try:
        events = [e.to_dict() async for e in agent.run("go")]
    finally:
        await close()
    return offered, [e for e in events if e["type"] == "tool_result"]


async def test_a_late_server_joins_from_the_next_turn(app_home: Path, tmp_path: Path, time_bin: str) -> None:
    """Turn 1 is offered no tool of the late server; turn 2 is, and calls it; the dead one never matters."""
    config = _config(tmp_path / "mcp.json", time_bin, late=LATE)
    offered, results = await _late_run(RunOptions(mcp_config=config, mcp_grace_s=0.2))
    assert "late__ping" not in offered[0] and "late__ping" in offered[1]
    assert not any(name.startswith("dead__") for names in offered for name in names)
    assert results[1]["content"] == "pong: hi" and not results[1]["is_error"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the guard runs stdio servers on Linux")
async def test_closing_a_server_still_connecting_ends_it_at_once(
    app_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that never answered gets no polite wait for an exit on EOF (the SDK's 2 s, issue 27):
    its guard, found by the stderr pipe, ends the group as the run closes."""
    import desktop_app.mcp.client.connection as connection
    from desktop_app.mcp.client.guard import stop_guard

    found: list[bool] = []

    def recording(fd: int) -> bool:
        found.append(stop_guard(fd))
        return found[-1]

    monkeypatch.setattr(connection, "stop_guard", recording)
    deaf = {"command": sys.executable, "args": ["-c", "import time; time.sleep(60)"]}  # reads nothing, ever
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {"deaf": deaf}}), encoding="utf-8")
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(path), mcp_grace_s=0.3))
    await close()
    assert found == [True]  # the guard of that server, and it was signalled
    assert "get_weather" in registry.names()


async def test_a_late_server_of_the_windows_manager_joins_the_runs_next_turn(app_home: Path, tmp_path: Path) -> None:
    """The window's long-lived manager (`RunOptions.mcp_manager`): a server still connecting when the run
    starts is not offered in turn 1, is offered in turn 2 and its call runs (issue 39)."""
    from desktop_app.mcp.client.manager import McpManager
    from desktop_app.mcp.setup.config import load_servers

    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {"late": LATE}}), encoding="utf-8")
    manager = McpManager(load_servers(str(path)))
    manager.start()
    try:
        offered, results = await _late_run(RunOptions(mcp_grace_s=0.1, mcp_manager=lambda: manager))
    finally:
        await manager.aclose()
    assert "late__ping" not in offered[0] and "late__ping" in offered[1]
    assert results[1]["content"] == "pong: hi" and not results[1]["is_error"]
