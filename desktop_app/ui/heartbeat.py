"""A UI heartbeat: a short timer whose worst lateness is the event loop's worst stall."""

from __future__ import annotations

import time
from typing import Any

from PySide6 import QtCore
from PySide6.QtCore import QObject, QTimer

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
        self._origin = 0.0
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
        self._last = self._origin = time.perf_counter()

    @property
    def origin(self) -> float:
        """`time.perf_counter()` at the last reset: stall times are counted from here."""
        return self._origin

    def watch(self, session: Any) -> None:
        """Beat while the session is busy (and a second after, so the last paint counts); each
        engine event names the phase. Connect before the window's own slots."""
        session.event.connect(lambda event: self.note(event.type))
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
            self.stalls.append(((now - self._origin) * 1000.0, late, self.phase))
        self._last = now
