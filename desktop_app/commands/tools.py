"""`travel-assistant tools [call|trust]`: the tools the model would be offered, one called as the user."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from desktop_app import jsonsafe
from desktop_app.commands.flags import add_mcp_config, say
from desktop_app.core.messages import ToolCall
from desktop_app.errors import UsageError
from desktop_app.runtime import RunOptions
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolRegistry


async def tools_command(args: argparse.Namespace) -> int:
    """`travel-assistant tools [call]`: list the tools, or call one as the user."""
    from desktop_app.runtime import open_tools

    calling = args.name if args.tools_command == "call" else None  # a built-in's call starts no server
    options = RunOptions(mcp_config=getattr(args, "mcp_config", ""), mcp_tool=calling)
    registry, closer = await open_tools(Settings.load(), options)
    try:
        if args.tools_command == "call":
            return await _tools_call(registry, args.name, args.args)
        listing = [t.listing() for t in registry.all()]
        if args.json:
            print(jsonsafe.dumps(listing, indent=2))
        else:
            for t in listing:
                flag = "" if t["status"] == "ok" else f"  [{t['status']}]"
                summary = (t["description"] or "").split("\n")[0]
                say(f"{t['name']:<28} {t['risk']:<9} {t['source']:<16} {summary}{flag}")
        return 0
    finally:
        await closer()


async def _tools_call(registry: ToolRegistry, name: str, raw: str) -> int:
    try:
        parsed = jsonsafe.loads(raw, jsonsafe.MAX_ARGUMENT_DEPTH)
    except ValueError as exc:
        raise UsageError(f"--args is not valid JSON: {exc}") from None
    if not isinstance(parsed, dict):
        raise UsageError("--args must be a JSON object")
    out = await registry.execute(ToolCall("cli", name, parsed, raw))
    try:
        content: Any = jsonsafe.loads(out.content)
    except ValueError:
        content = out.content
    print(jsonsafe.dumps({"name": name, "content": content, "is_error": out.is_error}, indent=2))
    return 1 if out.is_error else 0


def add_arguments(tools: argparse.ArgumentParser) -> None:
    tools.add_argument("--json", action="store_true", help="one JSON array: schema, source, risk, status")
    add_mcp_config(tools)
    tools_sub = tools.add_subparsers(dest="tools_command")
    call = tools_sub.add_parser("call", help="call one tool directly, as the user")
    call.add_argument("name", help="the tool's name (see `travel-assistant tools`)")
    call.add_argument("--args", default="{}", metavar="JSON", help='the arguments, a JSON object: {"city": "三亚"}')
    add_mcp_config(call)
    trust = tools_sub.add_parser("trust", help="re-approve a changed MCP tool definition")
    trust.add_argument("name", help="the changed tool's name")
    add_mcp_config(trust)


def run(args: argparse.Namespace) -> int:
    if args.tools_command == "trust":
        from desktop_app.commands.trust import trust_command

        return asyncio.run(trust_command(args.name, args.mcp_config))
    return asyncio.run(tools_command(args))
