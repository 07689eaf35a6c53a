"""Where bundled resources and the user's files live; one env var moves all user files (tests)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir, user_documents_dir

APP = "travel-assistant"


def resources_dir() -> Path:
    """Bundled resources: the repo's `resources/`, a wheel's copy, or a PyInstaller bundle's."""
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = [Path(bundle) / "resources"] if bundle else []
    candidates.append(Path(__file__).resolve().parent.parent / "resources")
    candidates.append(Path(__file__).resolve().parent / "resources")
    for path in candidates:
        if path.is_dir():
            return path
    raise FileNotFoundError("the app's resources folder is missing; reinstall the app")


def _home() -> Path | None:
    value = os.environ.get("TRAVEL_ASSISTANT_HOME")
    return Path(value) if value else None


def data_dir() -> Path:
    """History database and other app data (created on demand)."""
    home = _home()
    path = (home / "data") if home else Path(user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Settings, MCP config and trust pins (created on demand)."""
    home = _home()
    path = (home / "config") if home else Path(user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def documents_dir() -> Path:
    """Where saved itineraries go: a folder in the user's documents (not created here)."""
    home = _home()
    if home:
        return home / "documents" / "Travel Assistant"
    return Path(user_documents_dir()) / "Travel Assistant"
