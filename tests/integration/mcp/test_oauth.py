"""OAuth 2.1 against a local OAuth-protected MCP server built with the SDK's own auth pieces.

The test plays the browser: it follows the authorization URL with httpx (consent is automatic
on the server) and so lands on the app's loopback listener with code and state.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx2
import pytest

from desktop_app.cli import main
from desktop_app.core.messages import ToolCall
from desktop_app.mcp.auth import oauth
from desktop_app.mcp.auth.callback import LoginError, UnsafeUrlError
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.runtime import RunOptions, open_tools
from desktop_app.store.settings import Settings
from tests.integration.mcp.conftest import HERE, _free_port, _wait_for_port
from tests.keyrings import MemoryKeyring, use_keyring

__all__ = ["use_keyring"]
SERVER = HERE / "servers" / "oauth_server.py"


@contextmanager
def oauth_server(hostile: str = "") -> Iterator[str]:
    """The OAuth toy on a free port: its base URL (the MCP endpoint is BASE/mcp)."""
    port = _free_port()
    args = [sys.executable, str(SERVER), str(port)] + ([hostile] if hostile else [])
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, proc, time.monotonic() + 30)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with oauth_server() as url:
        yield url


class Browser:
    """Stands in for the user's browser: follows the authorization URL, consent given by the server."""

    def __init__(self) -> None:
        self.opened: list[str] = []
        self.pages: list[str] = []

    def __call__(self, url: str) -> bool:
        self.opened.append(url)
        with httpx2.Client(follow_redirects=True, timeout=10) as http:
            self.pages.append(http.get(url).text)
        return True


def events(base: str) -> list[dict[str, Any]]:
    return list(httpx2.get(f"{base}/test/events", timeout=10).json())


def write_config(tmp_path: Path, name: str, base: str) -> Path:
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {name: {"url": f"{base}/mcp"}}}), encoding="utf-8")
    return path


def stored(backend: MemoryKeyring, name: str, part: str) -> dict[str, Any]:
    return dict(json.loads(backend.store[("travel-assistant", f"mcp-oauth/{name}/{part}")]))


async def call_whoami(config: Path, name: str) -> tuple[str, bool, list[str]]:
    registry, close = await open_tools(Settings(), RunOptions(mcp_config=str(config)))
    try:
        if f"{name}__whoami" not in registry.names():
            return "", False, registry.names()
        out = await registry.execute(ToolCall("1", f"{name}__whoami", {}))
        return out.content, out.is_error, registry.names()
    finally:
        await close()


def secrets_on_disk(roots: list[Path], secrets: list[str]) -> list[str]:
    """Files under `roots` holding any of `secrets` (there must be none)."""
    hits = []
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                hits += [f"{path}: {s[:6]}…" for s in secrets if s.encode() in data]
    return hits


