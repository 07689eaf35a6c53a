"""`travel-assistant mcp list [--json]`: the configured servers with their state and tools, against the
real `mcp-server-time` (stdio) and a server whose program does not exist."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.mcp.conftest import REPO


@pytest.fixture
def config(tmp_path: Path, time_bin: str) -> Path:
    path = tmp_path / "mcp.json"
    servers = {
        "time": {"command": time_bin, "args": ["--local-timezone", "Asia/Shanghai"]},
        "dead": {"command": str(tmp_path / "no-such-program")},
        "resting": {"command": time_bin, "disabled": True},
    }
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def _cli(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "desktop_app", "mcp", "list", *args, "--mcp-config", str(config)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=REPO, env=env)


def test_json_gives_each_server_its_transport_status_and_tool_count(config: Path) -> None:
    done = _cli(config, "--json")
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(done.stdout)}
    assert list(rows) == ["time", "dead", "resting"]  # in the file's order
    assert rows["time"] == {"name": "time", "transport": "stdio", "status": "ready", "tools": 2, "reason": ""}
    dead = rows["dead"]
    assert (dead["status"], dead["tools"], dead["transport"]) == ("failed", 0, "stdio")
    assert "no-such-program" in dead["reason"]
    assert rows["resting"]["status"] == "disabled" and rows["resting"]["tools"] == 0


def test_text_is_what_tools_shows_grouped_by_server(config: Path) -> None:
    done = _cli(config)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["time", "stdio", "ready", "2"]
    assert any(line.startswith("  time__get_current_time") for line in lines[1:3])
    assert any(line.startswith("  time__convert_time") for line in lines[1:3])
    dead = next(line for line in lines if line.startswith("dead"))
    assert "failed" in dead and "no-such-program" in dead
    assert any(line.startswith("resting") and "disabled" in line for line in lines)
    assert "Traceback" not in done.stderr


def test_no_servers_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "mcp.json"
    empty.write_text('{"mcpServers": {}}', encoding="utf-8")
    done = _cli(empty)
    assert done.returncode == 0 and "no MCP servers" in done.stdout
    assert _cli(empty, "--json").stdout.strip() == "[]"
