"""Tools that run only as MCP tasks (execution.taskSupport "required"): offered, polled, cancelled, left over."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.client.task_book import TaskBook
from desktop_app.mcp.client.tasks import poll_seconds
from desktop_app.mcp.setup.config import SecretRef, ServerConfig
from desktop_app.mcp.trust.pins import TrustStore
from desktop_app.tools.registry import ToolRegistry

SERVER = Path(__file__).resolve().parent / "servers" / "task_server.py"


def task_server(tmp: Path, name: str = "toy") -> ServerConfig:
    env: dict[str, str | SecretRef] = {
        "TASK_SERVER_LOG": str(tmp / "cancels.log"),
        "TASK_SERVER_STATE": str(tmp / "tasks-state.json"),
    }
    return ServerConfig(name=name, command=sys.executable, args=(str(SERVER),), env=env)


@pytest_asyncio.fixture
async def toy(app_home: Path, tmp_path: Path) -> AsyncIterator[tuple[McpManager, ToolRegistry]]:
    registry = ToolRegistry()
    manager = McpManager([task_server(tmp_path)], registry, trust=TrustStore(tmp_path / "trust.json"))
    manager.start()
    await manager.wait_ready(30)
    assert manager.statuses()[0].state == "ready", manager.statuses()[0].reason
    yield manager, registry
    await manager.aclose()


def test_the_poll_interval_is_the_servers_within_bounds() -> None:
    assert poll_seconds(200) == 0.5 and poll_seconds(60_000) == 10.0 and poll_seconds(2500) == 2.5
    assert poll_seconds(None) == 1.0 and poll_seconds(True) == 1.0 and poll_seconds(float("nan")) == 1.0


async def test_a_task_only_tool_is_offered_and_runs_with_progress(toy: tuple[McpManager, ToolRegistry]) -> None:
    _manager, registry = toy
    survey = registry.get("toy__survey")
    assert survey is not None and survey.status == "ok" and survey.warnings == ()
    seen: list[tuple[float, float | None, str]] = []
    out = await registry.execute(ToolCall("c1", "toy__survey", {"seconds": 1.2}), lambda *a: seen.append(a))
    assert not out.is_error and out.content == "surveyed for 1.2 s: 3 hotels found"
    messages = [m for _, _, m in seen]
    assert any(m.startswith("MCP task working: step") for m in messages) and messages[-1] == "MCP task completed: done"
    assert len(seen) <= 5  # the server suggests 200 ms; the client waits at least 0.5 s
    assert TaskBook().records() == []  # seen to the end: nothing left over


async def test_an_optional_tool_is_called_plainly(toy: tuple[McpManager, ToolRegistry]) -> None:
    out = await toy[1].execute(ToolCall("c1", "toy__echo", {"text": "hi"}))
    assert out.content == "echo: hi" and not out.is_error


async def test_a_failed_task_is_an_error_result_the_model_reads(toy: tuple[McpManager, ToolRegistry]) -> None:
    out = await toy[1].execute(ToolCall("c1", "toy__doomed", {}))
    assert out.is_error
    assert "fare database unreachable" in out.content and "the fare database is down" in out.content
    assert TaskBook().records() == []


async def test_a_task_the_server_cancelled_is_an_error_result(toy: tuple[McpManager, ToolRegistry]) -> None:
    out = await toy[1].execute(ToolCall("c1", "toy__dropped", {}))
    assert out.is_error and "cancelled" in out.content and "the server shut this task down" in out.content


async def test_stop_sends_tasks_cancel(toy: tuple[McpManager, ToolRegistry], tmp_path: Path) -> None:
    _manager, registry = toy
    seen: list[str] = []
    run = asyncio.ensure_future(
        registry.execute(ToolCall("c1", "toy__survey", {"seconds": 60}), lambda *a: seen.append(a[2]))
    )
    for _ in range(100):
        if seen:
            break
        await asyncio.sleep(0.05)
    assert TaskBook().records()[0].tool == "survey"
    run.cancel()
    with pytest.raises(asyncio.CancelledError):
        await run
    log = (tmp_path / "cancels.log").read_text(encoding="utf-8")
    assert log.startswith("cancel ") and "survey" in log
    assert TaskBook().records() == []  # the server acknowledged: nothing left to ask about


async def test_a_task_outliving_the_run_is_recorded_and_listed(
    app_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from desktop_app.cli import main

    registry = ToolRegistry()
    manager = McpManager([task_server(tmp_path)], registry, trust=TrustStore(tmp_path / "trust.json"))
    manager.start()
    await manager.wait_ready(30)
    started = time.monotonic()
    calls = [
        asyncio.ensure_future(registry.execute(ToolCall(f"c{n}", "toy__survey", {"seconds": s})))
        for n, s in ((1, 3), (2, 60))
    ]
    for _ in range(100):
        if len(TaskBook().records()) == 2:
            break
        await asyncio.sleep(0.05)
    await manager.aclose()  # the app quits with both tasks running: the calls end in errors
    outs = await asyncio.gather(*calls)
    assert all(out.is_error for out in outs), outs
    first, second = TaskBook().records()
    assert (first.server, first.tool) == ("toy", "survey") and first.started

    config = tmp_path / "mcp.json"
    entry = task_server(tmp_path)
    config.write_text(
        json.dumps({"mcpServers": {"toy": {"command": entry.command, "args": list(entry.args), "env": entry.env}}}),
        encoding="utf-8",
    )
    assert main(["mcp", "tasks", "--json"]) == 0
    assert [t["taskId"] for t in json.loads(capsys.readouterr().out)] == [first.task_id, second.task_id]

    await asyncio.sleep(max(0.0, started + 3.3 - time.monotonic()))  # the first one ends on its (durable) server
    assert (
        await asyncio.to_thread(main, ["mcp", "tasks", "result", "toy", first.task_id, "--mcp-config", str(config)])
        == 0
    )
    assert capsys.readouterr().out.strip() == "surveyed for 3 s: 3 hotels found"
    assert (
        await asyncio.to_thread(main, ["mcp", "tasks", "cancel", "toy", second.task_id, "--mcp-config", str(config)])
        == 0
    )
    assert "MCP task cancelled" in capsys.readouterr().out
    assert TaskBook().records() == []
    assert main(["mcp", "tasks"]) == 0 and "no MCP tasks" in capsys.readouterr().out
    unknown = ["mcp", "tasks", "result", "toy", "no-such-task", "--mcp-config", str(config)]
    assert await asyncio.to_thread(main, unknown) == 1
    assert "Task not found" in capsys.readouterr().err


async def test_the_next_start_names_leftover_tasks(app_home: Path, tmp_path: Path) -> None:
    from desktop_app.mcp.client.task_book import TaskRecord

    TaskBook().add(TaskRecord("toy", "survey", "t-1", "2026-12-04T10:00:00+0800"))
    manager = McpManager([task_server(tmp_path)], trust=TrustStore(tmp_path / "trust.json"))
    manager.start()
    try:
        assert any("1 MCP task(s) started earlier" in n and "toy" in n for n in manager.notices())
    finally:
        await manager.aclose()
