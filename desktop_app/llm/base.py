"""The ChatModel protocol every provider implements, and the stream items it yields."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from desktop_app.core.messages import AssistantMessage, Message, Usage


@dataclass(frozen=True)
class ToolSpec:
    """A tool as the model sees it: neutral, mapped to each vendor's shape by its adapter."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class ModelRequest:
    """Everything one model call needs; `system` is a list so skills can follow the base prompt."""

    system: tuple[str, ...]
    messages: tuple[Message, ...]
    tools: tuple[ToolSpec, ...]
    stream: bool = True
    turn: int = 1


@dataclass(frozen=True)
class TextChunk:
    """A piece of streamed answer text."""

    text: str


@dataclass(frozen=True)
class WireRequest:
    """The exact body sent to the provider (secrets redacted)."""

    url: str
    body: dict[str, Any]


@dataclass(frozen=True)
class WireResponse:
    """The response as received (a stream reassembled into the whole) and its chunk count."""

    body: dict[str, Any]
    stream_chunks: int = 0


@dataclass(frozen=True)
class ReadingItem:
    """How a planner read the question, as plain JSON (the offline planner's frame); before its
    WireRequest, on the turn that reads the question. Other providers never yield it."""

    frame: dict[str, Any]


@dataclass(frozen=True)
class Completed:
    """The last item of every stream: the whole assistant turn."""

    message: AssistantMessage
    usage: Usage = field(default_factory=Usage)


StreamItem = TextChunk | WireRequest | WireResponse | ReadingItem | Completed


class ProviderError(Exception):
    """A model call that failed; `kind` is the `error` event's kind, `partial` any text kept."""

    def __init__(self, message: str, kind: str, partial: AssistantMessage | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.partial = partial


@runtime_checkable
class ChatModel(Protocol):
    """One provider: `stream` yields TextChunk / Wire* (and Reading) items and ends with one Completed."""

    provider: str
    model: str

    def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        """Run one model call; raises ProviderError on failure."""
        ...

    async def aclose(self) -> None:
        """Release HTTP clients and the like."""
        ...
