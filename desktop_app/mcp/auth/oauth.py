"""OAuth 2.1 for remote MCP servers through the SDK's own client: tokens in the OS keyring, logins explicit.

A background connection never opens a browser: a server answering 401 with a Bearer challenge fails
with `login_hint` and the run goes on without it; `login()` runs the SDK's browser flow. Tokens and
the registered client live in the keyring bound to the server's URL, never in a file."""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import AsyncGenerator, Callable
from typing import Any, TypeVar

import anyio
import httpx2
from mcp.client.auth import OAuthClientProvider
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthMetadata,
    OAuthToken,
    ProtectedResourceMetadata,
)
from mcp.shared.inbound import MCP_PROTOCOL_VERSION_HEADER
from mcp_types import LATEST_PROTOCOL_VERSION
from pydantic import BaseModel, ValidationError

from desktop_app import jsonsafe
from desktop_app.mcp.auth.callback import (
    LOGIN_TIMEOUT,
    LoginError,
    LoopbackListener,
    Opener,
    UnsafeUrlError,
    expected_state,
    open_in_browser,
)
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.store.secrets import SecretsError, delete_secret, keyring_secret, keyring_usable, store_secret

__all__ = ["LoginError", "UnsafeUrlError", "background_auth", "has_login", "login", "logout"]
CLIENT_NAME = "Travel Assistant"
# The SDK logs a failed flow with its traceback ("OAuth flow error") before raising it again; the
# error itself becomes our one LoginError line, so those records go nowhere (not to stderr via
# logging's last-resort handler, not to a root handler another part set up).
_SDK_AUTH_LOG = logging.getLogger("mcp.client.auth")
_SDK_AUTH_LOG.addHandler(logging.NullHandler())
_SDK_AUTH_LOG.propagate = False

_PARTS = ("tokens", "client")
M = TypeVar("M", bound=BaseModel)


def login_hint(name: str) -> str:
    """The one line shown for an OAuth server without a usable token."""
    return (
        f"the server asks you to log in (OAuth): run `travel-assistant mcp login {name}` "
        "or press Sign in… in Settings → MCP servers"
    )


class KeyringTokenStorage:
    """The SDK's TokenStorage in the OS keyring: one entry for tokens, one for the registered client.

    Each entry names the URL it belongs to; an entry for another URL (the config was edited) is
    ignored, so a token never goes to a server it was not issued for. The absolute expiry is kept
    so a token loaded after a restart is refreshed when due (the SDK keeps only `expires_in`).
    """

    def __init__(self, server: str, url: str) -> None:
        self.server, self.url = server, url

    def _key(self, part: str) -> str:
        return f"mcp-oauth/{self.server}/{part}"

    async def _read(self, part: str) -> dict[str, Any]:
        try:
            text = await anyio.to_thread.run_sync(keyring_secret, self._key(part))
            record = jsonsafe.loads(text) if text else {}  # depth, size, finite numbers
        except (SecretsError, ValueError):
            return {}
        return record if isinstance(record, dict) and record.get("url") == self.url else {}

    async def _write(self, part: str, record: dict[str, Any]) -> None:
        text = json.dumps({**record, "url": self.url}, separators=(",", ":"))
        await anyio.to_thread.run_sync(store_secret, self._key(part), text)

    async def get_tokens(self) -> OAuthToken | None:
        record = await self._read("tokens")
        token = _model(OAuthToken, record.get("token"))
        if token is None:
            return None
        expires_at = record.get("expires_at")
        if isinstance(expires_at, int | float):
            token.expires_in = max(0, int(expires_at - time.time()))
        return token

    async def set_tokens(self, tokens: OAuthToken) -> None:
        expires_at = time.time() + tokens.expires_in if tokens.expires_in is not None else None
        await self._write(
            "tokens", {"token": tokens.model_dump(mode="json", exclude_none=True), "expires_at": expires_at}
        )

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        record = await self._read("client")
        return _model(OAuthClientInformationFull, record.get("client_info"))

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        record = await self._read("client")
        record["client_info"] = client_info.model_dump(mode="json", exclude_none=True)
        await self._write("client", record)

    async def get_discovery(self) -> tuple[OAuthMetadata | None, ProtectedResourceMetadata | None]:
        """The authorization server's and the resource's metadata found at login (for refreshes)."""
        record = await self._read("client")
        return (
            _model(OAuthMetadata, record.get("oauth_metadata")),
            _model(ProtectedResourceMetadata, record.get("resource_metadata")),
        )

    async def set_discovery(self, oauth: OAuthMetadata | None, resource: ProtectedResourceMetadata | None) -> None:
        record = await self._read("client")
        for key, value in (("oauth_metadata", oauth), ("resource_metadata", resource)):
            record[key] = value.model_dump(mode="json", exclude_none=True) if value is not None else None
        await self._write("client", record)

    def forget(self) -> bool:
        """Delete every entry of this server (tokens and registration); True when there was one."""
        return any([delete_secret(self._key(part)) for part in _PARTS])


