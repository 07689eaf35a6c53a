"""What the benchmarks read off the window: first paint, the heartbeat's stalls, loaded modules.

Attached only when asked (`gui --exit-when-done`, TRAVEL_ASSISTANT_BENCH=1): a person's window runs none of it."""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:
    from desktop_app.ui.main_window import MainWindow

FRAME_MS = 16.0  # one frame at 60 Hz: a stall longer than this is logged with its phase
MAX_LOGGED = 200


class Heartbeat(QObject):
    """Ticks every `interval_ms`; `max_stall_ms` is the largest delay beyond that seen, and
    `stalls` lists each one over a frame with the phase (the last engine event the window
    handled) it happened in, so a benchmark can say what to profile."""

    def __init__(self, interval_ms: int = 5, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.interval_ms = interval_ms
        self.max_stall_ms = 0.0
        self.phase = "idle"
        self.stalls: list[tuple[float, float, str]] = []  # (ms since reset, late ms, phase)
        self._last = 0.0
        self.origin = 0.0  # `time.perf_counter()` at the last reset: stall times are counted from here
        self._timer = QTimer(self)
        self._timer.setTimerType(QtCore.Qt.TimerType.PreciseTimer)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._beat)

    def start(self) -> None:
        self._last = time.perf_counter()
        if not self._timer.isActive():
            self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def reset(self) -> None:
        self.max_stall_ms = 0.0
        self.stalls.clear()
        self._last = self.origin = time.perf_counter()

    def watch(self, session: Any) -> None:
        """Beat while the session is busy (and a second after, so the last paint counts); each
        engine event names the phase (the beat that sees a stall comes after that event's slots)."""
        session.every_event(lambda event: self.note(event.type))
        session.runFinished.connect(lambda _status: self.note("run_finished"))
        session.busyChanged.connect(lambda busy: self.start() if busy else QTimer.singleShot(1000, self._idle_stop))
        self._session = session

    def _idle_stop(self) -> None:
        if not self._session.busy:
            self.stop()

    def note(self, phase: str) -> None:
        """What the window is busy with now (kept short: it names each logged stall)."""
        self.phase = phase

    def _beat(self) -> None:
        now = time.perf_counter()
        late = (now - self._last) * 1000.0 - self.interval_ms
        self.max_stall_ms = max(self.max_stall_ms, late)
        if late > FRAME_MS and len(self.stalls) < MAX_LOGGED:
            self.stalls.append(((now - self.origin) * 1000.0, late, self.phase))
        self._last = now


def bench_detail() -> bool:
    """TRAVEL_ASSISTANT_BENCH=1: the figures the benchmarks parse, on stderr."""
    return bool(os.environ.get("TRAVEL_ASSISTANT_BENCH"))


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Probes(QObject):
    """The window's figures for a benchmark: attach before the first paint, `watch()` once the
    window is complete; each `report_*` prints what CONTRACT.md and the benchmarks read."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.heartbeat: Heartbeat | None = None  # made in watch(): its timer type loads Qt's `Qt`
        self.first_paint_epoch = 0.0  # wall clock and process CPU time at the first paint
        self.first_paint_cpu = 0.0
        window.firstPainted.connect(self._stamp)  # emitted inside paintEvent: the paint's own moment

    def _stamp(self) -> None:
        self.first_paint_epoch = time.time()
        self.first_paint_cpu = time.process_time()

    def watch(self) -> None:
        """The complete window's session: the heartbeat beats while it runs."""
        self.heartbeat = Heartbeat(5, self)
        self.heartbeat.watch(self.window.session)

    @staticmethod
    def report_first_paint_modules() -> None:
        """What the first paint loaded (tests check that the engine side was not among it)."""
        if not bench_detail():
            return
        from PySide6 import QtCore, QtGui, QtWidgets

        qt_types = sorted(name for m in (QtCore, QtGui, QtWidgets) for name in vars(m) if name.startswith("Q"))
        _say(f"first_paint_modules={','.join(sorted(sys.modules))}")
        _say(f"first_paint_qt_types={','.join(qt_types)}")

    def report_first_paint(self) -> None:
        if bench_detail():
            _say(f"first_paint_epoch={self.first_paint_epoch:.6f}")
            _say(f"first_paint_cpu={self.first_paint_cpu:.6f}")

    @staticmethod
    def report_ready() -> None:
        """From here Enter sends what was typed."""
        if bench_detail():
            _say(f"ready_epoch={time.time():.6f}")

    def report_stalls(self) -> None:
        """`ui_max_stall_ms` on stdout; with the detail, each late beat and its phase on stderr."""
        beat = self.heartbeat
        if beat is not None and bench_detail():
            _say(f"ui_heartbeat_origin={beat.origin:.6f}")
            for at, late, phase in beat.stalls:
                _say(f"ui_stall at_ms={at:.0f} late_ms={late:.1f} phase={phase}")
        print(f"ui_max_stall_ms={round(beat.max_stall_ms) if beat is not None else 0}", flush=True)
