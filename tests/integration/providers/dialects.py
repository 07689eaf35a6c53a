"""What each vendor's server says: scripted streams, whole responses and error bodies."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from desktop_app.llm.anthropic import AnthropicModel
from desktop_app.llm.openai import OpenAIModel
from tests.integration.providers.server import JsonReply, SseReply

Call = tuple[str, str, str]  # (id, name, arguments as the model wrote them)


def pieces(text: str, size: int) -> list[str]:
    """`text` split every `size` characters (size 0: whole)."""
    if not size or not text:
        return [text] if text else []
    return [text[i : i + size] for i in range(0, len(text), size)]


@dataclass
class OpenAIDialect:
    """Chat Completions: `data:` chunks ending with `[DONE]`."""

    name: str = "openai"
    model_name: str = "gpt-test"
    tool_stop: str = "tool_calls"

    def model(self, url: str, key: str = "sk-test-key-000000000000", **kw: Any) -> OpenAIModel:
        kw.setdefault("max_retries", 2)
        return OpenAIModel(self.model_name, f"{url}/v1", key, **kw)

    def path(self) -> str:
        return "/v1/chat/completions"

    def chunk(self, delta: dict[str, Any] | None, finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 1700000000,
            "model": self.model_name,
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}],
        }

    def stream_events(
        self,
        text: str = "",
        calls: Sequence[Call] = (),
        *,
        split: int = 0,
        interleave: bool = False,
        usage: tuple[int, int] = (10, 5),
        finish: str | None = None,
    ) -> list[bytes]:
        """A whole streamed answer: text pieces, then tool calls split (and interleaved)."""
        out = [self.chunk({"role": "assistant", "content": ""})]
        out += [self.chunk({"content": p}) for p in pieces(text, split or 4)]
        heads = [
            self.chunk(
                {
                    "tool_calls": [
                        {
                            "index": i,
                            "id": cid,
                            "type": "function",
                            "function": {"name": name, "arguments": ""},
                        }
                    ]
                }
            )
            for i, (cid, name, _) in enumerate(calls)
        ]
        parts = [
            [self.chunk({"tool_calls": [{"index": i, "function": {"arguments": p}}]}) for p in pieces(args, split)]
            for i, (_, _, args) in enumerate(calls)
        ]
        if interleave:
            out += heads
            for row in range(max((len(p) for p in parts), default=0)):
                out += [p[row] for p in parts if row < len(p)]
        else:
            for head, part in zip(heads, parts, strict=True):
                out += [head, *part]
        out.append(self.chunk({}, finish or ("tool_calls" if calls else "stop")))
        tail = self.chunk(None)
        tail["choices"] = []
        tail["usage"] = {
            "prompt_tokens": usage[0],
            "completion_tokens": usage[1],
            "total_tokens": sum(usage),
        }
        out.append(tail)  # the usage-only final chunk of `stream_options.include_usage`
        return [b"data: " + json.dumps(c, ensure_ascii=False).encode() + b"\n\n" for c in out] + [b"data: [DONE]\n\n"]

    def whole(self, text: str = "", calls: Sequence[Call] = (), usage: tuple[int, int] = (10, 5)) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": text or None}
        if calls:
            message["tool_calls"] = [
                {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
                for cid, name, args in calls
            ]
        return {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1700000000,
            "model": self.model_name,
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if calls else "stop",
                }
            ],
            "usage": {
                "prompt_tokens": usage[0],
                "completion_tokens": usage[1],
                "total_tokens": sum(usage),
            },
        }

    def reply(self, text: str = "", calls: Sequence[Call] = (), *, stream: bool, **kw: Any) -> Any:
        if stream:
            return SseReply(self.stream_events(text, calls, **kw))
        return JsonReply(200, self.whole(text, calls, kw.get("usage", (10, 5))))

    def error(self, status: int, message: str, code: str = "", **headers: str) -> JsonReply:
        body = {"error": {"message": message, "type": "invalid_request_error", "code": code}}
        return JsonReply(status, body, dict(headers))

    def context_error(self) -> JsonReply:
        return self.error(
            400,
            "This model's maximum context length is 128000 tokens. However, your messages "
            "resulted in 130512 tokens. Please reduce the length of the messages.",
            "context_length_exceeded",
        )

    def auth_header(self, key: str) -> tuple[str, str]:
        return "authorization", f"Bearer {key}"


@dataclass
class AnthropicDialect:
    """Messages: named SSE events from `message_start` to `message_stop`."""

    name: str = "anthropic"
    model_name: str = "claude-test"
    tool_stop: str = "tool_use"

    def model(self, url: str, key: str = "sk-ant-test-key-0000000000", **kw: Any) -> AnthropicModel:
        kw.setdefault("max_retries", 2)
        return AnthropicModel(self.model_name, url, key, **kw)

    def path(self) -> str:
        return "/v1/messages"

    @staticmethod
    def sse(event: str, data: dict[str, Any]) -> bytes:
        return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()

    def stream_events(
        self,
        text: str = "",
        calls: Sequence[Call] = (),
        *,
        split: int = 0,
        interleave: bool = False,
        usage: tuple[int, int] = (10, 5),
        finish: str | None = None,
    ) -> list[bytes]:
        """A whole streamed message: a text block, then one tool_use block per call."""
        del interleave  # Anthropic streams one content block after another
        start = self.whole("", (), (usage[0], 1))
        out = [self.sse("message_start", {"type": "message_start", "message": start})]
        index = 0
        if text:
            out.append(self._block_start(index, {"type": "text", "text": ""}))
            for p in pieces(text, split or 4):
                delta = {"type": "text_delta", "text": p}
                out.append(self._delta(index, delta))
            out.append(self._block_stop(index))
            index += 1
        out.append(self.sse("ping", {"type": "ping"}))
        for cid, name, args in calls:
            block = {"type": "tool_use", "id": cid, "name": name, "input": {}}
            out.append(self._block_start(index, block))
            for p in pieces(args, split):
                out.append(self._delta(index, {"type": "input_json_delta", "partial_json": p}))
            out.append(self._block_stop(index))
            index += 1
        stop = finish or ("tool_use" if calls else "end_turn")
        out.append(
            self.sse(
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": stop, "stop_sequence": None},
                    "usage": {"output_tokens": usage[1]},
                },
            )
        )
        out.append(self.sse("message_stop", {"type": "message_stop"}))
        return out

    def _block_start(self, index: int, block: dict[str, Any]) -> bytes:
        data = {"type": "content_block_start", "index": index, "content_block": block}
        return self.sse("content_block_start", data)

    def _delta(self, index: int, delta: dict[str, Any]) -> bytes:
        data = {"type": "content_block_delta", "index": index, "delta": delta}
        return self.sse("content_block_delta", data)

    def _block_stop(self, index: int) -> bytes:
        return self.sse("content_block_stop", {"type": "content_block_stop", "index": index})

    def whole(self, text: str = "", calls: Sequence[Call] = (), usage: tuple[int, int] = (10, 5)) -> dict[str, Any]:
        content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
        content += [
            {"type": "tool_use", "id": cid, "name": name, "input": json.loads(args)} for cid, name, args in calls
        ]
        return {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": self.model_name,
            "content": content,
            "stop_reason": "tool_use" if calls else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
        }

    def reply(self, text: str = "", calls: Sequence[Call] = (), *, stream: bool, **kw: Any) -> Any:
        if stream:
            return SseReply(self.stream_events(text, calls, **kw))
        return JsonReply(200, self.whole(text, calls, kw.get("usage", (10, 5))))

    def error(self, status: int, message: str, code: str = "", **headers: str) -> JsonReply:
        kind = {401: "authentication_error", 404: "not_found_error", 429: "rate_limit_error"}
        etype = kind.get(status, "api_error" if status >= 500 else "invalid_request_error")
        body = {"type": "error", "error": {"type": etype, "message": message}}
        return JsonReply(status, body, dict(headers))

    def context_error(self) -> JsonReply:
        return self.error(400, "prompt is too long: 210345 tokens > 200000 maximum")

    def auth_header(self, key: str) -> tuple[str, str]:
        # anthropic 2.x sends an API key as a bearer token (1.x used `x-api-key`)
        return "authorization", f"Bearer {key}"


DIALECTS = [OpenAIDialect(), AnthropicDialect()]
