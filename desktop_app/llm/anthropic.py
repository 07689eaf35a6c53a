"""Anthropic Messages through the official async SDK: system on top, tool results in one message."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import anthropic
import httpx2

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolResultMessage, Usage, UserMessage
from desktop_app.llm.arguments import make_call, read_arguments
from desktop_app.llm.base import ModelRequest, StreamItem, TextChunk, ToolSpec, WireRequest
from desktop_app.llm.errors import body_code
from desktop_app.llm.redact import redact, scrub
from desktop_app.llm.sdk_model import SdkErrors, SdkModel
from desktop_app.llm.transport import Deadline, paced

DEFAULT_MODEL = "claude-sonnet-4-5"
DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MAX_TOKENS = 4096
_STOP = {
    "tool_use": "tool_calls",
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "refusal": "content_filter",
}
# An `error` event arrives inside a 200 response: its `error.type` says what happened.
_ERROR_STATUS = {
    "overloaded_error": 529,
    "api_error": 500,
    "rate_limit_error": 429,
    "invalid_request_error": 400,
    "authentication_error": 401,
    "permission_error": 403,
    "not_found_error": 404,
}


# ---------------------------------------------------------------- pure mapping


def tool_to_wire(spec: ToolSpec) -> dict[str, Any]:
    """A neutral tool as Anthropic wants it: flat, the schema under `input_schema`."""
    return {"name": spec.name, "description": spec.description, "input_schema": spec.parameters}


def _append(out: list[dict[str, Any]], role: str, blocks: list[dict[str, Any]]) -> None:
    """Consecutive messages of one role become one message (the API wants them alternating)."""
    if out and out[-1]["role"] == role:
        prev = out[-1]["content"]
        if isinstance(prev, str):
            prev = [{"type": "text", "text": prev}]
        out[-1]["content"] = prev + blocks
    else:
        out.append({"role": role, "content": blocks})


def messages_to_wire(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """The conversation as Messages: the system prompt in the top-level `system` field, all tool
    results of a turn in ONE user message of `tool_result` blocks."""
    out: list[dict[str, Any]] = []
    for msg in messages:
        if isinstance(msg, UserMessage):
            if out and out[-1]["role"] == "user":
                _append(out, "user", [{"type": "text", "text": msg.content}])
            else:
                out.append({"role": "user", "content": msg.content})
        elif isinstance(msg, ToolResultMessage):
            block = {
                "type": "tool_result",
                "tool_use_id": msg.tool_call_id,
                "content": msg.content,
                "is_error": msg.is_error,
            }
            _append(out, "user", [block])
        else:
            blocks: list[dict[str, Any]] = [{"type": "text", "text": msg.content}] if msg.content else []
            for call in msg.tool_calls:
                # Arguments that were not JSON cannot be echoed as an object; the error result explains.
                blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments or {}})
            if blocks:
                _append(out, "assistant", blocks)
    return out


def request_to_wire(request: ModelRequest, model: str) -> dict[str, Any]:
    """The exact Messages request body for one model call (`max_tokens` is always set)."""
    body: dict[str, Any] = {"model": model, "max_tokens": DEFAULT_MAX_TOKENS}
    prompt = "\n\n".join(s for s in request.system if s)
    if prompt:
        body["system"] = prompt
    body["messages"] = messages_to_wire(request.messages)
    if request.tools:
        body["tools"] = [tool_to_wire(t) for t in request.tools]
    if request.stream:
        body["stream"] = True
    return body


def response_from_wire(body: dict[str, Any]) -> tuple[AssistantMessage, Usage]:
    """A whole Messages response as the neutral assistant turn and its usage."""
    text: list[str] = []
    calls = []
    for block in body.get("content") or []:
        kind = block.get("type")
        if kind == "text":
            text.append(str(block.get("text") or ""))
        elif kind == "tool_use":
            call_id, name = str(block.get("id")), str(block.get("name"))
            calls.append(make_call(call_id, name, block.get("input")))
    reason = str(body.get("stop_reason") or "end_turn")
    usage = body.get("usage")
    usage = usage if isinstance(usage, dict) else {}  # counts checked below: NaN, 1e400, -5 are unknown (0)
    message = AssistantMessage(content="".join(text), tool_calls=tuple(calls), stop_reason=_STOP.get(reason, reason))
    return message, Usage(jsonsafe.count(usage.get("input_tokens")), jsonsafe.count(usage.get("output_tokens")))


# ---------------------------------------------------------------- stream reassembly


class EventAccumulator:
    """Rebuilds the whole Message from stream events; tool input from `input_json_delta`."""

    def __init__(self) -> None:
        self.message: dict[str, Any] = {}
        self.blocks: dict[int, dict[str, Any]] = {}
        self.json_parts: dict[int, list[str]] = {}
        self.text: list[str] = []
        self.usage: dict[str, Any] = {}
        self.stop_reason: str | None = None
        self.stop_sequence: str | None = None
        self.done = False
        self.chunks = 0

    def add(self, event: Any) -> str:
        """Take one stream event; return its text (may be empty)."""
        self.chunks += 1
        kind = event.type
        if kind == "content_block_delta":
            return self._delta(event.index, event.delta)
        if kind == "content_block_start":
            self.blocks[event.index] = event.content_block.to_dict(warnings=False)
        elif kind == "message_start":
            self.message = event.message.to_dict(warnings=False)
            self.usage = dict(self.message.get("usage") or {})
        elif kind == "message_delta":
            self.stop_reason = event.delta.stop_reason
            self.stop_sequence = event.delta.stop_sequence
            self.usage.update(
                {k: v for k, v in (event.usage.to_dict(warnings=False) if event.usage else {}).items() if v}
            )
        elif kind == "message_stop":
            self.done = True
        return ""

    def _delta(self, index: int, delta: Any) -> str:
        if delta.type == "text_delta":
            self.text.append(delta.text)
            block = self.blocks.setdefault(index, {"type": "text", "text": ""})
            block["text"] = block.get("text", "") + delta.text
            return str(delta.text)
        if delta.type == "input_json_delta":
            self.json_parts.setdefault(index, []).append(delta.partial_json)
        return ""

    def partial_text(self) -> str:
        return "".join(self.text)

    def body(self) -> dict[str, Any]:
        """The equivalent non-streamed `message` object (unparseable tool input kept as text)."""
        content = []
        for index, block in sorted(self.blocks.items()):
            parts = self.json_parts.get(index)
            if block.get("type") == "tool_use" and parts:
                raw = "".join(parts)
                parsed, _text, _problem = read_arguments(raw)
                block = {**block, "input": parsed if parsed is not None else raw}
            content.append(block)
        return {
            **self.message,
            "content": content,
            "stop_reason": self.stop_reason,
            "stop_sequence": self.stop_sequence,
            "usage": self.usage,
        }


# ---------------------------------------------------------------- the model


class AnthropicModel(SdkModel[anthropic.AsyncAnthropic]):
    """A ChatModel over the official `anthropic` SDK (the shared skeleton is SdkModel's)."""

    provider = "anthropic"
    default_model = DEFAULT_MODEL
    default_base_url = DEFAULT_BASE_URL
    http_class = anthropic.DefaultAsyncHttpxClient
    client_class = anthropic.AsyncAnthropic
    errors = SdkErrors(
        anthropic.AnthropicError, anthropic.APIStatusError, anthropic.APITimeoutError, anthropic.APIConnectionError
    )

    @property
    def url(self) -> str:
        return f"{self.base_url}/v1/messages"

    _read = staticmethod(response_from_wire)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        """One model call: the wire request, text as it arrives, the wire response, the turn."""
        body = request_to_wire(request, self.model)
        yield WireRequest(scrub(self.url), redact(body, self._secrets))
        client = self._client_or_fail()
        deadline = Deadline(self.timeout)  # the SDK's retries included: one bound for the whole wait
        try:
            if request.stream:
                async for item in self._streamed(client, body, deadline):
                    yield item
                return
            async with asyncio.timeout(deadline.left()):
                raw = await client.messages.with_raw_response.create(**body)
                data = self._text.body(await raw.text())  # parsed here: the SDK's parser recurses on deep JSON
        except (anthropic.AnthropicError, TimeoutError) as exc:
            raise self._error(exc) from None
        for item in self._answered(data):
            yield item

    async def _streamed(
        self, client: anthropic.AsyncAnthropic, body: dict[str, Any], deadline: Deadline
    ) -> AsyncIterator[StreamItem]:
        """Consume the SSE stream; close it on cancel; silence is `timeout`, a break `stream_cut`."""
        async with asyncio.timeout(deadline.left()):
            stream = await client.messages.create(**body)
        acc = EventAccumulator()
        try:
            async for event in paced(stream, deadline.left(), self.timeout):
                text = acc.add(event)
                if text:
                    yield TextChunk(text)
        except anthropic.APIStatusError as exc:  # an `error` event mid-stream (e.g. overloaded)
            status = _ERROR_STATUS.get(body_code(exc.body).split(" ")[-1], exc.status_code)
            err = self._text.status(status, exc.body, 0, self._secrets)
            err.partial = self._text.stream_cut("", acc.partial_text()).partial
            raise err from None
        except (TimeoutError, httpx2.TimeoutException, anthropic.APITimeoutError):
            raise self._text.idle(self.timeout, acc.partial_text()) from None
        except (anthropic.APIError, httpx2.HTTPError, RecursionError) as exc:  # Recursion: an event nested too deep
            cause = scrub(str(exc.__cause__ or exc), self._secrets)
            raise self._text.stream_cut(cause, acc.partial_text()) from None
        finally:
            await stream.close()
        if not acc.done:
            raise self._text.stream_cut("it ended before the model finished", acc.partial_text())
        for item in self._answered(acc.body(), acc.chunks):
            yield item
