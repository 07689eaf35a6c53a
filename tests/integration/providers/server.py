"""A scripted HTTP/1.1 server on a thread: JSON replies and chunked SSE streams, cut or hanging."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Recorded:
    """One request as the server received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes


@dataclass
class JsonReply:
    """A whole JSON response (errors included)."""

    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class SseReply:
    """A chunked `text/event-stream`: `cut_after` aborts the socket, `hang` waits for the client."""

    events: list[bytes]
    delay: float = 0.0
    cut_after: int | None = None
    hang: bool = False
    burst: bool = False  # write every event at once (benchmarks: the client is the bottleneck)


@dataclass
class StallReply:
    """Accept the request and never answer (for timeouts)."""

    seconds: float = 30.0


Reply = JsonReply | SseReply | StallReply
_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found"}


class ScriptedServer:
    """Each request takes the next scripted reply; every request is recorded."""

    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[Recorded] = []
        # asked first for every request: a reply of its own (a refusal, say), or None for the next scripted one
        self.gate: Callable[[Recorded], Reply | None] | None = None
        self.disconnected = threading.Event()
        self.disconnected_at = 0.0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._server: asyncio.base_events.Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def push(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    def start(self) -> ScriptedServer:
        self._thread.start()
        self._ready.wait(5)
        return self

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    async def _shutdown(self) -> None:
        """Close the listener and end every open connection's handler."""
        if self._server is not None:
            self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while await self._one(reader, writer):
                pass
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, path, _ = lines[0].split(" ", 2)
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        raw = await reader.readexactly(int(headers.get("content-length", "0")))
        body = json.loads(raw) if raw else None
        self.requests.append(Recorded(method, path, headers, body, raw))
        reply = self.gate(self.requests[-1]) if self.gate is not None else None
        if reply is None:
            reply = self.replies.popleft() if self.replies else JsonReply(500, {"error": "no reply"})
        if isinstance(reply, JsonReply):
            await self._json(writer, reply)
            return True
        if isinstance(reply, StallReply):
            await asyncio.sleep(reply.seconds)
            return False
        return await self._sse(reader, writer, reply)

    async def _json(self, writer: asyncio.StreamWriter, reply: JsonReply) -> None:
        body = reply.body  # bytes: sent as they are (JSON too deep for json.dumps, say)
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in reply.headers.items())
        reason = _REASONS.get(reply.status, "Status")
        writer.write(
            f"HTTP/1.1 {reply.status} {reason}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n{extra}\r\n".encode()
            + data
        )
        await writer.drain()

    async def _sse(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, reply: SseReply) -> bool:
        try:
            return await self._sse_body(reader, writer, reply)
        except ConnectionError:
            if reply.hang:  # the client went away while we were still writing: that is the close
                self._mark_disconnected()
            return False

    def _mark_disconnected(self) -> None:
        self.disconnected_at = time.monotonic()
        self.disconnected.set()

    async def _sse_body(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, reply: SseReply) -> bool:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        if reply.burst:
            writer.write(b"".join(b"%x\r\n%s\r\n" % (len(e), e) for e in reply.events))
            writer.write(b"0\r\n\r\n")
            await writer.drain()
            return True
        for i, event in enumerate(reply.events):
            if reply.cut_after is not None and i >= reply.cut_after:
                writer.transport.abort()  # mid-answer: no terminating chunk
                return False
            writer.write(b"%x\r\n%s\r\n" % (len(event), event))
            await writer.drain()
            if reply.delay:
                await asyncio.sleep(reply.delay)
        if reply.hang:
            try:
                await reader.read()  # returns b"" when the client closes its side
            except ConnectionError:
                pass  # closing with unread data in its buffer makes the client send RST, not FIN
            self._mark_disconnected()
            return False
        writer.write(b"0\r\n\r\n")
        await writer.drain()
        return True

    def __enter__(self) -> ScriptedServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
