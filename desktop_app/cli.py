"""The commands of CONTRACT.md as a table: each command module has `add_arguments(parser)` and
`run(args) -> int`; only the command asked for is imported (and the window's launch, `gui`, only
its own flags). Errors are one line, never a traceback."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from desktop_app.commands.flags import add_gui_flags, fail
from desktop_app.errors import HistoryError, UsageError

# name -> (the module with add_arguments/run, its one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "ask": ("desktop_app.commands.ask", "one conversation run, headless"),
    "tools": ("desktop_app.commands.tools", "list the tools the model would be offered"),
    "keys": ("desktop_app.commands.keys", "API keys in the OS keyring"),
    "history": ("desktop_app.commands.history", "saved conversations"),
    "trip": ("desktop_app.commands.trip", "trips built by runs: list, show, export (.ics, Markdown, PDF)"),
    "mcp": ("desktop_app.commands.mcp", "MCP servers"),
    "mcp-server": ("desktop_app.commands.mcp_server", "serve the travel tools over MCP stdio"),
    "models": ("desktop_app.commands.models", "a provider's or local server's models; does one call tools?"),
}


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The window's launch (no arguments, or `gui ...`) is parsed by the `gui` parser alone, and any
    other command by a parser that builds only that command's flags (its module alone is imported)."""
    if argv and argv[0] != "gui":
        name = next((a for a in argv if not a.startswith("-")), "")
        return build_parser(only=name if name in COMMANDS else None).parse_args(argv)
    gui = argparse.ArgumentParser(prog="travel-assistant gui")
    add_gui_flags(gui)
    args = gui.parse_args(argv[1:])
    args.command, args.install_desktop_entry, args.uninstall_desktop_entry = "gui", False, False
    return args


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Every command and flag of CONTRACT.md (`only`: that command's flags, the others named)."""
    parser = argparse.ArgumentParser(prog="travel-assistant", description="A travel assistant that shows its work.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--verbose", action="store_true", help="with --version: also Python, Qt and the SDKs")
    parser.add_argument("--install-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--uninstall-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")
    add_gui_flags(sub.add_parser("gui", help="open the desktop window (the default)"))
    for name, (module, text) in COMMANDS.items():
        command = sub.add_parser(name, help=text)
        if only is None or only == name:
            importlib.import_module(module).add_arguments(command)
    return parser


# ---------------------------------------------------------------- dispatch


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command or "gui"
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from desktop_app.desktop_entry import install_or_uninstall

        return install_or_uninstall(install=args.install_desktop_entry)
    if command == "gui":
        from desktop_app.app import run_gui

        return run_gui(args)
    if command not in COMMANDS:
        raise UsageError(f"unknown command {command!r}")
    if command == "trip":
        args.render_pdf = _trip_pdf  # Qt draws the PDF; reached through app (commands may not import ui)
    result: int = importlib.import_module(COMMANDS[command][0]).run(args)
    return result


def _trip_pdf(*args: Any, **kwargs: Any) -> Any:
    from desktop_app.app import trip_pdf

    return trip_pdf(*args, **kwargs)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit 0 done, 1 could not finish, 2 bad usage; one line on stderr on error."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--mcp-guard"]:  # a bundled app starting an MCP server (mcp/client/guard.py)
        from desktop_app.mcp.client.guard import main as guard_main

        return guard_main(argv[1:])
    args = parse_args(argv)
    if getattr(args, "version", False):
        from desktop_app.versions import version_text

        print(version_text(args.verbose))
        return 0
    try:
        return _dispatch(args)
    except UsageError as exc:
        return fail(str(exc), 2)
    except HistoryError as exc:  # e.g. a full disk while `ask` saves: one line, exit 1
        return fail(str(exc), 1)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the promise: never a traceback at the user
        return fail(f"unexpected error: {type(exc).__name__}: {exc}", 1)


if __name__ == "__main__":
    raise SystemExit(main())