def _model(cls: type[M], data: Any) -> M | None:
    """A stored record's part as its SDK model; None when it is missing or no longer fits."""
    try:
        return cls.model_validate(data) if isinstance(data, dict) else None
    except ValidationError:
        return None


def _client_metadata(redirect_uri: str) -> OAuthClientMetadata:
    return OAuthClientMetadata(
        client_name=CLIENT_NAME,
        redirect_uris=[redirect_uri],  # type: ignore[list-item]
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
        token_endpoint_auth_method="none",
    )


def _asks_for_login(response: httpx2.Response) -> bool:
    """401 with a Bearer challenge, or 403 insufficient_scope: an OAuth server wants a (new) login."""
    challenge = response.headers.get("www-authenticate", "").strip().lower()
    if response.status_code == 401:
        return challenge.startswith("bearer")
    return response.status_code == 403 and "insufficient_scope" in challenge


class AppOAuthProvider(OAuthClientProvider):
    """The SDK's OAuthClientProvider with the app's two rules (see the module docstring).

    Uses four of the SDK's internals (`_initialize`, `_refresh_token`, `_handle_refresh_response`,
    `_add_auth_header`), pinned by the `mcp>=2.3,<3` requirement and covered by tests/integration/mcp/test_oauth.py.
    """

    def __init__(
        self,
        server: str,
        url: str,
        redirect_uri: str,
        *,
        interactive: bool,
        redirect_handler: Callable[[str], Any] | None = None,
        callback_handler: Callable[[], Any] | None = None,
    ) -> None:
        self.store = KeyringTokenStorage(server, url)
        super().__init__(url, _client_metadata(redirect_uri), self.store, redirect_handler, callback_handler)
        self.server = server
        self.interactive = interactive
        self.login_needed = False

    def login_hint(self) -> str:
        return login_hint(self.server)

    async def _initialize(self) -> None:
        """Also restore the expiry and the discovered endpoints, so a stored token refreshes after a restart."""
        await super()._initialize()
        tokens = self.context.current_tokens
        if tokens is not None and tokens.expires_in is not None:
            self.context.update_token_expiry(tokens)
        oauth, resource = await self.store.get_discovery()
        self.context.oauth_metadata = self.context.oauth_metadata or oauth
        self.context.protected_resource_metadata = self.context.protected_resource_metadata or resource
        if resource is not None and resource.authorization_servers:
            self.context.auth_server_url = self.context.auth_server_url or str(resource.authorization_servers[0])

    def _auth_flow(self, request: httpx2.Request) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        return super()._auth_flow(request) if self.interactive else self._background_flow(request)

    async def _background_flow(self, request: httpx2.Request) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        """A stored token (refreshed when due) or none; a challenge is recorded, never a browser opened."""
        async with self.context.lock:
            if not self._initialized:
                await self._initialize()
            self.context.protocol_version = request.headers.get(MCP_PROTOCOL_VERSION_HEADER)
            if not self.context.is_token_valid() and self.context.can_refresh_token():
                refreshed = yield await self._refresh_token()
                await self._handle_refresh_response(refreshed)
            if self.context.is_token_valid():
                self._add_auth_header(request)
            response = yield request
            if _asks_for_login(response):
                self.login_needed = True


def background_auth(config: ServerConfig) -> AppOAuthProvider | None:
    """The httpx auth for a connection that must never ask anyone (None: not an OAuth candidate)."""
    if not config.uses_oauth:
        return None
    return AppOAuthProvider(config.name, config.url, "http://127.0.0.1/callback", interactive=False)


