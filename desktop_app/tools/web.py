"""`web_search` and `read_page`: the local guide library offline, the public web when configured."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from desktop_app.tools.guides import SCHEME, city_vocabulary, library
from desktop_app.tools.registry import ToolDef, ToolOutput, error_output

if TYPE_CHECKING:  # httpx (~12 MB with its CLI's click and pygments) loads at the first live request
    import httpx

MAX_BYTES = 2 * 1024 * 1024
FETCH_TIMEOUT = 15.0
MAX_REDIRECTS = 5
PAGE_CHARS = 12_000
USER_AGENT = "travel-assistant/0.1 (+read_page)"
SEARCH_ENDPOINTS = {
    "brave": "https://api.search.brave.com/res/v1/web/search",
    "tavily": "https://api.tavily.com/search",
}


class WebError(Exception):
    """A fetch or search that was refused or failed; the message is for the model."""


# ---------------------------------------------------------------- address checks

Resolver = Callable[[str, int], Awaitable[list[str]]]


async def system_resolve(host: str, port: int) -> list[str]:
    """Every address the system resolver returns for host."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


def public_address(address: str) -> bool:
    """Only globally routable unicast addresses (no loopback, private, link-local, ...)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local)


@dataclass(frozen=True)
class Target:
    """A checked URL: where to connect (a vetted address) and what to ask for."""

    url: str
    host: str
    address: str
    port: int


async def check_url(url: str, resolve: Resolver, allowed: Callable[[str], bool]) -> Target:
    """http(s) only, no credentials, every resolved address public; refused otherwise."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise WebError(f"only http(s) pages can be read, not {parts.scheme or 'this'!r} URLs")
    if parts.username or parts.password:
        raise WebError("URLs with a user name or password are refused")
    host = parts.hostname or ""
    if not host:
        raise WebError(f"no host in {url!r}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = await resolve(host, port)
    except (OSError, UnicodeError) as exc:
        raise WebError(f"cannot resolve {host}: {exc}") from None
    if not addresses:
        raise WebError(f"cannot resolve {host}")
    bad = [a for a in addresses if not allowed(a)]
    if bad:
        raise WebError(
            f"refused: {host} resolves to a local, private or link-local address ({bad[0]}); "
            "only public addresses can be read"
        )
    return Target(url, host, addresses[0], port)


# ---------------------------------------------------------------- fetching


@dataclass
class Fetcher:
    """Fetches public pages: re-checks every redirect, caps size and time, keeps no cookies."""

    resolve: Resolver = system_resolve
    allowed: Callable[[str], bool] = public_address
    max_bytes: int = MAX_BYTES
    timeout: float = FETCH_TIMEOUT

    async def fetch(self, url: str) -> tuple[str, str, str]:
        """(final URL, content type, text) or WebError."""
        try:
            return await asyncio.wait_for(self._follow(url), self.timeout)
        except TimeoutError:
            raise WebError(f"reading {url} took longer than {self.timeout:g} s") from None

    async def _follow(self, url: str) -> tuple[str, str, str]:
        for _ in range(MAX_REDIRECTS + 1):
            target = await check_url(url, self.resolve, self.allowed)
            status, headers, body = await self._get(target)
            if status in (301, 302, 303, 307, 308) and headers.get("location"):
                url = urljoin(url, headers["location"])
                continue
            if status >= 400:
                raise WebError(f"{url} answered HTTP {status}")
            return url, headers.get("content-type", ""), self._decode(body, headers)
        raise WebError(f"more than {MAX_REDIRECTS} redirects")

    async def _get(self, target: Target) -> tuple[int, httpx.Headers, bytes]:
        """One request to the vetted address (the name is only used for Host and TLS)."""
        parts = urlsplit(target.url)
        address = f"[{target.address}]" if ":" in target.address else target.address
        pinned = parts._replace(netloc=f"{address}:{target.port}").geturl()
        headers = {"Host": parts.netloc.rsplit("@", 1)[-1], "User-Agent": USER_AGENT,
                   "Accept": "text/html, text/plain, text/markdown;q=0.9, */*;q=0.1"}  # fmt: skip
        import httpx

        async with httpx.AsyncClient(trust_env=False, follow_redirects=False) as client:
            request = client.build_request("GET", pinned, headers=headers, extensions={"sni_hostname": target.host})
            response = await client.send(request, stream=True)
            try:
                body = bytearray()
                async for chunk in response.aiter_bytes():
                    body.extend(chunk)
                    if len(body) > self.max_bytes:
                        raise WebError(f"{target.url} is larger than {self.max_bytes // 1024} KiB")
            finally:
                await response.aclose()
        return response.status_code, response.headers, bytes(body)

    @staticmethod
    def _decode(body: bytes, headers: httpx.Headers) -> str:
        kind = headers.get("content-type", "").lower()
        if kind and not any(t in kind for t in ("text/", "html", "json", "xml", "markdown")):
            raise WebError(f"not a text page ({kind.split(';')[0]})")
        match = re.search(r"charset=([\w-]+)", kind)
        try:
            return body.decode(match.group(1) if match else "utf-8", errors="replace")
        except LookupError:
            return body.decode("utf-8", errors="replace")


def page_text(url: str, kind: str, raw: str) -> tuple[str, str]:
    """(title, readable text) of a fetched page, cut to PAGE_CHARS."""
    if "html" in kind.lower() or raw.lstrip()[:1] == "<":
        from desktop_app.tools.web_text import html_to_text  # html.parser loads with the first page read

        title, text = html_to_text(raw)
    else:
        title, text = "", raw.strip()
    if len(text) > PAGE_CHARS:
        text = text[:PAGE_CHARS] + f"\n\n[page cut: showing {PAGE_CHARS} characters]"
    return title, text


def _json(body: dict[str, Any]) -> ToolOutput:
    """A result the model reads as JSON, its structure kept for the window."""
    return ToolOutput(json.dumps(body, ensure_ascii=False), structured=body)


# ---------------------------------------------------------------- live search


async def live_search(provider: str, query: str, key: str, endpoint: str = "") -> list[dict[str, Any]]:
    """Results from Brave Search or Tavily (the user's key), as title / url / snippet."""
    import httpx

    url = endpoint or SEARCH_ENDPOINTS[provider]
    async with httpx.AsyncClient(trust_env=False, timeout=FETCH_TIMEOUT) as client:
        if provider == "brave":
            response = await client.get(
                url, params={"q": query, "count": 5},
                headers={"X-Subscription-Token": key, "Accept": "application/json"},
            )  # fmt: skip
        else:
            response = await client.post(
                url, json={"query": query, "max_results": 5},
                headers={"Authorization": f"Bearer {key}"},
            )  # fmt: skip
    if response.status_code >= 400:
        raise WebError(f"the {provider} search API answered HTTP {response.status_code}")
    data = response.json()
    items = data.get("web", {}).get("results", []) if provider == "brave" else data.get("results")
    return [
        {
            "title": str(item.get("title", "")),
            "url": str(item.get("url", "")),
            "snippet": str(item.get("description") or item.get("content") or "")[:300],
            "source": f"{provider} web search",
        }
        for item in (items or [])[:5]
        if isinstance(item, dict)
    ]


# ---------------------------------------------------------------- the tools


@dataclass(frozen=True)
class WebConfig:
    """What a run allows the web tools: live pages, a search API and its key (looked up by runtime)."""

    live: bool = False
    search_provider: str = ""  # "" = the local guide library; "brave" or "tavily"
    endpoint: str = ""  # override of the search API's URL (self-hosted proxies, tests)
    key: str | None = None


@dataclass
class WebTools:
    """The two tools for one run's configuration."""

    config: WebConfig = field(default_factory=WebConfig)
    fetcher: Fetcher | None = None

    async def web_search(self, query: str) -> ToolOutput:
        query = query.strip()
        if not query:
            return error_output("empty query")
        lib = library()
        results = await asyncio.to_thread(lib.search, query, city_vocabulary())
        notes: list[str] = []
        if self.config.search_provider in SEARCH_ENDPOINTS:
            notes, live = await self._live(query)
            results = live + results
        if not results:
            notes.append("no guide in the local library matches; it covers: " + "、".join(lib.places()))
        return _json({"query": query, "results": results, "notes": notes})

    async def _live(self, query: str) -> tuple[list[str], list[dict[str, Any]]]:
        provider, key = self.config.search_provider, self.config.key
        if not key:
            return [f"live search ({provider}) has no API key: run `travel-assistant keys set {provider}`"], []
        import httpx

        try:
            return [], await live_search(provider, query, key, self.config.endpoint)
        except (WebError, httpx.HTTPError, ValueError) as exc:
            return [f"live search failed ({exc}); showing the local guide library"], []

    async def read_page(self, url: str) -> ToolOutput:
        url = url.strip()
        if url.startswith(SCHEME):
            guide = library().page(url)
            if guide is None:
                return error_output(f"no guide at {url}; use web_search to find guide:// pages")
            return _json({"url": guide.url, "title": guide.title, "content": guide.markdown})
        if not self.config.live:
            return error_output(
                "reading web pages is switched off in Settings (live web); only guide:// pages "
                "from web_search can be read"
            )
        import httpx

        try:
            final, kind, raw = await (self.fetcher or Fetcher()).fetch(url)
        except WebError as exc:
            return error_output(str(exc))
        except httpx.HTTPError as exc:
            return error_output(f"cannot read {url}: {type(exc).__name__}: {exc}")
        title, text = page_text(final, kind, raw)
        return _json({"url": final, "title": title, "content": text})  # the page's Markdown

    def tools(self) -> list[ToolDef]:
        """`web_search` and `read_page` for a run (plugged in at runtime's guides hook): reading a
        live page needs confirmation (a URL can carry data out)."""
        search = ToolDef(
            name="web_search",
            description="搜索网页 (search travel guides; offline: the local guide library). "
            "Returns titles, URLs (guide://... or https://...) and snippets.",
            parameters=_schema("query", "搜索关键词，例如 “三亚 旅游攻略”"),
            invoke=lambda args, _report: self.web_search(str(args["query"])),
            timeout=FETCH_TIMEOUT + 5,
        )
        read = ToolDef(
            name="read_page",
            description="读取网页全文 (read a page found by web_search: guide:// pages from the "
            "local library, or a public http(s) page when live web is on). Returns Markdown.",
            parameters=_schema("url", "页面地址：guide://<slug> 或 https://..."),
            invoke=lambda args, _report: self.read_page(str(args["url"])),
            timeout=FETCH_TIMEOUT + 5,
            confirm_for=lambda args: self.config.live and not str(args.get("url", "")).startswith(SCHEME),
        )
        return [search, read]


def _schema(name: str, description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {name: {"type": "string", "description": description}},
        "required": [name],
        "additionalProperties": False,
    }
