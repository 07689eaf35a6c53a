"""One way to write a sidecar file: a crash, a full disk or a power cut leaves the old file or the new one."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from desktop_app.paths import fsync_dir


def write_atomic(path: Path, text: str | bytes, *, mode: int | None = None) -> None:
    """Temp file beside the target, flush + fsync, os.replace over it, fsync the folder (never half a file).

    A symlink is followed: its target is replaced (the temp file goes in the target's folder) and
    the link stays a link. A target that exists and is not a regular file (a device such as
    /dev/stdout, a FIFO) is written in place, never renamed over. `mode` None keeps mkstemp's
    owner-only 0600 (settings, pins and MCP headers are private).
    """
    path = path.expanduser()
    if _in_place(path):  # a device or FIFO: opened for writing as it is (no truncation, no rename, no new file)
        with _open(path, text) as fh:
            fh.write(text)
            fh.flush()
        return
    target = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with _open(fd, text) as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(target.parent)


def write_export(path: Path, data: str | bytes) -> None:
    """An export the user asked for: atomic, with the ordinary permissions of a new file."""
    mask = os.umask(0)
    os.umask(mask)
    write_atomic(path, data, mode=0o666 & ~mask)


def _in_place(path: Path) -> bool:
    """A device, FIFO or socket (followed through links), or a stream file such as /dev/stdout or
    /proc/self/fd/1 (a rename there would swap the file the shell opened, or fail)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    if not stat.S_ISREG(mode):
        return not stat.S_ISDIR(mode)
    parts = Path(os.path.abspath(path)).parts
    return (len(parts) > 1 and parts[1] in ("dev", "proc")) or os.path.realpath(path).startswith("/proc/")


def _open(file: Path | int, data: str | bytes) -> Any:
    """Binary for bytes, else UTF-8 text with "\n" line ends."""
    if isinstance(data, bytes):
        return open(file, "wb")
    return open(file, "w", encoding="utf-8", newline="\n")


def write_json_atomic(path: Path, data: Any, *, sort_keys: bool = False) -> None:
    """`data` as indented UTF-8 JSON, written with write_atomic."""
    write_atomic(path, json_text(data, sort_keys=sort_keys))


def json_text(data: Any, *, sort_keys: bool = False) -> str:
    """The text write_json_atomic writes: indented UTF-8 JSON and a final newline."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=sort_keys) + "\n"
