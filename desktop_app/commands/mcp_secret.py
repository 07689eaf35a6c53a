"""`mcp secret set|delete|allow|list`: secrets kept for one MCP server, and where they may be sent."""

from __future__ import annotations

import json
import sys

from desktop_app.commands.flags import fail, read_hidden, say
from desktop_app.errors import UsageError
from desktop_app.mcp.setup.config import McpConfigError, configured_server, load_or_usage_error, load_servers
from desktop_app.mcp.trust import secret_refs
from desktop_app.store.secrets import SecretsError
from desktop_app.visible import for_terminal


def ask_yes(question: str) -> bool:
    """One y/N question on the terminal (stderr, so `--json` stdout stays clean)."""
    print(for_terminal(question) + " [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, EOFError):
        return False
    return answer.strip().lower() in ("y", "yes", "是")


def set_command(server: str, secret: str, mcp_config: str = "") -> int:
    """Store a secret for `server` (hidden prompt or one stdin line); it may then go where that entry sends it."""
    config = configured_server(server, mcp_config)
    problem = secret_refs.ref_problem(secret)
    if problem:
        raise UsageError(problem)
    value = read_hidden(f"secret {secret!r} for MCP server {server!r} (input hidden): ").strip()
    if not value:
        return fail("no secret given (nothing was stored)")
    try:
        secret_refs.store_for(config, secret, value)
    except (SecretsError, OSError) as exc:
        return fail(str(exc))
    say(f"stored {secret!r} for MCP server {server!r} in the keyring")
    for send in secret_refs.sends(config):
        if send.secret == secret:
            say(f"  it is sent as {send.field} to {send.to}")
    return 0


def delete_command(server: str, secret: str) -> int:
    try:
        gone = secret_refs.delete_for(server, secret)
    except SecretsError as exc:
        return fail(str(exc))
    if not gone:
        return fail(f"no secret {secret!r} is stored for MCP server {server!r}")
    say(f"deleted {secret!r} of MCP server {server!r}")
    return 0


def allow_command(server: str, yes: bool, mcp_config: str = "") -> int:
    """Show each secret the entry would send, and where; allow it on a 'yes' (or --yes in a script)."""
    config = configured_server(server, mcp_config)
    waiting = [secret_refs.with_changes(s) for s in secret_refs.sends(config) if not secret_refs.allowed(s)]
    if not waiting:
        say(f"MCP server {server!r} sends no secret that is not allowed already")
        return 0
    if not yes and not sys.stdin.isatty():
        raise UsageError("allow asks before a secret may leave: run it on a terminal, or pass --yes")
    refused = 0
    for send in waiting:
        say(send.question())
        if yes or ask_yes("Allow it?"):
            secret_refs.allow(send)
            say("  allowed")
        else:
            refused += 1
    return 1 if refused else 0


def list_command(as_json: bool, mcp_config: str = "") -> int:
    rows = [row for s in load_or_usage_error(mcp_config) for row in secret_refs.describe(s)]
    if as_json:
        print(json.dumps(rows, ensure_ascii=True, indent=2))
        return 0
    for row in rows:
        state = ("stored" if row["stored"] else "not stored") + (", allowed" if row["allowed"] else ", not allowed yet")
        say(f"{row['server']:<16} {row['secret']:<24} {row['as']} → {row['to']}  ({state})")
    if not rows:
        say('no MCP server names a secret ({"keyring": NAME} in headers or env)')
    return 0


def confirm_pending_on_terminal(mcp_config: str = "") -> None:
    """Before a headless run on a terminal: ask about each first-time send (a script is told how, per server)."""
    try:
        waiting = secret_refs.pending(load_servers(mcp_config))
    except McpConfigError:
        return  # the run reports a broken config itself
    for send in waiting:
        if ask_yes(f"{send.question()}. Send it?"):
            secret_refs.allow(send)
