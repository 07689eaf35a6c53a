"""The approvals log: every decision as a JSON line, written on the engine thread that decides."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from desktop_app import jsonsafe
from desktop_app.store.atomic import write_atomic

LOG_KEEP = 500  # decisions kept in the log file


@dataclass
class DecisionRecord:
    """One decision, as listed in Settings: who allowed or denied what, and how."""

    tool: str
    call_id: str
    decision: str  # approved | denied
    scope: str  # once | conversation | always | dismissed | timeout | cancelled
    reason: str = ""
    conversation_id: str = ""
    source: str = ""
    risk: str = ""
    arguments: str = ""
    at: float = field(default_factory=time.time)


class ApprovalLog:
    """Every decision as a JSON line (the newest LOG_KEEP kept in the file)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._records: list[DecisionRecord] = self._read()

    def _read(self) -> list[DecisionRecord]:
        if self.path is None:
            return []
        try:  # jsonsafe's policy: a file over its size limit is not read at all
            lines = jsonsafe.read_text(self.path).splitlines()[-LOG_KEEP:]
        except (OSError, ValueError):
            return []  # missing, unreadable or too large: the log starts again
        records = []
        for line in lines:
            try:
                records.append(DecisionRecord(**jsonsafe.loads(line)))
            except (TypeError, ValueError):
                continue  # a damaged line never stops the app
        return records

    def add(self, record: DecisionRecord) -> None:
        # replaced whole, never changed in place: the window reads records() on its own thread
        self._records = [*self._records[-(LOG_KEEP - 1) :], record]
        if self.path is not None:  # rewritten whole and atomically: a crash never leaves half a line
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lines = [json.dumps(asdict(r), ensure_ascii=False) + "\n" for r in self._records]
            write_atomic(self.path, "".join(lines))

    def records(self) -> list[DecisionRecord]:
        return list(self._records)
