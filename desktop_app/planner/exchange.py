"""One tool call and its result, as the planner reads them; its own module so no planner module imports model.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import ToolCall, ToolResultMessage


@dataclass(frozen=True)
class Exchange:
    """One tool call of this run and its result (parsed JSON when it is JSON)."""

    call: ToolCall
    result: ToolResultMessage

    @property
    def data(self) -> Any:
        try:
            return jsonsafe.loads(self.result.content)  # a server's text: depth and size checked
        except ValueError:
            return self.result.content
