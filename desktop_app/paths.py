"""Where bundled resources and the user's files live; one env var moves all user files (tests).
Also the one folder fsync that the store's atomic writes and save_itinerary share."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "travel-assistant"
RESOURCES_MARKER = Path("prompts") / "system.md"  # every resources folder has it; a stray `resources` does not


def resources_dir() -> Path:
    """Bundled resources: a PyInstaller bundle's, the installed package's, or the source checkout's."""
    return find_resources(Path(__file__).resolve().parent, getattr(sys, "_MEIPASS", None))


def find_resources(package: Path, bundle: str | None) -> Path:
    """The first real resources folder; the package's own copy before a `resources` beside it (site-packages)."""
    candidates = [Path(bundle) / "resources"] if bundle else []
    candidates += [package / "resources", package.parent / "resources"]
    for path in candidates:
        if (path / RESOURCES_MARKER).is_file():
            return path
    raise FileNotFoundError("the app's resources folder is missing; reinstall the app")


def _home() -> Path | None:
    value = os.environ.get("TRAVEL_ASSISTANT_HOME")
    return Path(value) if value else None


def _user_dir(kind: str) -> Path:
    """The `data` or `config` folder, created on demand: under TRAVEL_ASSISTANT_HOME, else
    platformdirs' (imported here: ~3 ms, not needed with a home)."""
    home = _home()
    if home:
        path = home / kind
    else:
        import platformdirs

        find = platformdirs.user_data_dir if kind == "data" else platformdirs.user_config_dir
        path = Path(find(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """History database and other app data (created on demand)."""
    return _user_dir("data")


def config_dir() -> Path:
    """Settings, MCP config and trust pins (created on demand)."""
    return _user_dir("config")


def documents_dir() -> Path:
    """Where saved itineraries go: a folder in the user's documents (not created here)."""
    home = _home()
    if home:
        return home / "documents" / "Travel Assistant"
    from platformdirs import user_documents_dir

    return Path(user_documents_dir()) / "Travel Assistant"


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new name in `folder` durable where the OS allows opening a folder (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
