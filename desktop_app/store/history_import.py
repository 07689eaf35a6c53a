"""Reading a `history export --format json` file back: every field is checked, since a file on
disk is hostile input, and the whole file is judged before anything is written."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, NoReturn

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.store.history_rows import UNTITLED

MAX_BYTES = jsonsafe.MAX_DOCUMENT_BYTES
MAX_MESSAGES = 20_000
MAX_DEPTH = 64  # JSON nesting, tool arguments included
MAX_NAME = 256  # ids, tool names, provider and model names
MAX_TOKENS = 2**53
LATEST = 253402300799.0  # 9999-12-31T23:59:59Z: a later timestamp is not a date
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


class InvalidImportError(ValueError):
    """The file is not a conversation in the export shape; the message says where and why."""


@dataclass(frozen=True)
class ImportedConversation:
    """A checked conversation, ready to be stored under a new id."""

    title: str
    provider: str
    model: str
    created_at: float
    input_tokens: int
    output_tokens: int
    messages: tuple[Message, ...]


def _fail(message: str) -> NoReturn:
    raise InvalidImportError(message)


def _shown(value: object) -> str:
    """A hostile value quoted briefly, so an error stays one short line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- bytes to JSON


def load_json(data: bytes) -> Any:
    """Size, encoding, syntax, depth, finite numbers (jsonsafe's policy) and Unicode checked."""
    if len(data) > MAX_BYTES:
        _fail(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        _fail("the file is not UTF-8 text")
    if jsonsafe.deep_spans(text, MAX_DEPTH):
        _fail(f"the JSON is nested more than {MAX_DEPTH} levels deep")
    try:
        value = jsonsafe.loads(text, MAX_DEPTH)  # NaN, Infinity and 1e400 refused: never stored
    except ValueError as exc:
        _fail(f"the file is not valid JSON ({' '.join(str(exc).split())[:120]})")
    _check_tree(value)
    return value


def _check_tree(root: Any) -> None:
    """No nesting deeper than MAX_DEPTH; no lone surrogates, which no database can store."""
    stack: list[tuple[Any, int]] = [(root, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            _fail(f"the JSON is nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack.extend((k, depth + 1) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                _fail("the file has text that is not valid Unicode (a lone surrogate)")


# ---------------------------------------------------------------- typed fields


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(f"{where} must be a JSON object")
    return value


def _text(data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        _fail(f"{_at(where, key)} must be text" if key in data else f"{_at(where, key)} is missing")
    return value


def _name(data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    """An id or a name: short, one line, no control or direction characters."""
    value = _text(data, key, where, default)
    if len(value) > MAX_NAME or _CONTROL.search(value):
        _fail(f"{_at(where, key)} is not a plain name of at most {MAX_NAME} characters: {_shown(value)}")
    return value


def _flag(data: dict[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        _fail(f"{_at(where, key)} must be true or false")
    return value


def _number(data: dict[str, Any], key: str, where: str, default: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        _fail(f"{_at(where, key)} must be a number")
    if not (math.isfinite(value) and 0 <= value <= LATEST):
        _fail(f"{_at(where, key)} is not a timestamp: {_shown(value)}")
    return float(value)


def _count(data: dict[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TOKENS:
        _fail(f"{key} must be a whole number of at least 0")
    return value


# ---------------------------------------------------------------- messages


def _call(value: Any, where: str) -> ToolCall:
    data = _object(value, where)
    call_id, name = _name(data, "id", where), _name(data, "name", where)
    if not call_id or not name:
        _fail(f"{where} needs a non-empty id and name")
    arguments = _object(data.get("arguments", {}), f"{where}.arguments")
    if "arguments_raw" in data:
        return ToolCall(call_id, name, None, _text(data, "arguments_raw", where))
    return ToolCall(call_id, name, arguments)


def _assistant(data: dict[str, Any], where: str, content: str, created: float) -> AssistantMessage:
    raw_calls = data.get("tool_calls", [])
    if not isinstance(raw_calls, list):
        _fail(f"{where}.tool_calls must be a list")
    calls = tuple(_call(c, f"{where}.tool_calls[{i}]") for i, c in enumerate(raw_calls))
    if len({c.id for c in calls}) != len(calls):
        _fail(f"{where} has two tool calls with the same id")
    stop = _name(data, "stop_reason", where, "tool_calls" if calls else "stop")
    return AssistantMessage(content, calls, _flag(data, "incomplete", where), stop, created)


def message(value: Any, where: str, default_time: float) -> Message:
    """One message of the export shape; InvalidImportError says which field is wrong."""
    data = _object(value, where)
    role = data.get("role")
    content = _text(data, "content", where)
    created = _number(data, "created_at", where, default_time)
    if role == "user":
        return UserMessage(content, created)
    if role == "assistant":
        return _assistant(data, where, content, created)
    if role == "tool":
        call_id = _name(data, "tool_call_id", where)
        name = _name(data, "name", where)
        return ToolResultMessage(call_id, name, content, _flag(data, "is_error", where), created)
    _fail(f"{where}.role is not user, assistant or tool: {_shown(role)}")


def check_pairing(messages: tuple[Message, ...]) -> None:
    """Each tool result answers a call of the assistant message right before it, once; a call
    without a result is allowed (history repairs it before the next model call)."""
    waiting: dict[str, str] = {}
    for i, msg in enumerate(messages):
        if not isinstance(msg, ToolResultMessage):
            waiting = {c.id: c.name for c in msg.tool_calls} if isinstance(msg, AssistantMessage) else {}
            continue
        if waiting.get(msg.tool_call_id) != msg.name:
            _fail(f"messages[{i}] is a tool result for {_shown(msg.tool_call_id)} that answers no tool call before it")
        del waiting[msg.tool_call_id]


# ---------------------------------------------------------------- the conversation


def _clean(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def parse_export(data: bytes, now: float) -> ImportedConversation:
    """The whole file checked: a conversation to store, or InvalidImportError saying what is wrong."""
    top = _object(load_json(data), "the file")
    raw = top.get("messages")
    if not isinstance(raw, list) or not raw:
        _fail("the file has no messages list (is it a `history export --format json` file?)")
    if len(raw) > MAX_MESSAGES:
        _fail(f"the file has more than {MAX_MESSAGES} messages")
    messages = tuple(message(m, f"messages[{i}]", now) for i, m in enumerate(raw))
    check_pairing(messages)
    first_user = next((m.content for m in messages if isinstance(m, UserMessage)), "")
    title = _clean(_text(top, "title", "", first_user[:60])) or UNTITLED
    return ImportedConversation(
        title=title,
        provider=_name(top, "provider", "", ""),
        model=_name(top, "model", "", ""),
        created_at=_number(top, "created_at", "", messages[0].created_at),
        input_tokens=_count(top, "input_tokens"),
        output_tokens=_count(top, "output_tokens"),
        messages=messages,
    )
