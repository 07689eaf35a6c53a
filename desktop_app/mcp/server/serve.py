"""`travel-assistant mcp-server`: the built-in travel tools over MCP stdio, for any MCP client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from typing import Any

from pydantic import BaseModel, Field

from desktop_app import __version__
from desktop_app.core.messages import ToolCall
from desktop_app.tools.registry import ToolDef, ToolOutput, ToolRegistry, error_output, validate_arguments
from desktop_app.visible import one_line

INSTRUCTIONS = (
    "Travel tools from the Travel Assistant desktop app: weather, flights, hotels and "
    "itineraries. Results are JSON; an error result says what went wrong."
)


def _annotations(tool: ToolDef) -> dict[str, Any]:
    """Our risk level as MCP hints (clients treat them as hints, as we do theirs)."""
    return {
        "title": tool.meta.get("title") or tool.name.replace("_", " "),
        "readOnlyHint": tool.risk == "read",
        "destructiveHint": tool.risk != "read",  # e.g. save_itinerary writes files
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
            refusal = await ask_first(registry.get(name), arguments, context)
            output = refusal or await _run_with_progress(registry, name, arguments, context)
            result: types.CallToolResult = to_call_result(output)
            return result

    return RegistryServer("travel-assistant", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")


class Confirmation(BaseModel):
    """The form a client shows before a tool that changes something runs."""

    confirm: bool = Field(default=False, title="Allow", description="Tick to let the tool run")


def _needs_asking(tool: ToolDef | None, arguments: dict[str, Any]) -> bool:
    """Asks only for a valid call of a tool that needs confirmation (an invalid one fails anyway)."""
    if tool is None or tool.status != "ok" or validate_arguments(tool.parameters, arguments):
        return False
    return tool.confirm_for(arguments) if tool.confirm_for else tool.needs_confirmation


def _can_elicit_forms(context: Any) -> bool:
    """The client declared elicitation with form mode (an empty `elicitation: {}` means forms)."""
    try:
        caps = context.client_capabilities if context is not None else None
    except ValueError:  # no request context: called outside a request
        return False
    found = getattr(caps, "elicitation", None)
    return found is not None and (found.form is not None or found.url is None)


def confirmation_message(tool: ToolDef, arguments: dict[str, Any]) -> str:
    """What the user is asked: the tool, then one line per argument, long values shortened; a control or
    hidden character in a value is shown escaped, so no value can add lines that look like the question's."""
    lines = [f"Allow {one_line(tool.meta.get('title') or tool.name)} to run? It {_effect(tool)}."]
    for key, value in arguments.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        short = text if len(text) <= 120 else f"{text[:120]}… ({len(text):,} characters)"
        lines.append(f"{one_line(str(key))[:60]}: {one_line(short)}")
    return "\n".join(lines)


def _effect(tool: ToolDef) -> str:
    if tool.name == "save_itinerary":
        return "saves a Markdown file in your Documents/Travel Assistant folder"
    return "changes things on this computer" if tool.risk != "read" else "needs your confirmation"


async def ask_first(tool: ToolDef | None, arguments: dict[str, Any], context: Any) -> ToolOutput | None:
    """The user's yes through the client's form (elicitation); otherwise the error result to return."""
    if tool is None or not _needs_asking(tool, arguments):
        return None
    if not _can_elicit_forms(context):
        return error_output(
            f"{tool.name} needs the user's confirmation, but this MCP client cannot ask the user "
            "(it does not support elicitation); nothing was done"
        )
    try:
        answer = await context.elicit(confirmation_message(tool, arguments), Confirmation)
    except Exception as exc:  # noqa: BLE001 - a failed question means no
        return error_output(f"{tool.name} could not ask the user for confirmation ({exc}); nothing was done")
    if answer.action == "accept" and answer.data.confirm:
        return None
    why = {
        "accept": "the user did not tick Allow",
        "decline": "the user declined",
        "cancel": "the user dismissed the confirmation",
    }[answer.action]
    return error_output(f"{tool.name} did not run: {why}; nothing was done")


async def _run_with_progress(registry: ToolRegistry, name: str, arguments: dict[str, Any], context: Any) -> ToolOutput:
    """Validate and run through the registry; a tool's progress reports go out as notifications."""
    sent: list[asyncio.Task[Any]] = []

    def report(progress: float, total: float | None = None, message: str = "") -> None:
        if context is not None:
            sent.append(asyncio.ensure_future(context.report_progress(progress, total, message or None)))

    output = await registry.execute(ToolCall("mcp", name, arguments), report)
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


def serve(registry: ToolRegistry) -> int:
    """Serve the given tools (the app's built-in ones: runtime wires them) over stdio until the client closes stdin."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)  # stdout is the protocol
    if sys.stdin is None or sys.stdout is None:
        print("travel-assistant: mcp-server speaks MCP on stdin/stdout; an MCP client starts it", file=sys.stderr)
        return 2
    server = build_server(registry)
    from desktop_app.mcp.server.stdio_drain import owed_replies

    relay = owed_replies() if os.name == "posix" else contextlib.nullcontext()
    with contextlib.suppress(KeyboardInterrupt), relay:  # a closed stdin ends us once its replies are written
        server.run("stdio")
    return 0
