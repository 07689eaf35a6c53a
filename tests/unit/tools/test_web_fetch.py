"""read_page live: refusals after DNS, redirects re-checked, caps, no cookies; live search APIs."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from desktop_app.runtime import web_config
from desktop_app.store.settings import Settings
from desktop_app.tools.web import Fetcher, WebConfig, WebError, WebTools, public_address
from desktop_app.tools.web_text import html_to_text

PAGE = (
    "<html><head><title>Sanya notes</title><style>body{}</style>"
    "<script>alert('x')</script></head><body><h1>Beaches</h1><p>Yalong &amp; Dadonghai</p>"
    "<ul><li>one</li><li>two</li></ul></body></html>"
)


class Server:
    """A local HTTP server (127.0.0.1 only) that records every request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        routes = self.routes = {
            "/page": (200, {"Content-Type": "text/html; charset=utf-8",
                            "Set-Cookie": "session=abc"}, PAGE.encode()),
            "/image": (200, {"Content-Type": "image/png"}, b"\x89PNG...."),
            "/huge": (200, {"Content-Type": "text/plain"}, b"x" * (3 * 1024 * 1024)),
        }  # fmt: skip
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                if self.path.startswith("/slow"):
                    time.sleep(2)
                if self.path.startswith("/redirect"):
                    target = self.path.split("to=", 1)[1]
                    self.send_response(302)
                    self.send_header("Location", target)
                    self.send_header("Set-Cookie", "tracker=1")
                    self.end_headers()
                    return
                status, headers, payload = routes.get(
                    self.path.split("?")[0], (200, {"Content-Type": "application/json"},
                                              outer.api_body())
                )  # fmt: skip
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = _answer  # noqa: N815 - the stdlib's names
            do_POST = _answer  # noqa: N815

            def log_message(self, *args: object) -> None:
                return None

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def api_body(self) -> bytes:
        path = self.requests[-1]["path"]
        if path.startswith("/brave"):
            return json.dumps({"web": {"results": [
                {"title": "Live Sanya", "url": "https://example.org/sanya", "description": "d"}
            ]}}).encode()  # fmt: skip
        return json.dumps({"results": [
            {"title": "Tavily Sanya", "url": "https://example.org/t", "content": "c"}
        ]}).encode()  # fmt: skip

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.httpd.shutdown()
    s.httpd.server_close()


def trusting(host_map: dict[str, str]) -> Fetcher:
    """A fetcher for tests: names map to 127.0.0.1, and only that address counts as public."""

    async def resolve(host: str, port: int) -> list[str]:
        return [host_map.get(host, host)]

    return Fetcher(resolve=resolve, allowed=lambda a: a == "127.0.0.1", timeout=5)


@pytest.mark.parametrize(
    ("address", "ok"),
    [
        ("8.8.8.8", True),
        ("2606:4700:4700::1111", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("172.16.0.1", False),
        ("192.168.1.1", False),
        ("169.254.169.254", False),
        ("100.64.0.1", False),
        ("0.0.0.0", False),
        ("::1", False),
        ("fe80::1", False),
        ("fc00::1", False),
        ("::ffff:127.0.0.1", False),
        ("224.0.0.1", False),
    ],
)
def test_public_address(address: str, ok: bool) -> None:
    assert public_address(address) is ok


async def test_local_server_is_refused_by_default(server: Server) -> None:
    tools = WebTools(WebConfig(live=True))
    for url in (server.url("/page"), server.url("/page", "localhost"), server.url("/page", "[::1]")):
        out = await tools.read_page(url)
        assert out.is_error and ("refused" in out.content or "cannot" in out.content), url
    assert server.requests == []


async def test_a_public_looking_name_that_resolves_locally_is_refused(server: Server) -> None:
    async def resolve(host: str, port: int) -> list[str]:
        return ["93.184.216.34", "127.0.0.1"]  # one bad address is enough

    with pytest.raises(WebError, match="local, private or link-local"):
        await Fetcher(resolve=resolve).fetch(server.url("/page", "public.example"))
    assert server.requests == []


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "ftp://example.com/x", "http://user:pw@example.com/", "gopher://x"]
)
async def test_other_schemes_and_credentials_are_refused(url: str) -> None:
    with pytest.raises(WebError):
        await Fetcher().fetch(url)


async def test_redirects_are_rechecked_and_cookies_never_sent(server: Server) -> None:
    fetcher = trusting({"good.test": "127.0.0.1"})
    for target in ("http://169.254.169.254/latest/meta-data", "http://10.0.0.1/",
                   "http://localhost:1/"):  # fmt: skip
        with pytest.raises(WebError, match="refused"):
            await fetcher.fetch(server.url(f"/redirect?to={target}", "good.test"))
    final, _kind, raw = await fetcher.fetch(server.url(f"/redirect?to={server.url('/page', 'good.test')}", "good.test"))
    assert final.endswith("/page") and "Beaches" in raw
    hops = [r["path"].split("?")[0] for r in server.requests]
    assert hops == ["/redirect"] * 4 + ["/page"]
    assert all("Cookie" not in r["headers"] and "cookie" not in r["headers"] for r in server.requests)
    assert server.requests[-1]["headers"]["Host"] == f"good.test:{server.port}"


async def test_size_time_and_type_caps(server: Server) -> None:
    fetcher = trusting({})
    with pytest.raises(WebError, match="larger than"):
        await fetcher.fetch(server.url("/huge"))
    with pytest.raises(WebError, match="not a text page"):
        await fetcher.fetch(server.url("/image"))
    slow = trusting({})
    slow.timeout = 0.5
    with pytest.raises(WebError, match="took longer"):
        await slow.fetch(server.url("/slow"))


async def test_read_page_returns_readable_text(server: Server) -> None:
    tools = WebTools(WebConfig(live=True), fetcher=trusting({}))
    out = await tools.read_page(server.url("/page"))
    page = json.loads(out.content)
    assert page["title"] == "Sanya notes"
    assert "# Beaches" in page["content"] and "Yalong & Dadonghai" in page["content"]
    assert "- one" in page["content"] and "alert" not in page["content"]


def test_html_to_text() -> None:
    title, text = html_to_text(PAGE)
    assert title == "Sanya notes" and "body{}" not in text and text.startswith("# Beaches")


@pytest.mark.parametrize(("provider", "header"), [("brave", "X-Subscription-Token"),
                                                   ("tavily", "Authorization")])  # fmt: skip
async def test_live_search_uses_the_configured_api(
    server: Server, provider: str, header: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAVE_SEARCH_API_KEY", "k-brave")
    monkeypatch.setenv("TAVILY_API_KEY", "k-tavily")
    tools = WebTools(web_config(Settings(web_search_provider=provider, web_search_endpoint=server.url(f"/{provider}"))))
    data = json.loads((await tools.web_search("三亚 旅游攻略")).content)
    urls = [r["url"] for r in data["results"]]
    assert urls[0].startswith("https://example.org/") and "guide://sanya" in urls
    assert server.requests[0]["headers"][header].endswith(f"k-{provider}")
    if provider == "brave":
        assert "q=" in server.requests[0]["path"]
    else:
        assert json.loads(server.requests[0]["body"])["query"] == "三亚 旅游攻略"


async def test_live_search_without_a_key_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BRAVE_SEARCH_API_KEY", raising=False)
    data = json.loads((await WebTools(WebConfig(search_provider="brave", key=None)).web_search("三亚")).content)
    assert "keys set brave" in data["notes"][0] and data["results"][0]["url"] == "guide://sanya"
