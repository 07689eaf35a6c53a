"""MCP tool definitions and results in our terms: names, risk, ToolOutput (no SDK import)."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

from desktop_app.tools.registry import Risk, ToolOutput

_BAD = re.compile(r"[^A-Za-z0-9_-]+")
MAX_NAME = 64  # OpenAI's and Anthropic's limit: ^[a-zA-Z0-9_-]{1,64}$


def safe_name(text: str) -> str:
    """Letters, digits, '_' and '-' only (other runs become '_'); never empty."""
    return _BAD.sub("_", text).strip("_") or "tool"


def short_hash(text: str) -> str:
    import hashlib  # here, as in trust.py: not loaded by a window without MCP servers

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


# A tool part kept as it is; anything else is sanitised and gets a hash of the original name.
_SAFE_TOOL = re.compile(r"[A-Za-z0-9-][A-Za-z0-9_-]*")


def qualify(server: str, tool: str) -> str:
    """`<server>__<tool>`, within the providers' rules, a function of the two names alone.

    With a server name free of "__" that does not end in "_" (config.server_name_problem) and a
    tool part that never starts with "_", the first "__" always ends the server's name: two
    servers can never produce the same qualified name.
    """
    part = tool if _SAFE_TOOL.fullmatch(tool) else f"{safe_name(tool)}_{short_hash(tool)}"
    name = f"{server}__{part}"
    if len(name) > MAX_NAME:
        name = f"{name[: MAX_NAME - 7]}_{short_hash(tool)}"
    return name


def qualify_all(server: str, tools: list[str], reserved: set[str]) -> tuple[dict[str, str], list[str]]:
    """Names for one server's tools; tools that would share a name are all refused, in any order."""
    owners: dict[str, list[str]] = {}
    for tool in tools:
        owners.setdefault(qualify(server, tool), []).append(tool)
    names: dict[str, str] = {}
    refused: list[str] = []
    for name, group in sorted(owners.items()):
        shown = ", ".join(sorted({repr(t[:40]) for t in group}))
        if name in reserved:
            refused.append(f"tool {shown} is not offered: {name} is the name of a built-in tool")
        elif len(group) > 1:
            refused.append(f"tool(s) {shown} are not offered: {len(group)} tools would all be called {name}")
        else:
            names[group[0]] = name
    return names, refused


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


# `_block_text` writes a link as "[resource link: NAME <URI>…]"; the window reads it back to offer it
_LINK = re.compile(r"\[resource link: ([^\n]{0,300}?) <([^\s<>]{1,2000})>(?: - |\])")
MAX_LINKS = 10


def resource_links(tool_name: str, content: str) -> list[tuple[str, str, str]]:
    """`(server, uri, name)` of the resource links in an MCP tool's result, so the window can open
    them in its resource browser (asking the same server, and only when the person clicks)."""
    server, sep, _tool = tool_name.partition("__")
    if not sep or not server:
        return []  # a built-in tool has no server to ask
    found: list[tuple[str, str, str]] = []
    for match in _LINK.finditer(content[:200_000]):
        link = (server, match[2], match[1].strip())
        if all(f[1] != link[1] for f in found):
            found.append(link)
        if len(found) >= MAX_LINKS:
            break
    return found
