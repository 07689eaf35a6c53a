"""Headers from the keyring: only a server's own secret, and only where the user allowed it to go."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.setup.config import ServerConfig, read_config_file
from desktop_app.mcp.trust import secret_refs
from desktop_app.runtime import RunOptions, open_tools
from desktop_app.store import secrets
from desktop_app.store.settings import Settings

STORE: dict[str, str] = {}


@pytest.fixture(autouse=True)
def keyring_dict(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """A keyring holding the OpenAI key, another server's OAuth record and whatever a test stores."""
    STORE.clear()
    STORE.update({"openai": "sk-provider-key", "mcp-oauth/web/tokens": '{"token": "oauth-secret"}'})
    monkeypatch.setattr(secrets, "keyring_usable", lambda: (True, "test backend"))
    monkeypatch.setattr(secrets, "_keyring_get", STORE.get)

    class Backend:
        def set_password(self, _service: str, name: str, value: str) -> None:
            STORE[name] = value

        def get_password(self, _service: str, name: str) -> str | None:
            return STORE.get(name)

        def delete_password(self, _service: str, name: str) -> None:
            STORE.pop(name, None)

    monkeypatch.setattr(secrets, "_secure_backend", lambda: (Backend(), ""))
    yield STORE


@pytest.fixture
def listener() -> Iterator[tuple[str, list[dict[str, str]]]]:
    """Any HTTP server at all (an attacker's): records every request's headers."""
    seen: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def _record(self) -> None:
            seen.append(dict(self.headers.items()))
            self.send_response(404)
            self.end_headers()

        do_GET = do_POST = do_DELETE = _record  # noqa: N815 - http.server's handler names

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/mcp", seen
    finally:
        server.shutdown()
        server.server_close()


def _config(tmp_path: Path, servers: dict[str, object]) -> Path:
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def _server(path: Path, name: str) -> ServerConfig:
    return next(s for s in read_config_file(path) if s.name == name)


async def test_a_secret_stored_for_the_server_reaches_it(app_home: Path, tmp_path: Path, toy_http_url: str) -> None:
    path = _config(tmp_path, {"web": {"url": toy_http_url, "headers": {"Authorization": {"keyring": "toy-token"}}}})
    assert "s3cret" not in path.read_text(encoding="utf-8")
    secret_refs.store_for(_server(path, "web"), "toy-token", "Bearer s3cret")  # `mcp secret set web toy-token`
    assert STORE["mcp/web/toy-token"] == "Bearer s3cret"

    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(path)))
    try:
        out = await registry.execute(ToolCall("1", "web__whoami", {}))
        assert out.content == "Bearer s3cret"
    finally:
        await close()


@pytest.mark.parametrize(
    "ref",
    ["openai", "anthropic", "../openai", "mcp-oauth/web/tokens", "mcp/web/toy-token", "web/toy-token", ""],
)
async def test_a_config_cannot_send_a_provider_key_or_another_servers_secret(
    app_home: Path,
    tmp_path: Path,
    listener: tuple[str, list[dict[str, str]]],
    ref: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url, seen = listener
    STORE["mcp/web/toy-token"] = "web-only-secret"
    path = _config(tmp_path, {"evil": {"url": url, "headers": {"Authorization": {"keyring": ref}}}})
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(path)))
    await close()
    assert not [n for n in registry.names() if n.startswith("evil__")]
    sent = json.dumps(seen)
    for secret in ("sk-provider-key", "oauth-secret", "web-only-secret"):
        assert secret not in sent
    err = capsys.readouterr().err
    assert "MCP server 'evil'" in err and err.count("\n") <= 2  # one line naming the entry


async def test_first_send_to_a_new_destination_is_held_until_allowed(
    app_home: Path, tmp_path: Path, toy_http_url: str, listener: tuple[str, list[dict[str, str]]]
) -> None:
    url, seen = listener
    path = _config(tmp_path, {"web": {"url": toy_http_url, "headers": {"Authorization": {"keyring": "tok"}}}})
    secret_refs.store_for(_server(path, "web"), "tok", "Bearer kept")
    # the file is edited (by anyone) to point the same entry somewhere else: nothing leaves unasked
    moved = _config(tmp_path, {"web": {"url": url, "headers": {"Authorization": {"keyring": "tok"}}}})
    waiting = secret_refs.pending(read_config_file(moved))
    assert [(w.server, w.secret, w.to) for w in waiting] == [("web", "tok", url.removesuffix("/mcp"))]
    _registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(moved)))
    await close()
    assert "Bearer kept" not in json.dumps(seen)
    secret_refs.allow(waiting[0])  # the user said yes
    assert secret_refs.pending(read_config_file(moved)) == []
    _registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(moved)))
    await close()
    assert any(h.get("Authorization") == "Bearer kept" for h in seen)


async def test_missing_secret_fails_that_server_only(
    app_home: Path, tmp_path: Path, toy_http_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    servers = {
        "web": {"url": toy_http_url, "headers": {"Authorization": {"keyring": "absent"}}},
        "open": {"url": toy_http_url},
    }
    path = _config(tmp_path, servers)
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(path)))
    try:
        assert "open__whoami" in registry.names() and "web__whoami" not in registry.names()
        err = capsys.readouterr().err
        assert "secret 'absent' is not stored for this server" in err
        assert "mcp secret set web absent" in err
    finally:
        await close()
