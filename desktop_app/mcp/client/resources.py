"""MCP resources and prompts of a connected server, as plain, bounded data.

Everything a server sends is hostile: hidden characters are made visible where shown, sizes bounded."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Awaitable, Callable
from typing import Any

from desktop_app.mcp.client.connection import Connection
from desktop_app.mcp.client.tools import every_page

MAX_TEXT = 200_000  # characters of one resource's text kept (the rest is cut, and said so)
MAX_ITEMS = 1_000  # resources or prompts listed per server


class McpFeatureError(Exception):
    """The server cannot answer this (no such capability, not connected, an error it returned)."""


def _client(conn: Connection, feature: str) -> Any:
    client = conn.client
    if conn.state != "ready" or client is None:
        raise McpFeatureError(f"MCP server {conn.config.name!r} is not available: {conn.reason or conn.state}")
    capabilities = getattr(client, "server_capabilities", None)
    if getattr(capabilities, feature, None) is None:
        raise McpFeatureError(f"MCP server {conn.config.name!r} offers no {feature}")
    return client


async def _bounded(conn: Connection, request: Any) -> Any:
    """One request with the server's own call timeout; an error the server returns becomes one line."""
    try:
        return await asyncio.wait_for(request, conn.config.timeout)
    except TimeoutError:
        raise McpFeatureError(
            f"MCP server {conn.config.name!r} did not answer within {conn.config.timeout:g} s"
        ) from None
    except McpFeatureError:
        raise
    except Exception as exc:  # noqa: BLE001 - the SDK raises many kinds; the user needs one line
        text = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise McpFeatureError(f"MCP server {conn.config.name!r}: {text[:300]}") from None


def _text(value: Any, limit: int = 2_000) -> str:
    return str(value)[:limit] if isinstance(value, str) else ""


async def _listed(
    conn: Connection, feature: str, ask: Callable[[Any, str | None], Awaitable[Any]], field: str
) -> list[Any]:
    """Every page of one listing (bounded: tools.MAX_PAGES pages, MAX_ITEMS items), each within the call timeout."""
    client = _client(conn, feature)
    return await every_page(lambda cursor: _bounded(conn, ask(client, cursor)), field, MAX_ITEMS)


async def list_resources(conn: Connection) -> list[dict[str, str]]:
    """`{"server", "uri", "name", "mimeType", "description"}` for each resource (CONTRACT.md)."""
    items = await _listed(conn, "resources", lambda c, cursor: c.list_resources(cursor=cursor), "resources")
    return [_resource_row(conn, "uri", _text(item.uri), item) for item in items]


async def list_templates(conn: Connection) -> list[dict[str, str]]:
    """`{"server", "uriTemplate", "name", "mimeType", "description"}` for each resource template:
    URIs with `{placeholders}` the person fills in before reading (RFC 6570)."""
    ask = lambda c, cursor: c.list_resource_templates(cursor=cursor)  # noqa: E731 - one line each
    items = await _listed(conn, "resources", ask, "resource_templates")
    return [_resource_row(conn, "uriTemplate", _text(item.uri_template), item) for item in items]


def _resource_row(conn: Connection, key: str, uri: str, item: Any) -> dict[str, str]:
    return {
        "server": conn.config.name,
        key: uri,
        "name": _text(item.name, 300),
        "mimeType": _text(item.mime_type, 200),
        "description": _text(item.description),
    }


async def read_resource(conn: Connection, uri: str, limit: int = MAX_TEXT) -> list[dict[str, Any]]:
    """The SDK's contents list as JSON data; text cut at `limit`, binary kept as base64 (bounded)."""
    client = _client(conn, "resources")
    result = await _bounded(conn, client.read_resource(uri))
    contents: list[dict[str, Any]] = []
    for item in result.contents:
        data = item.model_dump(mode="json", by_alias=True, exclude_none=True)
        for key, cap in (("text", limit), ("blob", MAX_TEXT)):
            if isinstance(data.get(key), str) and len(data[key]) > cap:
                data[key] = data[key][:cap]
                data["truncated"] = True
        contents.append(data)
    return contents


def contents_text(contents: list[dict[str, Any]]) -> str:
    """What `mcp read` prints: each text part, and a line for each binary part."""
    parts: list[str] = []
    for item in contents:
        if isinstance(item.get("text"), str):
            parts.append(item["text"] + ("\n[…cut: the resource is longer]" if item.get("truncated") else ""))
        else:
            size = len(base64.b64decode(str(item.get("blob", "")), validate=False) or b"")
            parts.append(f"[binary {item.get('mimeType') or 'data'}, {size:,} bytes]")
    return "\n\n".join(parts)


async def list_prompts(conn: Connection) -> list[dict[str, Any]]:
    """`{"server", "name", "description", "arguments": [...]}` for each prompt (CONTRACT.md)."""
    items = await _listed(conn, "prompts", lambda c, cursor: c.list_prompts(cursor=cursor), "prompts")
    return [
        {
            "server": conn.config.name,
            "name": _text(item.name, 200),
            "description": _text(item.description),
            "arguments": [
                {"name": _text(a.name, 200), "description": _text(a.description), "required": bool(a.required)}
                for a in item.arguments or []
            ],
        }
        for item in items
    ]


async def get_prompt(conn: Connection, name: str, arguments: dict[str, str]) -> list[dict[str, str]]:
    """The messages a prompt expands to, as `{"role", "text"}` (non-text parts named, not decoded)."""
    client = _client(conn, "prompts")
    result = await _bounded(conn, client.get_prompt(name, arguments or None))
    messages: list[dict[str, str]] = []
    for message in result.messages:
        content = message.content
        text = getattr(content, "text", None)
        if not isinstance(text, str):
            text = getattr(getattr(content, "resource", None), "text", None)
        if not isinstance(text, str):
            text = f"[{getattr(content, 'type', 'content')}]"
        messages.append({"role": str(message.role), "text": text[:MAX_TEXT]})
    return messages
