"""Neutral conversation types: no vendor's wire format lives here."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal


def now() -> float:
    """Wall-clock seconds, one place so tests can reason about it."""
    return time.time()


Origin = Literal["model", "recovered_from_text", "app_view"]


@dataclass(frozen=True)
class ToolCall:
    """A model's request to run a tool; `arguments` is None when the raw text was not usable JSON
    (`arguments_error` says why; empty: not valid JSON)."""

    id: str
    name: str
    arguments: dict[str, Any] | None
    arguments_raw: str = ""
    arguments_error: str = field(default="", compare=False)
    recovered: bool = False  # read out of the model's text (llm/text_calls), not a native call
    raw_text: str = ""  # the answer it was read from, for the inspector
    origin: Origin = "model"  # who asked: the model, a call recovered from its text, an MCP App view
    asked_by: str = field(default="", compare=False)  # for an App view's call: its server

    def to_dict(self) -> dict[str, Any]:
        """Shape used by history and events (raw text only when it did not parse)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "arguments": self.arguments}
        if self.arguments is None:
            out["arguments"] = {}
            out["arguments_raw"] = self.arguments_raw
        if self.recovered:
            out["recovered_from_text"] = True
            out["raw_text"] = self.raw_text
        return out


@dataclass(frozen=True)
class UserMessage:
    """What the person typed."""

    content: str
    created_at: float = field(default_factory=now)
    role: Literal["user"] = "user"


@dataclass(frozen=True)
class AssistantMessage:
    """The model's turn: text, tool calls, or both; `incomplete` when the stream was cut."""

    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    incomplete: bool = False
    stop_reason: str = "stop"
    created_at: float = field(default_factory=now)
    role: Literal["assistant"] = "assistant"


@dataclass(frozen=True)
class ToolResultMessage:
    """The result our code produced for one tool call, paired by the provider's call id."""

    tool_call_id: str
    name: str
    content: str
    is_error: bool = False
    created_at: float = field(default_factory=now)
    role: Literal["tool"] = "tool"


Message = UserMessage | AssistantMessage | ToolResultMessage


@dataclass(frozen=True)
class Usage:
    """Token counts for one model call."""

    input_tokens: int = 0
    output_tokens: int = 0


def message_to_dict(msg: Message) -> dict[str, Any]:
    """The CONTRACT's `history show --json` message shape."""
    out: dict[str, Any] = {"role": msg.role, "content": msg.content, "created_at": msg.created_at}
    if isinstance(msg, AssistantMessage):
        if msg.tool_calls:
            out["tool_calls"] = [tc.to_dict() for tc in msg.tool_calls]
        if msg.incomplete:
            out["incomplete"] = True
    elif isinstance(msg, ToolResultMessage):
        out.update(tool_call_id=msg.tool_call_id, name=msg.name, is_error=msg.is_error)
    return out
