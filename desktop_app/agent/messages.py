"""Moved to `desktop_app.core.messages` (the engine's floor); kept one release for code not yet moved."""

from desktop_app.core.messages import *  # noqa: F403
