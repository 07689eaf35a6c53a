"""The commands of CONTRACT.md: one parser, thin handlers, errors as one line, no tracebacks."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from desktop_app.core.providers import keyed
from desktop_app.core.providers import names as provider_names
from desktop_app.errors import HistoryError, UsageError
from desktop_app.visible import for_terminal

MCP_CONFIG_HELP = "MCP servers, in Claude Desktop's mcpServers format (plus url for HTTP servers)"
PROVIDERS = " or ".join(keyed())
ID_HELP = "the conversation's id (a unique prefix works; see `history list`)"


class CliError(Exception):
    """A failure the user should read as one line; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _add_provider_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--provider",
        choices=provider_names(),
        help="model provider (default: the one in settings; offline when no key is set)",
    )
    p.add_argument("--model", default="", metavar="NAME", help="e.g. gpt-4o-mini (default: the one in settings)")
    p.add_argument("--base-url", default="", metavar="URL", help="an OpenAI-compatible service (or OPENAI_BASE_URL)")


def _add_gui_flags(p: argparse.ArgumentParser) -> None:
    _add_provider_flags(p)
    p.add_argument("--prompt", default="", metavar="TEXT", help="send this first message as if typed")
    p.add_argument("--screenshot", default="", metavar="FILE", help="save a PNG of the window once the run is done")
    p.add_argument(
        "--exit-when-done",
        action="store_true",
        help="quit after the run (or the first paint) and print ui_max_stall_ms=N",
    )
    p.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
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
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--verbose", action="store_true", help="with --version: also Python, Qt and the SDKs")
    parser.add_argument("--install-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--uninstall-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    _add_gui_flags(sub.add_parser("gui", help="open the desktop window (the default)"))

    ask = sub.add_parser("ask", help="one conversation run, headless")
    ask.add_argument("prompt", nargs="?", help="the question, e.g. 三亚三天的天气、机票和酒店")
    _add_provider_flags(ask)
    ask.add_argument("--json", action="store_true", help="JSON Lines events on stdout")
    ask.add_argument("--no-stream", action="store_true", help="ask for whole responses instead of a stream")
    ask.add_argument("--approve", default=None, help="none | all | TOOL[,TOOL...]")
    ask.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
    ask.add_argument("--enable-shell", action="store_true", help="offer the sandboxed execute_shell tool")
    ask.add_argument("--workspace", default="", metavar="DIR", help="the folder the shell tool is confined to")
    ask.add_argument("--skill", default="", metavar="NAME", help="activate an Agent Skill (SKILL.md) for this run")
    ask.add_argument("--max-turns", type=int, default=None, metavar="N", help="model calls per run (default 10)")
    ask.add_argument("--no-save", action="store_true", help="do not keep this conversation in history")
    ask.add_argument("--wire", action="store_true", help="with --json: also the exact request and response bodies")
    ask.add_argument(
        "--continue",
        dest="continue_id",
        nargs="?",
        const="",
        metavar="ID",
        help="continue a saved conversation (the latest without ID; a unique id prefix works)",
    )

    tools = sub.add_parser("tools", help="list the tools the model would be offered")
    tools.add_argument("--json", action="store_true", help="one JSON array: schema, source, risk, status")
    tools.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
    tools_sub = tools.add_subparsers(dest="tools_command")
    call = tools_sub.add_parser("call", help="call one tool directly, as the user")
    call.add_argument("name", help="the tool's name (see `travel-assistant tools`)")
    call.add_argument("--args", default="{}", metavar="JSON", help='the arguments, a JSON object: {"city": "三亚"}')
    call.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
    trust = tools_sub.add_parser("trust", help="re-approve a changed MCP tool definition")
    trust.add_argument("name", help="the changed tool's name")
    trust.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)

    keys = sub.add_parser("keys", help="API keys in the OS keyring")
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    keys_sub.add_parser("set", help="store a key (hidden prompt, or stdin)").add_argument("provider", help=PROVIDERS)
    keys_sub.add_parser("delete", help="remove a stored key").add_argument("provider", help=PROVIDERS)
    keys_sub.add_parser("status", help="which providers have a key, and from where")

    history = sub.add_parser("history", help="saved conversations")
    hist_sub = history.add_subparsers(dest="history_command", required=True)
    listing = hist_sub.add_parser("list", help="saved conversations, newest first")
    listing.add_argument("--json", action="store_true", help="one JSON array")
    show = hist_sub.add_parser("show", help="one conversation's messages")
    show.add_argument("id", help=ID_HELP)
    show.add_argument("--json", action="store_true", help="id, title and messages as JSON")
    export = hist_sub.add_parser("export", help="write a conversation as Markdown or JSON")
    export.add_argument("id", help=ID_HELP)
    export.add_argument(
        "--format",
        choices=["md", "json", "python-openai", "python-anthropic"],
        default="md",
        help="md (default), json, or a runnable script: python-openai / python-anthropic",
    )
    export.add_argument("-o", "--output", default="", metavar="FILE", help="write to FILE instead of stdout")
    imp = hist_sub.add_parser("import", help="add a conversation from a `history export --format json` file")
    imp.add_argument("file", help="the file, or - for stdin")

    mcp = sub.add_parser("mcp", help="MCP servers")  # h-oauth: login / logout
    mcp_sub = mcp.add_subparsers(dest="mcp_command", required=True)
    for verb, text in (("login", "log in to a remote server (OAuth, in the browser)"), ("logout", "forget its tokens")):
        cmd = mcp_sub.add_parser(verb, help=text)
        cmd.add_argument("server", help="the server's name in mcp.json")
        cmd.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
    _add_resource_commands(mcp_sub)
    gallery = mcp_sub.add_parser("gallery", help="vetted travel connectors (real listings, weather, flights, maps)")
    gallery.add_argument("--json", action="store_true", help="print JSON instead of text")
    add = mcp_sub.add_parser("add", help="add a gallery connector to mcp.json (shows what it runs and sends first)")
    add.add_argument("name", help="the connector's name (see `mcp gallery`)")
    add.add_argument(
        "--yes", action="store_true", help="do not ask (for scripts); an existing server of that name is never replaced"
    )
    add.add_argument(
        "--name", default="", dest="as_name", help="the server's name in mcp.json (default: the connector's)"
    )
    _add_bundle_commands(mcp_sub)
    _add_secret_commands(mcp_sub)
    _add_task_commands(mcp_sub)

    sub.add_parser("mcp-server", help="serve the travel tools over MCP stdio")
    from desktop_app.commands import models, trip

    trip.add_arguments(sub.add_parser("trip", help="trips built by runs: list, show, export (.ics, Markdown, PDF)"))

    models.add_arguments(sub.add_parser("models", help="a provider's or local server's models; does one call tools?"))
    return parser


