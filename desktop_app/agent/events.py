"""Moved to `desktop_app.core.events` (the engine's floor); kept one release for code not yet moved."""

from desktop_app.core.events import *  # noqa: F403
