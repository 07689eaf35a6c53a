"""Guards against PySide6 6.12 on Python < 3.12 returning None without a reference (a crash).

Every call of a void Qt method (`QLabel.setText`, `QSize.setHeight`, …) and every invalid
QVariant handed back to Python drops one reference to None, so after a few thousand calls
CPython aborts with "none_dealloc: deallocating None". Python 3.12 made None immortal; here
we do the same by hand, and only when the leak is measured.
"""

from __future__ import annotations

import sys

BOOST = 1 << 50  # references added to None: decades of leaked calls before it could matter
_state = {"checked": False, "applied": False}


def leaks_none(calls: int = 200) -> bool:
    """True when void PySide calls drop references to None (the bug is present)."""
    from PySide6.QtCore import QSize

    size = QSize(1, 1)
    before = sys.getrefcount(None)
    for _ in range(calls):
        size.setHeight(2)
    return sys.getrefcount(None) < before - calls // 2


def protect_none() -> bool:
    """Make None effectively immortal when the leak is present; True when it was applied."""
    if _state["checked"]:
        return _state["applied"]
    _state["checked"] = True
    if sys.version_info >= (3, 12) or not leaks_none():
        return False
    import ctypes  # only when the leak is there: its import is ~2 ms of start-up

    ctypes.c_ssize_t.from_address(id(None)).value += BOOST
    _state["applied"] = True
    return True


protect_none()
