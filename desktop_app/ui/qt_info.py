"""The Qt versions for `--version --verbose` (here because only desktop_app/ui may import Qt)."""

from __future__ import annotations

import PySide6
from PySide6.QtCore import qVersion


def qt_versions() -> str:
    """PySide6's version and the Qt library it loaded: a distro's Qt can differ from the wheel's."""
    return f"PySide6 {PySide6.__version__}, Qt {qVersion()}"
