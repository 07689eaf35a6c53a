"""A server asking the user (elicitation) or asking for a completion (sampling): handlers."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from desktop_app.core.messages import AssistantMessage, Message, UserMessage
from desktop_app.llm.base import ChatModel, Completed, ModelRequest, ProviderError

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
