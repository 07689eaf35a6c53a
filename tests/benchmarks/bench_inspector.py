"""Inspector cost on a big run (500 tool calls, 6,000 text deltas) against naive baselines.

Run: `QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_inspector.py`. Every figure is
printed with a ratio to a baseline measured in the same process.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication, QTreeWidget, QTreeWidgetItem

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.settings import Settings
from desktop_app.ui.inspector.inspector import Inspector

TURNS, CALLS_PER_TURN, DELTAS = 10, 50, 6000


async def big_run() -> list[dict[str, Any]]:
    """A real engine run: 10 turns of 50 concurrent calls, then a 6,000-chunk answer."""
    turns: list[Any] = [
        AssistantMessage(
            tool_calls=tuple(ToolCall(f"call_{t}_{i}", "get_weather", {"city": "三亚"}) for i in range(CALLS_PER_TURN)),
            stop_reason="tool_calls",
        )
        for t in range(TURNS)
    ] + [AssistantMessage("好" * DELTAS)]
    registry = build_registry(Settings(), RunOptions())
    agent = Agent(FakeModel(turns, chunk=1), registry, PolicyApprover("none"), max_turns=TURNS + 1)
    events = [{"type": "tool_defs", "tools": [t.listing() for t in registry.all()]}]
    return events + [e.to_dict() async for e in agent.run("many")]


def feed_inspector(events: list[dict[str, Any]]) -> tuple[float, list[float], Inspector]:
    widget = Inspector()
    widget.resize(600, 860)
    widget.show()
    QApplication.processEvents()
    costs: list[float] = []
    start = time.perf_counter()
    for i, event in enumerate(events):
        t0 = time.perf_counter()
        widget.handle_event(event)
        costs.append(time.perf_counter() - t0)
        if i % 50 == 0:  # let the views paint now and then, as the event loop would
            QApplication.processEvents()
    QApplication.processEvents()
    return time.perf_counter() - start, costs, widget


def feed_naive(events: list[dict[str, Any]]) -> float:
    """Baseline: one QTreeWidgetItem per call, its text updated in place (no details at all)."""
    tree = QTreeWidget()
    tree.setColumnCount(3)
    tree.resize(600, 400)
    tree.show()
    QApplication.processEvents()
    items: dict[str, QTreeWidgetItem] = {}
    start = time.perf_counter()
    for i, event in enumerate(events):
        kind = event["type"]
        if kind == "tool_call":
            item = QTreeWidgetItem([event["name"], json.dumps(event["arguments"]), "running"])
            tree.addTopLevelItem(item)
            items[event["id"]] = item
        elif kind == "tool_result":
            items[event["id"]].setText(2, "error" if event["is_error"] else "done")
        if i % 50 == 0:
            QApplication.processEvents()
    QApplication.processEvents()
    elapsed = time.perf_counter() - start
    tree.close()
    return elapsed


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    app = QApplication.instance() or QApplication([])
    events = asyncio.run(big_run())
    calls = sum(e["type"] == "tool_call" for e in events)
    deltas = [e for e in events if e["type"] == "text_delta"]
    print(f"run: {len(events)} events, {calls} tool calls, {len(deltas)} text deltas")

    naive = feed_naive(events)
    total, costs, widget = feed_inspector(events)
    print(f"feed all events: inspector {ms(total)}, naive QTreeWidget list {ms(naive)}, ratio {total / naive:.2f}")

    non_delta = [c for c, e in zip(costs, events, strict=True) if e["type"] != "text_delta"]
    delta = [c for c, e in zip(costs, events, strict=True) if e["type"] == "text_delta"]
    dumps = time.perf_counter()
    for e in deltas:
        json.dumps(e)
    dumps = (time.perf_counter() - dumps) / len(deltas)
    print(
        f"text_delta: mean {statistics.mean(delta) * 1e6:.1f} µs per event; json.dumps of the "
        f"same event {dumps * 1e6:.1f} µs; ratio {statistics.mean(delta) / dumps:.2f}"
    )
    p99 = sorted(non_delta)[int(len(non_delta) * 0.99)]
    print(
        f"other events: mean {statistics.mean(non_delta) * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
        f"worst {max(non_delta) * 1e3:.2f} ms (frame budget 16 ms: worst/16 ms = "
        f"{max(non_delta) * 1e3 / 16:.2f})"
    )
    first = statistics.mean(non_delta[:200])
    last = statistics.mean(non_delta[-200:])
    print(f"growth: mean cost of the last 200 events / first 200 = {last / first:.2f}")

    t0 = time.perf_counter()
    widget.select_call("call_9_49")
    QApplication.processEvents()
    select = time.perf_counter() - t0
    t0 = time.perf_counter()
    widget.tabs.setCurrentWidget(widget.sequence)
    widget.sequence.verticalScrollBar().setValue(widget.sequence.verticalScrollBar().maximum() // 2)
    widget.sequence.viewport().repaint()
    paint_full = time.perf_counter() - t0
    empty = Inspector()
    empty.resize(600, 860)
    empty.show()
    empty.tabs.setCurrentWidget(empty.sequence)
    QApplication.processEvents()
    t0 = time.perf_counter()
    empty.sequence.viewport().repaint()
    paint_empty = time.perf_counter() - t0
    print(f"select a call (details rebuilt): {ms(select)}")
    print(
        f"sequence repaint with 500 calls {ms(paint_full)} vs empty {ms(paint_empty)}, "
        f"ratio {paint_full / max(paint_empty, 1e-6):.2f}"
    )
    t0 = time.perf_counter()
    text = widget.export_json()
    print(f"export_json: {ms(time.perf_counter() - t0)} for {len(text) / 1e6:.1f} MB")
    widget.close()
    empty.close()
    del app


if __name__ == "__main__":
    main()
