"""PySide6's import hook must not run `inspect.getsource` (it races the engine thread's imports)."""

from __future__ import annotations

import inspect
import json
import sys
from typing import Any

from desktop_app.ui import qt_fixes  # importing the package installs the replacement


def _hook() -> Any:
    return sys.modules["shibokensupport.feature"]._mod_uses_pyside


def test_the_hook_reads_files_and_never_walks_the_modules(monkeypatch: Any) -> None:
    def forbidden(*_args: Any, **_kwargs: Any) -> str:
        raise AssertionError("inspect.getsource walks sys.modules: it half-imports lazy packages")

    monkeypatch.setattr(inspect, "getsource", forbidden)
    hook = _hook()
    assert hook(qt_fixes) is True  # names PySide6 in its source
    assert hook(json) is False
    assert hook(sys) is False  # built in: no file


def test_the_replacement_is_installed_once() -> None:
    first = _hook()
    qt_fixes._quiet_feature_hook()
    assert _hook() is first and getattr(first, "quiet", False)