async def test_login_call_refresh_and_nothing_on_disk(
    base: str, app_home: Path, tmp_path: Path, use_keyring: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    backend = use_keyring(MemoryKeyring())
    config = write_config(tmp_path, "remote", base)

    # Not logged in: the run goes on without the server, and one line says how to log in.
    content, _, names = await call_whoami(config, "remote")
    assert content == "" and "get_weather" in names
    err = [ln for ln in capsys.readouterr().err.splitlines() if "remote" in ln]
    assert err == [
        "travel-assistant: MCP server 'remote' failed: the server asks you to log in (OAuth): "
        "run `travel-assistant mcp login remote` or press Sign in… in Settings → MCP servers"
    ]
    assert not backend.store  # a background connection registers nothing and stores nothing

    browser = Browser()
    lines: list[str] = []
    server = ServerConfig(name="remote", url=f"{base}/mcp")
    assert await oauth.login(server, opener=browser, notify=lines.append, timeout=30) == (
        "logged in to 'remote'; the tokens are in the keyring"
    )
    assert "Signed in to remote" in browser.pages[0] and lines[0].startswith("Opened your browser")

    # Discovery (RFC 9728, then RFC 8414), dynamic registration, PKCE S256, code exchange.
    seen = events(base)
    paths = [e["path"] for e in seen if e["event"] == "request"]
    assert any(p.startswith("/.well-known/oauth-protected-resource") for p in paths)
    assert any(p.startswith("/.well-known/oauth-authorization-server") for p in paths)
    assert "/register" in paths and "/authorize" in paths and "/token" in paths
    registered = next(e for e in seen if e["event"] == "register")
    assert registered["redirect_uris"][0].startswith("http://127.0.0.1:")
    query = parse_qs(urlsplit(browser.opened[0]).query)
    assert query["code_challenge_method"] == ["S256"] and len(query["code_challenge"][0]) == 43
    assert query["resource"] == [f"{base}/mcp"] and query["state"]
    assert [e["grant"] for e in seen if e["event"] == "token"] == ["authorization_code"]

    first = stored(backend, "remote", "tokens")
    assert first["url"] == f"{base}/mcp" and first["token"]["refresh_token"]
    assert stored(backend, "remote", "client")["client_info"]["client_id"]

    content, is_error, _ = await call_whoami(config, "remote")
    assert content.startswith("client ") and not is_error

    # Time passes: the server no longer takes the token, and the stored expiry says it is due.
    httpx2.post(f"{base}/test/expire", timeout=10)
    record = stored(backend, "remote", "tokens")
    record["expires_at"] = time.time() - 5
    backend.store[("travel-assistant", "mcp-oauth/remote/tokens")] = json.dumps(record)
    content, is_error, _ = await call_whoami(config, "remote")
    assert content.startswith("client ") and not is_error
    assert [e["grant"] for e in events(base) if e["event"] == "token"] == ["authorization_code", "refresh_token"]
    second = stored(backend, "remote", "tokens")
    assert second["token"]["access_token"] != first["token"]["access_token"]

    tokens = [t["token"][k] for t in (first, second) for k in ("access_token", "refresh_token")]
    assert secrets_on_disk([app_home, tmp_path], tokens) == []


async def test_a_token_for_another_url_is_never_sent(base: str, app_home: Path, use_keyring: Any) -> None:
    backend = use_keyring(MemoryKeyring())
    server = ServerConfig(name="moved", url=f"{base}/mcp")
    await oauth.login(server, opener=Browser(), timeout=30)
    assert await oauth.has_login(server)
    elsewhere = ServerConfig(name="moved", url=f"{base}/mcp/")
    assert not await oauth.has_login(elsewhere)  # the entry names the URL it was issued for
    assert oauth.logout(server) and not backend.store


def test_cli_login_and_logout(
    base: str, app_home: Path, tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    backend = use_keyring(MemoryKeyring())
    config = write_config(tmp_path, "cli", base)
    browser = Browser()
    monkeypatch.setattr("webbrowser.open", browser)
    assert main(["mcp", "login", "cli", "--mcp-config", str(config)]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "logged in to 'cli'; the tokens are in the keyring"
    assert "If it did not open, visit: http://127.0.0.1:" in err and len(browser.opened) == 1
    assert ("travel-assistant", "mcp-oauth/cli/tokens") in backend.store
    assert main(["mcp", "logout", "cli", "--mcp-config", str(config)]) == 0
    assert capsys.readouterr().out.strip() == "logged out of 'cli'" and not backend.store


async def test_a_hostile_authorization_endpoint_is_never_opened(app_home: Path, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    browser = Browser()
    with oauth_server(hostile="http://evil.example/authorize") as base:
        with pytest.raises(UnsafeUrlError, match=r"plain-http authorization URL on 'evil\.example'"):
            await oauth.login(ServerConfig(name="evil", url=f"{base}/mcp"), opener=browser, timeout=30)
    assert browser.opened == []


async def test_no_keyring_no_login(app_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(oauth, "keyring_usable", lambda: (False, "no keyring service found"))
    with pytest.raises(LoginError, match="cannot keep the login: no keyring service found"):
        await oauth.login(ServerConfig(name="x", url="https://mcp.example.com/mcp"))


async def test_static_authorization_header_means_no_oauth() -> None:
    keyed = ServerConfig(name="k", url="https://mcp.example.com/mcp", headers={"Authorization": "Bearer x"})
    assert oauth.background_auth(keyed) is None
    assert oauth.background_auth(ServerConfig(name="s", command="uvx")) is None
    with pytest.raises(LoginError, match="sends its own Authorization header"):
        await oauth.login(keyed)


def test_the_cli_refusal_of_a_hostile_endpoint_is_one_line(tmp_path: Path) -> None:
    """No SDK traceback ("OAuth flow error") before the refusal: a separate process, so logging's
    last-resort handler is the one a user's terminal would get (pytest's own handlers hide it)."""
    import os

    with oauth_server(hostile="http://evil.example/authorize") as base:
        config = write_config(tmp_path, "evil", base)
        env = {
            **os.environ,
            "TRAVEL_ASSISTANT_HOME": str(tmp_path / "home"),
            "PYTHON_KEYRING_BACKEND": "tests.keyrings.MemoryKeyring",
            "PYTHONPATH": str(HERE.parents[2]),
        }
        done = subprocess.run(
            [sys.executable, "-m", "desktop_app", "mcp", "login", "evil", "--mcp-config", str(config)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "travel-assistant: refusing to open a plain-http authorization URL on 'evil.example' "
        "(only https, or http to localhost)"
    ]
