"""Streamable HTTP with a header whose value comes from the keyring, not from the config file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.agent.messages import ToolCall
from desktop_app.runtime import RunOptions, open_tools
from desktop_app.store import secrets
from desktop_app.store.settings import Settings


async def test_keyring_header_reaches_the_server(
    app_home: Path, tmp_path: Path, toy_http_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "keyring_usable", lambda: (True, "test backend"))
    monkeypatch.setattr(secrets, "_keyring_get", {"toy-token": "Bearer s3cret"}.get)
    entry = {"url": toy_http_url, "headers": {"Authorization": {"keyring": "toy-token"}}}
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"web": entry}}), encoding="utf-8")
    assert "s3cret" not in config.read_text(encoding="utf-8")

    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(config)))
    try:
        out = await registry.execute(ToolCall("1", "web__whoami", {}))
        assert out.content == "Bearer s3cret"
        assert registry.get("web__whoami").source == "mcp:web"  # type: ignore[union-attr]
    finally:
        await close()


async def test_missing_secret_fails_that_server_only(
    app_home: Path,
    tmp_path: Path,
    toy_http_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(secrets, "keyring_usable", lambda: (True, "test backend"))
    monkeypatch.setattr(secrets, "_keyring_get", {}.get)
    servers = {
        "web": {"url": toy_http_url, "headers": {"Authorization": {"keyring": "absent"}}},
        "open": {"url": toy_http_url},
    }
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(config)))
    try:
        assert "open__whoami" in registry.names() and "web__whoami" not in registry.names()
        err = capsys.readouterr().err
        assert "MCP server 'web' failed: header Authorization: secret 'absent' is not in the keyring" in err
    finally:
        await close()
