"""Servers that crash, hang, print garbage or cannot be found: clear errors, never a hung run."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry

from .conftest import everything_over_http, toy


async def _connected(*configs: ServerConfig) -> tuple[McpManager, ToolRegistry]:
    registry = ToolRegistry()
    manager = McpManager(configs, registry)
    manager.start()
    await manager.wait_ready(60)
    return manager, registry


async def test_crash_mid_call_fails_the_call_with_stderr(app_home: Path) -> None:
    manager, registry = await _connected(toy("crashy", "crash"))
    try:
        out = await registry.execute(ToolCall("1", "crashy__crash", {}))
        assert out.is_error
        assert "stopped while running crash" in out.content
        assert "fatal: the toy server crashed on purpose" in out.content
        await asyncio.wait_for(_until(lambda: manager.statuses()[0].state == "failed"), 10)
        status = manager.statuses()[0]
        assert "closed the connection" in status.reason
        assert any("crashed on purpose" in line for line in status.stderr_tail)
        assert registry.names() == []  # a dead server offers nothing
        again = await manager.call("crashy", "ping", {"text": "x"})
        assert again.is_error and "not available" in again.content
        await manager.restart("crashy")  # the window's "restart" button
        await manager.wait_ready(60)
        assert (await registry.execute(ToolCall("2", "crashy__ping", {"text": "x"}))).content == "pong: x"
    finally:
        await manager.aclose()


async def test_a_server_that_never_answers_times_out(app_home: Path) -> None:
    manager, registry = await _connected(toy("stuck", "hang", timeout=1.0))
    try:
        started = time.perf_counter()
        out = await registry.execute(ToolCall("1", "stuck__hang", {}))
        elapsed = time.perf_counter() - started
        assert out.is_error and "did not answer hang within 1 s" in out.content
        assert 0.9 < elapsed < 5
        # The timed-out request was cancelled on the server, and the server still works.
        await asyncio.wait_for(_until(lambda: "hang: cancelled by the client" in manager.statuses()[0].stderr_tail), 10)
        assert (await registry.execute(ToolCall("2", "stuck__ping", {"text": "y"}))).content == "pong: y"
    finally:
        await manager.aclose()


async def test_cancelling_a_call_cancels_it_on_the_server(app_home: Path) -> None:
    manager, registry = await _connected(toy("stuck", "hang", timeout=60))
    try:
        call = asyncio.ensure_future(registry.execute(ToolCall("1", "stuck__hang", {})))
        await asyncio.sleep(0.3)  # let the request reach the server
        call.cancel()
        started = time.perf_counter()
        try:
            await call
        except asyncio.CancelledError:
            pass
        assert time.perf_counter() - started < 3
        await asyncio.wait_for(_until(lambda: "hang: cancelled by the client" in manager.statuses()[0].stderr_tail), 10)
    finally:
        await manager.aclose()


async def test_garbage_on_stdout_is_reported_not_fatal(app_home: Path) -> None:
    manager, registry = await _connected(toy("noisy", "garbage", timeout=1.0))
    try:
        status = manager.statuses()[0]
        assert status.state == "ready"  # a startup banner on stdout does not stop it
        assert "prints lines that are not MCP messages on stdout" in status.warnings
        out = await registry.execute(ToolCall("1", "noisy__noisy", {}))
        assert out.content == "answer after the noise"
        lost = await registry.execute(ToolCall("2", "noisy__garbage_only", {}))
        assert lost.is_error
        assert "did not answer garbage_only" in lost.content
        assert "not MCP messages" in lost.content and "<html>not json</html>" in lost.content
    finally:
        await manager.aclose()


async def test_missing_command_says_what_to_install(app_home: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setenv("HOME", str(app_home))
    monkeypatch.setenv("SHELL", "/nonexistent-shell")
    from desktop_app.mcp.client import launch

    launch.login_shell_path.cache_clear()
    monkeypatch.setattr(launch, "common_dirs", lambda: [])
    manager, _ = await _connected(ServerConfig(name="npm", command="npx", args=("-y", "x")))
    status = manager.statuses()[0]
    assert status.state == "failed"
    assert status.reason.startswith("`npx` not found: install Node.js")
    await manager.aclose()


async def test_a_server_exiting_at_startup_fails_with_its_stderr(app_home: Path) -> None:
    config = ServerConfig(
        name="broken",
        command="sh",
        args=("-c", "echo 'error: missing API token' >&2; exit 4"),
    )
    manager, _ = await _connected(config)
    status = manager.statuses()[0]
    assert status.state == "failed"
    assert "missing API token" in status.reason
    await manager.aclose()


async def test_connecting_never_blocks_the_event_loop(app_home: Path) -> None:
    manager = McpManager([toy(f"s{i}") for i in range(3)], ToolRegistry())
    manager.start()
    assert {s.state for s in manager.statuses()} == {"connecting"}  # returned before any connected
    worst = 0.0
    loop = asyncio.get_running_loop()
    waiting = asyncio.ensure_future(manager.wait_ready(60))
    while not waiting.done():
        before = loop.time()
        await asyncio.sleep(0.01)
        worst = max(worst, loop.time() - before - 0.01)
    await waiting
    assert {s.state for s in manager.statuses()} == {"ready"}
    assert worst < 0.5, f"the event loop stalled {worst * 1000:.0f} ms while connecting"
    await manager.aclose()


async def test_http_server_unreachable_fails_fast(app_home: Path) -> None:
    started = time.perf_counter()
    manager, _ = await _connected(ServerConfig(name="gone", url="http://127.0.0.1:9/mcp"))
    status = manager.statuses()[0]
    assert status.state == "failed" and time.perf_counter() - started < 10
    assert status.reason.startswith("cannot reach http://127.0.0.1:9/mcp:")
    await manager.aclose()


async def test_http_server_dying_mid_call(app_home: Path, everything_bin: str) -> None:
    with everything_over_http(everything_bin) as (url, proc):
        manager, registry = await _connected(ServerConfig(name="web", url=url, timeout=10))
        try:
            call = asyncio.ensure_future(
                manager.call("web", "trigger-long-running-operation", {"duration": 5, "steps": 5})
            )
            await asyncio.sleep(0.5)
            proc.kill()
            out = await asyncio.wait_for(call, 15)
            assert out.is_error and f"the connection to {url} was lost" in out.content
            await asyncio.wait_for(_until(lambda: manager.statuses()[0].state == "failed"), 10)
            assert registry.names() == []
        finally:
            await manager.aclose()


async def _until(predicate) -> None:  # type: ignore[no-untyped-def]
    while not predicate():
        await asyncio.sleep(0.05)
