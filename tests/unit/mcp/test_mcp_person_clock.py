"""A call's timeout runs only while no person is being asked something."""

from __future__ import annotations

import asyncio

from desktop_app.mcp.client.interact import PersonClock as _PersonClock


async def test_finishes_within_budget() -> None:
    clock = _PersonClock()
    task = asyncio.ensure_future(asyncio.sleep(0.05, "done"))
    assert await clock.run(task, 1.0)
    assert task.result() == "done"


async def test_budget_spent_without_a_person() -> None:
    clock = _PersonClock()
    task = asyncio.ensure_future(asyncio.sleep(5))
    assert not await clock.run(task, 0.1)
    task.cancel()


async def test_time_asking_a_person_is_not_counted() -> None:
    clock = _PersonClock()

    async def call_that_asks() -> str:
        await asyncio.sleep(0.05)
        with clock.person():
            await asyncio.sleep(0.4)  # the form is open longer than the whole budget
        await asyncio.sleep(0.05)
        return "answered"

    task = asyncio.ensure_future(call_that_asks())
    assert await clock.run(task, 0.3)
    assert task.result() == "answered"
