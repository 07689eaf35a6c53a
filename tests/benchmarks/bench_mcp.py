"""MCP benchmark: connecting three servers without stalling the loop; concurrent calls vs one.

Run: `python tests/benchmarks/bench_mcp.py` from the repository root. Figures are ratios against
baselines measured in the same run (an idle event loop; a single call).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
os.environ.setdefault("TRAVEL_ASSISTANT_HOME", tempfile.mkdtemp(prefix="bench-mcp-"))

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry

TOY = REPO / "tests" / "integration" / "mcp" / "servers" / "toy_server.py"
HEARTBEAT = 0.010  # a UI timer ticking every 10 ms


def three_servers() -> list[ServerConfig]:
    """mcp-server-time, server-everything and our own mcp-server (a toy stands in if missing)."""
    here = os.path.dirname(sys.executable)
    time_bin = shutil.which("mcp-server-time") or shutil.which("mcp-server-time", path=here)
    everything = shutil.which("mcp-server-everything")
    toy = ServerConfig(name="toy", command=sys.executable, args=(str(TOY), "basic"))
    return [
        ServerConfig(name="time", command=time_bin) if time_bin else toy,
        ServerConfig(name="everything", command=everything) if everything else toy,
        ServerConfig(
            name="travel",
            command=sys.executable,
            args=("-m", "desktop_app", "mcp-server"),
            cwd=str(REPO),
        ),
    ]


async def heartbeat_lateness(until: asyncio.Future[Any] | float) -> float:
    """The worst lateness of a 10 ms timer while `until` runs (or for that many seconds)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + until if isinstance(until, float) else None
    worst = 0.0
    while (end is None and not until.done()) or (end is not None and loop.time() < end):  # type: ignore[union-attr]
        before = loop.time()
        await asyncio.sleep(HEARTBEAT)
        worst = max(worst, loop.time() - before - HEARTBEAT)
    return worst


async def spawn_only_lateness(servers: list[ServerConfig], seconds: float) -> float:
    """Baseline: the same programs started without any MCP client (their start-up CPU alone)."""
    procs = [
        await asyncio.create_subprocess_exec(
            shutil.which(s.command) or s.command,
            *s.args,
            cwd=s.cwd or None,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        for s in servers
    ]
    worst = await heartbeat_lateness(seconds)
    for proc in procs:
        proc.kill()
        await proc.wait()
    return worst


async def bench_connect() -> None:
    servers = three_servers()
    idle = await heartbeat_lateness(1.0)
    started = time.perf_counter()
    importing = asyncio.ensure_future(McpManager([]).sdk())  # what the first start() does first
    import_worst = await heartbeat_lateness(importing)
    print(
        f"importing the mcp SDK (worker thread): {time.perf_counter() - started:.2f} s, "
        f"worst heartbeat lateness {import_worst * 1000:.1f} ms (GIL contention with the import thread)"
    )
    registry = ToolRegistry()
    manager = McpManager(servers, registry)
    started = time.perf_counter()
    manager.start()
    start_returned = time.perf_counter() - started
    waiting = asyncio.ensure_future(manager.wait_ready(120))
    worst = await heartbeat_lateness(waiting)
    await waiting
    connected = time.perf_counter() - started
    states = {s.name: f"{s.state}, {len(s.tools)} tools" for s in manager.statuses()}
    await manager.aclose()
    spawned = await spawn_only_lateness(servers, connected)
    print(f"servers: {'; '.join(f'{n} ({s})' for n, s in states.items())}")
    print(f"start() returned in {start_returned * 1000:.2f} ms (the window is never held up)")
    print(f"connect three servers and list their tools (SDK already imported): {connected:.2f} s")
    print(
        f"worst lateness of a 10 ms heartbeat: idle {idle * 1000:.1f} ms; "
        f"the three programs merely starting (no client) {spawned * 1000:.1f} ms; "
        f"while connecting {worst * 1000:.1f} ms "
        f"(ratio to programs-starting baseline {worst / max(spawned, 1e-4):.2f})"
    )


async def bench_concurrent_calls() -> None:
    registry = ToolRegistry()
    manager = McpManager([ServerConfig(name="toy", command=sys.executable, args=(str(TOY), "basic"))], registry)
    manager.start()
    await manager.wait_ready(120)
    call = ToolCall("b", "toy__sleep", {"seconds": 1.0})
    await registry.execute(ToolCall("w", "toy__ping", {"text": "warm up"}))
    started = time.perf_counter()
    await registry.execute(call)
    one = time.perf_counter() - started
    started = time.perf_counter()
    outs = await asyncio.gather(*(registry.execute(call) for _ in range(3)))
    three = time.perf_counter() - started
    await manager.aclose()
    assert not any(o.is_error for o in outs), outs
    print(f"one 1-second MCP call: {one:.3f} s; three concurrent: {three:.3f} s")
    print(f"three concurrent calls / one call: {three / one:.2f}")


async def main() -> None:
    await bench_connect()
    await bench_concurrent_calls()


if __name__ == "__main__":
    asyncio.run(main())
