"""Whether any keyring backend could possibly work here, answered without importing keyring.

Its plugins bring secretstorage and cryptography (~8 MB), for nothing on a headless machine; when
in doubt this says "maybe", so keyring is asked as before."""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
from pathlib import Path

# keyring's own backends that need a D-Bus session bus on Linux and the BSDs (SecretService via
# jeepney, which reads only DBUS_SESSION_BUS_ADDRESS) or a module that may find one by itself
# (libsecret via gi, KWallet via dbus-python: X11 autolaunch, $XDG_RUNTIME_DIR/bus)
_BUS_FINDERS = ("gi", "dbus")


def keyring_may_work() -> bool:
    """False only when keyring would surely end with its fail backend; True when it may not."""
    if "keyring" in sys.modules or sys.platform in ("darwin", "win32", "cygwin"):
        return True
    if os.environ.get("PYTHON_KEYRING_BACKEND") or os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return True
    if _config_file().exists():
        return True
    if any(importlib.util.find_spec(name) is not None for name in _BUS_FINDERS):
        return True
    return _plugin_backends(tuple(sys.path))


def _config_file() -> Path:
    """keyring's keyringrc.cfg on Linux (keyring.util.platform_.config_root)."""
    root = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(root, "python_keyring", "keyringrc.cfg")


@functools.lru_cache(maxsize=4)
def _plugin_backends(path: tuple[str, ...]) -> bool:
    """Whether an installed distribution other than keyring registers `keyring.backends` entry points."""
    for folder in path:
        try:
            entries = os.scandir(folder or ".")
        except OSError:
            continue
        with entries:
            for entry in entries:
                name = entry.name
                if not name.endswith((".dist-info", ".egg-info")) or name.lower().startswith("keyring-"):
                    continue
                try:
                    text = Path(entry.path, "entry_points.txt").read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                if "keyring.backends" in text:
                    return True
    return False
