"""PLACEHOLDER: the offline travel planner (being written)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from desktop_app.agent.messages import AssistantMessage
from desktop_app.llm.base import Completed, ModelRequest, StreamItem, TextChunk


class OfflineModel:
    provider = "offline"
    model = "offline-planner"

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        text = "(offline planner not written yet)"
        yield TextChunk(text)
        yield Completed(AssistantMessage(text))

    async def aclose(self) -> None:
        return None
