"""The engine's own thread and asyncio loop, so disk syncs and imports never stall the window."""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from desktop_app.agent.approval import Approver, Decision
    from desktop_app.agent.messages import ToolCall
    from desktop_app.tools.registry import ToolDef

T = TypeVar("T")
DRAIN_BUDGET_S = 0.003  # UI-loop time spent delivering events before handing back to Qt
MAX_BACKLOG = 200  # undelivered events before the engine pauses (it would hog the GIL)


class EngineThread:
    """A daemon thread running one asyncio loop; coroutines are submitted to it."""

    def __init__(self) -> None:
        # the UI thread gets the GIL back within 1 ms (not 5) while the engine is busy
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        # a plain asyncio loop: under qasync.run the current policy would make a Qt one
        self.loop = asyncio.DefaultEventLoopPolicy().new_event_loop()
        self._thread = threading.Thread(target=self._main, name="engine", daemon=True)
        self._thread.start()

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self, timeout: float = 5.0) -> None:
        """Cancel what still runs, stop the loop and wait for the thread."""
        if not self._thread.is_alive():
            return

        async def shutdown() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            self.submit(shutdown()).result(timeout)
        except (concurrent.futures.TimeoutError, RuntimeError):
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self.loop.close()


class EventPipe:
    """Engine-thread producer, UI-loop consumer; delivery is batched and time-sliced."""

    def __init__(self, ui_loop: asyncio.AbstractEventLoop, deliver: Callable[[Any], None]) -> None:
        self._ui = ui_loop
        self._deliver = deliver
        self._items: deque[Any] = deque()
        self._lock = threading.Lock()
        self._scheduled = False
        self._empty: list[asyncio.Future[None]] = []

    def put(self, item: Any) -> None:
        """Called on the engine thread; wakes the UI loop once per batch, not per item."""
        with self._lock:
            self._items.append(item)
            if self._scheduled:
                return
            self._scheduled = True
        self._ui.call_soon_threadsafe(self._drain)

    def _drain(self) -> None:
        deadline = time.perf_counter() + DRAIN_BUDGET_S
        while True:
            with self._lock:
                if not self._items:
                    self._scheduled = False
                    self._wake_waiters()
                    return
                item = self._items.popleft()
            self._deliver(item)
            if time.perf_counter() > deadline:
                self._ui.call_soon(self._drain)  # the rest after Qt had a turn
                return

    def backlog(self) -> int:
        """Items not yet delivered (the engine waits when the window falls behind)."""
        with self._lock:
            return len(self._items)

    def _wake_waiters(self) -> None:
        waiters, self._empty = self._empty, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def drained(self) -> None:
        """Until everything put so far was delivered (in time slices, never in one go)."""
        with self._lock:
            if not self._items and not self._scheduled:
                return
            waiter = self._ui.create_future()
            self._empty.append(waiter)
        await waiter

    def flush(self) -> None:
        """Deliver everything still queued (the run has ended)."""
        with self._lock:
            items = list(self._items)
            self._items.clear()
        for item in items:
            self._deliver(item)


class UiApprover:
    """Runs the window's Approver on the UI loop for a caller on the engine thread."""

    def __init__(self, inner: Approver, ui_loop: asyncio.AbstractEventLoop) -> None:
        self.inner = inner
        self._ui = ui_loop

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        future = asyncio.run_coroutine_threadsafe(self.inner.decide(call, tool), self._ui)
        return await asyncio.wrap_future(future)  # cancelling this cancels the dialog's wait
