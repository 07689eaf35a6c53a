"""Adapter overhead per streamed chunk, as a ratio against the bare SDK on the same stream.

Run: python tests/benchmarks/bench_providers.py [--chunks N] [--rounds R]
Both sides consume the same scripted SSE stream from a local server over real HTTP; the
baseline iterates the SDK's own stream and does nothing else. Goal: ratio under 1.2.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop_app.core.messages import UserMessage
from desktop_app.llm import anthropic as an
from desktop_app.llm import openai as oa
from desktop_app.llm.base import ModelRequest
from tests.integration.providers.dialects import AnthropicDialect, OpenAIDialect
from tests.integration.providers.server import ScriptedServer, SseReply

TEXT = "三亚这周以晴为主，午后可能有短时雷阵雨，记得带伞和防晒。"
CALLS = [("c_1", "get_hotel_price", '{"city": "三亚", "stars": 4, "note": "' + "x" * 200 + '"}')]


def script(dialect: Any, chunks: int) -> list[bytes]:
    text = (TEXT * (chunks // len(TEXT) * 2 + 1))[: chunks * 2]
    return dialect.stream_events(text, CALLS, split=2)


async def bare_sdk(dialect: Any, url: str, request: ModelRequest) -> int:
    """The baseline: the SDK's own stream, iterated and dropped."""
    model = dialect.model(url, max_retries=0)
    client = model._client_or_fail()
    mapper = oa if dialect.name == "openai" else an
    body = mapper.request_to_wire(request, model.model)
    create = client.chat.completions.create if dialect.name == "openai" else client.messages.create
    count = 0
    stream = await create(**body)
    async for _ in stream:
        count += 1
    await model.aclose()
    return count


async def adapter(dialect: Any, url: str, request: ModelRequest) -> int:
    """The adapter: reassembly, text chunks, wire events and the neutral message."""
    model = dialect.model(url, max_retries=0)
    count = 0
    async for _ in model.stream(request):
        count += 1
    await model.aclose()
    return count


async def timed(fn: Any, dialect: Any, server: ScriptedServer, events: list[bytes]) -> float:
    server.push(SseReply(events, burst=True))
    request = ModelRequest(system=("s",), messages=(UserMessage("hi"),), tools=(), stream=True)
    started = time.perf_counter()
    await fn(dialect, server.url, request)
    return time.perf_counter() - started


async def bench(dialect: Any, chunks: int, rounds: int) -> dict[str, float]:
    """Per-chunk µs of both sides (best of N, the least disturbed by other load) and ratios."""
    events = script(dialect, chunks)
    base: list[float] = []
    ours: list[float] = []
    with ScriptedServer() as server:
        await timed(bare_sdk, dialect, server, events)  # warm up both paths
        await timed(adapter, dialect, server, events)
        for _ in range(rounds):  # interleaved, so drift hits both alike
            base.append(await timed(bare_sdk, dialect, server, events))
            ours.append(await timed(adapter, dialect, server, events))
    per = 1e6 / len(events)
    return {
        "base_us": min(base) * per,
        "ours_us": min(ours) * per,
        "ratio": min(ours) / min(base),
        "median_ratio": statistics.median(ours) / statistics.median(base),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    worst = 0.0
    for dialect in (OpenAIDialect(), AnthropicDialect()):
        r = asyncio.run(bench(dialect, args.chunks, args.rounds))
        worst = max(worst, r["ratio"])
        print(
            f"{dialect.name:<10} bare SDK {r['base_us']:7.1f} µs/chunk   adapter {r['ours_us']:7.1f} µs/chunk"
            f"   overhead {r['ours_us'] - r['base_us']:+6.1f} µs/chunk   ratio {r['ratio']:.3f}"
            f" (median {r['median_ratio']:.3f}; goal < 1.2)"
        )
    print(f"worst ratio {worst:.3f}: {'OK' if worst < 1.2 else 'ABOVE GOAL'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
