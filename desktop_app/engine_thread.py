"""EngineThread: the one place where the window's loop and the engine's thread meet (no Qt).

The engine runs its own asyncio loop on a daemon thread so disk syncs, imports and model streams
never stall a paint; every crossing (both ways, and the batched event stream) goes through here."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Generic, TypeVar

T = TypeVar("T")
E = TypeVar("E")
DRAIN_BUDGET_S = 0.002  # UI-loop time spent delivering events before handing back to Qt
MAX_BACKLOG = 50  # undelivered events before the engine pauses (it would hog the GIL)
BACKLOG_POLL_S = 0.002  # how often a paused engine looks whether the window caught up
CALL_NOW_S = 5.0  # at most this long the window waits for the engine loop in `call_now`


class EngineThread:
    """Owns the engine thread and loop and every call between it and the UI loop."""

    def __init__(self) -> None:
        self._engine: asyncio.AbstractEventLoop | None = None
        self._ui: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    # ---------------------------------------------------------------- lifetime (UI thread)
    def start(self, ui_loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Start the engine thread once; `ui_loop` (default: the current loop) receives events."""
        if self._thread is not None:
            return
        self._ui = ui_loop or asyncio.get_event_loop()
        # the UI thread gets the GIL back within 1 ms (not 5) while the engine is busy
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        # a plain asyncio loop: under qasync.run the current policy would make a Qt one
        self._engine = asyncio.DefaultEventLoopPolicy().new_event_loop()
        self._thread = threading.Thread(target=self._main, args=(self._engine,), name="engine", daemon=True)
        self._thread.start()

    @staticmethod
    def _main(loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        loop.run_forever()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def ui_loop(self) -> asyncio.AbstractEventLoop:
        assert self._ui is not None, "start() the engine thread first"
        return self._ui

    @property
    def engine_loop(self) -> asyncio.AbstractEventLoop:
        assert self._engine is not None, "start() the engine thread first"
        return self._engine

    def stop(self, timeout: float = 5.0) -> None:
        """Cancel every engine task, stop its loop and join the thread (the window is closing)."""
        thread, loop = self._thread, self._engine
        if thread is None or loop is None or not thread.is_alive():
            return
        with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
            asyncio.run_coroutine_threadsafe(_cancel_all(), loop).result(timeout)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        if not thread.is_alive():
            loop.close()
            self._thread = self._engine = None

    # ---------------------------------------------------------------- UI → engine
    def submit(self, coro: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        """Schedule `coro` on the engine loop; await the returned future on the UI loop."""
        future = asyncio.run_coroutine_threadsafe(coro, self.engine_loop)
        return asyncio.wrap_future(future, loop=self.ui_loop)

    async def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await `coro` on the engine loop; cancelling this cancels it there and waits for its end."""
        ui = asyncio.get_running_loop()
        outcome: asyncio.Future[T] = ui.create_future()
        task: list[asyncio.Task[T]] = []
        self.engine_loop.call_soon_threadsafe(self._spawn, coro, outcome, task)
        try:
            return await asyncio.shield(outcome)
        except asyncio.CancelledError:
            if outcome.done() or not self.running:  # the engine's own task was cancelled (shutdown)
                raise
            self.engine_loop.call_soon_threadsafe(_cancel_first, task)  # after _spawn: FIFO
            with contextlib.suppress(asyncio.CancelledError):
                await outcome  # the engine commits a result for every call before it ends
            raise

    def _spawn(self, coro: Coroutine[Any, Any, T], outcome: asyncio.Future[T], task: list[asyncio.Task[T]]) -> None:
        """On the engine loop: run `coro` as a task whose end is copied to `outcome` on the UI loop."""
        started = asyncio.get_running_loop().create_task(coro)
        task.append(started)
        started.add_done_callback(lambda done: self.post(_copy_outcome, done, outcome))

    def call_blocking(self, coro: Coroutine[Any, Any, T], timeout: float) -> T:
        """Run `coro` on the engine loop and block the UI thread for it (quitting, or `call_now`)."""
        return asyncio.run_coroutine_threadsafe(coro, self.engine_loop).result(timeout)

    def call_soon(self, fn: Callable[..., None], *args: Any) -> None:
        """`fn(*args)` soon on the engine loop, for state only the engine touches (here while none runs)."""
        if not self.running:
            fn(*args)
        else:
            self.engine_loop.call_soon_threadsafe(fn, *args)

    def call_now(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` on the engine loop, the UI waiting (a click reads or changes the engine's state)."""
        return self.call_blocking(_called(fn, *args), CALL_NOW_S) if self.running else fn(*args)

    # ---------------------------------------------------------------- engine → UI
    async def call_on_ui(self, coro: Coroutine[Any, Any, T]) -> T:
        """From the engine loop: run `coro` on the UI loop; cancelling this cancels it there too."""
        future = asyncio.run_coroutine_threadsafe(coro, self.ui_loop)
        return await asyncio.wrap_future(future)

    def post(self, fn: Callable[..., None], *args: Any) -> None:
        """From any thread: call `fn(*args)` soon on the UI loop (dropped once that loop closed)."""
        if self._ui is None:
            return
        with contextlib.suppress(RuntimeError):  # the window's loop is already closed (quitting)
            self._ui.call_soon_threadsafe(fn, *args)

    def pipe(self, deliver: Callable[[E], None]) -> EventPipe[E]:
        """A new event stream from the engine thread to `deliver` on the UI loop."""
        return EventPipe(self.ui_loop, deliver)


class EventPipe(Generic[E]):
    """Engine-thread producer, UI-loop consumer; delivery is batched and time-sliced."""

    def __init__(self, ui_loop: asyncio.AbstractEventLoop, deliver: Callable[[E], None]) -> None:
        self._ui = ui_loop
        self._deliver = deliver
        self._items: deque[E] = deque()
        self._lock = threading.Lock()
        self._scheduled = False
        self._empty: list[asyncio.Future[None]] = []

    def put(self, item: E) -> None:
        """Called on the engine thread; wakes the UI loop once per batch, not per item."""
        with self._lock:
            self._items.append(item)
            if self._scheduled:
                return
            self._scheduled = True
        self._ui.call_soon_threadsafe(self._drain)

    async def send(self, item: E) -> None:
        """On the engine loop: put `item`, then pause while the window is MAX_BACKLOG behind."""
        self.put(item)
        while self.backlog() > MAX_BACKLOG:
            await asyncio.sleep(BACKLOG_POLL_S)

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


async def _cancel_all() -> None:
    """On the engine loop: cancel every other task and wait until they have ended."""
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _called(fn: Callable[..., T], *args: Any) -> T:
    """On the engine loop: a plain call, for `call_now`."""
    return fn(*args)


def _cancel_first(task: list[asyncio.Task[Any]]) -> None:
    """On the engine loop: cancel the run's task (a no-op once it ended)."""
    if task and not task[0].done():
        task[0].cancel()


def _copy_outcome(done: asyncio.Task[T], outcome: asyncio.Future[T]) -> None:
    """On the UI loop: the engine task's result, error or cancellation, onto `outcome`."""
    if outcome.done():
        return
    if done.cancelled():
        outcome.cancel()
    elif (exc := done.exception()) is not None:
        outcome.set_exception(exc)
    else:
        outcome.set_result(done.result())
