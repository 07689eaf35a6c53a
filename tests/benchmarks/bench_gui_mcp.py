"""MCP in the window: first paint with three servers configured vs none, then time to ready, UI stalls.

Run: `QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_gui_mcp.py` from the repository root.
Each figure is a ratio against a baseline measured in the same run (the window with no servers;
the heartbeat's own interval).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
TOY = REPO / "tests" / "integration" / "mcp" / "servers" / "toy_server.py"
TICK = 0.005


async def one_window(servers: int, hold_s: float = 0.0) -> tuple[float, float, float]:
    """(ms to first paint, ms from first paint to every server ready, worst UI lateness ms)."""
    from PySide6.QtWidgets import QApplication

    from desktop_app.app import build_window
    from desktop_app.mcp.setup.config import ServerConfig, save_servers
    from desktop_app.ui.probes import Probes
    from desktop_app.ui.qt_async import next_emission

    os.environ["TRAVEL_ASSISTANT_HOME"] = tempfile.mkdtemp(prefix="bench-gui-mcp-")
    save_servers([ServerConfig(f"toy{i}", command=sys.executable, args=(str(TOY), "basic")) for i in range(servers)])
    loop = asyncio.get_running_loop()
    worst = 0.0
    stop = False

    async def heartbeat() -> None:
        nonlocal worst
        while not stop:
            due = loop.time() + TICK
            await asyncio.sleep(TICK)
            worst = max(worst, loop.time() - due)

    start = time.time()
    window = build_window(argparse.Namespace(), QApplication.instance())  # type: ignore[arg-type]
    probes = Probes(window)
    window.show()
    if not window.painted:
        await next_emission(window.firstPainted)
    painted = probes.first_paint_epoch  # stamped in paintEvent, before any post-paint work
    beat = asyncio.ensure_future(heartbeat())
    mcp = window.mcp
    while len([s for s in mcp.statuses.values() if s.state == "ready"]) < servers:
        await next_emission(mcp.statusChanged)
    if not servers:
        await asyncio.sleep(hold_s)  # the baseline: the same span with nothing connecting
    ready = time.time()
    stop = True
    await beat
    window.close()
    window.deleteLater()
    del window, mcp
    gc.collect()  # the closed window's Qt objects die here, on the GUI thread, not in a worker thread
    return (painted - start) * 1000, (ready - painted) * 1000, worst * 1000


async def main() -> int:
    await one_window(0)  # imports and fonts warm
    bare, three = [], []
    for _ in range(3):  # interleaved, so machine load hits both alike
        three.append(await one_window(3))
        bare.append(await one_window(0, three[-1][1] / 1000))
    base_paint, paint = min(b[0] for b in bare), min(t[0] for t in three)
    print(f"first_paint_ms no_servers={base_paint:.1f} three_servers={paint:.1f} ratio={paint / base_paint:.2f}")
    print(f"first_paint_to_three_ready_ms median={sorted(t[1] for t in three)[1]:.0f}")
    base_stall, stall = sorted(b[2] for b in bare)[1], sorted(t[2] for t in three)[1]
    print(
        f"ui_worst_lateness_ms (median of 3) no_servers={base_stall:.1f} three_connecting={stall:.1f} "
        f"ratio={stall / max(base_stall, 0.1):.2f}"
    )
    return 0


if __name__ == "__main__":
    from desktop_app.app import make_app
    from desktop_app.ui.qt_async import run

    make_app()
    raise SystemExit(run(main))
