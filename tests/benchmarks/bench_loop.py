"""Engine overhead per turn vs calling the tools directly, and concurrent vs sequential tools.

Run: python tests/benchmarks/bench_loop.py   (prints ratios against baselines measured here)
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.tools.registry import ToolRegistry, tool
from desktop_app.tools.travel import travel_tools

SEED_CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("get_weather", {"city": "三亚"}),
    ("get_flight_price", {"origin": "北京", "destination": "三亚"}),
    ("get_hotel_price", {"city": "三亚", "stars": 4}),
)


def turn_with_calls(prefix: str) -> AssistantMessage:
    return AssistantMessage(
        tool_calls=tuple(ToolCall(f"{prefix}{i}", n, a) for i, (n, a) in enumerate(SEED_CALLS)),
        stop_reason="tool_calls",
    )


async def engine_run(registry: ToolRegistry, turns: int) -> float:
    script = [turn_with_calls(f"c{t}_") for t in range(turns)] + [AssistantMessage("done")]
    agent = Agent(FakeModel(script, chunk=64), registry, PolicyApprover("none"), max_turns=turns + 1)
    start = time.perf_counter()
    async for _ in agent.run("go"):
        pass
    return time.perf_counter() - start


async def direct_run(registry: ToolRegistry, turns: int) -> float:
    """The baseline: the same tool functions, awaited directly, no engine."""
    tools = {t.name: t for t in registry.all()}
    start = time.perf_counter()
    for _ in range(turns):
        for name, args in SEED_CALLS:
            await tools[name].invoke(args, None)
    return time.perf_counter() - start


@tool()
async def wait_half(tag: str) -> str:
    """Waits 0.5 s.

    Args:
        tag: echoed
    """
    await asyncio.sleep(0.5)
    return tag


async def concurrency() -> tuple[float, float]:
    registry = ToolRegistry([wait_half])
    calls = tuple(ToolCall(f"w{i}", "wait_half", {"tag": str(i)}) for i in range(3))
    agent = Agent(
        FakeModel([AssistantMessage(tool_calls=calls, stop_reason="tool_calls"), AssistantMessage("ok")]),
        registry,
        PolicyApprover("none"),
    )
    start = time.perf_counter()
    async for _ in agent.run("go"):
        pass
    concurrent = time.perf_counter() - start
    start = time.perf_counter()
    for c in calls:
        await registry.execute(c)
    return concurrent, time.perf_counter() - start


async def main() -> None:
    registry = ToolRegistry(travel_tools())
    turns, repeats = 50, 5
    engine = statistics.median([await engine_run(registry, turns) for _ in range(repeats)])
    direct = statistics.median([await direct_run(registry, turns) for _ in range(repeats)])
    per_turn_engine = engine / turns * 1000
    per_turn_direct = direct / turns * 1000
    print(f"engine per turn (3 tools, model scripted): {per_turn_engine:.3f} ms")
    print(f"direct tool calls per turn (baseline):      {per_turn_direct:.3f} ms")
    print(
        f"overhead ratio engine/direct: {engine / direct:.2f}x (+{per_turn_engine - per_turn_direct:.3f} ms per turn)"
    )
    concurrent, sequential = await concurrency()
    print(
        f"three 0.5 s tools: concurrent {concurrent:.3f} s, sequential {sequential:.3f} s, "
        f"speed-up {sequential / concurrent:.2f}x"
    )


if __name__ == "__main__":
    asyncio.run(main())
