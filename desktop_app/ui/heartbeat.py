"""A UI heartbeat: a short timer whose worst lateness is the event loop's worst stall."""

from __future__ import annotations

import time

from PySide6 import QtCore
from PySide6.QtCore import QObject, QTimer


class Heartbeat(QObject):
    """Ticks every `interval_ms`; `max_stall_ms` is the largest delay beyond that seen."""

    def __init__(self, interval_ms: int = 5, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.interval_ms = interval_ms
        self.max_stall_ms = 0.0
        self._last = 0.0
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
        self._last = time.perf_counter()

    def _beat(self) -> None:
        now = time.perf_counter()
        late = (now - self._last) * 1000.0 - self.interval_ms
        self.max_stall_ms = max(self.max_stall_ms, late)
        self._last = now
