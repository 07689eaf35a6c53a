"""JSON from hostile sources: depth checked without recursion, NaN and Infinity kept out of output."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from desktop_app.visible import json_visible

MAX_ARGUMENT_DEPTH = 64  # a tool's arguments; no real schema comes close
MAX_DOCUMENT_DEPTH = 128  # anything else we parse or print; far below Python's recursion limit
TOO_DEEP = "[nested too deep]"
TOO_DEEP_ARGUMENTS = f"are nested deeper than {MAX_ARGUMENT_DEPTH} levels"
NOT_FINITE = "hold NaN or Infinity, which JSON does not allow"
# A JSON string (escapes included) or one bracket: strings are skipped whole, at C speed.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)


def deep_spans(text: str, limit: int) -> list[tuple[int, int]]:
    """Where containers open deeper than `limit` levels start and end (counted without recursion)."""
    if text.count("[") + text.count("{") <= limit:
        return []  # the common case: not even the brackets inside strings add up
    spans: list[tuple[int, int]] = []
    depth, start = 0, -1
    for match in _TOKENS.finditer(text):
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


def loads(text: str, max_depth: int = MAX_DOCUMENT_DEPTH) -> Any:
    """Strict json.loads: ValueError when nested deeper than `max_depth` or holding NaN/Infinity."""
    if deep_spans(text, max_depth):
        raise ValueError(f"nested deeper than {max_depth} levels")
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)


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


def dumps(value: Any, indent: int | None = None) -> str:
    """Strict JSON (never NaN) with hidden characters as \\u escapes: safe for any terminal."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent)
    except (ValueError, TypeError, RecursionError):
        text = json.dumps(json_safe(value), ensure_ascii=False, allow_nan=False, indent=indent)
    return json_visible(text)
