"""`travel-assistant mcp login SERVER` / `mcp logout SERVER`: OAuth for a remote MCP server, tokens in the keyring."""

from __future__ import annotations

from desktop_app.commands.flags import fail, say
from desktop_app.mcp.auth.oauth import LoginError, login, logout
from desktop_app.mcp.setup.config import configured_server
from desktop_app.store.secrets import SecretsError


async def login_command(name: str, mcp_config: str = "") -> int:
    """Open the browser for the server's OAuth login; the URL is printed too, for another browser."""
    server = configured_server(name, mcp_config, with_url=True)
    try:
        done = await login(server, notify=lambda line: say(line, err=True))
    except LoginError as exc:
        return fail(str(exc))
    say(done)
    return 0


def logout_command(name: str, mcp_config: str = "") -> int:
    """Forget the server's tokens and client registration (the keyring entries)."""
    try:
        removed = logout(configured_server(name, mcp_config, with_url=True))
    except SecretsError as exc:
        return fail(str(exc))
    say(f"logged out of {name!r}" if removed else f"no login was kept for {name!r}")
    return 0
