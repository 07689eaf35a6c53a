"""MCP Apps without Qt: the tool's view URI, the resource's CSP, and the host end of the protocol."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from desktop_app.mcp.apps.host import BURST, AppHost, ViewCall
from desktop_app.mcp.apps.views import Csp, app_resource, parse_csp, resource_uri, visibility


def test_the_nested_key_wins_and_only_ui_uris_count() -> None:
    assert resource_uri({"ui": {"resourceUri": "ui://a/b.html"}, "ui/resourceUri": "ui://old"}) == "ui://a/b.html"
    assert resource_uri({"ui/resourceUri": "ui://old"}) == "ui://old"
    assert resource_uri({"ui": {"resourceUri": "https://evil.example/x"}}) == ""
    assert visibility({"ui": {"visibility": ["model"]}}) == ("model",) and visibility(None) == ("model", "app")


def test_csp_keeps_plain_origins_and_blocks_everything_else() -> None:
    csp = parse_csp({"ui": {"csp": {"connectDomains": ["https://api.example.com", "https://x; script-src *", "*"]}}})
    assert csp.connect == ("https://api.example.com",) and len(csp.dropped) == 2
    assert csp.allows("https://api.example.com/v1") and not csp.allows("http://127.0.0.1:9/")
    assert "connect-src https://api.example.com" in csp.header()
    assert "connect-src 'none'" in Csp().header() and not Csp().allows("https://api.example.com/")
    wild = parse_csp({"ui": {"csp": {"resourceDomains": ["https://*.cdn.example"]}}})
    assert wild.allows("https://a.cdn.example/x.js") and not wild.allows("https://cdn.example.evil/x.js")


def test_a_resource_must_be_html() -> None:
    ok = app_resource("ui://a", [{"uri": "ui://a", "mimeType": "text/html;profile=mcp-app", "text": "<p>"}])
    assert ok.html == "<p>"
    try:
        app_resource("ui://a", [{"uri": "ui://a", "mimeType": "application/javascript", "text": "x"}])
    except ValueError as exc:
        assert "not text/html" in str(exc)
    else:
        raise AssertionError("accepted")


def host(sent: list[dict[str, Any]], notes: list[Any], clock: Any = None) -> AppHost:
    async def call_tool(name: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": f"{name} ran"}]}

    return AppHost(
        ViewCall("basic", {"name": "get-time"}, "c1", {"x": 1}, frozenset({"get-time"})),
        send=sent.append,
        record=lambda d, m: notes.append((d, m)),
        spawn=asyncio.ensure_future,
        call_tool=call_tool,
        open_link=lambda url: False,
        resize=lambda w, h: None,
        context={"theme": "light"},
        csp=Csp(),
        host_version="0",
        **({"clock": clock} if clock else {}),
    )


def msg(**kw: Any) -> str:
    return json.dumps({"jsonrpc": "2.0", **kw})


async def test_handshake_then_input_and_result() -> None:
    sent: list[dict[str, Any]] = []
    app = host(sent, [])
    app.set_result({"content": []})
    app.receive(msg(id=0, method="ui/initialize", params={"protocolVersion": "2026-01-26"}))
    assert sent[0]["result"]["hostContext"]["toolInfo"]["id"] == "c1"
    app.receive(msg(method="ui/notifications/initialized"))
    assert [m["method"] for m in sent[1:]] == ["ui/notifications/tool-input", "ui/notifications/tool-result"]


async def test_calls_only_its_own_servers_app_tools() -> None:
    sent: list[dict[str, Any]] = []
    app = host(sent, [])
    app.receive(msg(id=1, method="tools/call", params={"name": "other__tool", "arguments": {}}))
    assert sent[-1]["error"]["code"] == -32602
    app.receive(msg(id=2, method="tools/call", params={"name": "get-time", "arguments": {}}))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert sent[-1] == {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "get-time ran"}]}}


def test_a_flood_is_dropped_and_named_once_and_junk_is_refused() -> None:
    notes: list[Any] = []
    app = host([], notes, clock=lambda: 5.0)  # time stands still: only the burst gets through
    for _ in range(10_000):
        app.receive(msg(method="notifications/message", params={}))
    assert sum(d == "in" for d, _ in notes) == BURST
    assert sum(d == "note" for d, _ in notes) == 1 and app.dropped == 10_000 - BURST
    other = host([], notes := [])
    for junk in ("[1]", "{", msg(method=7), "x" * 300_000, json.dumps({"id": 1})):
        other.receive(junk)
    assert [d for d, _ in notes] == ["note"] * 5
