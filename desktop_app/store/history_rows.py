"""History rows: conversation ids, the list item, and messages to and from their stored form."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage

INTERRUPTED = "interrupted: the app stopped before this tool finished"
UNTITLED = "Untitled conversation"

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower case: URL-safe


def _base32(value: int, width: int) -> str:
    chars = []
    for _ in range(width):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_id() -> str:
    """16 URL-safe chars: 48-bit milliseconds then 30 random bits, so ids sort by creation."""
    return _base32(int(time.time() * 1000), 10) + _base32(int.from_bytes(os.urandom(4), "big") >> 2, 6)


def clean_title(title: str) -> str:
    """One line of at most 200 characters, never empty: the list shows titles as they are."""
    return " ".join(title.split())[:200] or UNTITLED


@dataclass(frozen=True)
class ConversationInfo:
    """One row of the history list (token totals are additive fields for the status bar)."""

    id: str
    title: str
    created_at: float
    updated_at: float
    message_count: int
    provider: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    forked_from: str = ""  # the conversation this one was forked from at a tool call ("" = none)

    def to_dict(self) -> dict[str, Any]:
        """CONTRACT's `history list --json` item (plus the token totals)."""
        return asdict(self)


# ---------------------------------------------------------------- message encoding


def encode(msg: Message) -> str:
    """Lossless JSON of everything but `content` and `created_at` (those have columns)."""
    data: dict[str, Any]
    if isinstance(msg, AssistantMessage):
        data = {
            "tool_calls": [_encode_call(c) for c in msg.tool_calls],
            "incomplete": msg.incomplete,
            "stop_reason": msg.stop_reason,
        }
    elif isinstance(msg, ToolResultMessage):
        data = {"tool_call_id": msg.tool_call_id, "name": msg.name, "is_error": msg.is_error}
    elif isinstance(msg, UserMessage):
        data = {}
    else:
        raise TypeError(f"not a message: {type(msg).__name__}")
    return json.dumps(data, ensure_ascii=False)


def _encode_call(call: ToolCall) -> dict[str, Any]:
    out: dict[str, Any] = {"id": call.id, "name": call.name, "arguments": call.arguments, "raw": call.arguments_raw}
    if call.recovered:  # read out of the model's text: the inspector shows what it was read from
        out.update(recovered=True, raw_text=call.raw_text)
    return out


def decode(role: str, content: str, data_text: str, created_at: float) -> Message:
    """A stored row back as a message; ValueError, KeyError or TypeError when it is unreadable."""
    data = jsonsafe.loads(data_text)  # a file on disk: ValueError (not RecursionError) when too deep
    if role == "user":
        return UserMessage(content=content, created_at=created_at)
    if role == "assistant":
        calls = tuple(
            ToolCall(
                id=c["id"],
                name=c["name"],
                arguments=c["arguments"],
                arguments_raw=c["raw"],
                recovered=bool(c.get("recovered")),
                raw_text=str(c.get("raw_text") or ""),
            )
            for c in data["tool_calls"]
        )
        return AssistantMessage(
            content=content,
            tool_calls=calls,
            incomplete=bool(data["incomplete"]),
            stop_reason=data["stop_reason"],
            created_at=created_at,
        )
    if role == "tool":
        return ToolResultMessage(
            tool_call_id=data["tool_call_id"],
            name=data["name"],
            content=content,
            is_error=bool(data["is_error"]),
            created_at=created_at,
        )
    raise ValueError(f"unknown message role {role!r}")


def repair(messages: Sequence[Message]) -> list[Message]:
    """Pair every tool call with exactly one result, in call order, right after its call (providers
    reject anything else): a missing result becomes a synthetic error, a stray one is dropped."""
    out: list[Message] = []
    i = 0
    while i < len(messages):
        msg = messages[i]
        i += 1
        if isinstance(msg, ToolResultMessage):
            continue  # an orphan: no call right before it
        out.append(msg)
        if isinstance(msg, AssistantMessage) and msg.tool_calls:
            end = i
            while end < len(messages) and isinstance(messages[end], ToolResultMessage):
                end += 1
            out.extend(_pair(msg, messages[i:end]))
            i = end
    return out


def _pair(call_msg: AssistantMessage, results: Sequence[Message]) -> list[ToolResultMessage]:
    by_id: dict[str, ToolResultMessage] = {}
    for r in results:
        if isinstance(r, ToolResultMessage):
            by_id.setdefault(r.tool_call_id, r)
    return [
        by_id.get(call.id) or ToolResultMessage(call.id, call.name, INTERRUPTED, True, call_msg.created_at)
        for call in call_msg.tool_calls
    ]


def fork_messages(
    messages: Sequence[Message],
    call_id: str,
    *,
    arguments: dict[str, Any] | None = None,
    result: tuple[str, bool] | None = None,
) -> list[Message]:
    """The conversation up to the (last) assistant turn holding `call_id` and that turn's results,
    the call's arguments and its result (content, is_error) replaced when given; KeyError when
    no assistant turn has that call."""
    at = next(
        (i for i in range(len(messages) - 1, -1, -1) if _has_call(messages[i], call_id)),
        None,
    )
    if at is None:
        raise KeyError(f"no tool call with id {call_id!r} in this conversation")
    turn = messages[at]
    assert isinstance(turn, AssistantMessage)
    if arguments is not None:
        turn = replace(
            turn,
            tool_calls=tuple(
                replace(c, arguments=arguments, arguments_raw=json.dumps(arguments, ensure_ascii=False))
                if c.id == call_id
                else c
                for c in turn.tool_calls
            ),
        )
    end = at + 1
    while end < len(messages) and isinstance(messages[end], ToolResultMessage):
        end += 1
    results = _pair(turn, messages[at + 1 : end])
    if result is not None:
        results = [
            replace(r, content=result[0], is_error=result[1]) if r.tool_call_id == call_id else r for r in results
        ]
    return [*repair(messages[:at]), turn, *results]


def _has_call(msg: Message, call_id: str) -> bool:
    return isinstance(msg, AssistantMessage) and any(c.id == call_id for c in msg.tool_calls)
