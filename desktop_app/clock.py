"""The one "today" of the app: tests and demos pin it with TRAVEL_ASSISTANT_TODAY=YYYY-MM-DD."""

from __future__ import annotations

import contextlib
import os
from datetime import date

ENV = "TRAVEL_ASSISTANT_TODAY"


def today() -> date:
    """Today's date, or the pinned one (an unreadable pin is ignored: the real date is safer than none)."""
    with contextlib.suppress(ValueError):  # unset ("") or unreadable
        return date.fromisoformat(os.environ.get(ENV, "").strip())
    return date.today()
