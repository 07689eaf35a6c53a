"""EngineThread without Qt: a plain asyncio loop plays the window's, its thread the engine."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from desktop_app import engine_thread as engine_thread_module
from desktop_app.engine_thread import MAX_BACKLOG, EngineThread, EventPipe

WAIT_S = 5.0


@pytest.fixture
async def engine() -> AsyncIterator[EngineThread]:
    """A started engine thread whose UI loop is the test's loop; stopped (thread joined) afterwards."""
    engine = EngineThread()
    engine.start(asyncio.get_running_loop())
    yield engine
    engine.stop()
    assert not engine.running


def engine_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "engine"]


async def produce(pipe: EventPipe[int], count: int, produced: list[int]) -> None:
    """On the engine loop: send `count` numbers, noting each one the pipe accepted."""
    for i in range(count):
        await pipe.send(i)
        produced.append(i)


async def test_events_arrive_in_order_across_many_batches(
    engine: EngineThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_thread_module, "DRAIN_BUDGET_S", 0.0)  # one event per slice: many batches
    delivered: list[int] = []
    slices = 0
    pipe: EventPipe[int] = engine.pipe(delivered.append)
    real_drain = pipe._drain

    def counting_drain() -> None:
        nonlocal slices
        slices += 1
        real_drain()

    pipe._drain = counting_drain  # type: ignore[method-assign]
    await engine.run(produce(pipe, 500, []))
    await pipe.drained()
    assert delivered == list(range(500))
    assert slices > 1


async def test_engine_pauses_past_max_backlog_and_resumes(engine: EngineThread) -> None:
    delivered: list[int] = []
    produced: list[int] = []
    pipe: EventPipe[int] = engine.pipe(delivered.append)
    total = MAX_BACKLOG * 3
    done = engine.submit(produce(pipe, total, produced))
    deadline = time.monotonic() + WAIT_S
    while pipe.backlog() <= MAX_BACKLOG and time.monotonic() < deadline:  # the UI loop is held here
        time.sleep(0.001)
    time.sleep(0.05)  # ample time for an engine without back-pressure to send everything
    assert pipe.backlog() == MAX_BACKLOG + 1
    assert len(produced) == MAX_BACKLOG and delivered == []  # the next send waits for room
    await asyncio.wait_for(done, WAIT_S)  # the UI loop delivers, the engine resumes
    await pipe.drained()
    assert delivered == list(range(total)) and produced == delivered


async def test_cancel_reaches_the_engine_task_which_still_commits_its_result(engine: EngineThread) -> None:
    started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    committed: list[str] = []

    async def engine_run() -> None:
        engine.post(started.set_result, None)
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            await asyncio.sleep(0.01)  # committing takes a moment (history is written)
            committed.append("cancelled call's result")
            raise

    task = asyncio.create_task(engine.run(engine_run()))
    await asyncio.wait_for(started, WAIT_S)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert committed == ["cancelled call's result"]  # already there when the UI side resumed


async def test_a_run_returns_the_engine_result_and_raises_its_error(engine: EngineThread) -> None:
    async def answer() -> str:
        return threading.current_thread().name

    async def fail() -> None:
        raise ValueError("bad input")

    assert await engine.run(answer()) == "engine"
    with pytest.raises(ValueError, match="bad input"):
        await engine.run(fail())


async def test_engine_to_ui_call_is_cancelled_with_the_engine_task(engine: EngineThread) -> None:
    ui = asyncio.get_running_loop()
    asked: asyncio.Future[None] = ui.create_future()
    dialog_closed: asyncio.Future[str] = ui.create_future()

    async def dialog() -> str:  # runs on the UI loop, like an approval dialog
        assert asyncio.get_running_loop() is ui
        asked.set_result(None)
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            dialog_closed.set_result("closed")
            raise
        return "approved"

    async def engine_run() -> str:
        return await engine.call_on_ui(dialog())

    task = asyncio.create_task(engine.run(engine_run()))
    await asyncio.wait_for(asked, WAIT_S)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.wait_for(dialog_closed, WAIT_S) == "closed"


async def test_shutdown_cancels_pending_tasks_and_joins_the_thread() -> None:
    engine = EngineThread()
    engine.start(asyncio.get_running_loop())
    started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    cleaned: list[str] = []

    async def forever(name: str) -> None:
        if name == "run":
            engine.post(started.set_result, None)
        try:
            await asyncio.sleep(3600)
        finally:
            cleaned.append(name)

    run = asyncio.create_task(engine.run(forever("run")))
    submitted: asyncio.Future[Any] = engine.submit(forever("submitted"))
    await asyncio.wait_for(started, WAIT_S)
    engine.stop()
    assert sorted(cleaned) == ["run", "submitted"]
    assert not engine.running and engine_threads() == []
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(run, WAIT_S)
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(submitted, WAIT_S)
    engine.stop()  # a second stop is harmless


async def test_call_soon_and_call_now_run_on_the_engine_thread_or_here_before_it_starts() -> None:
    """Issue 43: the approval policy's state is touched on one thread; before the engine starts, that is this one."""
    engine = EngineThread()
    seen: list[str] = []
    engine.call_soon(lambda: seen.append(threading.current_thread().name))
    assert engine.call_now(lambda n: threading.current_thread().name * n, 1) == seen[0] != "engine"
    engine.start(asyncio.get_running_loop())
    try:
        engine.call_soon(lambda: seen.append(threading.current_thread().name))
        assert engine.call_now(lambda: threading.current_thread().name) == "engine"  # after call_soon's: FIFO
        assert seen[1:] == ["engine"]
    finally:
        engine.stop()
