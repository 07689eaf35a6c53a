"""The window's figures, each against a baseline measured in the same run.

1. start-up to first paint: `travel-assistant gui` vs a bare PySide6 window (goal: ratio <= 1.2) and
   vs a plain PySide6 window of the same shape (the floor for this shape),
   and from that paint until the window sends a typed message (goal: <= 0.3 s)
2. worst UI stall while a 6,000-chunk reply streams in (goal: < 16 ms), vs the idle window's
3. memory and scroll time with a 1,000-message conversation holding 500 tool calls,
   vs the same texts as plain QLabels in a QScrollArea

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_gui.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BARE_WINDOW = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
    class W(QMainWindow):
        painted = False
        def paintEvent(self, event):
            super().paintEvent(event)
            if not self.painted:
                self.painted = True
                print(f"first_paint_epoch={time.time():.6f}", file=sys.stderr, flush=True)
                print(f"first_paint_cpu={time.process_time():.6f}", file=sys.stderr, flush=True)
                app.quit()
    app = QApplication(sys.argv[:1])
    w = W(); w.setCentralWidget(QLabel("hello")); w.resize(1280, 800); w.show()
    app.exec()
    """
)

# The floor for a window of the app's shape: the same widgets (two panes, a list, a search box,
# a transcript area, a text box, eight buttons, five menus, a dock, a status bar) built by plain
# PySide6 in one script, with no settings, styles, translations or modules of ours.
SHAPED_WINDOW = BARE_WINDOW.replace(
    'w = W(); w.setCentralWidget(QLabel("hello")); w.resize(1280, 800); w.show()',
    textwrap.dedent(
        """
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import (QAbstractScrollArea, QDockWidget, QHBoxLayout, QLineEdit, QListWidget,
            QPlainTextEdit, QPushButton, QSplitter, QVBoxLayout, QWidget)
        w = W(); split = QSplitter()
        left = QWidget(); lay = QVBoxLayout(left); lay.addWidget(QPushButton("New conversation"))
        lay.addWidget(QLineEdit()); lay.addWidget(QListWidget()); row = QHBoxLayout(); lay.addLayout(row)
        for t in ("Rename", "Delete", "Export"): row.addWidget(QPushButton(t))
        mid = QWidget(); lay = QVBoxLayout(mid); lay.addWidget(QLabel("Provider")); lay.addWidget(QLabel("banner"))
        lay.addWidget(QAbstractScrollArea(), 1); lay.addWidget(QPlainTextEdit())
        row = QHBoxLayout(); lay.addLayout(row)
        for t in ("Retry", "Stop", "Send"): row.addWidget(QPushButton(t))
        split.addWidget(left); split.addWidget(mid); w.setCentralWidget(split)
        for t in ("File", "View", "Skills", "Prompts", "Help"):
            menu = w.menuBar().addMenu(t)
            for i in range(4): menu.addAction(f"{t} {i}")
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, QDockWidget("Inspector"))
        w.statusBar().addPermanentWidget(QLabel("Tokens")); w.resize(1280, 800); w.show()
        """
    ),
)


