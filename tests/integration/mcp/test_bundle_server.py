"""An installed MCP bundle is a server like any other: it connects, lists its tools, gets its keyring secret."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.bundles.installer import bundles_dir, install, read_bundle, uninstall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import app_config_path, read_config_file
from desktop_app.tools.registry import ToolRegistry
from tests.keyrings import MemoryKeyring, use_keyring
from tests.mcpb_files import make_bundle, manifest

__all__ = ["use_keyring"]


async def test_an_installed_bundle_connects_and_lists_its_tools(
    tmp_path: Path, app_home: Path, use_keyring: Any
) -> None:
    store = use_keyring(MemoryKeyring())
    data = manifest()
    mcp_config = data["server"]["mcp_config"]
    mcp_config["command"] = sys.executable  # this interpreter has the MCP SDK
    mcp_config["args"] = ["${__dirname}/server/toy_server.py", "mutable"]
    mcp_config["env"] = {"TOY_EXTRA": "${user_config.api_key}"}  # the tool `extra` exists only when it arrives
    install(read_bundle(make_bundle(tmp_path / "toy.mcpb", data)), {"api_key": "k-123"})
    (config,) = read_config_file(app_config_path())
    assert config.cwd == str(bundles_dir() / "toybundle")

    registry = ToolRegistry()
    manager = McpManager([config], registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        assert manager.statuses()[0].state == "ready", manager.statuses()[0].reason
        assert {"toybundle__ping", "toybundle__weather", "toybundle__extra"} <= set(registry.names())
        out = await registry.execute(ToolCall("t1", "toybundle__ping", {"text": "hi"}))
        assert not out.is_error and "pong: hi" in out.content
    finally:
        await manager.aclose()

    uninstall("toybundle")
    assert read_config_file(app_config_path()) == [] and store.store == {}
    assert not (bundles_dir() / "toybundle").exists()
