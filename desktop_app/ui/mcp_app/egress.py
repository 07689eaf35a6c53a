"""The one road out of the views' web engine: a loopback proxy that tunnels only to origins an open view declared.

Why: Chromium opens some connections without a request the URL interceptor sees (`<link
rel=preconnect>` opens a bare socket; WebRTC sends STUN over UDP and TURN over TCP from its own
sockets), and Qt WebEngine has no per-profile switch for them. So the engine is started with every
connection routed through this proxy, loopback included (`--proxy-server`, `<-loopback>`), and
with WebRTC held to proxied TCP (`--force-webrtc-ip-handling-policy=disable_non_proxied_udp`: no
UDP at all, so no STUN). Each view's profile adds a random token to its User-Agent, which Chromium
sends with every CONNECT: the proxy tunnels only to a host and port *that* view declared (its
https/wss origins), never proxies plain http, and reports each refusal to that view, whose
inspector lists it as a blocked request. No Qt here: plain sockets on daemon threads.

Flags reach Chromium through QTWEBENGINE_CHROMIUM_FLAGS, read once when the engine starts: `install()`
runs when view.py is imported, before any profile or page exists.
"""

from __future__ import annotations

import os
import re
import secrets
import select
import socket
import socketserver
import threading
from collections.abc import Callable

MAX_HEADER = 8192  # bytes of a proxy request's head
TIMEOUT_S = 10.0  # to read a request's head, and to connect upstream
FLAGS_ENV = "QTWEBENGINE_CHROMIUM_FLAGS"
TOKEN_MARK = "mcp-app-view/"

Allows = Callable[[str], bool]
Blocked = Callable[[str], None]


class Gate:
    """The open views' policies, each under the token its profile's User-Agent carries to the proxy."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._views: dict[str, tuple[Allows, Blocked]] = {}

    def open(self, token: str, allows: Allows, blocked: Blocked) -> None:
        with self._lock:
            self._views[token] = (allows, blocked)

    def close(self, token: str) -> None:
        with self._lock:
            self._views.pop(token, None)

    def decide(self, host: str, port: int, token: str) -> bool:
        """Whether the view asking declared https://host:port; else it hears of it (no token, or an unknown
        one: refused, and every open view hears of it)."""
        with self._lock:
            asking = self._views.get(token)
            told = [asking] if asking is not None else list(self._views.values())
        try:
            if asking is not None and asking[0](f"https://{host}:{port}/"):
                return True
            for _, blocked in told:
                blocked(f"{host}:{port} (a connection outside any request: preconnect, WebRTC or the like)")
        except RuntimeError:  # a view deleted meanwhile: its engine is going too
            pass
        return False


def new_token() -> str:
    """A view's name towards the proxy: random, so a view cannot pass for another."""
    return secrets.token_hex(8)


def user_agent(base: str, token: str) -> str:
    """The profile's User-Agent with the view's token (Chromium sends it with every CONNECT)."""
    return f"{base} {TOKEN_MARK}{token}"


GATE = Gate()


def _token(head: bytes) -> str:
    """The view's token in a request head's User-Agent ("" when there is none)."""
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"user-agent":
            found = re.search(rb"\b" + TOKEN_MARK.encode() + rb"([0-9a-f]{16})\b", value)
            return found.group(1).decode() if found else ""
    return ""


def _target(head: bytes) -> tuple[str, int] | None:
    """`CONNECT host:port HTTP/1.1` -> (host, port); None for anything else (plain-http proxying included)."""
    line = head.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    if len(parts) != 3 or parts[0] != "CONNECT" or not parts[2].startswith("HTTP/1."):
        return None
    host, _, port = parts[1].rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not host or not port.isdigit() or not 0 < int(port) < 65536 or any(c.isspace() for c in host):
        return None
    return host, int(port)


def _pump(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways until either side closes."""
    pair = {a: b, b: a}
    while True:
        ready, _, _ = select.select(list(pair), [], [], 300)
        if not ready:
            return
        for sock in ready:
            data = sock.recv(65536)
            if not data:
                return
            pair[sock].sendall(data)


class _Handler(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        client: socket.socket = self.request
        client.settimeout(TIMEOUT_S)
        head = b""
        try:
            while b"\r\n\r\n" not in head and len(head) < MAX_HEADER:
                chunk = client.recv(MAX_HEADER)
                if not chunk:
                    return
                head += chunk
        except OSError:
            return
        target = _target(head)
        if target is None or not GATE.decide(*target, _token(head)):
            client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        try:
            upstream = socket.create_connection(target, timeout=TIMEOUT_S)
        except OSError:
            client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        with upstream:
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            client.settimeout(None)
            upstream.settimeout(None)
            rest = head.split(b"\r\n\r\n", 1)[1]
            if rest:
                upstream.sendall(rest)
            _pump(client, upstream)


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


_started: list[int] = []


def chromium_flags(port: int) -> str:
    """Every connection through the proxy at `port` (loopback too), WebRTC without UDP and only proxied."""
    return (
        f"--proxy-server=http://127.0.0.1:{port} --proxy-bypass-list=<-loopback> "
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp --webrtc-ip-handling-policy=disable_non_proxied_udp"
    )


def serve() -> tuple[socketserver.ThreadingTCPServer, int]:
    """A proxy on a free loopback port, serving on a daemon thread."""
    server = _Server(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, name="mcp-app-egress", daemon=True).start()
    return server, int(server.server_address[1])


def install() -> int:
    """Start the proxy once and put its flags into the engine's environment; the proxy's port."""
    if _started:
        return _started[0]
    _, port = serve()
    given = os.environ.get(FLAGS_ENV, "")
    os.environ[FLAGS_ENV] = f"{given} {chromium_flags(port)}".strip()
    _started.append(port)
    return port
