"""`travel-assistant mcp list [--json]` (CONTRACT.md): every configured server, started and waited
for, with its wire, its state and its tools (what `tools` lists, grouped by server); disabled and
refused entries are listed, not started."""

from __future__ import annotations

from typing import Any

from desktop_app import jsonsafe
from desktop_app.commands.flags import say
from desktop_app.mcp.client.connection import ServerStatus
from desktop_app.mcp.client.manager import settled
from desktop_app.mcp.setup.config import ServerConfig, load_or_usage_error
from desktop_app.tools.registry import ToolDef


def _row(config: ServerConfig, status: ServerStatus | None) -> dict[str, Any]:
    """One server as `--json` gives it: {"name", "transport", "status", "tools", "reason"}."""
    if status is None:  # not started: switched off, or an entry that cannot be run
        state, reason = ("disabled", "") if config.disabled else ("refused", config.refused)
        return {"name": config.name, "transport": config.transport, "status": state, "tools": 0, "reason": reason}
    return {
        "name": config.name,
        "transport": status.transport or config.transport,
        "status": status.state,
        "tools": len(status.tools),
        "reason": status.reason if status.state == "failed" else "",
    }


def _show(row: dict[str, Any], tools: list[ToolDef]) -> None:
    """A server's line, then its tools as `tools` shows them, indented."""
    reason = f"  {row['reason']}" if row["reason"] else ""
    say(f"{row['name']:<16} {row['transport']:<6} {row['status']:<9} {row['tools']} tool(s){reason}")
    for t in tools:
        flag = "" if t.status == "ok" else f"  [{t.status}]"
        summary = (t.description or "").split("\n")[0]
        say(f"  {t.name:<30} {t.risk:<9} {summary}{flag}")


async def list_command(as_json: bool, mcp_config: str) -> int:
    """List the servers (exit 0: a server that failed is a fact to show, said on its line)."""
    configs = load_or_usage_error(mcp_config)
    async with settled([c for c in configs if not c.disabled and not c.refused]) as manager:
        statuses = {s.name: s for s in manager.statuses()}
        tools = manager.tools()
    rows = [_row(c, statuses.get(c.name)) for c in configs]
    if as_json:
        print(jsonsafe.dumps(rows, indent=2))
        return 0
    if not rows:
        say("no MCP servers configured (add one with `mcp add`, `mcp install` or Settings → MCP servers)")
    for row in rows:
        _show(row, [t for t in tools if t.source == f"mcp:{row['name']}"])
    return 0
