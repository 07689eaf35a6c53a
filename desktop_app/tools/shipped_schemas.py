"""The built-in tools' JSON Schemas as pydantic writes them, shipped so a run needs no pydantic.

pydantic costs about 10 MB and 0.2 s to import. An entry of `resources/data/tool_schemas.json` is
used only while its function's signature and docstring are unchanged; any other function's schema
is pydantic's, as before. After changing a tool: `python packaging/tool_schemas.py` (a test checks it)."""

from __future__ import annotations

import copy
import inspect
import json
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from desktop_app.paths import resources_dir

FILE = "tool_schemas.json"


def path() -> Path:
    return resources_dir() / "data" / FILE


def key(fn: Callable[..., Any]) -> str:
    return f"{fn.__module__}.{fn.__qualname__}"


def fingerprint(fn: Callable[..., Any]) -> str:
    """The signature as written (annotations unevaluated) and the docstring: a changed tool misses
    (a CRC finds edits well enough, and hashlib would load OpenSSL's digests, ~2 MB, for it)."""
    text = f"{key(fn)}{inspect.signature(fn, eval_str=False)}\n{inspect.getdoc(fn) or ''}"
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


@cache
def _shipped() -> dict[str, Any]:
    """The file, read once; missing or broken reads as empty (every schema is then pydantic's)."""
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def shipped_schema(fn: Callable[..., Any]) -> dict[str, Any] | None:
    """A fresh copy of the function's shipped schema, or None when it has none or changed since."""
    entry = _shipped().get(key(fn))
    if not isinstance(entry, dict) or entry.get("fingerprint") != fingerprint(fn):
        return None
    schema = entry.get("parameters")
    return copy.deepcopy(schema) if isinstance(schema, dict) else None


def current(decorated: dict[str, Callable[..., Any]], writer: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """What the file should hold: each built-in @tool function's schema as `writer` (pydantic) writes it."""
    builtin = sorted((k, fn) for k, fn in decorated.items() if k.startswith("desktop_app."))
    return {k: {"fingerprint": fingerprint(fn), "parameters": writer(fn)} for k, fn in builtin}


def write(entries: dict[str, Any]) -> Path:
    """Rewrite the file (after changing a built-in tool's signature or docstring)."""
    text = json.dumps(entries, ensure_ascii=False, indent=1) + "\n"  # properties keep their order
    path().write_text(text, encoding="utf-8")
    return path()
