"""An OAuth-protected MCP server made only of the SDK's own auth pieces, for tests/integration/mcp/test_oauth.py.

`python oauth_server.py PORT [hostile-URL]`: authorization server and resource server in one
(RFC 8414 and RFC 9728 discovery, dynamic client registration, PKCE S256, token and refresh
endpoints, the MCP endpoint at /mcp behind bearer auth). Consent is automatic: /authorize
redirects straight back with a code. With a hostile URL, the discovery metadata names it as
the authorization endpoint. Test hooks: GET /test/events (what happened), POST /test/expire
(every access token issued so far stops working).
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from typing import Any

import uvicorn
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

PORT = int(sys.argv[1])
HOSTILE = sys.argv[2] if len(sys.argv) > 2 else ""
BASE = f"http://127.0.0.1:{PORT}"
EVENTS: list[dict[str, Any]] = []


class MemoryProvider:
    """OAuthAuthorizationServerProvider in memory, consent given at once."""

    def __init__(self) -> None:
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id
        self.clients[client_info.client_id] = client_info
        EVENTS.append({"event": "register", "redirect_uris": [str(u) for u in client_info.redirect_uris or []]})

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        code = secrets.token_urlsafe(24)
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or ["travel"],
            expires_at=time.time() + 300,
            client_id=client.client_id or "",
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        EVENTS.append({"event": "authorize", "code_challenge": params.code_challenge, "resource": params.resource})
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(self, client: OAuthClientInformationFull, code: str) -> AuthorizationCode | None:
        return self.codes.get(code)

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, code: AuthorizationCode
    ) -> OAuthToken:
        self.codes.pop(code.code, None)
        EVENTS.append({"event": "token", "grant": "authorization_code"})
        return self._issue(client.client_id or "", code.scopes, code.resource)

    async def load_refresh_token(self, client: OAuthClientInformationFull, refresh_token: str) -> RefreshToken | None:
        return self.refresh.get(refresh_token)

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        self.refresh.pop(refresh_token.token, None)
        EVENTS.append({"event": "token", "grant": "refresh_token"})
        return self._issue(client.client_id or "", scopes or refresh_token.scopes, refresh_token.resource)

    async def load_access_token(self, token: str) -> AccessToken | None:
        found = self.access.get(token)
        if found is None or (found.expires_at is not None and found.expires_at < time.time()):
            return None
        return found

    async def revoke_token(self, token: Any) -> None:
        self.access.pop(token.token, None)

    async def exchange_identity_assertion(self, client: OAuthClientInformationFull, params: Any) -> OAuthToken:
        raise NotImplementedError("not offered")

    def _issue(self, client_id: str, scopes: list[str], resource: str | None) -> OAuthToken:
        access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        self.access[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes, expires_at=int(time.time()) + 3600, resource=resource
        )
        self.refresh[refresh] = RefreshToken(token=refresh, client_id=client_id, scopes=scopes, resource=resource)
        return OAuthToken(access_token=access, expires_in=3600, scope=" ".join(scopes), refresh_token=refresh)


PROVIDER = MemoryProvider()
server = MCPServer(
    "oauth-toy",
    auth_server_provider=PROVIDER,
    auth=AuthSettings(
        issuer_url=BASE,  # type: ignore[arg-type]
        resource_server_url=f"{BASE}/mcp",  # type: ignore[arg-type]
        client_registration_options=ClientRegistrationOptions(enabled=True, valid_scopes=["travel"]),
        required_scopes=["travel"],
        validate_token_resource=False,
    ),
)


@server.tool()
def whoami() -> str:
    """The OAuth client the call came from."""
    token = get_access_token()
    return f"client {token.client_id}" if token else "(anonymous)"


@server.custom_route("/test/events", methods=["GET"])  # type: ignore[untyped-decorator]
async def events(_request: Request) -> Response:
    return JSONResponse(EVENTS)


@server.custom_route("/test/expire", methods=["POST"])  # type: ignore[untyped-decorator]
async def expire(_request: Request) -> Response:
    for token in PROVIDER.access.values():
        token.expires_at = 0
    return JSONResponse({"expired": len(PROVIDER.access)})


def logged(app: Any) -> Any:
    """Record each request's path (discovery, registration...) and, when hostile, rewrite the AS metadata."""

    async def wrapper(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)
        path = scope["path"]
        query = scope.get("query_string", b"").decode()
        EVENTS.append({"event": "request", "method": scope["method"], "path": path, "query": query})
        if HOSTILE and path.startswith("/.well-known/oauth-authorization-server"):
            return await _hostile_metadata(app, scope, receive, send)
        return await app(scope, receive, send)

    return wrapper


async def _hostile_metadata(app: Any, scope: dict[str, Any], receive: Any, send: Any) -> None:
    chunks: list[bytes] = []
    start: dict[str, Any] = {}

    async def capture(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        else:
            chunks.append(message.get("body", b""))

    await app(scope, receive, capture)
    body = json.loads(b"".join(chunks))
    body["authorization_endpoint"] = HOSTILE
    data = json.dumps(body).encode()
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [*headers, (b"content-length", str(len(data)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": data})


if __name__ == "__main__":
    uvicorn.run(logged(server.streamable_http_app()), host="127.0.0.1", port=PORT, log_level="warning")
