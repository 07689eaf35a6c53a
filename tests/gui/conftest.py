"""GUI fixtures: a qasync loop on pytest-qt's running app, and a real MainWindow factory."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from desktop_app.agent.approval import Approver
from desktop_app.llm.base import ChatModel
from desktop_app.runtime import OpenRun, RunOptions
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef

# the offscreen platform's harmless notices when a window is shown or raised
OFFSCREEN_NOISE = r"^This plugin does not support (propagateSizeHints|raise)\(\)$"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/gui/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


@pytest.fixture
def qloop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """asyncio on the Qt loop pytest-qt spins (waitSignal runs it); stopped without quitting."""
    import qasync

    loop: asyncio.AbstractEventLoop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    yield loop
    with mock.patch.object(QApplication, "exit"):
        loop.stop()
    asyncio.events._set_running_loop(None)
    loop.close()
    asyncio.set_event_loop(None)
    gc.collect()  # Qt objects in cycles die here, on the GUI thread, not in a later engine thread


def scripted_factory(model: ChatModel | None = None, tools: Sequence[ToolDef] = ()) -> Callable[..., Any]:
    """`open_run` with extra tools and, when given, a scripted model instead of the offline one."""

    async def factory(
        settings: Settings,
        options: RunOptions,
        approver: Approver,
        *,
        save: bool = True,
        title: str = "",
        conversation_id: str = "",
    ) -> OpenRun:
        from desktop_app.runtime import open_run

        options.extra_tools = list(tools)
        run = await open_run(settings, options, approver, save=save, title=title, conversation_id=conversation_id)
        if model is not None:
            await run.agent.model.aclose()
            run.agent.model = model
        return run

    return factory


@pytest.fixture
def make_window(qtbot: Any, qloop: asyncio.AbstractEventLoop, tmp_path: Path) -> Iterator[Any]:
    """Build the real MainWindow (own settings, history, QSettings file, approval log)."""
    from desktop_app.store.approval_log import ApprovalLog
    from desktop_app.store.history import HistoryStore
    from desktop_app.ui.i18n import Language
    from desktop_app.ui.main_window import MainWindow

    windows: list[MainWindow] = []

    def make(
        run_factory: Callable[..., Any] | None = None,
        settings: Settings | None = None,
        language: str = "en",
        timeout_s: float | None = None,
    ) -> MainWindow:
        lang = Language(QApplication.instance())  # type: ignore[arg-type]
        lang.apply(language)
        window = MainWindow(
            settings=settings or Settings(),
            history=HistoryStore(),
            qsettings=QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat),
            language=lang,
            run_factory=run_factory,
            approval_log=ApprovalLog(tmp_path / "approvals.jsonl"),
        )
        if timeout_s is not None:
            window.approver._timeout = timeout_s
        qtbot.addWidget(window)
        windows.append(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield make
    for window in windows:
        window.close()
        if window.language is not None:
            window.language.apply("en")
