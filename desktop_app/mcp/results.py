"""MCP tool definitions and results in our terms: names, risk, ToolOutput (no SDK import)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

from desktop_app.tools.registry import Risk, ToolOutput

_BAD = re.compile(r"[^A-Za-z0-9_-]+")
MAX_NAME = 64  # OpenAI's and Anthropic's limit: ^[a-zA-Z0-9_-]{1,64}$


def safe_name(text: str) -> str:
    """Letters, digits, '_' and '-' only (other runs become '_'); never empty."""
    return _BAD.sub("_", text).strip("_") or "tool"


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def qualify(prefix: str, tool: str, taken: set[str]) -> str:
    """`<server>__<tool>` within the providers' name rules, unique against `taken`."""
    name = f"{prefix}__{safe_name(tool)}"
    if len(name) > MAX_NAME:
        name = f"{name[: MAX_NAME - 7]}_{_short_hash(tool)}"
    if name in taken:
        name = f"{name[: MAX_NAME - 7]}_{_short_hash(prefix + '/' + tool)}"
    counter = 2
    base = name
    while name in taken:  # only on a hash collision: practically never
        suffix = f"_{counter}"
        name = base[: MAX_NAME - len(suffix)] + suffix
        counter += 1
    return name


def server_prefixes(names: list[str]) -> dict[str, str]:
    """A distinct, safe prefix per server name (at most 30 characters, so tools keep room)."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for name in names:
        prefix = safe_name(name)[:30]
        if prefix in used:
            prefix = f"{prefix[:23]}_{_short_hash(name)}"
        used.add(prefix)
        out[name] = prefix
    return out


def risk_of(annotations: dict[str, Any] | None, trust_read_only: bool) -> tuple[Risk, bool]:
    """Risk and whether to confirm, from annotations: only hints, from an untrusted server."""
    if not annotations:
        return "write", True
    if annotations.get("destructiveHint") is True:
        return "dangerous", True
    if annotations.get("readOnlyHint") is True:
        return "read", not trust_read_only
    return "write", True


def _size(data: str) -> str:
    try:
        n = len(base64.b64decode(data, validate=False))
    except (ValueError, TypeError):
        n = len(data) * 3 // 4
    return f"{n / 1024:.1f} KB" if n >= 1024 else f"{n} bytes"


def _resource_text(resource: dict[str, Any], images: list[dict[str, str]]) -> str:
    uri = resource.get("uri", "")
    mime = resource.get("mimeType") or "unknown type"
    if "text" in resource:
        return f"[resource {uri} ({mime})]\n{resource['text']}"
    blob = str(resource.get("blob", ""))
    if mime.startswith("image/"):
        images.append({"mime_type": mime, "data": blob})
        return f"[image resource {uri} ({mime}, {_size(blob)})]"
    return f"[binary resource {uri} ({mime}, {_size(blob)}): not shown]"


def _block_text(block: dict[str, Any], images: list[dict[str, str]]) -> str:
    kind = block.get("type")
    if kind == "text":
        return str(block.get("text", ""))
    if kind == "image":
        mime = str(block.get("mimeType") or "image/png")
        images.append({"mime_type": mime, "data": str(block.get("data", ""))})
        return f"[image: {mime}, {_size(str(block.get('data', '')))}]"
    if kind == "audio":
        return f"[audio: {block.get('mimeType')}, {_size(str(block.get('data', '')))}: not played]"
    if kind == "resource_link":
        about = f" - {block['description']}" if block.get("description") else ""
        return f"[resource link: {block.get('name', '')} <{block.get('uri', '')}>{about}]"
    if kind == "resource":
        return _resource_text(block.get("resource") or {}, images)
    return f"[unsupported content type {kind!r}]"


def to_output(result: dict[str, Any]) -> ToolOutput:
    """A `tools/call` result (wire JSON): text for the model, images aside, structure kept."""
    images: list[dict[str, str]] = []
    texts = [_block_text(b, images) for b in result.get("content") or [] if isinstance(b, dict)]
    structured = result.get("structuredContent")
    content = "\n".join(t for t in texts if t)
    if not content and structured is not None:
        content = json.dumps(structured, ensure_ascii=False)
    if not content:
        content = "(the tool returned no content)"
    return ToolOutput(
        content,
        is_error=bool(result.get("isError")),
        images=tuple(images),
        structured=structured,
    )
