"""The browser half of an MCP OAuth login: a checked URL opened without a shell, a one-shot loopback listener."""

from __future__ import annotations

import asyncio
import html
import ipaddress
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

CALLBACK_PATH = "/callback"
LOGIN_TIMEOUT = 300.0  # seconds a person gets to finish the login in the browser
_REQUEST_TIMEOUT = 10.0  # one slow or silent connection to the listener cannot hold it
_MAX_LINE = 8192
_MAX_HEADERS = 100

Opener = Callable[[str], bool]  # webbrowser.open's shape: True when a browser was started


class LoginError(Exception):
    """A login that cannot go on; the message is one line for the user."""


class UnsafeUrlError(LoginError):
    """An authorization URL the app refuses to open (it came from a server: hostile until checked)."""


@dataclass(frozen=True)
class Callback:
    """What the browser brought back to the loopback listener."""

    code: str
    state: str
    iss: str | None = None


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def checked_authorization_url(url: str) -> str:
    """`url` if a browser may open it: https, or http to this machine only; nothing else, no user:pass@."""
    if not url or any(ord(ch) <= 0x20 or ord(ch) == 0x7F for ch in url):
        raise UnsafeUrlError("refusing to open an authorization URL with spaces or control characters")
    parts = urlsplit(url)
    scheme, host = parts.scheme.lower(), parts.hostname or ""
    if scheme not in ("https", "http"):
        raise UnsafeUrlError(f"refusing to open an authorization URL with scheme {scheme or 'none'!r} (only https)")
    if not host:
        raise UnsafeUrlError("refusing to open an authorization URL without a host")
    if scheme == "http" and not _is_loopback(host):
        raise UnsafeUrlError(
            f"refusing to open a plain-http authorization URL on {host!r} (only https, or http to localhost)"
        )
    if parts.username is not None or parts.password is not None:
        raise UnsafeUrlError("refusing to open an authorization URL that carries a user name or password")
    return url


def expected_state(url: str) -> str:
    """The `state` the authorization URL carries: the only callback the listener accepts."""
    values = parse_qs(urlsplit(url).query).get("state", [])
    return values[0] if len(values) == 1 else ""


def open_in_browser(url: str, opener: Opener | None = None) -> bool:
    """Hand a checked URL to the desktop's browser (webbrowser: argument lists, never a shell)."""
    checked = checked_authorization_url(url)
    try:
        return bool((opener or webbrowser.open)(checked))
    except Exception:  # noqa: BLE001 - no browser: the caller shows the URL to copy
        return False


class LoopbackListener:
    """One-shot HTTP listener on 127.0.0.1 for the authorization redirect (`code` + `state`)."""

    def __init__(self, server_name: str, timeout: float = LOGIN_TIMEOUT) -> None:
        self.server_name = server_name
        self.timeout = timeout
        self.state = ""  # set from the authorization URL before the browser opens
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[Callback] | None = None
        self.port = 0

    @property
    def redirect_uri(self) -> str:
        return f"http://127.0.0.1:{self.port}{CALLBACK_PATH}"

    async def start(self, port: int = 0) -> str:
        """Listen on `port` (0: any free one); OSError when it is taken. Returns the redirect URI."""
        self._result = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", port, limit=_MAX_LINE)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.redirect_uri

    async def wait(self) -> Callback:
        """The callback, or LoginError after `timeout` seconds; the listener is closed either way."""
        assert self._result is not None, "start() first"
        try:
            return await asyncio.wait_for(asyncio.shield(self._result), self.timeout)
        except TimeoutError:
            raise LoginError(f"the login was not finished in the browser within {self.timeout:g} s") from None
        finally:
            await self.close()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            target = await asyncio.wait_for(_read_request(reader), _REQUEST_TIMEOUT)
            status, body = self._answer(target)
        except (TimeoutError, ValueError, OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            status, body = "400 Bad Request", "Bad request."
        page = f"<!doctype html><meta charset=utf-8><title>Travel Assistant</title><p>{html.escape(body)}</p>"
        data = page.encode("utf-8")
        head = f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {len(data)}\r\n"
        try:
            writer.write((head + "Connection: close\r\nCache-Control: no-store\r\n\r\n").encode("ascii") + data)
            await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()

    def _answer(self, target: str) -> tuple[str, str]:
        """Settle the login from one request line's target; anything else is refused and waited past."""
        parts = urlsplit(target)
        if parts.path != CALLBACK_PATH:
            return "404 Not Found", "Not found."
        query = {k: v[0] for k, v in parse_qs(parts.query).items() if len(v) == 1}
        if not self.state or query.get("state") != self.state:
            return "400 Bad Request", "This sign-in link is not the one Travel Assistant is waiting for."
        result = self._result
        if result is None or result.done():
            return "409 Conflict", "This sign-in was already handled."
        if "error" in query:
            why = query["error"] + (f": {query['error_description']}" if query.get("error_description") else "")
            result.set_exception(LoginError(f"the authorization server refused the login ({why[:300]})"))
            return "200 OK", f"Sign-in to {self.server_name} failed: {why[:300]}. You can close this tab."
        if not query.get("code"):
            result.set_exception(LoginError("the authorization server sent no code"))
            return "400 Bad Request", "No authorization code."
        result.set_result(Callback(query["code"], query["state"], query.get("iss")))
        return "200 OK", f"Signed in to {self.server_name}. You can close this tab and return to Travel Assistant."


async def _read_request(reader: asyncio.StreamReader) -> str:
    """The request target of a `GET target HTTP/1.x` request; its headers are read and dropped."""
    line = (await reader.readuntil(b"\r\n")).decode("latin-1").strip()
    method, target, version = [*line.split(" "), "", "", ""][:3]
    if method != "GET" or not version.startswith("HTTP/1."):
        raise ValueError("not a GET")
    for _ in range(_MAX_HEADERS):
        if (await reader.readuntil(b"\r\n")) == b"\r\n":
            return target
    raise ValueError("too many headers")
