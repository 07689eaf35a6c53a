"""The one join of asyncio and Qt: the only module that imports qasync."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Coroutine
from typing import Any

import qasync
from PySide6.QtCore import SignalInstance


def run(main: Callable[[], Coroutine[Any, Any, int]]) -> int:
    """Run `main()` on a Qt-driven asyncio loop (3.12+: asyncio.run with a loop factory)."""
    if sys.version_info >= (3, 12):
        return asyncio.run(main(), loop_factory=qasync.QEventLoop)  # type: ignore[call-arg]
    return int(qasync.run(main()))


def next_emission(signal: SignalInstance) -> asyncio.Future[tuple[Any, ...]]:
    """A Future resolved with the arguments of the signal's next emission (no blocking waits)."""
    future: asyncio.Future[tuple[Any, ...]] = asyncio.get_event_loop().create_future()

    def fire(*args: Any) -> None:
        signal.disconnect(fire)
        if not future.done():
            future.set_result(args)

    signal.connect(fire)
    return future
