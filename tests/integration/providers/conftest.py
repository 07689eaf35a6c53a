"""Fixtures: a scripted local server per test, and the engine wired to a real adapter."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.settings import Settings
from tests.integration.providers.dialects import DIALECTS
from tests.integration.providers.server import ScriptedServer

SYSTEM = ("你是一个旅游助手。", "Answer briefly.")
SANYA = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as srv:
        yield srv


@pytest.fixture(params=DIALECTS, ids=lambda d: d.name)
def dialect(request: pytest.FixtureRequest) -> Any:
    return request.param


def make_agent(model: Any, stream: bool = True, **kw: Any) -> Agent:
    """The real engine with the real travel tools, as `ask` builds it."""
    registry = build_registry(Settings(), RunOptions())
    return Agent(
        model=model,
        registry=registry,
        approver=PolicyApprover("none"),
        system=SYSTEM,
        stream=stream,
        **kw,
    )


async def run_all(agent: Agent, text: str = SANYA) -> list[ev.AnyEvent]:
    try:
        return [e async for e in agent.run(text)]
    finally:
        await agent.model.aclose()
