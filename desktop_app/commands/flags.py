"""Flags and terminal lines several commands share (light: argparse and the provider records only,
so parsing stays fast)."""

from __future__ import annotations

import argparse
import sys

from desktop_app.core.providers import keyed, names
from desktop_app.visible import for_terminal

MCP_CONFIG_HELP = "MCP servers, in Claude Desktop's mcpServers format (plus url for HTTP servers)"
PROVIDERS = " or ".join(keyed())
ID_HELP = "the conversation's id (a unique prefix works; see `history list`)"


def add_mcp_config(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)


def add_provider_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--provider",
        choices=names(),
        help="model provider (default: the one in settings; offline when no key is set)",
    )
    p.add_argument("--model", default="", metavar="NAME", help="e.g. gpt-4o-mini (default: the one in settings)")
    p.add_argument("--base-url", default="", metavar="URL", help="an OpenAI-compatible service (or OPENAI_BASE_URL)")


def add_gui_flags(p: argparse.ArgumentParser) -> None:
    add_provider_flags(p)
    p.add_argument("--prompt", default="", metavar="TEXT", help="send this first message as if typed")
    p.add_argument("--screenshot", default="", metavar="FILE", help="save a PNG of the window once the run is done")
    p.add_argument(
        "--exit-when-done",
        action="store_true",
        help="quit after the run (or the first paint) and print ui_max_stall_ms=N",
    )
    add_mcp_config(p)
    p.add_argument(
        "--conversation", default="", metavar="ID", help="open this saved conversation (a unique id prefix works)"
    )


def say(line: str, err: bool = False) -> None:
    """A line for the terminal (hidden characters made visible), on stdout or stderr."""
    print(for_terminal(line), file=sys.stderr if err else sys.stdout)


def read_hidden(prompt: str, *, whole: bool = False) -> str:
    """A hidden prompt on a terminal, else one line of stdin (`whole`: all of it); never echoed."""
    import getpass  # here: parsing the command line stays light

    if sys.stdin is not None and sys.stdin.isatty():
        return getpass.getpass(prompt)
    if sys.stdin is None:
        return ""
    return sys.stdin.read() if whole else sys.stdin.readline()


def fail(message: str, code: int = 1) -> int:
    """A one-line error on stderr, named for the program; returns the exit code."""
    say(f"travel-assistant: {message}", err=True)
    return code
