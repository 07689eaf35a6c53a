"""The host page a view is rendered in, and the host script injected into it (plain text, no Qt).

Why this shape: an MCP App's SDK talks to `window.parent` and only accepts messages whose source is
`window.parent`. A view loaded as the top-level page would be its own parent and read its own
requests, so the view runs where the spec puts it: in an `<iframe sandbox="allow-scripts">` (a
unique opaque origin: no storage, no cookies, no top navigation, no popups, no forms) inside a
tiny host page loaded with `setHtml`. The host page's Content-Security-Policy (the resource's
declared domains, default none) is inherited by the `srcdoc` frame, where the view cannot remove it.

The host script runs in Qt's ApplicationWorld, an isolated JavaScript world of the host page
only: the view (another frame, another origin) can neither see nor replace it. It takes messages
whose source is the view's frame, rate-limits them (the excess dropped and counted), cuts each at
MAX_MESSAGE characters and hands the JSON text to Python over QWebChannel (`host.receive`); Python
answers through the `host.deliver` signal, posted into the frame. QWebChannel was chosen over
console messages or `runJavaScript` polling because it is a typed, ordered channel that exists only
in the world we inject it into.
"""

from __future__ import annotations

import html

from desktop_app.mcp.apps import BURST, MAX_MESSAGE, RATE

HOST_JS = (
    """
(function () {
  "use strict";
  var RATE = %(rate)s, BURST = %(burst)s, MAX = %(max)s;
  var tokens = BURST, last = Date.now(), dropped = 0, frame = null, host = null;
  function allow() {
    var now = Date.now();
    tokens = Math.min(BURST, tokens + (now - last) * RATE / 1000);
    last = now;
    if (tokens >= 1) { tokens -= 1; return true; }
    return false;
  }
  window.addEventListener("message", function (event) {
    if (!host || !frame || event.source !== frame.contentWindow) { return; }
    if (!allow()) { dropped += 1; return; }
    var text = null;
    try { text = JSON.stringify(event.data); } catch (e) { text = null; }
    if (typeof text !== "string") { text = ""; }
    host.receive(text.length > MAX ? text.slice(0, MAX + 1) : text);
  });
  setInterval(function () { if (dropped && host) { host.dropped(dropped); dropped = 0; } }, 500);
  new QWebChannel(qt.webChannelTransport, function (channel) {
    host = channel.objects.host;
    host.load.connect(function (source) {
      if (frame) { return; }
      frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-scripts");
      frame.setAttribute("referrerpolicy", "no-referrer");
      frame.setAttribute("title", "MCP App");
      frame.srcdoc = source;
      document.body.appendChild(frame);
    });
    host.deliver.connect(function (text) {
      if (frame && frame.contentWindow) { frame.contentWindow.postMessage(JSON.parse(text), "*"); }
    });
    host.ready();
  });
})();
""".replace("%(rate)s", str(RATE))
    .replace("%(burst)s", str(BURST))
    .replace("%(max)s", str(MAX_MESSAGE))
)

STUB_MARKER = "mcp-app-host: blocked "
MAX_REPORTED = 32  # distinct blocked attempts a view's page reports (a page can only report itself)
# In every frame's page world, before the frame's own scripts: RTCPeerConnection and friends replaced by a
# function that reports and throws (non-writable, non-configurable: not put back from this realm), and each
# Content-Security-Policy violation reported; reports go out as console lines the Page picks up.
STUB_JS = """
(function () {
  "use strict";
  var warn = console.warn.bind(console), MARK = "%(marker)s";
  ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCIceTransport", "WebTransport"].forEach(function (name) {
    if (!(name in window)) { return; }
    var refuse = function () {
      warn(MARK + name + " (WebRTC and WebTransport are off in MCP App views)");
      throw new DOMException(name + " is not available in an MCP App view", "NotSupportedError");
    };
    try {
      Object.defineProperty(window, name, {value: refuse, writable: false, configurable: false, enumerable: false});
    } catch (e) { /* already locked */ }
  });
  window.addEventListener("securitypolicyviolation", function (event) {
    warn(MARK + String(event.blockedURI || "an inline resource").slice(0, 200) + " (" + event.effectiveDirective + ")");
  }, true);
})();
""".replace("%(marker)s", STUB_MARKER)


def shell_html(csp: str, background: str) -> str:
    """The host page: the policy, a frame-filling layout, nothing else (no script in its own world)."""
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(csp, quote=True)}">'
        "<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;"
        f"background:{background}}}"
        "iframe{border:0;width:100%;height:100%;display:block}</style>"
        "</head><body></body></html>"
    )


def with_policy(source: str, csp: str) -> str:
    """The view's own HTML with the same policy first in it (a second lock: the inherited one holds)."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(csp, quote=True)}">'
    lower = source[:4096].lower()
    at = lower.find("<head>")
    if at >= 0:
        end = at + len("<head>")
        return source[:end] + meta + source[end:]
    return meta + source
