"""A person in the loop of a server's call: form and sampling texts, a clock that stops while they answer."""

from __future__ import annotations

import asyncio
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from desktop_app.mcp.client.interact import ElicitationResult, SamplingRequest
from desktop_app.tools.registry import ToolOutput
from desktop_app.visible import reveal

# How long a person may take to answer a server's form or sampling request inside one call.
PERSON_ALLOWANCE = 900.0


class PersonClock:
    """Counts time spent waiting on a person (forms, sampling approval) so timeouts skip it."""

    def __init__(self) -> None:
        self.asking = 0
        self._changed = asyncio.Event()

    @contextmanager
    def person(self) -> Any:
        self.asking += 1
        self._signal()
        try:
            yield
        finally:
            self.asking -= 1
            self._signal()

    def _signal(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def run(self, task: asyncio.Task[Any], budget: float) -> bool:
        """Wait for `task`; False when it spent `budget` seconds of non-person time."""
        loop = asyncio.get_running_loop()
        while not task.done():
            changed = asyncio.ensure_future(self._changed.wait())
            started, was_asking = loop.time(), self.asking
            try:
                limit = None if was_asking else max(budget, 0.0)
                await asyncio.wait({task, changed}, timeout=limit, return_when="FIRST_COMPLETED")
            finally:
                changed.cancel()
            if not was_asking:
                budget -= loop.time() - started
            if budget <= 0 and not task.done() and not self.asking:
                return False
        return True


def elicit_note(message: str, answer: ElicitationResult) -> str:
    """The model's view of a form that was not accepted (the server only hears the action)."""
    why = answer.reason or f"the user chose {answer.action}"
    short = message if len(message) <= 160 else message[:160] + "…"
    return f'the server asked the user "{short}", but {why} (the server was told "{answer.action}")'


def with_notes(output: ToolOutput, notes: list[str]) -> ToolOutput:
    if not notes:
        return output
    lines = "\n".join(f"[travel-assistant: {note}]" for note in notes)
    return replace(output, content=f"{output.content}\n{lines}")


def sampling_request(server: str, params: Any) -> SamplingRequest:
    """The SDK's CreateMessageRequestParams as plain text the user can read (hidden chars shown)."""
    warnings: list[str] = []
    messages = []
    for msg in params.messages:
        parts = []
        for block in msg.content_as_list:
            text = getattr(block, "text", None)
            parts.append(text if isinstance(text, str) else f"[{getattr(block, 'type', '?')}]")
        shown, warns = reveal("\n".join(parts))
        warnings += warns
        messages.append((str(msg.role), shown))
    system, warns = reveal(params.system_prompt or "")
    hints = params.model_preferences.hints if params.model_preferences else None
    return SamplingRequest(
        server=server,
        messages=tuple(messages),
        system_prompt=system,
        max_tokens=params.max_tokens,
        temperature=params.temperature,
        model_hints=tuple(h.name for h in hints or () if getattr(h, "name", None)),
        warnings=tuple(warnings + warns),
    )
