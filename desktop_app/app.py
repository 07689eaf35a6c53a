"""Builds the QApplication, the asyncio-on-Qt loop and the window; runs the scripted demo."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import traceback
from types import TracebackType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:  # asyncio (and qasync) are imported only after the window's first paint
    import asyncio
    from collections.abc import Mapping
    from pathlib import Path

    from PySide6.QtWidgets import QMessageBox

    from desktop_app.ui.main_window import MainWindow
    from desktop_app.ui.probes import Probes

log = logging.getLogger("desktop_app")
APP_ID = "travel-assistant"
FIRST_PAINT_WAIT_MS = 2000  # a window that is never exposed (e.g. started minimised) must not hold start-up


def make_app() -> QApplication:
    """The one QApplication, named so the window matches its desktop entry."""
    import desktop_app.ui  # noqa: F401 - applies the PySide6 signal work-around first

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    QGuiApplication.setApplicationName(APP_ID)
    QGuiApplication.setApplicationDisplayName("Travel Assistant")
    QGuiApplication.setDesktopFileName(APP_ID)
    app.setQuitOnLastWindowClosed(False)  # main() ends the loop itself when the window closes
    return app


def trip_pdf(markdown: str, title: str) -> bytes:
    """`trip export --format pdf`: the CLI reaches Qt through here (commands may not import ui)."""
    from desktop_app.ui.trip_pdf import pdf_bytes

    return pdf_bytes(markdown, title)


def set_app_icon(app: QApplication) -> None:
    """Every size packaging rendered (16 ... 256 px); run_gui sets it after the first paint,
    since a platform window decodes them all when the icon is set."""
    from PySide6.QtGui import QIcon

    from desktop_app.paths import resources_dir

    icon = QIcon()
    for path in sorted((resources_dir() / "icons").glob("travel-assistant*.png")):
        icon.addFile(str(path))
    if not icon.isNull():
        app.setWindowIcon(icon)


class ErrorReporter:
    """sys.excepthook and the loop's exception handler: log, then show a non-modal message."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.boxes: list[QMessageBox] = []

    def install(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        sys.excepthook = self.excepthook
        if loop is not None:
            loop.set_exception_handler(self.loop_handler)

    def excepthook(self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        log.error("unhandled error", exc_info=(kind, exc, tb))
        self.show(f"{kind.__name__}: {exc}", "".join(traceback.format_exception(kind, exc, tb)))

    def loop_handler(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        import asyncio

        exc = context.get("exception")
        if isinstance(exc, asyncio.CancelledError):
            return
        log.error("unhandled error in a task: %s", context.get("message"), exc_info=exc)
        text = f"{type(exc).__name__}: {exc}" if exc else str(context.get("message"))
        self.show(text, "".join(traceback.format_exception(exc)) if exc else "")

    def show(self, text: str, details: str) -> None:
        try:
            from PySide6.QtWidgets import QMessageBox

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


def build_window(args: argparse.Namespace, app: QApplication, defer: bool = False) -> MainWindow:
    """The window with its settings, stores and translations (also used by tests);
    `defer=True` leaves the rest to `complete_window` after the first paint."""
    from desktop_app.paths import config_dir
    from desktop_app.store.settings import Settings
    from desktop_app.ui.i18n import Language
    from desktop_app.ui.main_window import MainWindow

    problems: list[str] = []
    settings = Settings.load(problems.append)
    for line in problems:  # a wrong setting: one line each, on stderr and in the status bar
        print(f"travel-assistant: {line}", file=sys.stderr)
    if settings.color_scheme:  # a forced scheme; following the OS costs nothing at start-up
        from desktop_app.ui.palette import apply_scheme

        apply_scheme(settings.color_scheme)
    language = Language(app)
    language.apply(settings.language)
    overrides = {k: str(getattr(args, k, "") or "") for k in ("provider", "model", "base_url", "mcp_config")}
    qsettings = QSettings(str(config_dir() / "window.ini"), QSettings.Format.IniFormat)
    window = MainWindow(
        settings=settings,
        history=None,  # opened by complete_window
        qsettings=qsettings,
        language=language,
        overrides={k: v for k, v in overrides.items() if v},
        defer=True,
    )
    if problems:
        window.statusBar().showMessage(" · ".join(problems))
    if not defer:
        complete_window(window)
    return window


def complete_window(window: MainWindow) -> None:
    """The window's history, engine side and the rest, with the approval log on disk."""
    from desktop_app.paths import data_dir
    from desktop_app.store.approval_log import ApprovalLog

    window.set_history(_history(window))
    try:
        log_path: Path | None = data_dir() / "approvals.jsonl"
    except OSError:
        log_path = None  # the data folder is unusable: _history said so; decisions stay in memory
    window.complete(ApprovalLog(log_path))


def paint_first(window: MainWindow) -> None:
    """Show the window and let Qt's own loop paint it, before asyncio, qasync and the engine
    side are imported: what the first paint does not need comes after it."""
    window.show()
    if window.painted:
        return
    waiter = QEventLoop()
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(waiter.quit)
    window.firstPainted.connect(waiter.quit)
    timer.start(FIRST_PAINT_WAIT_MS)
    waiter.exec()
    timer.stop()
    window.firstPainted.disconnect(waiter.quit)


def _history(window: MainWindow) -> Any:
    from desktop_app.store.history import HistoryError, HistoryStore

    try:
        return HistoryStore()
    except HistoryError as exc:  # e.g. the data folder is a file: one line, the window still opens
        print(f"travel-assistant: {exc}", file=sys.stderr)
        window.statusBar().showMessage(str(exc))
        return None


async def _main(args: argparse.Namespace, window: MainWindow, reporter: ErrorReporter, probes: Probes | None) -> int:
    import asyncio

    reporter.install(asyncio.get_running_loop())
    complete_window(window)
    if probes is not None:
        probes.watch()
        probes.report_ready()
    closed: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def on_closed() -> None:
        if not closed.done():
            closed.set_result(0)

    window.closed.connect(on_closed)
    demo = asyncio.ensure_future(_scripted(window, args, closed, probes))
    code = await closed
    demo.cancel()
    await window.session.wait()
    return code


async def _scripted(
    window: MainWindow, args: argparse.Namespace, closed: asyncio.Future[int], probes: Probes | None
) -> None:
    """`--prompt`, `--screenshot`, `--exit-when-done` as CONTRACT.md describes them."""
    import asyncio

    from desktop_app.ui.qt_async import next_emission

    if not window.painted:
        await next_emission(window.firstPainted)
    if probes is not None:
        probes.report_first_paint()
    open_requested(window, args)
    status = await _send_prompt(window, args.prompt, probes) if args.prompt else "done"
    await _drawn(window)
    for _ in range(3):  # let layouts settle before grabbing
        await asyncio.sleep(0)
    if args.screenshot and not window.grab().save(args.screenshot, "PNG"):
        print(f"travel-assistant: could not write {args.screenshot}", file=sys.stderr)
    if args.exit_when_done:
        if args.prompt:  # the finished run's last layout and paint happen after runDone
            await asyncio.sleep(0.25)
        if probes is not None:
            probes.report_stalls()
        if not closed.done():
            closed.set_result(0 if status == "done" else 1)
        window.close()


async def _send_prompt(window: MainWindow, prompt: str, probes: Probes | None) -> str:
    """`--prompt`: sent as if typed once the engine is warm; the run's end status."""
    from desktop_app.ui.qt_async import next_emission

    await window.session.warm_up()  # as a person would: typing takes longer than preloading
    if probes is not None and probes.heartbeat is not None:
        probes.heartbeat.reset()
    finished = next_emission(window.runDone)
    window.conversation.send(prompt)
    (status,) = await finished
    return str(status)


async def _drawn(window: MainWindow) -> None:
    """Until the answer is drawn whole (the end of a burst is drawn over a few loop turns)."""
    import asyncio

    while window.chat.drawing():
        await asyncio.sleep(0.01)


def resolve_requested(args: argparse.Namespace) -> None:
    """`--conversation ID` made a full id before any window exists: an unknown or ambiguous one
    is one line and exit 2 (UsageError), not a window that opens and then complains."""
    ref = str(getattr(args, "conversation", "") or "")
    if ref:
        from desktop_app.commands.history import saved_conversation

        args.conversation = saved_conversation(ref)


def open_requested(window: MainWindow, args: argparse.Namespace) -> None:
    """Show the `--conversation` the user asked for, selected in the list as if clicked there."""
    conversation_id = str(getattr(args, "conversation", "") or "")
    if conversation_id:
        window.conversation.open(conversation_id)
        window.history_panel.select(conversation_id)


def display_problem(env: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """Why no window can open here, in one line ("" when one may): on Linux and the BSDs, no X or
    Wayland display and no Qt platform chosen (Qt would abort with its plugin message, exit 134)."""
    if platform in ("win32", "darwin") or any(env.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        return ""
    return (
        "no display found (DISPLAY and WAYLAND_DISPLAY are not set): for answers without a window use "
        '`travel-assistant ask "…"`; to run the window without a screen set QT_QPA_PLATFORM=offscreen'
    )


def run_gui(args: argparse.Namespace) -> int:
    """`travel-assistant gui`: the window on a qasync loop; returns the exit status."""
    problem = display_problem()
    if problem:
        from desktop_app.commands.flags import fail

        return fail(problem, 2)
    resolve_requested(args)
    app = make_app()
    reporter = ErrorReporter()
    reporter.install()  # the loop's handler joins once the loop runs
    window = build_window(args, app, defer=True)
    reporter.parent = window
    probes = None  # the benchmarks' figures: only when a run's end is to be reported
    if args.exit_when_done or os.environ.get("TRAVEL_ASSISTANT_BENCH"):
        from desktop_app.ui.probes import Probes

        probes = Probes(window)
    paint_first(window)
    if probes is not None:
        probes.report_first_paint_modules()
    _setup_logging()  # the log file (data folder, platformdirs): after the first paint, before the engine
    set_app_icon(app)
    from desktop_app.ui.qt_async import run

    return run(lambda: _main(args, window, reporter, probes))
