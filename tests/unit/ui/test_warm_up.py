"""The warm-up does every GIL-holding first-use cost before a run, so none overlaps one (issue 13)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import sys
from desktop_app.runtime import _warm
_warm(sys.argv[1], sys.argv[2])
print(" ".join(m for m in ("openai", "anthropic", "mcp.client.stdio", "jsonschema") if m in sys.modules))
"""


def _warmed(tmp_path: Path, provider: str, servers: dict[str, object]) -> set[str]:
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    env = {**os.environ, "TRAVEL_ASSISTANT_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, provider, str(config)], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_offline_without_servers_loads_no_sdk(tmp_path: Path) -> None:
    # the planner's arguments pass the plain-schema check: jsonschema is not needed (issue 27)
    assert _warmed(tmp_path, "offline", {}) == set()
    assert _warmed(tmp_path, "offline", {"t": {"command": "mcp-server-time"}}) == {"mcp.client.stdio", "jsonschema"}


def test_the_provider_s_sdk_and_the_mcp_sdk_when_servers_are_configured(tmp_path: Path) -> None:
    loaded = _warmed(tmp_path, "openai", {"t": {"command": "mcp-server-time"}})
    assert loaded == {"openai", "mcp.client.stdio", "jsonschema"}
    assert "anthropic" in _warmed(tmp_path, "anthropic", {})
