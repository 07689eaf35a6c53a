"""`travel-assistant mcp-server`: the built-in travel tools over MCP stdio, for any MCP client."""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

from desktop_app import __version__
from desktop_app.agent.messages import ToolCall
from desktop_app.tools.registry import PROGRESS, ToolDef, ToolOutput, ToolRegistry

INSTRUCTIONS = (
    "Travel tools from the Travel Assistant desktop app: weather, flights, hotels and "
    "itineraries. Results are JSON; an error result says what went wrong."
)


def _annotations(tool: ToolDef) -> dict[str, Any]:
    """Our risk level as MCP hints (clients treat them as hints, as we do theirs)."""
    return {
        "title": tool.meta.get("title") or tool.name.replace("_", " "),
        "readOnlyHint": tool.risk == "read",
        "destructiveHint": tool.risk == "dangerous",
        "openWorldHint": bool(tool.meta.get("open_world", False)),
    }


def build_server(registry: ToolRegistry) -> Any:
    """An MCPServer whose tools are exactly the registry's ToolDefs, with their own schemas."""
    from mcp import types
    from mcp.server.mcpserver import MCPServer

    class RegistryServer(MCPServer):
        """MCPServer serving ToolDefs (validated and run by our registry) instead of functions."""

        async def list_tools(self) -> list[types.Tool]:
            return [
                types.Tool(
                    name=t.name,
                    description=t.description,
                    input_schema=t.parameters,
                    annotations=types.ToolAnnotations.model_validate(_annotations(t)),
                )
                for t in registry.all()
                if t.status == "ok"
            ]

        async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> types.CallToolResult:
            output = await _run_with_progress(registry, name, arguments, context)
            result: types.CallToolResult = to_call_result(output)
            return result

    return RegistryServer("travel-assistant", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")


async def _run_with_progress(registry: ToolRegistry, name: str, arguments: dict[str, Any], context: Any) -> ToolOutput:
    """Validate and run through the registry; a tool's progress reports go out as notifications."""
    sent: list[asyncio.Task[Any]] = []

    def report(progress: float, total: float | None = None, message: str = "") -> None:
        if context is not None:
            sent.append(asyncio.ensure_future(context.report_progress(progress, total, message or None)))

    token = PROGRESS.set(report)
    try:
        output = await registry.execute(ToolCall("mcp", name, arguments))
    finally:
        PROGRESS.reset(token)
    if sent:
        await asyncio.gather(*sent, return_exceptions=True)
    return output


def to_call_result(output: ToolOutput) -> Any:
    """Our ToolOutput as an MCP CallToolResult (text, images, structured content, isError)."""
    from mcp import types

    content: list[Any] = [types.TextContent(type="text", text=output.content)]
    content += [types.ImageContent(type="image", data=img["data"], mime_type=img["mime_type"]) for img in output.images]
    structured = output.structured if isinstance(output.structured, dict) else None
    return types.CallToolResult(content=content, structured_content=structured, is_error=output.is_error)


def serve() -> int:
    """Serve the travel tools over stdio until the client closes stdin."""
    from desktop_app.runtime import builtin_tools
    from desktop_app.store.settings import Settings

    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)  # stdout is the protocol
    registry = ToolRegistry(builtin_tools(Settings.load()))
    server = build_server(registry)
    try:
        server.run("stdio")
    except KeyboardInterrupt:
        return 0
    return 0
