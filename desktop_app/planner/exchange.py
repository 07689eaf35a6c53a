"""One tool call and its result, as the planner reads them; its own module so no planner module imports model.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import ToolCall, ToolResultMessage
from desktop_app.planner.wording import say


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


def denials(exchanges: list[Exchange], lang: str) -> str:
    """One line per call the traveller declined, so the answer never reads as if it ran."""
    declined = say(lang, "你拒绝了这次调用", "you declined this call")
    lines = [f"- {e.call.name}: {declined}" for e in exchanges if e.result.is_error and "denied" in e.result.content]
    return ("\n\n" + "\n".join(lines)) if lines else ""
