"""Work-arounds for PySide6 6.12 on Python < 3.12, which drops references to None, True and False.

Every call of a void Qt method (`QLabel.setText`, `QSize.setHeight`, …) and every invalid
QVariant handed back to Python drops one reference to None; `SignalInstance.emit()`,
`.connect()` and `.disconnect()` return `True` without a new reference. After a few thousand
calls (a long streamed answer) CPython aborts with "none_dealloc" / "bool_dealloc". Python 3.12
made these objects immortal; `apply_qt_fixes()` does the same by hand, once, and only for a
leak it measured.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QAbstractScrollArea, QWidget

BOOST = 1 << 50  # references added: decades of leaked calls before it could matter


@dataclass(frozen=True)
class QtFixes:
    """Which work-arounds this process needed (each measured once, before any other Qt call)."""

    none: bool = False  # void calls dropped references to None
    bools: bool = False  # signal emit/connect dropped references to True


def leaks_none(calls: int = 200) -> bool:
    """True when void PySide calls drop references to None (the bug is present)."""
    from PySide6.QtCore import QSize

    size = QSize(1, 1)
    before = sys.getrefcount(None)
    for _ in range(calls):
        size.setHeight(2)
    return sys.getrefcount(None) < before - calls // 2


def emit_steals_true() -> bool:
    """Whether this PySide6 build's emit() drops a reference to True."""
    from PySide6.QtCore import QObject, Signal

    class Probe(QObject):
        ping = Signal()

    probe = Probe()
    before = sys.getrefcount(True)
    for _ in range(8):
        probe.ping.emit()
    return sys.getrefcount(True) < before


@functools.cache  # once per process: what it pins stays pinned
def apply_qt_fixes() -> QtFixes:
    """Make None, True and False immortal where this PySide6 leaks them; later calls return the first answer."""
    _quiet_feature_hook()
    if sys.version_info >= (3, 12):
        return QtFixes()
    fixes = QtFixes(none=leaks_none(), bools=emit_steals_true())
    if fixes.none or fixes.bools:
        _pin([None] if fixes.none else [], [True, False] if fixes.bools else [])
    return fixes


def _pin(*groups: list[object]) -> None:
    import ctypes  # only when a leak is there: its import is ~2 ms of start-up

    for group in groups:
        for value in group:
            ctypes.c_ssize_t.from_address(id(value)).value += BOOST


def _quiet_feature_hook() -> None:
    """Make PySide6's import hook read a module's file instead of calling `inspect.getsource`.

    The hook asks of every module imported after PySide6 whether its source names "PySide6".
    `inspect.getsource` walks all of `sys.modules` touching attributes, which on the UI thread
    half-imports lazy packages (pydantic) that the engine thread is importing at that moment:
    "cannot import name … from partially initialized module" in about 1 window start in 25.
    Reading the file answers the same question without touching other modules (and faster).
    """
    import importlib

    importlib.import_module("PySide6.QtCore")  # loads the hook this replaces
    feature = sys.modules.get("shibokensupport.feature")
    upstream = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or upstream is None or getattr(upstream, "quiet", False):
        return

    def mod_uses_pyside(module: object) -> bool:
        path = getattr(module, "__file__", None) if isinstance(module, ModuleType) else None
        if not isinstance(path, str) or not path.endswith(".py"):
            return False  # built-in, extension or source-less: upstream answers False for these too
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return False

    mod_uses_pyside.quiet = True  # type: ignore[attr-defined]
    feature.__dict__["_mod_uses_pyside"] = mod_uses_pyside  # a private name of PySide6's own


def viewport_of(area: QAbstractScrollArea) -> QWidget:
    """`area.viewport()` without PySide6's type walk (call it before any other `viewport()`).

    A QWidget* that Qt created itself (a scroll area's viewport) and Python has not seen yet is
    wrapped by trying every QWidget subclass the bindings know, which builds each one's Python
    type: ~68 types, ~2.4 MB resident, for a window that uses none of QWizard, QMdiArea,
    QCalendarWidget … Found as the named child it is, it is wrapped as a QWidget directly, and
    `viewport()` then returns that wrapper.
    """
    from PySide6.QtWidgets import QWidget

    area.findChild(QWidget, "qt_scrollarea_viewport")
    return area.viewport()
