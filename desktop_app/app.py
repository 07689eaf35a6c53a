"""Builds the QApplication, the asyncio-on-Qt loop and the window; runs the scripted demo."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import traceback
from types import TracebackType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

if TYPE_CHECKING:
    from desktop_app.ui.main_window import MainWindow

log = logging.getLogger("desktop_app")
APP_ID = "travel-assistant"


def make_app() -> QApplication:
    """The one QApplication, named so the window matches its desktop entry."""
    import desktop_app.ui  # noqa: F401 - applies the PySide6 signal work-around first

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    QGuiApplication.setApplicationName(APP_ID)
    QGuiApplication.setApplicationDisplayName("Travel Assistant")
    QGuiApplication.setDesktopFileName(APP_ID)
    from desktop_app.paths import resources_dir

    icon = QIcon()
    for path in sorted((resources_dir() / "icons").glob("travel-assistant*.png")):
        icon.addFile(str(path))  # every size packaging rendered (16 ... 256 px)
    if not icon.isNull():
        app.setWindowIcon(icon)
    app.setQuitOnLastWindowClosed(False)  # main() ends the loop itself when the window closes
    return app


class ErrorReporter:
    """sys.excepthook and the loop's exception handler: log, then show a non-modal message."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.boxes: list[QMessageBox] = []

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        sys.excepthook = self.excepthook
        loop.set_exception_handler(self.loop_handler)

    def excepthook(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        log.error("unhandled error", exc_info=(kind, exc, tb))
        self.show(f"{kind.__name__}: {exc}", "".join(traceback.format_exception(kind, exc, tb)))

    def loop_handler(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, asyncio.CancelledError):
            return
        log.error("unhandled error in a task: %s", context.get("message"), exc_info=exc)
        text = f"{type(exc).__name__}: {exc}" if exc else str(context.get("message"))
        self.show(text, "".join(traceback.format_exception(exc)) if exc else "")

    def show(self, text: str, details: str) -> None:
        try:
            from desktop_app.ui.i18n import tr

            box = QMessageBox(
                QMessageBox.Icon.Warning,
                tr("Something went wrong"),
                tr("An internal error happened; the app keeps running.") + "\n\n" + text,
                QMessageBox.StandardButton.Ok,
                self.parent,
            )
            box.setDetailedText(details)
            box.setModal(False)
            box.finished.connect(lambda _r: self.boxes.remove(box) if box in self.boxes else None)
            self.boxes.append(box)
            box.show()
        except Exception:  # noqa: BLE001 - reporting must never raise itself
            print(f"travel-assistant: internal error: {text}", file=sys.stderr)


def _setup_logging() -> None:
    from desktop_app.paths import data_dir

    try:
        handler: logging.Handler = logging.FileHandler(data_dir() / "travel-assistant.log", encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def build_window(args: argparse.Namespace, app: QApplication) -> MainWindow:
    """The window with its settings, stores and translations (also used by tests)."""
    from desktop_app.paths import config_dir, data_dir
    from desktop_app.store.settings import Settings
    from desktop_app.ui.approval import ApprovalLog
    from desktop_app.ui.i18n import Language
    from desktop_app.ui.main_window import MainWindow

    settings = Settings.load()
    language = Language(app)
    language.apply(settings.language)
    overrides = {k: str(getattr(args, k, "") or "") for k in ("provider", "model", "base_url", "mcp_config")}
    qsettings = QSettings(str(config_dir() / "window.ini"), QSettings.Format.IniFormat)
    return MainWindow(
        settings=settings,
        history=_history(),
        qsettings=qsettings,
        language=language,
        overrides={k: v for k, v in overrides.items() if v},
        approval_log=ApprovalLog(data_dir() / "approvals.jsonl"),
    )


def _history() -> Any:
    try:
        from desktop_app.store.history import HistoryStore
    except ImportError:
        log.warning("history is not available in this build")
        return None
    return HistoryStore()


async def _main(args: argparse.Namespace, app: QApplication) -> int:
    window = build_window(args, app)
    reporter = ErrorReporter(window)
    reporter.install(asyncio.get_running_loop())
    closed: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def on_closed() -> None:
        if not closed.done():
            closed.set_result(0)

    window.closed.connect(on_closed)
    demo = asyncio.ensure_future(_scripted(window, args, closed))
    window.show()
    code = await closed
    demo.cancel()
    await window.session.wait()
    return code


async def _scripted(window: MainWindow, args: argparse.Namespace, closed: asyncio.Future[int]) -> None:
    """`--prompt`, `--screenshot`, `--exit-when-done` as CONTRACT.md describes them."""
    from desktop_app.ui.qt_async import next_emission

    if not window.painted:
        await next_emission(window.firstPainted)
    if os.environ.get("TRAVEL_ASSISTANT_BENCH"):
        print(f"first_paint_epoch={window.first_paint_epoch:.6f}", file=sys.stderr, flush=True)
    status = "done"
    if args.prompt:
        await window.session.warm_up()  # as a person would: typing takes longer than preloading
        window.heartbeat.reset()
        finished = next_emission(window.runDone)
        window.send(args.prompt)
        (status,) = await finished
    for _ in range(3):  # let layouts settle before grabbing
        await asyncio.sleep(0)
    if args.screenshot:
        if not window.grab().save(args.screenshot, "PNG"):
            print(f"travel-assistant: could not write {args.screenshot}", file=sys.stderr)
    if args.exit_when_done:
        print(f"ui_max_stall_ms={round(window.heartbeat.max_stall_ms)}", flush=True)
        if not closed.done():
            closed.set_result(0 if status == "done" else 1)
        window.close()


def run_gui(args: argparse.Namespace) -> int:
    """`travel-assistant gui`: the window on a qasync loop; returns the exit status."""
    _setup_logging()
    app = make_app()
    from desktop_app.ui.qt_async import run

    return run(lambda: _main(args, app))
