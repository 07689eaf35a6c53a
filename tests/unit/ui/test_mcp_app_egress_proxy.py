"""The App views' egress proxy, over real loopback sockets: a CONNECT reaches only an origin an open
view declared, plain-http proxying never happens, and every refusal is reported to the open views."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator

import pytest

from desktop_app.ui.mcp_app import egress


class Echo:
    """A TCP listener that records what reaches it and echoes it back."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(0.1)
        self.port = self.sock.getsockname()[1]
        self.seen: list[bytes] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                data = conn.recv(100)
                self.seen.append(data or b"(connected)")
                conn.sendall(data)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(2)
        self.sock.close()


@pytest.fixture
def echo() -> Iterator[Echo]:
    found = Echo()
    yield found
    found.close()


@pytest.fixture
def proxy() -> Iterator[int]:
    server, port = egress.serve()
    yield port
    server.shutdown()
    server.server_close()


TOKEN = "0123456789abcdef"
AGENT = f"User-Agent: Mozilla/5.0 QtWebEngine/6 {egress.TOKEN_MARK}{TOKEN}\r\n"


def ask(proxy: int, head: str) -> tuple[bytes, socket.socket]:
    """Send a request head (from the view, by its User-Agent) to the proxy; its status line and the open socket."""
    sock = socket.create_connection(("127.0.0.1", proxy), timeout=5)
    first, _, rest = head.partition("\r\n")
    sock.sendall(f"{first}\r\n{AGENT}{rest}".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(1024)
        if not chunk:
            break
        answer += chunk
    return answer.split(b"\r\n", 1)[0], sock


@pytest.fixture
def view() -> Iterator[tuple[list[str], list[str]]]:
    """An open view that declared `allowed` (host:port) origins; what it was told was blocked."""
    allowed: list[str] = []
    blocked: list[str] = []
    egress.GATE.open(TOKEN, lambda url: any(url == f"https://{a}/" for a in allowed), blocked.append)
    yield allowed, blocked
    egress.GATE.close(TOKEN)


def test_an_undeclared_host_is_refused_and_reported(proxy: int, echo: Echo, view: tuple[list[str], list[str]]) -> None:
    _, blocked = view
    status, sock = ask(proxy, f"CONNECT 127.0.0.1:{echo.port} HTTP/1.1\r\nHost: 127.0.0.1:{echo.port}\r\n\r\n")
    sock.close()
    assert status.startswith(b"HTTP/1.1 403")
    assert blocked and blocked[0].startswith(f"127.0.0.1:{echo.port} ")
    assert echo.seen == []


def test_nothing_is_tunnelled_with_no_view_open(proxy: int, echo: Echo) -> None:
    status, sock = ask(proxy, f"CONNECT 127.0.0.1:{echo.port} HTTP/1.1\r\n\r\n")
    sock.close()
    assert status.startswith(b"HTTP/1.1 403") and echo.seen == []


def test_plain_http_is_never_proxied(proxy: int, echo: Echo, view: tuple[list[str], list[str]]) -> None:
    allowed, _ = view
    allowed.append(f"127.0.0.1:{echo.port}")  # even to a declared host
    status, sock = ask(proxy, f"GET http://127.0.0.1:{echo.port}/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    sock.close()
    assert status.startswith(b"HTTP/1.1 403") and echo.seen == []


def test_a_declared_origin_is_tunnelled(proxy: int, echo: Echo, view: tuple[list[str], list[str]]) -> None:
    allowed, blocked = view
    allowed.append(f"127.0.0.1:{echo.port}")
    status, sock = ask(proxy, f"CONNECT 127.0.0.1:{echo.port} HTTP/1.1\r\n\r\n")
    with sock:
        assert status == b"HTTP/1.1 200 Connection established"
        sock.sendall(b"hello")
        assert sock.recv(100) == b"hello"
    assert echo.seen == [b"hello"] and blocked == []


def test_another_views_declared_origin_is_refused(proxy: int, echo: Echo, view: tuple[list[str], list[str]]) -> None:
    other: list[str] = []
    egress.GATE.open("f" * 16, lambda url: url == f"https://127.0.0.1:{echo.port}/", other.append)
    try:
        status, sock = ask(proxy, f"CONNECT 127.0.0.1:{echo.port} HTTP/1.1\r\n\r\n")  # from the first view
        sock.close()
    finally:
        egress.GATE.close("f" * 16)
    assert status.startswith(b"HTTP/1.1 403") and echo.seen == []
    assert view[1] and other == []  # the view that asked is told, not the other


def test_a_connection_no_view_is_named_for_is_refused_and_every_view_told(
    proxy: int, echo: Echo, view: tuple[list[str], list[str]]
) -> None:
    allowed, blocked = view
    allowed.append(f"127.0.0.1:{echo.port}")
    sock = socket.create_connection(("127.0.0.1", proxy), timeout=5)
    with sock:
        sock.sendall(f"CONNECT 127.0.0.1:{echo.port} HTTP/1.1\r\nUser-Agent: x\r\n\r\n".encode())
        assert sock.recv(100).startswith(b"HTTP/1.1 403")
    assert echo.seen == [] and blocked


@pytest.mark.parametrize(
    "head",
    [
        "CONNECT 127.0.0.1 HTTP/1.1",
        "CONNECT a b:1 HTTP/1.1",
        "CONNECT h:99999 HTTP/1.1",
        "CONNECT h:1 SPDY",
        "connect h:1",
    ],
)
def test_malformed_requests_are_refused(head: str) -> None:
    assert egress._target(head.encode() + b"\r\n\r\n") is None


def test_the_engine_runs_behind_the_proxy_with_webrtc_held_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(egress.FLAGS_ENV, "--user-flag")
    monkeypatch.setattr(egress, "_started", [])
    port = egress.install()
    assert egress.install() == port  # once
    flags = os.environ[egress.FLAGS_ENV]
    assert flags.startswith("--user-flag ")
    assert f"--proxy-server=http://127.0.0.1:{port}" in flags
    assert "--proxy-bypass-list=<-loopback>" in flags  # loopback too: Chromium would bypass it by default
    assert "--force-webrtc-ip-handling-policy=disable_non_proxied_udp" in flags