def _add_bundle_commands(mcp_sub: Any) -> None:
    """`mcp install FILE.mcpb` / `mcp uninstall NAME` (CONTRACT.md)."""
    inst = mcp_sub.add_parser("install", help="install an MCP bundle (.mcpb or .dxt; shows what it runs first)")
    inst.add_argument("file", help="the bundle file")
    inst.add_argument(
        "--yes", action="store_true", help="do not ask (for scripts); an existing server of that name is never replaced"
    )
    uninst = mcp_sub.add_parser("uninstall", help="remove an installed MCP bundle: its files, entry and keys")
    uninst.add_argument("name", help="the bundle's server name in mcp.json")
    uninst.add_argument("--yes", action="store_true", help="do not ask (for scripts)")


def _add_secret_commands(mcp_sub: Any) -> None:
    """`mcp secret set|delete|allow|list`: a server's own secrets and where they may go."""
    secret = mcp_sub.add_parser("secret", help="secrets kept for one MCP server, and where they may be sent")
    secret_sub = secret.add_subparsers(dest="secret_command", required=True)
    for verb, text in (("set", "store a secret for a server (hidden prompt, or stdin)"), ("delete", "forget it")):
        cmd = secret_sub.add_parser(verb, help=text)
        cmd.add_argument("server", help="the server's name in mcp.json")
        cmd.add_argument("secret", help='the NAME of its {"keyring": NAME} reference')
        cmd.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
    allow = secret_sub.add_parser("allow", help="allow a server's secrets to go where its entry sends them")
    allow.add_argument("server", help="the server's name in mcp.json")
    allow.add_argument("--yes", action="store_true", help="do not ask (for scripts)")
    allow.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
    listing = secret_sub.add_parser("list", help="every secret reference, whether it is stored and allowed")
    listing.add_argument("--json", action="store_true", help="print JSON instead of text")
    listing.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)


