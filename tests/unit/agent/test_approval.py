"""`--approve`: exact names, `SERVER__*` for a whole MCP server, and names that match nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from desktop_app.agent.approval import PolicyApprover
from desktop_app.core.messages import ToolCall
from desktop_app.tools.registry import ToolDef, ToolOutput


async def _run(args: dict[str, Any], _report: object = None) -> ToolOutput:
    return ToolOutput("ran")


def _tool(name: str, source: str = "builtin") -> ToolDef:
    return ToolDef(name, "a tool", {"type": "object"}, _run, risk="write", needs_confirmation=True, source=source)


SAVE = _tool("save_itinerary")
BOOK = _tool("hotels__book", "mcp:hotels")
PAY = _tool("my_shop__pay", "mcp:My Shop")  # the prefix is the server's name made safe
OTHER = _tool("flights__book", "mcp:flights")


def _allowed(approver: PolicyApprover, tool: ToolDef) -> bool:
    return asyncio.run(approver.decide(ToolCall("1", tool.name, {}), tool)).approved


def test_server_wildcard_allows_that_servers_tools_only() -> None:
    approver = PolicyApprover(["hotels__*", "My Shop__*"])
    assert _allowed(approver, BOOK) and _allowed(approver, PAY)
    assert not _allowed(approver, OTHER) and not _allowed(approver, SAVE)
    assert _allowed(PolicyApprover(["my_shop__*"]), PAY)  # by the prefix its tools carry


def test_a_wildcard_never_matches_a_builtin_tool() -> None:
    assert not _allowed(PolicyApprover(["save__*"]), _tool("save__itinerary"))


def test_unmatched_names_are_reported() -> None:
    approver = PolicyApprover(["save_itinerary", "save_itinerary_v2", "hotels__*", "trains__*"])
    assert approver.unmatched([SAVE, BOOK, PAY]) == ["save_itinerary_v2", "trains__*"]
    assert PolicyApprover("all").unmatched([]) == []
