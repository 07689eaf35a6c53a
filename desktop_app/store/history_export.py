"""History as text: the Markdown and JSON exports (the `history` commands live in desktop_app/commands)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, message_to_dict
from desktop_app.store.history_rows import ConversationInfo


def local_time(ts: float, seconds: bool = False) -> str:
    """A timestamp in the user's time zone, to the minute (or second) a reader cares about."""
    fmt = "%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M"
    return datetime.fromtimestamp(ts).astimezone().strftime(fmt)


# ---------------------------------------------------------------- JSON


def show_dict(info: ConversationInfo, messages: Sequence[Message]) -> dict[str, Any]:
    """CONTRACT's `history show --json` object."""
    return {
        "id": info.id,
        "title": info.title,
        "messages": [message_to_dict(m) for m in messages],
    }


def to_json(info: ConversationInfo, messages: Sequence[Message]) -> str:
    """The `show --json` object plus the conversation's metadata, pretty-printed."""
    data = info.to_dict()
    data["messages"] = [message_to_dict(m) for m in messages]
    return jsonsafe.dumps(data, indent=2) + "\n"


# ---------------------------------------------------------------- Markdown


def _fenced(body: str, lang: str) -> str:
    """A code block whose fence is longer than any backtick run inside it."""
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{body.rstrip(chr(10))}\n{fence}"


def _json_or_text(text: str) -> str:
    try:
        value = jsonsafe.loads(text)  # a tool's result: may be nested beyond any recursion limit
    except ValueError:
        return _fenced(text, "text")
    if not isinstance(value, dict | list):
        return _fenced(text, "text")
    return _fenced(json.dumps(value, ensure_ascii=False, indent=2), "json")


def _call_md(call: ToolCall) -> str:
    head = f"**Tool call** `{call.name}` · id `{call.id}`"
    if call.arguments is None:
        return f"{head} (arguments were not valid JSON)\n\n{_fenced(call.arguments_raw, 'text')}"
    return f"{head}\n\n{_fenced(json.dumps(call.arguments, ensure_ascii=False, indent=2), 'json')}"


def _message_md(msg: Message) -> str:
    when = local_time(msg.created_at, seconds=True)
    if isinstance(msg, ToolResultMessage):
        flag = " · **error**" if msg.is_error else ""
        head = f"### Tool result · `{msg.name}` · id `{msg.tool_call_id}`{flag} · {when}"
        return f"{head}\n\n{_json_or_text(msg.content)}"
    if isinstance(msg, AssistantMessage):
        flag = " · *incomplete: the answer was cut off*" if msg.incomplete else ""
        parts = [f"### Assistant · {when}{flag}"]
        if msg.content:
            parts.append(msg.content.strip())
        parts.extend(_call_md(c) for c in msg.tool_calls)
        return "\n\n".join(parts)
    return f"### User · {when}\n\n{msg.content.strip()}"


def to_markdown(info: ConversationInfo, messages: Sequence[Message]) -> str:
    """A readable transcript that keeps every tool call and result (as fenced JSON)."""
    meta = [
        f"- id: `{info.id}`",
        f"- model: {info.provider} / {info.model}",
        f"- created: {local_time(info.created_at)} · updated: {local_time(info.updated_at)}",
        f"- messages: {info.message_count}",
    ]
    if info.input_tokens or info.output_tokens:
        meta.append(f"- tokens: {info.input_tokens} in / {info.output_tokens} out")
    blocks = [f"# {info.title}", "\n".join(meta)]
    blocks.extend(_message_md(m) for m in messages)
    return "\n\n".join(blocks) + "\n"
