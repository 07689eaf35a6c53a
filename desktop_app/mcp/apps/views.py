"""MCP Apps (SEP-1865, extension `io.modelcontextprotocol/ui`): what a tool's `_meta` says, and the
policy its `ui://` resource gets (CSP and the request allow-list). No Qt: ui/mcp_app renders it.

Read from ext-apps 2.0.4: `_meta.ui.resourceUri` names the view (the older flat key still read, the
nested one wins); the resource's own `_meta.ui.csp` domains are all the network it may use (none if empty)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

EXTENSION_ID = "io.modelcontextprotocol/ui"
MIME_TYPE = "text/html;profile=mcp-app"
PROTOCOL_VERSION = "2026-01-26"  # ext-apps LATEST_PROTOCOL_VERSION
LEGACY_URI_KEY = "ui/resourceUri"
MAX_HTML = 4 * 1024 * 1024  # characters of a view's HTML we render
MAX_DOMAINS = 32  # per CSP list; a longer one is cut
# one origin as the spec's examples write them: scheme, host (a leading `*.` allowed), optional port
_DOMAIN = re.compile(r"(https|wss)://(\*\.)?[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::[0-9]{1,5})?")
CSP_KEYS = ("connectDomains", "resourceDomains", "frameDomains", "baseUriDomains")


def _ui(meta: Any) -> dict[str, Any]:
    ui = meta.get("ui") if isinstance(meta, dict) else None
    return ui if isinstance(ui, dict) else {}


def resource_uri(meta: Any) -> str:
    """The `ui://` view a tool declares ("" when none, or when it is not a ui:// URI)."""
    nested = _ui(meta).get("resourceUri")
    flat = meta.get(LEGACY_URI_KEY) if isinstance(meta, dict) else None
    uri = nested if isinstance(nested, str) else flat if isinstance(flat, str) else ""
    return uri if uri.startswith("ui://") and len(uri) <= 2000 and not any(c.isspace() for c in uri) else ""


def visibility(meta: Any) -> tuple[str, ...]:
    """Who may call the tool: "model", "app" or both (the default)."""
    given = _ui(meta).get("visibility")
    if not isinstance(given, list):
        return ("model", "app")
    return tuple(v for v in ("model", "app") if v in given)


@dataclass(frozen=True)
class Csp:
    """The origins a view may reach, each list checked (an entry that is not a plain origin is dropped)."""

    connect: tuple[str, ...] = ()
    resource: tuple[str, ...] = ()
    frame: tuple[str, ...] = ()
    base_uri: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()  # entries refused, for the inspector

    def as_wire(self) -> dict[str, list[str]]:
        """`McpUiResourceCsp` as the host applies it (sent back in hostCapabilities.sandbox.csp)."""
        lists = (self.connect, self.resource, self.frame, self.base_uri)
        return {key: list(values) for key, values in zip(CSP_KEYS, lists, strict=True) if values}

    def header(self) -> str:
        """The Content-Security-Policy; with nothing declared: inline code only, no network at all."""
        res = " ".join(self.resource)
        none = "'none'"
        media = f"'self' data: blob: {res}".strip()
        return "; ".join(
            [
                "default-src 'none'",
                f"script-src 'unsafe-inline' {res}".strip(),
                f"style-src 'unsafe-inline' {res}".strip(),
                f"img-src {media}",
                f"font-src {media}",
                f"media-src {media}",
                f"connect-src {' '.join(self.connect) or none}",
                f"frame-src {' '.join(self.frame) or none}",
                f"base-uri {' '.join(self.base_uri) or none}",
                "form-action 'none'",
                "object-src 'none'",
                "worker-src 'none'",
            ]
        )

    def allows(self, url: str) -> bool:
        """Whether a request the view makes may leave (the URL interceptor asks for every one)."""
        return any(_matches(origin, url) for origin in (*self.connect, *self.resource, *self.frame))


def _matches(origin: str, url: str) -> bool:
    want, got = urlsplit(origin), urlsplit(url)
    schemes = {want.scheme, {"https": "wss", "wss": "https"}[want.scheme]} if want.scheme in ("https", "wss") else set()
    if got.scheme not in schemes or not got.hostname or not want.hostname:
        return False
    try:
        if (want.port or 443) != (got.port or 443):
            return False
    except ValueError:
        return False
    host = got.hostname.lower()
    pattern = want.hostname.lower()  # urlsplit keeps the "*." of a wildcard in the hostname
    if pattern.startswith("*."):
        return host.endswith(pattern[1:]) and host != pattern[2:]
    return host == pattern


def parse_csp(meta: Any) -> Csp:
    """`_meta.ui.csp` of a resource read (or its listing), every entry checked: https/wss origins only."""
    given = _ui(meta).get("csp")
    if not isinstance(given, dict):
        return Csp()
    lists: list[tuple[str, ...]] = []
    dropped: list[str] = []
    for key in CSP_KEYS:
        values = given.get(key)
        kept: list[str] = []
        for value in values if isinstance(values, list) else []:
            if isinstance(value, str) and _DOMAIN.fullmatch(value) and len(kept) < MAX_DOMAINS:
                kept.append(value)
            else:
                dropped.append(str(value)[:80])
        lists.append(tuple(dict.fromkeys(kept)))
    connect, resource, frame, base_uri = lists
    return Csp(connect, resource, frame, base_uri, dropped=tuple(dropped))


@dataclass(frozen=True)
class AppResource:
    """A view ready to render: its HTML and the policy it gets."""

    uri: str
    html: str
    csp: Csp


def app_resource(uri: str, contents: list[dict[str, Any]]) -> AppResource:
    """The `resources/read` answer for a view's URI; ValueError (one line) when it is not an app's HTML."""
    for item in contents:
        if item.get("uri") not in (uri, None) or not isinstance(item.get("text"), str):
            continue
        mime = str(item.get("mimeType") or "")
        if not mime.startswith("text/html"):
            raise ValueError(f"{uri} is {mime or 'of no stated type'}, not {MIME_TYPE}")
        if item.get("truncated") or len(item["text"]) > MAX_HTML:
            raise ValueError(f"{uri} is larger than {MAX_HTML // (1024 * 1024)} MiB")
        return AppResource(uri, item["text"], parse_csp(item.get("_meta")))
    raise ValueError(f"{uri} has no HTML text")
