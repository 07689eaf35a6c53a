"""One streamed call per SDK against an in-memory transport, rehearsed during the warm-up: the
SDKs' first-use costs (typed-dict hints for the request body, the SSE decoder, the chunk models)
hold the GIL for up to ~20 ms, and paid during the first real run they stall the window."""

from __future__ import annotations

import json
from typing import Any

from desktop_app.core.messages import AssistantMessage, UserMessage
from desktop_app.llm.base import ChatModel, Completed, ModelRequest, ToolSpec
from desktop_app.llm.factory import adapter

_TOOL = ToolSpec("get_weather", "rehearsal", {"type": "object", "properties": {"city": {"type": "string"}}})
_REQUEST = ModelRequest(system=("rehearsal",), messages=(UserMessage("rehearsal"),), tools=(_TOOL,))


def _sse(events: list[tuple[str, dict[str, Any]]], done: bool = False) -> bytes:
    lines = [(f"event: {name}\n" if name else "") + f"data: {json.dumps(data)}\n\n" for name, data in events]
    return ("".join(lines) + ("data: [DONE]\n\n" if done else "")).encode()


def _openai_body() -> bytes:
    base = {"id": "r", "object": "chat.completion.chunk", "created": 0, "model": "rehearsal"}
    call = {"index": 0, "id": "call_r", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
    return _sse(
        [
            ("", {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": "ok"}}]}),
            ("", {**base, "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]}),
            ("", {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}),
            ("", {**base, "choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}),
        ],
        done=True,
    )


def _event(kind: str, **fields: Any) -> tuple[str, dict[str, Any]]:
    return kind, {"type": kind, **fields}


def _anthropic_body() -> bytes:
    message = {"id": "r", "type": "message", "role": "assistant", "model": "rehearsal", "content": []}
    usage = {"input_tokens": 1, "output_tokens": 1}
    tool = {"type": "tool_use", "id": "toolu_r", "name": "get_weather", "input": {}}
    return _sse(
        [
            _event("message_start", message={**message, "usage": usage}),
            _event("content_block_start", index=0, content_block={"type": "text", "text": ""}),
            _event("content_block_delta", index=0, delta={"type": "text_delta", "text": "ok"}),
            _event("content_block_stop", index=0),
            _event("content_block_start", index=1, content_block=tool),
            _event("content_block_delta", index=1, delta={"type": "input_json_delta", "partial_json": "{}"}),
            _event("content_block_stop", index=1),
            _event("message_delta", delta={"stop_reason": "tool_use"}, usage=usage),
            _event("message_stop"),
        ]
    )


def _model(provider: str) -> ChatModel:
    import httpx2

    anthropic = provider == "anthropic"
    body = _anthropic_body() if anthropic else _openai_body()
    transport = httpx2.MockTransport(
        lambda _request: httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=body)
    )
    url = "http://rehearsal.invalid" if anthropic else "http://rehearsal.invalid/v1"
    return adapter(provider, url, "rehearsal", "rehearsal", tool_text="native", transport=transport)


async def rehearse(provider: str) -> AssistantMessage | None:
    """Stream one rehearsal reply through the provider's adapter (nothing leaves the process);
    returns the parsed turn, so a test can see the whole path really ran."""
    model = _model(provider)
    turn = None
    try:
        async for item in model.stream(_REQUEST):
            if isinstance(item, Completed):
                turn = item.message
    finally:
        await model.aclose()
    return turn