async def has_login(config: ServerConfig) -> bool:
    """Whether tokens for this server (and its current URL) are in the keyring."""
    return config.uses_oauth and await KeyringTokenStorage(config.name, config.url).get_tokens() is not None


def logout(config: ServerConfig) -> bool:
    """Forget this server's tokens and registration; True when something was removed."""
    return KeyringTokenStorage(config.name, config.url).forget()


async def _listener_for(storage: KeyringTokenStorage, timeout: float) -> LoopbackListener:
    """A listener on the port the stored registration names (its redirect URI must match), else a new one."""
    listener = LoopbackListener(storage.server, timeout)
    client = await storage.get_client_info()
    uris = [str(u) for u in (client.redirect_uris or [])] if client else []
    port = next((_loopback_port(u) for u in uris if _loopback_port(u)), 0)
    if port:
        # a port taken: register anew with a new port (the old registration stays unused)
        with contextlib.suppress(OSError):
            await listener.start(port)
            return listener
    await listener.start(0)
    if client is not None and listener.redirect_uri not in uris:
        await anyio.to_thread.run_sync(storage.forget)
    return listener


def _loopback_port(uri: str) -> int:
    parsed = httpx2.URL(uri)
    ok = parsed.scheme == "http" and parsed.host == "127.0.0.1" and parsed.path == "/callback"
    return int(parsed.port or 0) if ok else 0


async def login(
    config: ServerConfig,
    *,
    opener: Opener | None = None,
    notify: Callable[[str], None] = lambda _line: None,
    timeout: float = LOGIN_TIMEOUT,
) -> str:
    """Sign in to one HTTP server in the browser; the tokens go to the keyring. A one-line summary;
    `notify` gets the authorization URL line (to copy when no browser opens). LoginError on failure."""
    if not config.url:
        raise LoginError(f"MCP server {config.name!r} is a local program: there is nothing to log in to")
    if not config.uses_oauth:
        raise LoginError(f"MCP server {config.name!r} sends its own Authorization header: OAuth is not used")
    usable, why = keyring_usable()
    if not usable:
        raise LoginError(f"cannot keep the login: {why} (tokens are never written to a file)")
    storage = KeyringTokenStorage(config.name, config.url)
    listener = await _listener_for(storage, timeout)

    async def redirect(url: str) -> None:
        listener.state = expected_state(url)
        if not listener.state:
            raise LoginError("the authorization URL carries no state")
        opened = await anyio.to_thread.run_sync(open_in_browser, url, opener)
        notify(("Opened your browser to log in. If it did not open, visit: " if opened else "Log in at: ") + url)

    async def callback() -> AuthorizationCodeResult:
        got = await listener.wait()
        return AuthorizationCodeResult(code=got.code, state=got.state, iss=got.iss)

    provider = AppOAuthProvider(
        config.name,
        config.url,
        listener.redirect_uri,
        interactive=True,
        redirect_handler=redirect,
        callback_handler=callback,
    )
    try:
        status = await _challenge(provider, config)
    except (LoginError, SecretsError):
        raise
    except Exception as exc:  # noqa: BLE001 - the SDK's flow errors become one line
        raise LoginError(f"the login to {config.name!r} failed: {type(exc).__name__}: {exc}") from None
    finally:
        await listener.close()
    if provider.context.current_tokens is None:
        raise LoginError(f"MCP server {config.name!r} did not ask for a login (it answered HTTP {status})")
    await storage.set_discovery(provider.context.oauth_metadata, provider.context.protected_resource_metadata)
    return f"logged in to {config.name!r}; the tokens are in the keyring"


async def _challenge(provider: AppOAuthProvider, config: ServerConfig) -> int:
    """One authenticated request to the MCP endpoint: a 401 runs the whole flow; the answer is dropped."""
    headers = {MCP_PROTOCOL_VERSION_HEADER: LATEST_PROTOCOL_VERSION}
    async with httpx2.AsyncClient(auth=provider, timeout=httpx2.Timeout(30), headers=headers) as http:
        if config.transport == "sse":
            async with http.stream("GET", config.url, headers={"Accept": "text/event-stream"}) as response:
                return int(response.status_code)
        ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}  # refused after auth (no session): nothing is started
        accept = {"Accept": "application/json, text/event-stream"}
        response = await http.post(config.url, json=ping, headers=accept)
        return int(response.status_code)
