"""An OpenAI-compatible server that streams an answer slowly and counts what it has sent."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import ScriptedServer, SseReply

LONG_ANSWER = "Day one: fly from Beijing to Sanya and walk along Sanya Bay at sunset. " * 40


class SlowServer(ScriptedServer):
    """`sent` counts the answer's chunks written so far (the client has them a moment later)."""

    sent = 0

    async def _sse_body(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, reply: SseReply) -> bool:
        write = writer.write

        def counted(data: Any) -> None:
            self.sent += 1
            write(data)

        writer.write = counted  # type: ignore[method-assign]
        return await super()._sse_body(reader, writer, reply)

    def push_slow_answer(self, seconds_per_chunk: float = 0.15) -> None:
        """One streamed answer of ~300 chunks: a minute at this pace, far longer than any test waits."""
        events = OpenAIDialect().stream_events(LONG_ANSWER, split=10)
        self.push(SseReply(events, delay=seconds_per_chunk))

    def app_flags(self) -> list[str]:
        return ["--provider", "openai", "--model", "gpt-test", "--base-url", f"{self.url}/v1"]
