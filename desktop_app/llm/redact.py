"""Secrets kept out of everything an adapter shows: keys, URL passwords, secret headers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, urlsplit

from desktop_app.jsonsafe import MAX_DOCUMENT_DEPTH, TOO_DEEP

REDACTED = "[REDACTED]"


SECRET_HEADERS = ("authorization", "x-api-key", "api-key", "proxy-authorization")


_KEY_RE = re.compile(r"(?:sk-[A-Za-z0-9_\-]{12,}|Bearer\s+[A-Za-z0-9_\-.=]{12,})")


_USERINFO_RE = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.\-]*://[^/\s:@]*):[^/\s@]+@")


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """Remove known secrets and anything key-shaped from a piece of text."""
    for secret in secrets:
        if secret and len(secret) >= 6:
            text = text.replace(secret, REDACTED)
    text = _USERINFO_RE.sub(rf"\1:{REDACTED}@", text)
    return _KEY_RE.sub(REDACTED, text)


def url_secrets(url: str) -> list[str]:
    """The password in a URL (as written and decoded), to scrub wherever it turns up."""
    try:
        password = urlsplit(url).password or ""
    except ValueError:
        return []
    return [p for p in {password, unquote(password)} if p]


def redact(value: Any, secrets: Iterable[str] = (), depth: int = 0) -> Any:
    """A deep copy of a JSON value with secrets and auth headers replaced, cut below the document depth."""
    keys = tuple(secrets)
    if isinstance(value, str):
        return scrub(value, keys)
    if isinstance(value, dict | list | tuple) and depth >= MAX_DOCUMENT_DEPTH:
        return TOO_DEEP  # a body no view or serialiser should have to recurse through
    if isinstance(value, dict):
        return {
            k: REDACTED if str(k).lower() in SECRET_HEADERS else redact(v, keys, depth + 1) for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [redact(v, keys, depth + 1) for v in value]
    return value