def _add_task_commands(mcp_sub: Any) -> None:
    """`mcp tasks [cancel|result]`: MCP tasks an earlier run left running (CONTRACT.md)."""
    tasks = mcp_sub.add_parser("tasks", help="MCP tasks an earlier run left running; cancel one or fetch its result")
    tasks.add_argument("--json", action="store_true", help="print JSON instead of text")
    tasks_sub = tasks.add_subparsers(dest="tasks_command")
    for verb, text in (("cancel", "ask the server to cancel a task"), ("result", "fetch a finished task's result")):
        cmd = tasks_sub.add_parser(verb, help=text)
        cmd.add_argument("server", help="the server's name in mcp.json")
        cmd.add_argument("task_id", help="the task's id (see `mcp tasks`)")
        cmd.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)
        if verb == "result":
            cmd.add_argument("--json", action="store_true", help="print JSON instead of text")


def _add_resource_commands(mcp_sub: Any) -> None:
    """`mcp resources|read|prompts|prompt` (CONTRACT.md)."""
    resources = mcp_sub.add_parser("resources", help="the configured servers' resources")
    read = mcp_sub.add_parser("read", help="print one resource's text")
    read.add_argument("server", help="the server's name in mcp.json")
    read.add_argument("uri", help="the resource's URI (see `mcp resources`)")
    prompts = mcp_sub.add_parser("prompts", help="the configured servers' prompts")
    prompt = mcp_sub.add_parser("prompt", help="print the messages a prompt expands to")
    prompt.add_argument("server", help="the server's name in mcp.json")
    prompt.add_argument("name", help="the prompt's name (see `mcp prompts`)")
    prompt.add_argument("--args", default="", metavar="JSON", help='its arguments, e.g. \'{"city": "Sanya"}\'')
    for cmd in (resources, read, prompts, prompt):
        cmd.add_argument("--json", action="store_true", help="print JSON instead of text")
        cmd.add_argument("--mcp-config", default="", metavar="FILE", help=MCP_CONFIG_HELP)


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

        if args.tools_command == "trust":
            from desktop_app.commands.trust import trust_command

            return asyncio.run(trust_command(args.name, args.mcp_config))
        from desktop_app.headless import tools_command

        return asyncio.run(tools_command(args))
    if command == "keys":
        from desktop_app.commands.keys import keys_command

        return keys_command(args.keys_command, getattr(args, "provider", ""))
    if command in ("history", "trip"):
        return _saved(args)
    if command in ("mcp", "mcp-server"):
        return _mcp(args)
    if command == "models":
        import asyncio

        from desktop_app.commands.models import models_command

        return asyncio.run(models_command(args))
    raise UsageError(f"unknown command {command!r}")


def _saved(args: argparse.Namespace) -> int:
    """`history ...` and `trip ...`; a trip's PDF is drawn by Qt, reached through app (commands may not import ui)."""
    if args.command == "history":
        from desktop_app.commands.history import history_command

        return history_command(args)
    from desktop_app.commands.trip import trip_command

    if args.trip_command == "export" and args.format == "pdf":
        from desktop_app.app import trip_pdf

        return trip_command(args, trip_pdf)
    return trip_command(args)


