"""What each OpenAI-compatible server accepts: learned from its refusal once, remembered per base URL.

A refusal naming a part OpenAI takes but some local servers do not (a null `content` beside tool
calls, `stream_options`, `parallel_tool_calls`, `tool_choice`) is retried once without it."""

from __future__ import annotations

import copy
from typing import Any

NULL_CONTENT = "null_content"  # send `content: ""` instead of null
OPTIONAL_FIELDS = ("stream_options", "parallel_tool_calls", "tool_choice")  # dropped when refused
NOT_ABOUT_THE_BODY = {401, 403, 404, 408, 409, 429}  # keys, routes, time and rates: another retry cannot help
_LEARNED: dict[str, set[str]] = {}


def refused(base_url: str) -> frozenset[str]:
    """What this server has refused so far in this process."""
    return frozenset(_LEARNED.get(base_url.rstrip("/"), ()))


def forget() -> None:
    """Forget what every server refused: for tests."""
    _LEARNED.clear()


def _null_contents(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in body.get("messages") or [] if m.get("role") == "assistant" and m.get("content") is None]


def present(body: dict[str, Any]) -> set[str]:
    """The features of this body a server might refuse."""
    found = {name for name in OPTIONAL_FIELDS if name in body}
    if _null_contents(body):
        found.add(NULL_CONTENT)
    return found


def adapt(body: dict[str, Any], refusals: frozenset[str] | set[str]) -> dict[str, Any]:
    """The body as this server accepts it (a copy when anything changes)."""
    if not refusals & present(body):
        return body
    out = {k: v for k, v in body.items() if k not in refusals}
    if NULL_CONTENT in refusals:
        out["messages"] = copy.deepcopy(body["messages"])
        for message in _null_contents(out):
            message["content"] = ""
    return out


def culprits(body: dict[str, Any], status: int, error_text: str) -> set[str]:
    """What a refusal was about: the features of the body its error names (a bare "internal error"
    names none: a server having a bad moment must not lose usage reports for the rest of the process)."""
    if status < 400 or status in NOT_ABOUT_THE_BODY:
        return set()
    candidates = present(body)
    text = error_text.lower()
    named = {name for name in OPTIONAL_FIELDS if name in candidates and name in text}
    if NULL_CONTENT in candidates and ("null" in text or "content" in text or "none" in text):
        named.add(NULL_CONTENT)
    return named


def learn(base_url: str, body: dict[str, Any], status: int, error_text: str) -> dict[str, Any] | None:
    """After a refusal: the body to retry once (and remembered for this server), or None when nothing
    in the body can explain the refusal."""
    found = culprits(body, status, error_text)
    if not found:
        return None
    _LEARNED.setdefault(base_url.rstrip("/"), set()).update(found)
    return adapt(body, refused(base_url))
