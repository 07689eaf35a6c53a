"""A scripted ChatModel for tests and benchmarks: replays assistant turns, records requests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence

from desktop_app.core.messages import AssistantMessage, Usage
from desktop_app.llm.base import Completed, ModelRequest, ProviderError, StreamItem, TextChunk

Script = AssistantMessage | ProviderError | Callable[[ModelRequest], AssistantMessage]


class FakeModel:
    """Each call takes the next scripted turn; text is streamed in `chunk`-sized pieces."""

    provider = "fake"

    def __init__(self, turns: Sequence[Script], chunk: int = 8, delay: float = 0.0) -> None:
        self.model = "scripted"
        self._turns = list(turns)
        self._chunk = chunk
        self._delay = delay
        self.requests: list[ModelRequest] = []

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        self.requests.append(request)
        if not self._turns:
            raise ProviderError("the scripted model has no more turns", "protocol")
        step = self._turns.pop(0)
        if isinstance(step, ProviderError):
            raise step
        reply = step(request) if callable(step) else step
        text = reply.content
        for i in range(0, len(text), self._chunk):
            if self._delay:
                await asyncio.sleep(self._delay)
            yield TextChunk(text[i : i + self._chunk])
        yield Completed(reply, Usage(len(str(request.messages)) // 4, len(text) // 4 + 1))

    async def aclose(self) -> None:
        return None
