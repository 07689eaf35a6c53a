"""Work around PySide6 6.12.0 on Python < 3.12: signal emit/connect steal a reference to True.

`SignalInstance.emit()`, `.connect()` and `.disconnect()` return `True` without a new reference,
so every call takes one reference away from `True`; after a few thousand (a long streamed answer)
CPython aborts with "bool_dealloc: deallocating True or False". Python 3.12 made True immortal;
here we do the same by hand, once, and only when the leak is detected.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal

PIN = 1 << 40  # references added: more than any process will ever emit


class _Probe(QObject):
    ping = Signal()


def emit_steals_true() -> bool:
    """Whether this PySide6 build's emit() drops a reference to True."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(8):
        probe.ping.emit()
    return sys.getrefcount(True) < before


def apply() -> bool:
    """Make True and False immortal when needed; True when the fix was applied."""
    if sys.version_info >= (3, 12) or not emit_steals_true():
        return False
    import ctypes  # only when the leak is there: its import is ~2 ms of start-up

    for value in (True, False):
        ctypes.c_ssize_t.from_address(id(value)).value += PIN
    return True


APPLIED = apply()