def _mcp_resources(args: argparse.Namespace) -> int:
    import asyncio

    from desktop_app.commands import mcp_resources as r

    if args.mcp_command == "resources":
        return asyncio.run(r.resources_command(args.json, args.mcp_config))
    if args.mcp_command == "prompts":
        return asyncio.run(r.prompts_command(args.json, args.mcp_config))
    if args.mcp_command == "read":
        return asyncio.run(r.read_command(args.server, args.uri, args.json, args.mcp_config))
    return asyncio.run(r.prompt_command(args.server, args.name, args.args, args.json, args.mcp_config))


def _mcp_secret(args: argparse.Namespace) -> int:
    from desktop_app.commands import mcp_secret as s

    if args.secret_command == "set":
        return s.set_command(args.server, args.secret, args.mcp_config)
    if args.secret_command == "delete":
        return s.delete_command(args.server, args.secret)
    if args.secret_command == "allow":
        return s.allow_command(args.server, args.yes, args.mcp_config)
    return s.list_command(args.json, args.mcp_config)


def _mcp_tasks(args: argparse.Namespace) -> int:
    import asyncio

    from desktop_app.commands import mcp_tasks as t

    if args.tasks_command == "cancel":
        return asyncio.run(t.cancel_command(args.server, args.task_id, args.mcp_config))
    if args.tasks_command == "result":
        return asyncio.run(t.result_command(args.server, args.task_id, args.json, args.mcp_config))
    return t.list_command(args.json)


def _mcp(args: argparse.Namespace) -> int:
    """`mcp-server`, and `mcp login` / `mcp logout` (h-oauth)."""
    if args.command == "mcp-server":
        from desktop_app.commands.mcp_server import serve_command

        return serve_command()
    if args.mcp_command in ("resources", "read", "prompts", "prompt"):
        return _mcp_resources(args)
    if args.mcp_command == "secret":
        return _mcp_secret(args)
    if args.mcp_command == "tasks":
        return _mcp_tasks(args)
    if args.mcp_command in ("install", "uninstall"):
        from desktop_app.commands.mcp_bundle import install_command, uninstall_command

        if args.mcp_command == "install":
            return install_command(args.file, args.yes)
        return uninstall_command(args.name, args.yes)
    if args.mcp_command in ("gallery", "add"):
        from desktop_app.commands.mcp_gallery import add_command, gallery_command

        return (
            gallery_command(args.json)
            if args.mcp_command == "gallery"
            else add_command(args.name, args.yes, args.as_name)
        )
    from desktop_app.commands.mcp_login import login_command, logout_command

    if args.mcp_command == "logout":
        return logout_command(args.server, args.mcp_config)
    import asyncio

    return asyncio.run(login_command(args.server, args.mcp_config))


def _fail(message: str, code: int) -> int:
    """The one error line on stderr; server and model text in it cannot drive the terminal."""
    print(for_terminal(f"travel-assistant: {message}"), file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit 0 done, 1 could not finish, 2 bad usage; one line on stderr on error."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--mcp-guard"]:  # a bundled app starting an MCP server (mcp/guard.py)
        from desktop_app.mcp.guard import main as guard_main

        return guard_main(argv[1:])
    args = parse_args(argv)
    if getattr(args, "version", False):
        from desktop_app.versions import version_text

        print(version_text(args.verbose))
        return 0
    try:
        return _dispatch(args)
    except UsageError as exc:
        return _fail(str(exc), 2)
    except CliError as exc:
        return _fail(str(exc), exc.code)
    except HistoryError as exc:  # e.g. a full disk while `ask` saves: one line, exit 1
        return _fail(str(exc), 1)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the promise: never a traceback at the user
        return _fail(f"unexpected error: {type(exc).__name__}: {exc}", 1)


if __name__ == "__main__":
    raise SystemExit(main())
