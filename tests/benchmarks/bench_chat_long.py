"""Opening a very long conversation in the window, against a short one measured in the same run.

A 10,000-message conversation with 2,500 tool calls (issue 13 item 2: goal <= 1.2x the time of a
short one and <= +20 MB), an 8-message one and a 40-message one (a screenful: the chat builds
widgets only for what is on screen, so that is what opening costs), each opened in the real
MainWindow (chat and inspector), bytecode as installed. Then a painted scroll from the end to the
very start (earlier pages read from the store on the way), against the same scroll through the
40-message one, and Ctrl+F for a word of the first message.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_chat_long.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TRAVEL_ASSISTANT_HOME"] = tempfile.mkdtemp(prefix="bench-chat-long-")


def _rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def _conversation(store: Any, rounds: int) -> str:
    """`rounds` x (question, a call, its result, the answer): 4 messages and 1 call a round."""
    from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage

    conv = store.new_conversation(title=f"bench {rounds}", provider="fake", model="scripted")
    for i in range(rounds):
        call = ToolCall(f"call_{i}", "get_weather", {"city": "三亚"})
        conv.append(UserMessage(f"第 {i} 个问题：三亚明天的天气怎么样？"))
        conv.append(AssistantMessage("", (call,), stop_reason="tool_calls"))
        conv.append(ToolResultMessage(call.id, call.name, '{"city": "三亚", "temperature": "33°C"}'))
        conv.append(AssistantMessage(f"三亚明天 **33°C**，晴（第 {i} 轮）。带上防晒霜。"))
    return str(conv.id)


def _open(window: Any, app: Any, conv_id: str) -> tuple[float, float]:
    """Seconds to open and show it, and the MB it added."""
    window.conversation.new()
    app.processEvents()
    before = _rss_mb()
    began = time.perf_counter()
    window.conversation.open(conv_id)
    app.processEvents()
    return time.perf_counter() - began, _rss_mb() - before


def _scroll(window: Any, app: Any, step: int = 240) -> list[float]:
    """Milliseconds per painted scroll step, from the end up to the very start."""
    from PySide6.QtCore import QEvent

    bar = window.chat.verticalScrollBar()
    times: list[float] = []
    while True:
        began = time.perf_counter()
        bar.setValue(max(0, bar.value() - step))
        app.processEvents()  # the paint, and a page of earlier messages when the top is reached
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # what the app's event loop does
        times.append((time.perf_counter() - began) * 1000)
        if bar.value() == 0 and window.chat.earlier_button is None:
            return times


def _plain_scroll(app: Any, step: int = 240) -> list[float]:
    """The baseline: the same texts as plain QLabels in a QScrollArea (no Markdown, no chips),
    400 rounds built up front, scrolled the same way."""
    from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

    area = QScrollArea()
    inner = QWidget()
    layout = QVBoxLayout(inner)
    for i in range(400):
        for text in (
            f"第 {i} 个问题：三亚明天的天气怎么样？",
            f"get_weather(city=三亚) {i}",
            f"三亚明天 33°C，晴（第 {i} 轮）。",
        ):
            label = QLabel(text)
            label.setWordWrap(True)
            layout.addWidget(label)
    area.setWidget(inner)
    area.setWidgetResizable(True)
    area.resize(600, 640)
    area.show()
    app.processEvents()
    bar = area.verticalScrollBar()
    bar.setValue(bar.maximum())
    app.processEvents()
    times: list[float] = []
    while bar.value() > 0:
        began = time.perf_counter()
        bar.setValue(max(0, bar.value() - step))
        app.processEvents()
        times.append((time.perf_counter() - began) * 1000)
    area.close()
    return times


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    store = HistoryStore()
    short, screen, long = _conversation(store, 2), _conversation(store, 10), _conversation(store, 2500)
    qsettings = QSettings(str(Path(os.environ["TRAVEL_ASSISTANT_HOME"]) / "w.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Settings(), store, qsettings)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    _ = window.inspector
    _open(window, app, short)  # warm: first-use costs are not the conversation's
    for conv in (screen, short, screen):
        _open(window, app, conv)
    long_mb = _open(window, app, long)[1]  # the first time it is opened
    times: dict[str, list[float]] = {short: [], screen: [], long: []}
    for _ in range(7):  # interleaved, so a slow spell of the machine hits all three alike
        for conv in times:
            times[conv].append(_open(window, app, conv)[0])
    base, full, long_s = (statistics.median(times[c]) for c in (short, screen, long))
    print(f"short_open_ms={base * 1000:.1f}  (8 messages, median of 7)")
    print(f"screen_open_ms={full * 1000:.1f}  (40 messages, a screenful, median of 7)")
    print(f"long_open_ms={long_s * 1000:.1f}  (10,000 messages, 2,500 tool calls, median of 7)")
    print(f"long_open_ratio={long_s / base:.2f} vs 8 messages, {long_s / full:.2f} vs a screenful  (goal <= 1.2)")
    print(f"long_open_mb={long_mb:+.1f}  (goal <= +20)")
    _open(window, app, long)
    before = _rss_mb()
    steps = _scroll(window, app)
    rows = window.chat.message_count()
    print(
        f"scroll_ms_per_step p50={_pct(steps, 0.5):.1f} p95={_pct(steps, 0.95):.1f} max={max(steps):.1f}"
        f"  ({len(steps)} steps of 240 px, end to start, {rows} rows; frame budget 16.7)"
    )
    plain = _plain_scroll(app)
    print(
        f"scroll_p95_ratio={_pct(steps, 0.95) / _pct(plain, 0.95):.2f}  (plain QLabels, all built:"
        f" p50={_pct(plain, 0.5):.1f} p95={_pct(plain, 0.95):.1f} ms)"
    )
    print(f"all_read_mb={_rss_mb() - before + long_mb:+.1f}  (every message read and scrolled through)")
    window.conversation.open(short)
    window.conversation.open(long)
    app.processEvents()
    began = time.perf_counter()
    window.find_bar.open_bar()
    window.find_bar.field.setText("第 0 个问题")
    app.processEvents()
    found = window.find_bar.count.text()
    print(f"find_first_message_ms={(time.perf_counter() - began) * 1000:.0f}  ({found}; the unread start read first)")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
