"""`travel-assistant tools trust NAME`: review a held-back MCP tool definition, then pin it."""

from __future__ import annotations

from desktop_app.commands.flags import fail, say
from desktop_app.mcp.client.manager import McpManager, servers_for_name, settled
from desktop_app.mcp.trust.pins import render_change


async def trust_command(name: str, mcp_config: str = "") -> int:
    """`travel-assistant tools trust NAME`: show old vs new for a held-back tool, then pin it."""
    async with settled(servers_for_name(name, mcp_config)) as manager:
        if manager.trust.notice:
            fail(manager.trust.notice)
        pending = [p for p in manager.pending_changes() if name in (p.name, p.server)]
        if not pending:
            return _nothing_to_trust(manager, name)
        for change in pending:
            say(render_change(change))
            manager.approve(change.name)
            say(f"trusted: {change.name} is pinned to the definition shown above\n")
        return 0


def _nothing_to_trust(manager: McpManager, name: str) -> int:
    """Explain why there was nothing to approve (already trusted, unknown, or the server failed)."""
    for status in manager.statuses():
        if status.state == "failed":
            return fail(f"MCP server {status.name!r} failed: {status.reason}")
    known = [t.name for t in manager.tools()]
    if name in known or any(t.startswith(name + "__") for t in known):
        say(f"{name}: nothing to approve; the definition matches the one you trusted")
        return 0
    shown = ", ".join(sorted(known)) or "(none)"
    return fail(f"no MCP tool named {name!r}; tools: {shown}")
