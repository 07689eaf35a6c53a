"""Opening a conversation with one huge message, against a small conversation in the same run.

A 2 MB and a 10 MB answer (Markdown paragraphs, the shape a model or an import writes; the
issue measured 16 s and 59 s, the window frozen meanwhile) and a 10 MB answer that is one line,
each opened in the real MainWindow and painted, then the "Show all" viewer for the 10 MB one.
The window shows the head of a huge message, so opening one should cost about what a small
conversation costs.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_huge_message.py [--sizes 2,10]
"""

from __future__ import annotations

import argparse
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
os.environ["TRAVEL_ASSISTANT_HOME"] = tempfile.mkdtemp(prefix="bench-huge-")

PARAGRAPH = "三亚 **12 月**平均 26°C，海水温暖。预算 5000 元足够：机票约 1,800 元，酒店每晚 400 元。\n\n"


def _conversation(store: Any, answer: str) -> str:
    from desktop_app.core.messages import AssistantMessage, UserMessage

    conv = store.new_conversation(title=f"bench {len(answer)}", provider="fake", model="scripted")
    conv.append(UserMessage("12月想从上海去个暖和的地方，预算5000，有什么推荐"))
    conv.append(AssistantMessage(answer))
    return str(conv.id)


def _text(megabytes: float, one_line: bool = False) -> str:
    unit = PARAGRAPH.replace("\n\n", " ") if one_line else PARAGRAPH
    size = len(unit.encode())
    return unit * int(megabytes * 1_000_000 / size)


def _open(window: Any, app: Any, conv_id: str) -> float:
    window.conversation.new()
    app.processEvents()
    began = time.perf_counter()
    window.conversation.open(conv_id)
    app.processEvents()
    window.chat.viewport().grab()  # painted, as a person would see it
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="2,10", help="message sizes in MB, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    store = HistoryStore()
    small = _conversation(store, PARAGRAPH * 3)
    cases = {f"{mb} MB answer": _conversation(store, _text(float(mb))) for mb in args.sizes.split(",")}
    last = args.sizes.split(",")[-1]
    cases[f"{last} MB answer, one line"] = _conversation(store, _text(float(last), one_line=True))
    qsettings = QSettings(str(Path(os.environ["TRAVEL_ASSISTANT_HOME"]) / "w.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Settings(), store, qsettings)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    _open(window, app, small)  # warm: first-use costs are not the conversation's
    base = statistics.median(_open(window, app, small) for _ in range(5))
    print(f"small conversation (baseline): {base * 1000:.0f} ms")
    for name, conv in cases.items():
        took = statistics.median(_open(window, app, conv) for _ in range(args.repeat))
        print(f"{name}: {took * 1000:.0f} ms = {took / base:.1f}x the small one")
        cut = [w for w in window.chat.widgets() if getattr(w, "show_all", None) is not None]
        if cut:  # the whole message, in the viewer its "Show all" opens
            began = time.perf_counter()
            dialog = cut[-1].open_full_text()  # type: ignore[attr-defined]
            app.processEvents()
            dialog.grab()
            took = time.perf_counter() - began
            print(f"  its Show all viewer: {took * 1000:.0f} ms = {took / base:.1f}x")
            dialog.close()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