def _first_paint(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds from spawning the process to its first paint, and the CPU seconds it used
    (the app's run also records, in READY, how long after that paint Enter sends a message)."""
    start = time.time()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    found = dict(line.split("=", 1) for line in done.stderr.splitlines() if line.startswith("first_paint_"))
    if "first_paint_epoch" not in found:
        raise RuntimeError(f"no first paint reported by {cmd}: {done.stderr[-500:]}")
    ready = [line.split("=", 1)[1] for line in done.stderr.splitlines() if line.startswith("ready_epoch=")]
    if ready:
        READY.append(float(ready[0]) - float(found["first_paint_epoch"]))
    return float(found["first_paint_epoch"]) - start, float(found["first_paint_cpu"])


READY: list[float] = []


def _seed_history(home: str, conversations: int = 30) -> None:
    """A returning user's history: the list is part of the window (filled after the first paint)."""
    from desktop_app.core.messages import AssistantMessage, UserMessage
    from desktop_app.store.history import FILENAME, HistoryStore

    data = Path(home) / "share" / "travel-assistant"  # where platformdirs sends the app under test
    data.mkdir(parents=True, exist_ok=True)
    store = HistoryStore(data / FILENAME)
    for i in range(conversations):
        conv = store.new_conversation(title=f"三亚 trip {i}", provider="offline", model="offline-planner")
        conv.append(UserMessage(f"三亚天气怎么样？ {i}"))
        conv.append(AssistantMessage("三亚 33°C，晴。"))
    store.close()


def bench_startup(runs: int) -> None:
    # an installed app has its bytecode; without it (PYTHONDONTWRITEBYTECODE, fresh edits) every
    # run would compile the modules it imports and the figure would measure the compiler
    compileall.compile_dir(str(ROOT / "desktop_app"), quiet=1)
    home = tempfile.mkdtemp(prefix="bench-gui-")
    _seed_history(home)
    # a user's real folders (platformdirs, as installed), moved into `home` the XDG way
    env = {k: v for k, v in os.environ.items() if k != "TRAVEL_ASSISTANT_HOME"}
    env |= {"HOME": home, "XDG_DATA_HOME": f"{home}/share", "XDG_CONFIG_HOME": f"{home}/config"}
    env["TRAVEL_ASSISTANT_BENCH"] = "1"
    bare_cmd = [sys.executable, "-c", BARE_WINDOW]
    app_cmd = [sys.executable, "-m", "desktop_app", "gui", "--exit-when-done"]
    first_launch, _ = _first_paint(app_cmd, env)  # no saved layout yet; it saves one on close
    bare, app, shaped = [], [], []
    for _ in range(runs):  # interleaved, so machine load hits all alike
        bare.append(_first_paint(bare_cmd, env))
        app.append(_first_paint(app_cmd, env))
        shaped.append(_first_paint([sys.executable, "-c", SHAPED_WINDOW], env))
    b, a = statistics.median(w for w, _ in bare), statistics.median(w for w, _ in app)
    floor = statistics.median(w for w, _ in shaped)
    paired = statistics.median(x[0] / y[0] for x, y in zip(app, bare, strict=True))
    cpu = statistics.median(c for _, c in app) / statistics.median(c for _, c in bare)
    print(f"startup_bare_window_ms={b * 1000:.0f}")
    print(f"startup_app_window_ms={a * 1000:.0f}  (first launch, no saved layout: {first_launch * 1000:.0f})")
    print(f"startup_ratio={a / b:.2f}  (goal <= 1.2; medians of {runs} interleaved runs)")
    print(f"startup_ratio_paired={paired:.2f}  (median of each app run over the bare run just before it)")
    print(f"startup_cpu_ratio={cpu:.2f}  (process CPU time to first paint: steadier on a noisy machine)")
    print(
        f"startup_shaped_window_ms={floor * 1000:.0f}  (plain PySide6, the app's widgets and nothing else:"
        f" ratio {floor / b:.2f} to the bare window, the floor for this shape; the app is {a / floor:.2f}x it)"
    )
    if READY:
        print(
            f"ready_after_first_paint_ms median={statistics.median(READY) * 1000:.0f} max={max(READY) * 1000:.0f}"
            "  (goal <= 300: from the first paint until Enter sends what was typed)"
        )


# ---------------------------------------------------------------- in-process figures


def _make_window(app: object, run_factory: Any = None) -> Any:
    from PySide6.QtCore import QSettings

    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.main_window import MainWindow

    window = MainWindow(
        settings=Settings(),
        history=HistoryStore(),
        qsettings=QSettings(str(Path(tempfile.mkdtemp()) / "w.ini"), QSettings.Format.IniFormat),
        run_factory=run_factory,
    )
    window.show()
    return window


def _long_reply(chunks: int, chunk: int) -> str:
    """Markdown with paragraphs, bold, lists: `chunks * chunk` characters."""
    unit = "三亚的**天气**晴朗，机票 ¥1,280。\n\n- 酒店 ¥680/晚\n- 合计 ¥4,600\n\nMore text here. "
    text = (unit * (chunks * chunk // len(unit) + 1))[: chunks * chunk]
    return text


async def bench_stream(chunks: int, chunk: int) -> None:
    from desktop_app.core.messages import AssistantMessage
    from desktop_app.llm.fake import FakeModel
    from desktop_app.runtime import open_run
    from desktop_app.ui.probes import Heartbeat
    from desktop_app.ui.qt_async import next_emission

    reply = _long_reply(chunks, chunk)
    model = FakeModel([AssistantMessage(reply)], chunk=chunk)

    async def factory(settings, options, approver, **kw):  # type: ignore[no-untyped-def]
        run = await open_run(settings, options, approver, **kw)
        run.agent.model = model
        return run

    window = _make_window(None, factory)
    if not window.painted:
        await next_emission(window.firstPainted)
    await window.session.warm_up()
    await asyncio.sleep(0.5)  # let start-up work settle
    heartbeat = Heartbeat(5, window)
    heartbeat.watch(window.session)
    heartbeat.reset()
    heartbeat.start()
    await asyncio.sleep(1.0)
    idle = heartbeat.max_stall_ms
    heartbeat.stop()
    heartbeat.reset()
    finished = next_emission(window.runDone)
    began = time.perf_counter()
    window.conversation.send("stream please")
    await finished
    took = time.perf_counter() - began
    stall = heartbeat.max_stall_ms
    shown = window.chat.answer_text()
    assert shown == reply, "the streamed text differs from the reply"
    print(f"stream_chunks={chunks} chars={len(reply)} seconds={took:.2f}")
    print(f"stream_max_stall_ms={stall:.1f}  (goal < 16)")
    print(f"idle_max_stall_ms={idle:.1f}  (same window, no run, 1 s)")
    window.close()


def _rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        pages = int(fh.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def _conversation(store: object) -> str:
    """1,000 messages: 250 rounds of user, assistant with 2 tool calls, 2 results (500 calls)."""
    from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage

    conv = store.new_conversation(title="bench", provider="fake", model="scripted")  # type: ignore[attr-defined]
    for i in range(250):
        conv.append(UserMessage(f"第 {i} 个问题：三亚的天气、机票和酒店？"))
        calls = (
            ToolCall(f"call_{i}_a", "get_weather", {"city": "三亚"}),
            ToolCall(f"call_{i}_b", "get_hotel_price", {"city": "三亚", "stars": 4}),
        )
        conv.append(AssistantMessage(f"好的，我来查一下（第 {i} 轮）。**马上**。", calls, stop_reason="tool_calls"))
        conv.append(ToolResultMessage(calls[0].id, calls[0].name, '{"city": "三亚", "temp": "33°C"}'))
        conv.append(ToolResultMessage(calls[1].id, calls[1].name, '{"name": "三亚湾海景酒店", "price": "¥680/晚"}'))
    return str(conv.id)


def _scroll_ms(area: object, app: object, steps: int = 100) -> float:
    """Mean milliseconds per scroll step (a jump of 1% of the length, like dragging the scroll
    bar: a new screen each step), each step painted; widgets let go are deleted as the loop would."""
    from PySide6.QtCore import QEvent

    bar = area.verticalScrollBar()  # type: ignore[attr-defined]
    app.processEvents()  # type: ignore[attr-defined]
    began = time.perf_counter()
    for k in range(steps + 1):
        bar.setValue(bar.maximum() * k // steps)
        area.viewport().repaint()  # type: ignore[attr-defined]
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # type: ignore[attr-defined]
    return (time.perf_counter() - began) * 1000 / (steps + 1)


async def bench_big_conversation() -> None:
    from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QVBoxLayout, QWidget

    from desktop_app.core.messages import message_to_dict
    from desktop_app.store.history import HistoryStore

    app = QApplication.instance()
    store = HistoryStore()
    conv_id = _conversation(store)
    dicts = [message_to_dict(m) for m in store.messages(conv_id)]
    calls = sum(len(d.get("tool_calls") or []) for d in dicts)

    # baseline: the same texts as plain labels
    base_rss = _rss_mb()
    area = QScrollArea()
    inner = QWidget()
    layout = QVBoxLayout(inner)
    for d in dicts:
        label = QLabel(d["content"] or str(d.get("tool_calls")), inner)
        label.setWordWrap(True)
        layout.addWidget(label)
    area.setWidget(inner)
    area.setWidgetResizable(True)
    area.resize(800, 700)
    area.show()
    app.processEvents()
    plain_mb = _rss_mb() - base_rss
    plain_scroll = _scroll_ms(area, app)
    area.close()

    window = _make_window(app)
    await window.session.warm_up()
    await asyncio.sleep(0.3)  # the window's own start-up tasks finish on the loop, not inside processEvents
    app.processEvents()
    before = _rss_mb()
    began = time.perf_counter()
    window.conversation.open(conv_id)
    app.processEvents()
    load_s = time.perf_counter() - began
    chat_mb = _rss_mb() - before
    chat_scroll = _scroll_ms(window.chat, app)
    print(
        f"conversation_messages={len(dicts)} tool_calls={calls} plain_labels_mb={plain_mb:.1f} "
        f"plain_scroll_step_ms={plain_scroll:.2f}"
    )
    _report("opened (the last 120 messages read)", load_s, chat_mb, plain_mb, chat_scroll, plain_scroll)
    began = time.perf_counter()
    window.chat.show_earlier()
    app.processEvents()
    load_s = time.perf_counter() - began
    chat_mb = _rss_mb() - before
    chat_scroll = _scroll_ms(window.chat, app)
    _report("all 1,000 read (Show earlier)", load_s, chat_mb, plain_mb, chat_scroll, plain_scroll)
    window.close()


def _report(label: str, load_s: float, mb: float, plain_mb: float, scroll: float, plain_scroll: float) -> None:
    print(
        f"[{label}] render_s={load_s:.2f} memory_mb={mb:.1f} (x{mb / max(plain_mb, 0.1):.1f} plain labels) "
        f"scroll_step_ms={scroll:.2f} (x{scroll / max(plain_scroll, 0.01):.2f} plain labels)"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--chunks", type=int, default=6000)
    parser.add_argument("--only", choices=["startup", "window"], default="")
    args = parser.parse_args()
    os.environ["TRAVEL_ASSISTANT_HOME"] = tempfile.mkdtemp(prefix="bench-gui-home-")
    if args.only != "window":
        bench_startup(args.runs)
    if args.only == "startup":
        return 0

    from desktop_app.app import make_app
    from desktop_app.ui.qt_async import run

    make_app()

    async def in_process() -> int:
        for _ in range(3):  # three streams: the machine's own hiccups show as outliers
            await bench_stream(args.chunks, 4)
        await bench_big_conversation()
        return 0

    return run(in_process)


if __name__ == "__main__":
    raise SystemExit(main())
