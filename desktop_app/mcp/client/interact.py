"""A person in the loop of a server's call: a server asking the user (elicitation) or for a completion
(sampling), the handlers, the texts shown, and a clock that stops while the person answers."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from desktop_app.core.messages import AssistantMessage, Message, UserMessage
from desktop_app.llm.base import ChatModel, Completed, ModelRequest, ProviderError
from desktop_app.tools.registry import ToolOutput
from desktop_app.visible import reveal

HEADLESS_SAMPLE = (
    "declined: travel-assistant is running without a window, so it cannot ask the user to "
    "approve a completion requested by an MCP server"
)


@dataclass(frozen=True)
class ElicitationResult:
    """The user's answer to a server's form: accept (with data), decline, or cancel (dismissed)."""

    action: Literal["accept", "decline", "cancel"]
    content: dict[str, Any] | None = None
    reason: str = ""  # the protocol carries none: for our log and a note to the model


class ElicitationHandler(Protocol):
    """Shows a form generated from `schema` (flat JSON Schema object) with `message` above it."""

    async def elicit(self, server: str, message: str, schema: dict[str, Any]) -> ElicitationResult:
        """`message` arrives with invisible characters already made visible."""
        ...


@dataclass(frozen=True)
class SamplingRequest:
    """A server's request for a completion, reduced to what a user can judge and a model needs."""

    server: str
    messages: tuple[tuple[str, str], ...]  # (role "user"/"assistant", text)
    system_prompt: str = ""
    max_tokens: int = 0
    temperature: float | None = None
    model_hints: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class SamplingResult:
    """Approved with the model's text, or declined with the reason the server is told."""

    approved: bool
    text: str = ""
    model: str = ""
    reason: str = ""


class SamplingHandler(Protocol):
    """Shows the request to the user; on approval sends it to the configured provider."""

    async def sample(self, request: SamplingRequest) -> SamplingResult: ...


class HeadlessInteraction:
    """The default without a window: declines both, saying why."""

    async def elicit(self, server: str, message: str, schema: dict[str, Any]) -> ElicitationResult:
        return ElicitationResult("decline", reason=headless_elicit_reason())

    async def sample(self, request: SamplingRequest) -> SamplingResult:
        return SamplingResult(False, reason=HEADLESS_SAMPLE)


class ModelSampler:
    """A SamplingHandler for the window: `confirm` is its dialog, the model answers if approved."""

    def __init__(
        self,
        model: ChatModel | Callable[[], ChatModel],
        confirm: Callable[[SamplingRequest], Awaitable[bool]],
    ) -> None:
        self._model = model
        self._confirm = confirm

    async def sample(self, request: SamplingRequest) -> SamplingResult:
        if not await self._confirm(request):
            return SamplingResult(False, reason="the user declined this sampling request")
        model = self._model if isinstance(self._model, ChatModel) else self._model()
        messages: list[Message] = [
            UserMessage(text) if role == "user" else AssistantMessage(text) for role, text in request.messages
        ]
        call = ModelRequest(
            system=(request.system_prompt,) if request.system_prompt else (),
            messages=tuple(messages),
            tools=(),
            stream=False,
        )
        try:
            async for item in model.stream(call):
                if isinstance(item, Completed):
                    name = f"{model.provider}:{model.model}" if model.model else model.provider
                    return SamplingResult(True, item.message.content, name)
        except ProviderError as exc:
            return SamplingResult(False, reason=f"the model call failed: {exc}")
        return SamplingResult(False, reason="the model returned no answer")


def headless_elicit_reason() -> str:
    """Why a server's form got no answer without a window: the model is told, not just "declined"."""
    if sys.stdin is None or not sys.stdin.isatty():
        return "the user could not be asked: travel-assistant is running headless without a terminal"
    return "the user could not be asked: travel-assistant's command line cannot show a server's form (the window can)"


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
