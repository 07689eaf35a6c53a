"""A model's tool-call arguments read once, the same way for both adapters (depth, non-finite numbers)."""

from __future__ import annotations

import json
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import ToolCall
from desktop_app.jsonsafe import MAX_ARGUMENT_DEPTH, TOO_DEEP_ARGUMENTS, value_problem

RAW_KEEP = 2000  # characters of unusable argument text kept for the record


def read_arguments(raw: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, str, str]:
    """Model-written arguments: (object, raw text, "") or (None, raw text kept short, what is wrong).

    The one place both adapters parse arguments: nesting is checked before parsing and without
    recursion, and NaN / Infinity (not JSON) count as invalid, so nothing later can choke on them.
    """
    if isinstance(raw, dict):
        problem = value_problem(raw)
        if problem == TOO_DEEP_ARGUMENTS:
            return None, "", problem  # no text: printing it would recurse as deep
        return (None, _keep(json.dumps(raw)), problem) if problem else (raw, json.dumps(raw, ensure_ascii=False), "")
    text = raw or ""
    if not text.strip():
        return {}, text, ""
    if jsonsafe.deep_spans(text, MAX_ARGUMENT_DEPTH):
        return None, _keep(text), TOO_DEEP_ARGUMENTS
    try:
        parsed = jsonsafe.loads(text, MAX_ARGUMENT_DEPTH)
    except ValueError:
        return None, _keep(text), "are not valid JSON"
    if not isinstance(parsed, dict):
        return None, _keep(text), "are not a JSON object"
    return parsed, text, ""


def _keep(text: str) -> str:
    """Unusable argument text as stored and shown: the start of it, never megabytes."""
    return text if len(text) <= RAW_KEEP else text[:RAW_KEEP] + "…"


def make_call(call_id: str, name: str, raw: str | dict[str, Any] | None) -> ToolCall:
    """A neutral ToolCall from the vendor's id, name and arguments."""
    args, text, problem = read_arguments(raw)
    return ToolCall(id=call_id, name=name, arguments=args, arguments_raw=text, arguments_error=problem)
