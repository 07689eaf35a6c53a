"""The run driver: open one run, forward its events, close it — on the engine's loop, no Qt."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Protocol, TypeVar, cast

from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.core.messages import UserMessage

E_contra = TypeVar("E_contra", contravariant=True)
log = logging.getLogger(__name__)


class EventSink(Protocol[E_contra]):
    """Where the run's events go (engine_thread.EventPipe): `send` may pause while the reader is behind."""

    def put(self, item: E_contra) -> None: ...

    async def send(self, item: E_contra) -> None: ...


class RunHandle(Protocol):
    """runtime.OpenRun's shape: the agent, and what to close afterwards."""

    agent: Agent

    async def close(self) -> None: ...


async def drive(
    open_run: Callable[[], Awaitable[RunHandle]],
    text: str | None,
    retry: bool,
    sink: EventSink[ev.AnyEvent | ev.ToolDefsEvent],
) -> None:
    """Open the run, announce its tools, forward every event, close it; a failure is an event."""
    run: RunHandle | None = None
    try:
        run = await open_run()
        if retry:  # the last user message and what followed it are dropped from what the model sees
            users = [i for i, m in enumerate(run.agent.messages) if isinstance(m, UserMessage)]
            run.agent.messages = run.agent.messages[: users[-1]] if users else run.agent.messages
        sink.put(ev.ToolDefsEvent(tuple(t.listing() for t in run.agent.registry.all())))
        stream = cast("AsyncGenerator[ev.AnyEvent, None]", run.agent.run(text))  # an async generator
        async with contextlib.aclosing(stream) as events:
            async for item in events:
                await sink.send(item)  # pauses while the window is far behind
    except Exception as exc:  # shown in the window, never a crash
        log.exception("run failed")
        sink.put(ev.ErrorEvent(one_line(exc), "internal"))
    finally:
        try:
            if run is not None:
                await run.close()
        except Exception:  # closing must not hide the run's outcome
            log.exception("closing the run failed")


def one_line(exc: BaseException) -> str:
    """An exception as the one line the window shows."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
