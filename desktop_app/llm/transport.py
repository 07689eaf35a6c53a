"""How long a model call may take (one deadline, a paced stream) and the one shared TLS context."""

from __future__ import annotations

import asyncio
import functools
import ssl
import time
from collections.abc import AsyncIterator
from typing import TypeVar

T = TypeVar("T")


class Deadline:
    """The whole wait for one model call (connect, headers, the SDK's retries, the first data)."""

    def __init__(self, seconds: float) -> None:
        self._end = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds still allowed (never zero, so a timeout context is always valid)."""
        return max(0.001, self._end - time.monotonic())


async def paced(source: AsyncIterator[T], first_s: float, idle_s: float) -> AsyncIterator[T]:
    """`source`'s items; TimeoutError when the first is later than `first_s` or a gap is longer than `idle_s`."""
    iterator = aiter(source)
    wait = first_s
    while True:
        try:
            async with asyncio.timeout(wait):
                item = await anext(iterator)
        except StopAsyncIteration:
            return
        yield item
        wait = idle_s


@functools.cache
def shared_tls() -> ssl.SSLContext:
    """One TLS context for every SDK client: building one parses the CA bundle (~17 ms holding the
    GIL, a window stall at the start of every run); the SDK's own default, honouring SSL_CERT_FILE/DIR."""
    import httpx2

    return httpx2.create_ssl_context()
