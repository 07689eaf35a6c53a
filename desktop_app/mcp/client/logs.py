"""`logs/mcp-<server>.log`: a server's stderr and our notes, capped in size and rotated."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
import time
from pathlib import Path
from typing import TextIO

LOG_CAP = 1 << 20  # bytes per file before it is rotated
LOG_BACKUPS = 3  # mcp-x.log.1 ... mcp-x.log.3 are kept


class ServerLog:
    """One server's log file, rotated past `cap`; a stdio server's stderr is copied through a pipe, so
    a server that writes without end cannot make the file grow past the cap."""

    def __init__(self, path: Path, cap: int = LOG_CAP, backups: int = LOG_BACKUPS) -> None:
        self.path = path
        self.cap = cap
        self.backups = backups
        self._lock = threading.Lock()
        self._pipe = -1  # the read end while a child's stderr is being copied
        self._copying = 0  # chunks read but not yet written

    def start_session(self) -> None:
        """A new connection: the last one's log becomes `.1` (the oldest backup is dropped)."""
        with self._lock, contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size:
                self._rotate()

    def append(self, data: bytes) -> None:
        """Add to the file; past the cap the file is rotated (a full disk loses the line)."""
        with self._lock, contextlib.suppress(OSError):
            with self.path.open("ab") as fh:
                fh.write(data)
                size = fh.tell()
            if size >= self.cap:
                self._rotate()

    def _rotate(self) -> None:
        for index in range(self.backups, 0, -1):
            source = self.path if index == 1 else self._backup(index - 1)
            if source.exists():
                os.replace(source, self._backup(index))
        if self.backups < 1:
            self.path.unlink(missing_ok=True)

    def _backup(self, index: int) -> Path:
        return self.path.with_name(f"{self.path.name}.{index}")

    def stderr_pipe(self) -> TextIO:
        """A file to hand a child as stderr; close it once the child is gone (ends the copying)."""
        read_fd, write_fd = os.pipe()
        self._pipe = read_fd
        thread = threading.Thread(target=self._copy, args=(read_fd,), name=f"log:{self.path.name}", daemon=True)
        thread.start()
        return os.fdopen(write_fd, "w", encoding="utf-8", errors="replace")

    def _copy(self, read_fd: int) -> None:
        with os.fdopen(read_fd, "rb", buffering=0) as pipe:
            while chunk := pipe.read(65_536):
                self._copying += 1
                try:
                    self.append(chunk)
                finally:
                    self._copying -= 1
        self._pipe = -1

    async def drain(self, timeout: float = 1.0) -> None:
        """Until what a (dead) server already wrote is in the file, so an error can quote it."""
        deadline = time.monotonic() + timeout
        idle = 0
        while idle < 2 and time.monotonic() < deadline:  # idle twice: a chunk between read and write
            idle = 0 if self._copying or _unread(self._pipe) else idle + 1
            await asyncio.sleep(0.005)


def read_tail(path: Path, size: int) -> str:
    """The last `size` bytes of a log as text, where its latest lines are (OSError when unreadable)."""
    with path.open("rb") as fh:
        fh.seek(0, 2)
        fh.seek(max(0, fh.tell() - size))
        return fh.read().decode("utf-8", "replace")


def _unread(fd: int) -> int:
    """Bytes waiting in a pipe (0 when closed or not knowable on this platform)."""
    if fd < 0 or sys.platform == "win32":
        return 0
    import fcntl
    import termios

    buf = bytearray(4)
    try:
        fcntl.ioctl(fd, termios.FIONREAD, buf)
    except OSError:
        return 0
    return int.from_bytes(buf, sys.byteorder)
