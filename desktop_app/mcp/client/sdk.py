"""The mcp SDK's plumbing: its lazily imported modules, transport EOF watching, error unwrapping."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any


class Sdk:
    """The mcp SDK, imported once in a worker thread (it takes ~1 s) so no window ever waits."""

    def __init__(self) -> None:
        import anyio
        import anyio._backends._asyncio
        import httpx2
        from mcp import types
        from mcp.client.client import Client
        from mcp.client.extension import advertise
        from mcp.client.sse import sse_client
        from mcp.client.stdio import StdioServerParameters, stdio_client
        from mcp.client.streamable_http import streamable_http_client

        self.anyio = anyio
        self.httpx2 = httpx2
        self.types = types
        self.Client = Client
        self.advertise = advertise
        self.StdioServerParameters = StdioServerParameters
        self.stdio_client = stdio_client
        self.sse_client = sse_client
        self.streamable_http_client = streamable_http_client


def leaf(exc: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


@asynccontextmanager
async def watch_eof(transport: Any, on_eof: Callable[[], None]) -> AsyncIterator[Any]:
    """Relay a stdio transport's read stream so we learn at once when the server's stdout ends."""
    import anyio

    async with transport as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[Any](0)

        async def relay() -> None:
            try:
                async with send:
                    async for item in read_stream:
                        await send.send(item)
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                return
            on_eof()

        async with anyio.create_task_group() as group:
            group.start_soon(relay)
            try:
                yield receive, write_stream
            finally:
                group.cancel_scope.cancel()


async def answers_like_sse(sdk: Sdk, url: str, headers: dict[str, str]) -> bool:
    """GET with Accept: text/event-stream answered 200 text/event-stream: an SSE server."""
    headers = {**headers, "Accept": "text/event-stream"}
    try:
        async with sdk.httpx2.AsyncClient(headers=headers, timeout=10) as http:
            async with http.stream("GET", url) as response:
                kind = str(response.headers.get("content-type", ""))
                return bool(response.status_code == 200 and kind.startswith("text/event-stream"))
    except Exception:  # noqa: BLE001 - any failure here means "not an SSE server"
        return False


def offending_line(exc: Exception) -> str:
    """The line a server printed that is not JSON-RPC (pydantic keeps it in the error)."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        with contextlib.suppress(IndexError, TypeError, ValueError):
            first = errors()[0]
            if isinstance(first.get("input"), str):
                return str(first["input"]).strip()
    return (str(exc).splitlines() or [type(exc).__name__])[0].strip()


def roots_result(types: Any, folders: tuple[Path, ...]) -> Any:
    """A ListRootsResult naming each folder by its file:// URI and its own name."""
    return types.ListRootsResult(roots=[types.Root(uri=f.resolve().as_uri(), name=f.name) for f in folders])
