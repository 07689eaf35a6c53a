"""The screenshot scripts' shared set-up: a fresh app home with its settings.json, then the app
running the script's coroutine (`python packaging/<script>.py` finds this module beside it)."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any


def run_in_fresh_home(prefix: str, settings: dict[str, str], shoot: Callable[[], Coroutine[Any, Any, int]]) -> int:
    """A temporary TRAVEL_ASSISTANT_HOME (nothing of the user's is read or written), the app, `shoot()`."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ["TRAVEL_ASSISTANT_HOME"] = str(home)
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    from desktop_app.app import make_app
    from desktop_app.ui.qt_async import run

    make_app()
    return run(shoot)
