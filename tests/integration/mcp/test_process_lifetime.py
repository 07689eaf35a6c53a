"""A stdio server and what it starts never outlive the app; its stderr log stays capped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.logs import ServerLog
from desktop_app.mcp.client.manager import McpManager
from desktop_app.tools.registry import ToolRegistry

from .conftest import REPO, TOY, toy

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")

APP = """
import asyncio, sys
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig

async def main() -> None:
    server = ServerConfig(name="spawn", command=sys.executable, args=(sys.argv[1], "spawner"),
                          env={"TOY_PIDS": sys.argv[2]})
    manager = McpManager([server])
    manager.start()
    await manager.wait_ready(60)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)  # polling a condition, bounded by the deadline
    return condition()


def _pids(path: Path) -> list[int]:
    assert _wait_until(path.exists, 60), "the toy server never started"
    return [int(p) for p in path.read_text(encoding="utf-8").split()]


@linux_only
def test_sigkill_of_the_app_ends_the_server_and_its_child(app_home: Path, tmp_path: Path) -> None:
    pids_file = tmp_path / "pids"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    app = subprocess.Popen([sys.executable, "-c", APP, str(TOY), str(pids_file)], env=env, cwd=REPO)
    try:
        server, grandchild = _pids(pids_file)
        assert _alive(server) and _alive(grandchild)
        app.kill()  # SIGKILL: the app closes nothing
        app.wait(10)
        assert _wait_until(lambda: not _alive(server) and not _alive(grandchild), 10), (
            f"left running: {[p for p in (server, grandchild) if _alive(p)]}"
        )
    finally:
        app.kill()
        for pid in _pids(pids_file) if pids_file.exists() else []:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@linux_only
async def test_a_normal_close_ends_the_servers_children_too(app_home: Path, tmp_path: Path) -> None:
    pids_file = tmp_path / "pids"
    manager = McpManager([toy("spawn", "spawner", env={"TOY_PIDS": str(pids_file)})])
    manager.start()
    await manager.wait_ready(60)
    server, grandchild = _pids(pids_file)
    try:
        assert manager.statuses()[0].state == "ready"
        await manager.aclose()
        assert _wait_until(lambda: not _alive(server) and not _alive(grandchild), 10)
    finally:
        for pid in (server, grandchild):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


async def test_a_chatty_server_cannot_grow_its_log_past_the_cap(app_home: Path, tmp_path: Path) -> None:
    registry = ToolRegistry()
    manager = McpManager([toy("spawn", "spawner", env={"TOY_PIDS": str(tmp_path / "pids")})], registry)
    manager.start()
    await manager.wait_ready(60)
    try:
        log = Path(manager.statuses()[0].log_path)
        out = await registry.execute(ToolCall("1", "spawn__noisy", {"lines": 40_000}))  # ~4.4 MB
        assert out.content == "written"
        await manager.aclose()
        backups = sorted(p.name for p in log.parent.glob(log.name + "*"))
        assert backups == [log.name, f"{log.name}.1", f"{log.name}.2", f"{log.name}.3"]
        assert all(p.stat().st_size <= (1 << 20) + 70_000 for p in log.parent.glob(log.name + "*"))  # cap + a chunk
        assert "stderr line 039999" in log.read_text(encoding="utf-8")
    finally:
        await manager.aclose()


def test_server_log_rotates_on_a_new_session_and_past_the_cap(tmp_path: Path) -> None:
    log = ServerLog(tmp_path / "mcp-x.log", cap=100, backups=2)
    log.start_session()
    log.append(b"first session\n")
    log.start_session()  # a reconnect keeps the last session's log as .1
    assert (tmp_path / "mcp-x.log.1").read_text() == "first session\n"
    for i in range(5):
        log.append(b"%03d" % i + b"." * 60 + b"\n")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["mcp-x.log", "mcp-x.log.1", "mcp-x.log.2"]
    assert all(p.stat().st_size <= 100 + 64 for p in tmp_path.iterdir())
