"""History as text: Markdown and JSON exports and the `history` commands of CONTRACT.md."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app import jsonsafe
from desktop_app.agent.messages import (
    AssistantMessage,
    Message,
    ToolCall,
    ToolResultMessage,
    message_to_dict,
)
from desktop_app.store.atomic import write_atomic
from desktop_app.visible import for_terminal

if TYPE_CHECKING:
    import argparse

    from desktop_app.store.history import ConversationInfo, HistoryStore

PROG = "travel-assistant"


def _local(ts: float, seconds: bool = False) -> str:
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
    """The `show --json` object plus the conversation's metadata, pretty-printed (strict JSON)."""
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
    when = _local(msg.created_at, seconds=True)
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
        f"- created: {_local(info.created_at)} · updated: {_local(info.updated_at)}",
        f"- messages: {info.message_count}",
    ]
    if info.input_tokens or info.output_tokens:
        meta.append(f"- tokens: {info.input_tokens} in / {info.output_tokens} out")
    blocks = [f"# {info.title}", "\n".join(meta)]
    blocks.extend(_message_md(m) for m in messages)
    return "\n\n".join(blocks) + "\n"


# ---------------------------------------------------------------- human list


def list_table(items: Sequence[ConversationInfo]) -> str:
    """Aligned columns, newest first (the order given); the title last so it may be any width."""
    rows = [("ID", "UPDATED", "MSGS", "MODEL", "TITLE")]
    rows += [(c.id, _local(c.updated_at), str(c.message_count), f"{c.provider}/{c.model}", c.title) for c in items]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for r in rows:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1]), r[2].rjust(widths[2])]
        lines.append("  ".join([*cells, r[3].ljust(widths[3]), r[4]]))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- files


def write_export(path: Path, text: str) -> None:
    """An export the user asked for: atomic, with the ordinary permissions of a new file."""
    mask = os.umask(0)
    os.umask(mask)
    write_atomic(path, text, mode=0o666 & ~mask)


# ---------------------------------------------------------------- commands


def _fail(message: str) -> int:
    print(for_terminal(f"{PROG}: {message}"), file=sys.stderr)
    return 1


def _list(store: HistoryStore, as_json: bool) -> int:
    items = store.list()
    if as_json:
        print(jsonsafe.dumps([c.to_dict() for c in items], indent=2))
    elif items:
        sys.stdout.write(for_terminal(list_table(items)))
    else:
        print("no saved conversations yet", file=sys.stderr)
    return 0


def _show(store: HistoryStore, conv_id: str, as_json: bool) -> int:
    info = store.info(conv_id)
    messages = store.stored_messages(conv_id)
    if as_json:
        print(jsonsafe.dumps(show_dict(info, messages), indent=2))
    else:
        sys.stdout.write(for_terminal(to_markdown(info, messages)))
    return 0


def _export(store: HistoryStore, conv_id: str, fmt: str, output: str) -> int:
    text = store.export(conv_id, "json" if fmt == "json" else "md")
    if not output or output == "-":
        sys.stdout.write(text if fmt == "json" else for_terminal(text))  # JSON: hidden chars already \u-escaped
        return 0
    try:
        write_export(Path(output), text)
    except OSError as exc:
        return _fail(f"cannot write {output}: {exc.strerror or exc}")
    print(f"exported {conv_id} to {output}", file=sys.stderr)
    return 0


def run_history_command(args: argparse.Namespace) -> int:
    """Dispatch `history list|show|export`; errors are one line on stderr and exit 1."""
    from desktop_app.store.history import HistoryError, HistoryStore

    try:
        with HistoryStore() as store:
            if args.history_command == "list":
                return _list(store, bool(getattr(args, "json", False)))
            conv_id = store.resolve(args.id)
            if args.history_command == "show":
                return _show(store, conv_id, bool(getattr(args, "json", False)))
            if args.history_command == "export":
                return _export(store, conv_id, args.format, getattr(args, "output", "") or "")
    except KeyError as exc:
        return _fail(str(exc.args[0]) if exc.args else "no such conversation")
    except HistoryError as exc:
        return _fail(str(exc))
    return _fail(f"unknown history command {args.history_command!r}")
