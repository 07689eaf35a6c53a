"""Start-up in two steps: the window's layout paints before asyncio, the engine and Qt's `Qt`
namespace are loaded; complete() then adds the engine side, shortcuts and the history list."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt

from desktop_app.core.messages import UserMessage
from desktop_app.store.approval_log import ApprovalLog
from desktop_app.store.history import HistoryStore
from desktop_app.store.settings import Settings
from desktop_app.ui.chat.history_panel import ID_ROLE
from desktop_app.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
NOT_BEFORE_FIRST_PAINT = {
    "asyncio",
    "qasync",
    "desktop_app.ui.session",
    "desktop_app.ui.approval",
    "desktop_app.engine_thread",
    "desktop_app.ui.inspector.inspector",
    "desktop_app.agent.loop",
    "desktop_app.store.history",
    "desktop_app.runtime",
    "pydantic",
    "openai",
    "anthropic",
}


def first_paint_report(home: Path) -> dict[str, set[str]]:
    """Run `gui --exit-when-done` and return what it had loaded when it first painted."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TRAVEL_ASSISTANT_HOME": str(home)}
    env["TRAVEL_ASSISTANT_BENCH"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "gui", "--exit-when-done"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = dict(line.split("=", 1) for line in done.stderr.splitlines() if line.startswith("first_paint_"))
    return {key: set(report[key].split(",")) for key in ("first_paint_modules", "first_paint_qt_types")}


def test_first_paint_loads_neither_asyncio_nor_the_engine_nor_qts_namespace(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = first_paint_report(home)  # no saved layout: the dock is placed with Qt's enum
    assert not NOT_BEFORE_FIRST_PAINT & first["first_paint_modules"]
    assert (home / "config" / "window.ini").is_file()  # saved on close
    again = first_paint_report(home)
    assert not NOT_BEFORE_FIRST_PAINT & again["first_paint_modules"]
    assert "desktop_app.ui.main_window" in again["first_paint_modules"]  # the report is real
    assert "QDockWidget" in again["first_paint_qt_types"]
    assert "Qt" not in again["first_paint_qt_types"]  # ~90 enums, ~20 ms: created after the paint


def test_a_deferred_window_is_inert_until_complete(
    qtbot: Any, qloop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    store = HistoryStore()
    store.new_conversation(title="三亚 trip", provider="offline", model="offline-planner").append(UserMessage("三亚？"))
    qsettings = QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=Settings(), history=None, qsettings=qsettings, defer=True)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    assert not window.completed
    assert window.dockWidgetArea(window.dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.history_panel.list.count() == 0  # content comes with complete()
    window.composer.setPlainText("三亚天气怎么样")
    window.composer.submit()  # not wired before complete(): nothing runs before the engine exists
    assert window.chat.message_count() == 0 and not hasattr(window, "session")
    window.composer.clear()
    window.set_history(store)
    window.complete(ApprovalLog(tmp_path / "approvals.jsonl"))
    assert window.completed and window.history_panel.list.count() == 1
    assert window.history_panel.list.item(0).data(ID_ROLE) == store.list()[0].id
    with qtbot.waitSignal(window.runDone, timeout=15000) as finished:
        assert window.conversation.send("三亚天气怎么样")
    assert finished.args == ["done"]
    assert "21.4°C" in window.chat.answer_text()  # issue 41: now's typical, not the 33°C sample day
    window.close()


def test_a_layout_saved_by_another_version_still_docks_the_inspector(qtbot: Any, tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)
    old = MainWindow(settings=Settings(), history=None, qsettings=qsettings, defer=True)
    qtbot.addWidget(old)
    qsettings.setValue("window/state", old.saveState(0))  # the layout version before this one
    fresh = MainWindow(settings=Settings(), history=None, qsettings=qsettings, defer=True)
    qtbot.addWidget(fresh)
    assert fresh.dockWidgetArea(fresh.dock) == Qt.DockWidgetArea.RightDockWidgetArea


def test_the_list_role_is_qts_user_role() -> None:
    assert ID_ROLE == Qt.ItemDataRole.UserRole.value


def test_a_failing_warm_up_never_stops_a_run(qtbot: Any, make_window: Any, monkeypatch: Any) -> None:
    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("a backend's package is missing")

    monkeypatch.setattr("desktop_app.runtime.warm_up", broken)
    window = make_window()
    with qtbot.waitSignal(window.runDone, timeout=15000) as finished:
        window.conversation.send("三亚天气怎么样")
    assert finished.args == ["done"] and "21.4°C" in window.chat.answer_text()  # the run answered (issue 41 wording)
