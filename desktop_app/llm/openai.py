"""OpenAI Chat Completions (and every compatible service) through the official async SDK."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace
from typing import Any

import httpx2
import openai

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolResultMessage, Usage, UserMessage
from desktop_app.llm import tolerance
from desktop_app.llm.arguments import make_call
from desktop_app.llm.base import ModelRequest, StreamItem, TextChunk, ToolSpec, WireRequest
from desktop_app.llm.echo import outside_texts
from desktop_app.llm.redact import redact, scrub
from desktop_app.llm.sdk_model import SdkErrors, SdkModel
from desktop_app.llm.text_calls import HOW_TO_CALL, next_call_number, recovering
from desktop_app.llm.transport import Deadline, paced

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_BASE_URL = "https://api.openai.com/v1"


# ---------------------------------------------------------------- pure mapping


def tool_to_wire(spec: ToolSpec) -> dict[str, Any]:
    """A neutral tool as OpenAI wants it: wrapped in `{"type": "function", "function": …}`."""
    return {
        "type": "function",
        "function": {
            "name": spec.name,
            "description": spec.description,
            "parameters": spec.parameters,
        },
    }


def _assistant_to_wire(msg: AssistantMessage) -> dict[str, Any]:
    out: dict[str, Any] = {"role": "assistant", "content": msg.content or None}
    if msg.tool_calls:
        out["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {
                    "name": call.name,
                    # echo what the model wrote (also when it was not JSON); else re-encode
                    "arguments": call.arguments_raw or json.dumps(call.arguments or {}, ensure_ascii=False),
                },
            }
            for call in msg.tool_calls
        ]
    return out


def messages_to_wire(system: Sequence[str], messages: Sequence[Message]) -> list[dict[str, Any]]:
    """System prompt first, then the conversation; one `role: "tool"` message per result."""
    out: list[dict[str, Any]] = []
    prompt = "\n\n".join(s for s in system if s)
    if prompt:
        out.append({"role": "system", "content": prompt})
    for msg in messages:
        if isinstance(msg, UserMessage):
            out.append({"role": "user", "content": msg.content})
        elif isinstance(msg, ToolResultMessage):
            out.append({"role": "tool", "tool_call_id": msg.tool_call_id, "content": msg.content})
        elif msg.content or msg.tool_calls:  # OpenAI rejects an assistant message with neither
            out.append(_assistant_to_wire(msg))
    return out


def request_to_wire(request: ModelRequest, model: str) -> dict[str, Any]:
    """The exact Chat Completions request body for one model call."""
    body: dict[str, Any] = {
        "model": model,
        "messages": messages_to_wire(request.system, request.messages),
    }
    if request.tools:
        body["tools"] = [tool_to_wire(t) for t in request.tools]
    if request.stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    return body


def response_from_wire(body: dict[str, Any]) -> tuple[AssistantMessage, Usage]:
    """A whole Chat Completions response as the neutral assistant turn and its usage."""
    choices = body.get("choices") or [{}]
    choice = choices[0] or {}
    message = choice.get("message") or {}
    calls = tuple(
        make_call(
            str(tc.get("id") or f"call_{i}"),
            str((tc.get("function") or {}).get("name") or ""),
            (tc.get("function") or {}).get("arguments"),
        )
        for i, tc in enumerate(message.get("tool_calls") or [])
    )
    finish = str(choice.get("finish_reason") or "stop")
    # "function_call" is the legacy name; some compatible servers say "stop" even when calling tools
    stop = "tool_calls" if finish == "function_call" or (calls and finish == "stop") else finish
    usage = body.get("usage")
    usage = usage if isinstance(usage, dict) else {}  # counts checked below: NaN, 1e400, -5 are unknown (0)
    return (
        AssistantMessage(content=message.get("content") or "", tool_calls=calls, stop_reason=stop),
        Usage(jsonsafe.count(usage.get("prompt_tokens")), jsonsafe.count(usage.get("completion_tokens"))),
    )


# ---------------------------------------------------------------- stream reassembly


class ChunkAccumulator:
    """Rebuilds the whole response from chunks; tool calls by `index`, pieces split anywhere."""

    def __init__(self) -> None:
        self.head: dict[str, Any] = {}
        self.text: list[str] = []
        self.calls: dict[tuple[int, int], dict[str, Any]] = {}  # (index, arrival) -> call
        self._slot_of: dict[int, tuple[int, int]] = {}
        self.finish: str | None = None
        self.usage: dict[str, Any] | None = None
        self.chunks = 0

    def add(self, chunk: dict[str, Any]) -> str:
        """Take one `chat.completion.chunk` (a parsed SSE event); return its text (may be empty).
        Any field of the wrong type is ignored: a hostile server cannot make this raise."""
        self.chunks += 1
        if not self.head:
            self.head = {k: chunk.get(k) for k in ("id", "created", "model")}
        if isinstance(chunk.get("usage"), dict):
            self.usage = chunk["usage"]  # checked by jsonsafe.count when read, not here
        choices = chunk.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else {}
        if isinstance(choice.get("finish_reason"), str) and choice["finish_reason"]:
            self.finish = choice["finish_reason"]
        found = choice.get("delta")
        delta: dict[str, Any] = found if isinstance(found, dict) else {}
        calls = delta.get("tool_calls")
        for piece in calls if isinstance(calls, list) else []:
            if isinstance(piece, dict):
                self._add_call(piece)
        text = delta.get("content")
        if isinstance(text, str) and text:
            self.text.append(text)
            return text
        return ""

    def _add_call(self, piece: dict[str, Any]) -> None:
        index = piece["index"] if isinstance(piece.get("index"), int) else -1
        call_id = piece.get("id") if isinstance(piece.get("id"), str) else ""
        key = self._slot_of.get(index)
        # Some compatible servers (older Ollama) reuse index 0 for every call: a new id is a new call.
        if key is None or (call_id and self.calls[key]["id"] and call_id != self.calls[key]["id"]):
            key = self._slot_of[index] = (index, len(self.calls))
            self.calls[key] = {"id": "", "name": "", "arguments": []}
        slot = self.calls[key]
        if call_id:
            slot["id"] = call_id
        fn = piece.get("function")
        if isinstance(fn, dict):
            if isinstance(fn.get("name"), str):
                slot["name"] += fn["name"]
            if isinstance(fn.get("arguments"), str):
                slot["arguments"].append(fn["arguments"])

    def partial_text(self) -> str:
        return "".join(self.text)

    def body(self) -> dict[str, Any]:
        """The equivalent non-streamed `chat.completion` object."""
        message: dict[str, Any] = {"role": "assistant", "content": self.partial_text() or None}
        if self.calls:
            message["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": "".join(c["arguments"])},
                }
                for _, c in sorted(self.calls.items())
            ]
        out: dict[str, Any] = {
            **self.head,
            "object": "chat.completion",
            "choices": [{"index": 0, "message": message, "finish_reason": self.finish}],
        }
        if self.usage is not None:
            out["usage"] = self.usage
        return out


async def sse_data(lines: AsyncIterator[str]) -> AsyncIterator[str]:
    """The `data` of each server-sent event (several data lines joined), comments and other fields skipped."""
    data: list[str] = []
    async for line in lines:
        if not line:
            if data:
                yield "\n".join(data)
                data = []
            continue
        field, _, value = line.partition(":")
        if field == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        yield "\n".join(data)


# ---------------------------------------------------------------- the model


class OpenAIModel(SdkModel[openai.AsyncOpenAI]):
    """A ChatModel over the official `openai` SDK (the shared skeleton is SdkModel's)."""

    provider = "openai"
    default_model = DEFAULT_MODEL
    default_base_url = DEFAULT_BASE_URL
    http_class = openai.DefaultAsyncHttpxClient
    client_class = openai.AsyncOpenAI
    errors = SdkErrors(openai.OpenAIError, openai.APIStatusError, openai.APITimeoutError, openai.APIConnectionError)

    @property
    def url(self) -> str:
        return f"{self.base_url}/chat/completions"

    _read = staticmethod(response_from_wire)
    coach_calls = True  # in "recover" mode, one system line shows how a call is written (HOW_TO_CALL)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        """One model call: the wire request, text as it arrives, the wire response, the turn."""
        if self.tool_text == "off":
            request = replace(request, tools=())
        if self.tool_text != "recover" or not request.tools:
            async for item in self._stream(request):
                yield item
            return
        offered = {t.name for t in request.tools}  # only the tools of THIS request may be recovered
        outside = outside_texts(request.messages, request.system)  # a call echoed from these never runs
        first = next_call_number(request.messages)
        # one system line showing how a call is written: Qwen2.5-Coder 0.5B ran a travel tool on 75 %
        # of questions with it, 50 % without (tests/benchmarks/bench_local_models.py)
        if self.coach_calls:
            request = replace(request, system=(*request.system, HOW_TO_CALL))
        async for item in recovering(self._stream(request), offered, first, outside):
            yield item

    async def _stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        """The call, sent as this server accepts it; a refusal of something it may not take is retried once."""
        body = tolerance.adapt(request_to_wire(request, self.model), tolerance.refused(self.base_url))
        deadline = Deadline(self.timeout)  # the SDK's retries included: one bound for the whole wait
        for retried in (False, True):
            yield WireRequest(scrub(self.url), redact(body, self._secrets))
            client = self._client_or_fail()
            try:
                async for item in self._attempt(client, body, request.stream, deadline):
                    yield item
                return
            except openai.APIStatusError as exc:
                text = f"{exc.message} {exc.body}"
                again = None if retried else tolerance.learn(self.base_url, body, exc.status_code, text)
                if again is None:
                    raise self._error(exc) from None
                body = again

    async def _attempt(
        self, client: openai.AsyncOpenAI, body: dict[str, Any], stream: bool, deadline: Deadline
    ) -> AsyncIterator[StreamItem]:
        """One request; a refusal (APIStatusError) is left to `_stream`, every other failure is a ProviderError."""
        try:
            if stream:
                async for item in self._streamed(client, body, deadline):
                    yield item
                return
            async with asyncio.timeout(deadline.left()):
                raw = await client.chat.completions.with_raw_response.create(**body)
                data = self._text.body(raw.text)  # parsed here: the SDK's parser recurses on deep JSON
        except openai.APIStatusError:
            raise
        except (openai.OpenAIError, TimeoutError) as exc:
            raise self._error(exc) from None
        for item in self._answered(data):
            yield item

    async def _streamed(
        self, client: openai.AsyncOpenAI, body: dict[str, Any], deadline: Deadline
    ) -> AsyncIterator[StreamItem]:
        """Read the SSE stream's events ourselves (the SDK builds a pydantic object per chunk, holding
        the GIL ~0.1 ms each: a burst stalled the window 30-40 ms); silence is `timeout`, a break `stream_cut`."""
        acc = ChunkAccumulator()
        async with contextlib.AsyncExitStack() as stack:
            async with asyncio.timeout(deadline.left()):
                response = await stack.enter_async_context(
                    client.chat.completions.with_streaming_response.create(**body)
                )
            try:
                async for event in paced(sse_data(response.iter_lines()), deadline.left(), self.timeout):
                    if event == "[DONE]":
                        break
                    text = acc.add(self._chunk(event))
                    if text:
                        yield TextChunk(text)
            except (TimeoutError, httpx2.TimeoutException, openai.APITimeoutError):
                raise self._text.idle(self.timeout, acc.partial_text()) from None
            except (openai.APIError, httpx2.HTTPError, ValueError) as exc:
                cause = scrub(str(exc.__cause__ or exc), self._secrets)
                raise self._text.stream_cut(cause, acc.partial_text()) from None
        if acc.finish is None:
            raise self._text.stream_cut("it ended before the model finished", acc.partial_text())
        for item in self._answered(acc.body(), acc.chunks):
            yield item

    @staticmethod
    def _chunk(data: str) -> dict[str, Any]:
        """One event's JSON (depth-limited, finite numbers); an error event ends the stream with its message."""
        chunk = jsonsafe.loads(data, finite=False)  # NaN usage is made unknown later (jsonsafe.count), not fatal
        if not isinstance(chunk, dict):
            raise ValueError("an event that is not a JSON object")
        error = chunk.get("error")
        if error:
            message = error.get("message") if isinstance(error, dict) else error
            raise ValueError(f"the server sent an error: {str(message)[:300]}")
        return chunk
