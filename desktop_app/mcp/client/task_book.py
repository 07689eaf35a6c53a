"""MCP tasks that may outlive a run: a small JSON file in the data folder, read on the next start.

Written when a server accepts a task, struck off once its end is known; `mcp tasks` lists the rest."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop_app import jsonsafe
from desktop_app.paths import data_dir
from desktop_app.store.atomic import write_json_atomic

FILE_NAME = "mcp-tasks.json"
MAX_RECORDS = 200  # a server that never ends its tasks cannot grow the file without bound
_LOCK = threading.Lock()  # two calls ending at once (each in a worker thread) must not lose a record


@dataclass(frozen=True)
class TaskRecord:
    """One task a server accepted for us: enough to ask about it again later."""

    server: str
    tool: str
    task_id: str
    started: str  # ISO 8601, local time with offset

    def to_json(self) -> dict[str, str]:
        return {"server": self.server, "tool": self.tool, "taskId": self.task_id, "started": self.started}


class TaskBook:
    """The running tasks file (one per data folder); every method reads it afresh, so two runs share it."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / FILE_NAME
        self.problem = ""  # why the file could not be read ("" when it could, or does not exist)

    def records(self) -> list[TaskRecord]:
        self.problem = ""
        try:
            data = jsonsafe.read_file(self.path)
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            self.problem = f"cannot read {self.path}: {exc}"
            return []
        items = data.get("tasks") if isinstance(data, dict) else None
        return [r for r in (_record(item) for item in items or []) if r is not None]

    def add(self, record: TaskRecord) -> None:
        with _LOCK:
            kept = [r for r in self.records() if (r.server, r.task_id) != (record.server, record.task_id)]
            self._write([*kept, record][-MAX_RECORDS:])

    def remove(self, server: str, task_id: str) -> bool:
        """Strike a task off; False when it was not listed."""
        with _LOCK:
            found = self.records()
            kept = [r for r in found if (r.server, r.task_id) != (server, task_id)]
            if len(kept) == len(found):
                return False
            self._write(kept)
            return True

    def _write(self, records: list[TaskRecord]) -> None:
        if not records and not self.path.exists():
            return
        write_json_atomic(self.path, {"tasks": [r.to_json() for r in records]})


def _record(item: Any) -> TaskRecord | None:
    if not isinstance(item, dict):
        return None
    fields = [item.get(k) for k in ("server", "tool", "taskId", "started")]
    if not all(isinstance(f, str) and f for f in fields[:3]):
        return None
    return TaskRecord(str(fields[0]), str(fields[1]), str(fields[2]), str(fields[3] or ""))


def leftover_notice(book: TaskBook | None = None) -> str:
    """One line naming tasks an earlier run left behind ("" when there are none)."""
    book = book or TaskBook()
    found = book.records()
    if book.problem:
        return f"MCP tasks file: {book.problem}"
    if not found:
        return ""
    servers = ", ".join(sorted({r.server for r in found}))
    return (
        f"{len(found)} MCP task(s) started earlier may still be running on {servers}: "
        "see `travel-assistant mcp tasks` (cancel or fetch their results there)"
    )
