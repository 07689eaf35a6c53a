"""The window's event loop is qasync's: the client must connect and call under it too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .conftest import REPO, TOY

SCRIPT = """
import asyncio, sys
from PySide6.QtCore import QCoreApplication
import qasync
from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry

async def main():
    registry = ToolRegistry()
    toy = ServerConfig(name="toy", command=sys.executable, args=(sys.argv[1], "hang"), timeout=1)
    manager = McpManager([toy], registry)
    manager.start()
    await manager.wait_ready(60)
    print(manager.statuses()[0].state)
    print((await registry.execute(ToolCall("1", "toy__sleep", {"seconds": 0.2}))).content)
    print((await registry.execute(ToolCall("2", "toy__hang", {}))).is_error)
    await manager.aclose()
    print(manager.statuses()[0].state)

app = QCoreApplication(sys.argv)
qasync.run(main())
"""


def test_client_under_qasync(app_home: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(TOY)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=str(REPO),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["ready", "slept", "0.2", "s", "True", "stopped"]
