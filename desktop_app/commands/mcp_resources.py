"""`mcp resources` / `mcp read` / `mcp prompts` / `mcp prompt` (CONTRACT.md): a server's
resources and prompts, headless. `read` and `prompt` start only the server they name."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from desktop_app import jsonsafe
from desktop_app.commands.flags import fail, say
from desktop_app.errors import UsageError
from desktop_app.mcp.client.connection import Connection
from desktop_app.mcp.client.manager import settled
from desktop_app.mcp.client.resources import (
    McpFeatureError,
    contents_text,
    get_prompt,
    list_prompts,
    list_resources,
    list_templates,
    read_resource,
)
from desktop_app.mcp.setup.config import ServerConfig, load_or_usage_error

T = TypeVar("T")


def _servers(mcp_config: str, only: str = "") -> list[ServerConfig]:
    servers = [s for s in load_or_usage_error(mcp_config) if not s.disabled and not s.refused]
    if not only:
        return servers
    chosen = [s for s in servers if s.name == only]
    if not chosen:
        raise UsageError(f"no MCP server named {only!r} (servers: {', '.join(s.name for s in servers) or 'none'})")
    return chosen


async def _with_servers(
    servers: list[ServerConfig], each: Callable[[Connection], Awaitable[list[T]]]
) -> tuple[list[T], bool]:
    """Start the servers, wait for them, gather `each` of every ready one; failures one line each
    (and the second value says whether any happened)."""
    found: list[T] = []
    failed = False
    async with settled(servers) as manager:
        for conn in manager.connections():
            try:
                if conn.state != "ready":
                    raise McpFeatureError(f"MCP server {conn.config.name!r} failed: {conn.reason}")
                found += await each(conn)
            except McpFeatureError as exc:
                fail(str(exc))
                failed = True
    return found, failed


def _emit(found: list[Any], failed: bool, as_json: bool, as_text: Callable[[list[Any]], str]) -> int:
    """A read or a prompt: exit 1 after a failure (already said in one line), else JSON or text."""
    if failed:
        return 1
    if as_json:
        _print_json(found)
    else:
        say(as_text(found))
    return 0


def _print_json(data: Any) -> None:
    print(jsonsafe.dumps(data, indent=2))  # strict JSON, hidden characters as \uXXXX (as `ask --json`)


async def _resources_and_templates(conn: Connection) -> list[dict[str, str]]:
    """A server's resources, then its templates (a server that cannot list templates just has none)."""
    found = await list_resources(conn)
    try:
        return found + await list_templates(conn)
    except McpFeatureError:
        return found


async def resources_command(as_json: bool, mcp_config: str = "") -> int:
    found, _failed = await _with_servers(_servers(mcp_config), _resources_and_templates)
    if as_json:  # the CONTRACT's shape: resources only (a template has no URI yet)
        _print_json([item for item in found if "uri" in item])
        return 0
    for item in found:
        kind = f" ({item['mimeType']})" if item["mimeType"] else ""
        uri = item.get("uri") or f"{item['uriTemplate']}  [template]"
        say(f"{item['server']}  {uri}  {item['name']}{kind}")
        if item["description"]:
            say(f"    {item['description'][:200]}")
    if not found:
        print("no MCP resources")
    return 0


async def read_command(server: str, uri: str, as_json: bool, mcp_config: str = "") -> int:
    contents, failed = await _with_servers(_servers(mcp_config, server), lambda conn: read_resource(conn, uri))
    return _emit(contents, failed, as_json, contents_text)


async def prompts_command(as_json: bool, mcp_config: str = "") -> int:
    found, _failed = await _with_servers(_servers(mcp_config), list_prompts)
    if as_json:
        _print_json(found)
        return 0
    for item in found:
        names = [a["name"] + ("" if a["required"] else "?") for a in item["arguments"]]
        say(f"/{item['server']}:{item['name']}({', '.join(names)})  {item['description'][:200]}")
    if not found:
        print("no MCP prompts")
    return 0


def prompt_arguments(text: str) -> dict[str, str]:
    """`--args '{"city": "Sanya"}'`: a JSON object of strings (MCP prompt arguments are strings)."""
    if not text:
        return {}
    try:
        value = jsonsafe.loads(text)
    except ValueError as exc:
        raise UsageError(f"--args is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise UsageError('--args must be a JSON object, e.g. \'{"city": "Sanya"}\'')
    return {str(k): v if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for k, v in value.items()}


async def prompt_command(server: str, name: str, args_json: str, as_json: bool, mcp_config: str = "") -> int:
    arguments = prompt_arguments(args_json)
    messages, failed = await _with_servers(_servers(mcp_config, server), lambda conn: get_prompt(conn, name, arguments))
    return _emit(messages, failed, as_json, lambda ms: "\n".join(f"[{m['role']}]\n{m['text']}\n" for m in ms))
