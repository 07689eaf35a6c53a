"""JSON from hostile sources: depth checked without recursion, NaN and Infinity kept out of output."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from pathlib import Path
from typing import Any

from desktop_app.visible import json_visible

MAX_ARGUMENT_DEPTH = 64  # a tool's arguments; no real schema comes close
MAX_DOCUMENT_DEPTH = 128  # anything else we parse or print; far below Python's recursion limit
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024  # one file or line read from outside (a long history export fits)
MAX_COUNT = 1_000_000_000  # a count we are told (tokens); a larger one is not believed
TOO_DEEP = "[nested too deep]"
TOO_DEEP_ARGUMENTS = f"are nested deeper than {MAX_ARGUMENT_DEPTH} levels"
NOT_FINITE = "hold NaN or Infinity, which JSON does not allow"
# A JSON string (escapes included) or one bracket: strings are skipped whole, at C speed.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)
# the same for JSON5 (mcp.json as other clients write it): single quotes and comments too
JSON5_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|//[^\n]*|/\*.*?\*/|[\[\]{}]', re.S)


def deep_spans(text: str, limit: int, tokens: re.Pattern[str] = _TOKENS) -> list[tuple[int, int]]:
    """Where containers open deeper than `limit` levels start and end (counted without recursion)."""
    if text.count("[") + text.count("{") <= limit:
        return []  # the common case: not even the brackets inside strings add up
    spans: list[tuple[int, int]] = []
    depth, start = 0, -1
    for match in tokens.finditer(text):
        ch = text[match.start()]
        if ch in "[{":
            depth += 1
            if depth == limit + 1:
                start = match.start()
        elif ch in "]}":
            if depth == limit + 1 and start >= 0:
                spans.append((start, match.end()))
                start = -1
            depth = max(depth - 1, 0)
    if start >= 0:
        spans.append((start, len(text)))
    return spans


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:24]} is out of range")
    return value


def too_big(size: int) -> str:
    """Why a document of `size` characters or bytes is refused ("" when it is not)."""
    return f"larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MiB" if size > MAX_DOCUMENT_BYTES else ""


def loads(text: str, max_depth: int = MAX_DOCUMENT_DEPTH, *, finite: bool = True) -> Any:
    """The one policy for JSON from outside: ValueError (one line) when larger than
    MAX_DOCUMENT_BYTES, nested deeper than `max_depth`, holding NaN/Infinity/1e400 or not JSON.
    `finite=False` lets non-finite numbers through as floats for a caller that checks each value
    itself (settings, mcp.json: one wrong key is reported, not the whole file)."""
    big = too_big(len(text))
    if big:
        raise ValueError(big)
    if deep_spans(text, max_depth):
        raise ValueError(f"nested deeper than {max_depth} levels")
    if not finite:
        return json.loads(text)
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)


def read_text(path: Path) -> str:
    """A text file from outside: OSError when it cannot be read, ValueError (one line) when it is
    larger than MAX_DOCUMENT_BYTES (nothing more is read) or not UTF-8."""
    limit = MAX_DOCUMENT_BYTES + 1
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size  # read(limit) would ask for a 64 MiB buffer first
        data = handle.read(size + 1 if 0 < size < limit else limit)
        if len(data) > size > 0:  # it grew since: the rest, up to the limit
            data += handle.read(limit - len(data))
    big = too_big(len(data))
    if big:
        raise ValueError(big)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None


def read_file(path: Path, max_depth: int = MAX_DOCUMENT_DEPTH, *, finite: bool = True) -> Any:
    """A JSON file from outside under the same policy (`read_text`, then `loads`)."""
    return loads(read_text(path), max_depth, finite=finite)


def has_non_finite(value: Any) -> bool:
    """Whether a parsed value holds NaN or Infinity anywhere (walked without recursion, at any depth)."""
    return value_problem(value, sys.maxsize) is not None


def number_in(value: Any, low: float, high: float) -> float | None:
    """`value` when it is a finite number (not a bool) from `low` to `high`, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float
        return None
    return number if math.isfinite(number) and low <= number <= high else None


def count(value: Any) -> int:
    """A count we are told (tokens used): a whole number from 0 to MAX_COUNT, else 0 (unknown)."""
    number = number_in(value, 0, MAX_COUNT)
    return int(number) if number is not None else 0


def loads_pruned(text: str, max_depth: int = MAX_DOCUMENT_DEPTH) -> Any:
    """A provider's response body: containers deeper than `max_depth` become TOO_DEEP, so it parses."""
    spans = deep_spans(text, max_depth)
    if spans:
        pieces, last = [], 0
        for start, end in spans:
            pieces += [text[last:start], json.dumps(TOO_DEEP)]
            last = end
        text = "".join([*pieces, text[last:]])
    return json.loads(text)


def value_problem(value: Any, max_depth: int = MAX_ARGUMENT_DEPTH) -> str | None:
    """Why a parsed value cannot be used as arguments (too deep first, then NaN/Infinity), else None."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    not_finite = False
    while stack:
        node, depth = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            not_finite = True
        elif isinstance(node, dict | list | tuple):
            if depth > max_depth:
                return f"are nested deeper than {max_depth} levels"
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return NOT_FINITE if not_finite else None


def json_safe(value: Any, depth: int = 0) -> Any:
    """A copy fit for strict JSON: NaN/Infinity as text, deep parts cut, unknown types as str."""
    if isinstance(value, str | bool | int) or value is None:
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if depth >= MAX_DOCUMENT_DEPTH:
        return TOO_DEEP
    if isinstance(value, dict):
        return {str(k): json_safe(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v, depth + 1) for v in value]
    return str(value)


def indented(value: Any, *, sort_keys: bool = False) -> str:
    """The one JSON printer people read (inspector, dialogs, pins, App traffic): two-space indent,
    CJK as itself; each caller adds its own care (hidden characters, a length cap)."""
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=sort_keys)


def dumps(value: Any, indent: int | None = None) -> str:
    """Strict JSON (never NaN) with hidden characters as \\u escapes: safe for any terminal."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent)
    except (ValueError, TypeError, RecursionError):
        text = json.dumps(json_safe(value), ensure_ascii=False, allow_nan=False, indent=indent)
    return json_visible(text)
