"""The browser half of MCP OAuth: which URLs may be opened, and the one-shot loopback listener."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import httpx2
import pytest

from desktop_app.mcp.auth.callback import (
    LoginError,
    LoopbackListener,
    UnsafeUrlError,
    checked_authorization_url,
    expected_state,
    open_in_browser,
)


def _recorder(opened: list[str]) -> Callable[[str], bool]:
    def opener(url: str) -> bool:
        opened.append(url)
        return True

    return opener


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "file:///etc/passwd",
        "data:text/html,<script>alert(1)</script>",
        "http://evil.example/authorize",
        "http://127.0.0.1.evil.example/authorize",
        "https://user:pw@auth.example/authorize",
        "https://auth.example/authorize\n",
        "https://auth.example/a b",
        "ftp://auth.example/",
        "https:///authorize",
        "",
        "vbscript:msgbox",
        "JAVASCRIPT://auth.example/%0aalert(1)",
    ],
)
def test_hostile_urls_are_refused(url: str) -> None:
    opened: list[str] = []
    with pytest.raises(UnsafeUrlError):
        open_in_browser(url, opener=_recorder(opened))
    assert opened == []


@pytest.mark.parametrize(
    "url",
    [
        "https://auth.example/authorize?state=x",
        "http://127.0.0.1:9000/authorize",
        "http://localhost/authorize",
        "http://[::1]:8000/authorize",
    ],
)
def test_https_and_local_http_are_opened(url: str) -> None:
    opened: list[str] = []
    assert open_in_browser(url, opener=_recorder(opened))
    assert opened == [checked_authorization_url(url)] == [url]


def test_a_browser_that_fails_is_reported_not_raised() -> None:
    def broken(_url: str) -> bool:
        raise OSError("no display")

    assert open_in_browser("https://auth.example/a", opener=broken) is False


async def _get(url: str) -> httpx2.Response:
    async with httpx2.AsyncClient(timeout=5) as http:
        return await http.get(url)


async def test_listener_takes_only_its_own_state_then_closes() -> None:
    listener = LoopbackListener("remote", timeout=10)
    uri = await listener.start()
    assert uri.startswith("http://127.0.0.1:") and uri.endswith("/callback")
    listener.state = expected_state("https://auth.example/authorize?state=abc&x=1")
    waiting = asyncio.ensure_future(listener.wait())
    assert (await _get(f"{uri}?code=c&state=forged")).status_code == 400  # another page cannot finish the login
    assert (await _get(uri.replace("/callback", "/favicon.ico"))).status_code == 404
    assert not waiting.done()
    page = await _get(f"{uri}?code=the-code&state=abc&iss=https%3A%2F%2Fauth.example")
    assert page.status_code == 200 and "Signed in to remote" in page.text
    got = await waiting
    assert (got.code, got.state, got.iss) == ("the-code", "abc", "https://auth.example")
    with pytest.raises(httpx2.ConnectError):  # one shot: the port is closed
        await _get(f"{uri}?code=again&state=abc")


async def test_listener_reports_a_refusal_and_escapes_it() -> None:
    listener = LoopbackListener("remote", timeout=10)
    uri = await listener.start()
    listener.state = "s"
    waiting = asyncio.ensure_future(listener.wait())
    page = await _get(f"{uri}?error=access_denied&error_description=%3Cscript%3Ex%3C%2Fscript%3E&state=s")
    assert "<script>" not in page.text and "&lt;script&gt;" in page.text
    with pytest.raises(LoginError, match="refused the login \\(access_denied: <script>x</script>\\)"):
        await waiting


async def test_listener_times_out() -> None:
    listener = LoopbackListener("remote", timeout=0.05)
    await listener.start()
    with pytest.raises(LoginError, match=r"not finished in the browser within 0\.05 s"):
        await listener.wait()


async def test_garbage_on_the_port_is_a_bad_request() -> None:
    listener = LoopbackListener("remote", timeout=10)
    await listener.start()
    reader, writer = await asyncio.open_connection("127.0.0.1", listener.port)
    writer.write(b"POST /callback HTTP/1.1\r\n\r\n")
    await writer.drain()
    assert (await reader.readline()).startswith(b"HTTP/1.1 400")
    writer.close()
    await listener.close()
