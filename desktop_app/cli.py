"""The commands of CONTRACT.md: one parser, thin handlers, errors as one line, no tracebacks."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from desktop_app import __version__
from desktop_app.errors import HistoryError, UsageError


class CliError(Exception):
    """A failure the user should read as one line; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _add_provider_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--provider", choices=["offline", "openai", "anthropic"])
    p.add_argument("--model", default="")
    p.add_argument("--base-url", default="")


def _add_gui_flags(p: argparse.ArgumentParser) -> None:
    _add_provider_flags(p)
    p.add_argument("--prompt", default="")
    p.add_argument("--screenshot", default="")
    p.add_argument("--exit-when-done", action="store_true")
    p.add_argument("--mcp-config", default="")
    p.add_argument(
        "--conversation", default="", metavar="ID", help="open this saved conversation (a unique id prefix works)"
    )


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The window's launch (no arguments, or `gui ...`) is parsed by the `gui` parser alone:
    building every command's parser first would be ~5 ms of the window's start-up."""
    if argv and argv[0] != "gui":
        return build_parser().parse_args(argv)
    gui = argparse.ArgumentParser(prog="travel-assistant gui")
    _add_gui_flags(gui)
    args = gui.parse_args(argv[1:])
    args.command, args.install_desktop_entry, args.uninstall_desktop_entry = "gui", False, False
    return args


def build_parser() -> argparse.ArgumentParser:
    """Every command and flag of CONTRACT.md."""
    parser = argparse.ArgumentParser(prog="travel-assistant", description="A travel assistant that shows its work.")
    parser.add_argument("--version", action="version", version=f"travel-assistant {__version__}")
    parser.add_argument("--install-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--uninstall-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    _add_gui_flags(sub.add_parser("gui", help="open the desktop window (the default)"))

    ask = sub.add_parser("ask", help="one conversation run, headless")
    ask.add_argument("prompt", nargs="?")
    _add_provider_flags(ask)
    ask.add_argument("--json", action="store_true", help="JSON Lines events on stdout")
    ask.add_argument("--no-stream", action="store_true")
    ask.add_argument("--approve", default=None, help="none | all | TOOL[,TOOL...]")
    ask.add_argument("--mcp-config", default="")
    ask.add_argument("--enable-shell", action="store_true")
    ask.add_argument("--workspace", default="")
    ask.add_argument("--skill", default="")
    ask.add_argument("--max-turns", type=int, default=None)
    ask.add_argument("--no-save", action="store_true")
    ask.add_argument("--wire", action="store_true")
    ask.add_argument(
        "--continue",
        dest="continue_id",
        nargs="?",
        const="",
        metavar="ID",
        help="continue a saved conversation (the latest without ID; a unique id prefix works)",
    )

    tools = sub.add_parser("tools", help="list the tools the model would be offered")
    tools.add_argument("--json", action="store_true")
    tools.add_argument("--mcp-config", default="")
    tools_sub = tools.add_subparsers(dest="tools_command")
    call = tools_sub.add_parser("call", help="call one tool directly, as the user")
    call.add_argument("name")
    call.add_argument("--args", default="{}")
    call.add_argument("--mcp-config", default="")
    trust = tools_sub.add_parser("trust", help="re-approve a changed MCP tool definition")
    trust.add_argument("name")
    trust.add_argument("--mcp-config", default="")

    keys = sub.add_parser("keys", help="API keys in the OS keyring")
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    keys_sub.add_parser("set").add_argument("provider")
    keys_sub.add_parser("delete").add_argument("provider")
    keys_sub.add_parser("status")

    history = sub.add_parser("history", help="saved conversations")
    hist_sub = history.add_subparsers(dest="history_command", required=True)
    hist_sub.add_parser("list").add_argument("--json", action="store_true")
    show = hist_sub.add_parser("show")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")
    export = hist_sub.add_parser("export")
    export.add_argument("id")
    export.add_argument("--format", choices=["md", "json"], default="md")
    export.add_argument("-o", "--output", default="")
    imp = hist_sub.add_parser("import", help="add a conversation from a `history export --format json` file")
    imp.add_argument("file", help="the file, or - for stdin")

    sub.add_parser("mcp-server", help="serve the travel tools over MCP stdio")
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
    if command == "ask":
        import asyncio  # imported here: the window paints before it needs asyncio

        from desktop_app.headless import ask_command

        return asyncio.run(ask_command(args))
    if command == "tools":
        import asyncio

        from desktop_app.headless import tools_command

        return asyncio.run(tools_command(args))
    if command == "keys":
        from desktop_app.store.secrets import keys_command

        return keys_command(args.keys_command, getattr(args, "provider", ""))
    if command == "history":
        from desktop_app.commands.history import history_command

        return history_command(args)
    if command == "mcp-server":
        from desktop_app.mcp.server import serve

        return serve()
    raise UsageError(f"unknown command {command!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit 0 done, 1 could not finish, 2 bad usage; one line on stderr on error."""
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        return _dispatch(args)
    except UsageError as exc:
        print(f"travel-assistant: {exc}", file=sys.stderr)
        return 2
    except CliError as exc:
        print(f"travel-assistant: {exc}", file=sys.stderr)
        return exc.code
    except HistoryError as exc:  # e.g. a full disk while `ask` saves: one line, exit 1
        print(f"travel-assistant: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("travel-assistant: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the promise: never a traceback at the user
        print(f"travel-assistant: unexpected error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
