"""One way to write a sidecar file: a crash, a full disk or a power cut leaves the old file or the new one."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomic(path: Path, text: str, *, mode: int | None = None) -> None:
    """Temp file beside `path`, flush + fsync, os.replace over it, fsync the folder (never half a file).

    `mode` None keeps mkstemp's owner-only 0600 (settings, pins and MCP headers are private).
    """
    path = path.expanduser()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def write_json_atomic(path: Path, data: Any, *, sort_keys: bool = False) -> None:
    """`data` as indented UTF-8 JSON, written with write_atomic."""
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=sort_keys) + "\n")


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the OS allows opening a folder (not on Windows)."""
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
