"""`travel-assistant mcp ...`: every MCP subcommand's flags, and which handler module runs it."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from desktop_app.commands.flags import add_mcp_config

YES = "do not ask (for scripts)"
YES_KEEP = YES + "; an existing server of that name is never replaced"


def add_arguments(mcp: argparse.ArgumentParser) -> None:
    mcp_sub = mcp.add_subparsers(dest="mcp_command", required=True)
    for verb, text in (("login", "log in to a remote server (OAuth, in the browser)"), ("logout", "forget its tokens")):
        cmd = mcp_sub.add_parser(verb, help=text)
        cmd.add_argument("server", help="the server's name in mcp.json")
        add_mcp_config(cmd)
    listing = mcp_sub.add_parser("list", help="the configured servers: state, wire and tools (what `tools` lists)")
    listing.add_argument("--json", action="store_true", help='one JSON array: {"name", "transport", "status", …}')
    add_mcp_config(listing)
    _add_resource_commands(mcp_sub)
    gallery = mcp_sub.add_parser("gallery", help="vetted travel connectors (real listings, weather, flights, maps)")
    gallery.add_argument("--json", action="store_true", help="print JSON instead of text")
    add = mcp_sub.add_parser("add", help="add a gallery connector to mcp.json (shows what it runs and sends first)")
    add.add_argument("name", help="the connector's name (see `mcp gallery`)")
    add.add_argument("--yes", action="store_true", help=YES_KEEP)
    add.add_argument(
        "--name", default="", dest="as_name", help="the server's name in mcp.json (default: the connector's)"
    )
    _add_bundle_commands(mcp_sub)
    _add_secret_commands(mcp_sub)
    _add_task_commands(mcp_sub)


def _add_bundle_commands(mcp_sub: Any) -> None:
    """`mcp install FILE.mcpb` / `mcp uninstall NAME` (CONTRACT.md)."""
    inst = mcp_sub.add_parser("install", help="install an MCP bundle (.mcpb or .dxt; shows what it runs first)")
    inst.add_argument("file", help="the bundle file")
    inst.add_argument("--yes", action="store_true", help=YES_KEEP)
    inst.add_argument(
        "--replace", action="store_true", help="replace an installed bundle of that name (its publisher is shown)"
    )
    uninst = mcp_sub.add_parser("uninstall", help="remove an installed MCP bundle: its files, entry and keys")
    uninst.add_argument("name", help="the bundle's server name in mcp.json")
    uninst.add_argument("--yes", action="store_true", help=YES)


def _add_secret_commands(mcp_sub: Any) -> None:
    """`mcp secret set|delete|allow|list`: a server's own secrets and where they may go."""
    secret = mcp_sub.add_parser("secret", help="secrets kept for one MCP server, and where they may be sent")
    secret_sub = secret.add_subparsers(dest="secret_command", required=True)
    for verb, text in (("set", "store a secret for a server (hidden prompt, or stdin)"), ("delete", "forget it")):
        cmd = secret_sub.add_parser(verb, help=text)
        cmd.add_argument("server", help="the server's name in mcp.json")
        cmd.add_argument("secret", help='the NAME of its {"keyring": NAME} reference')
        add_mcp_config(cmd)
    allow = secret_sub.add_parser("allow", help="allow a server's secrets to go where its entry sends them")
    allow.add_argument("server", help="the server's name in mcp.json")
    allow.add_argument("--yes", action="store_true", help=YES)
    add_mcp_config(allow)
    listing = secret_sub.add_parser("list", help="every secret reference, whether it is stored and allowed")
    listing.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_mcp_config(listing)


def _add_task_commands(mcp_sub: Any) -> None:
    """`mcp tasks [cancel|result]`: MCP tasks an earlier run left running (CONTRACT.md)."""
    tasks = mcp_sub.add_parser("tasks", help="MCP tasks an earlier run left running; cancel one or fetch its result")
    tasks.add_argument("--json", action="store_true", help="print JSON instead of text")
    tasks_sub = tasks.add_subparsers(dest="tasks_command")
    for verb, text in (("cancel", "ask the server to cancel a task"), ("result", "fetch a finished task's result")):
        cmd = tasks_sub.add_parser(verb, help=text)
        cmd.add_argument("server", help="the server's name in mcp.json")
        cmd.add_argument("task_id", help="the task's id (see `mcp tasks`)")
        add_mcp_config(cmd)
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
        add_mcp_config(cmd)


def _mcp_resources(args: argparse.Namespace) -> int:
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
    from desktop_app.commands import mcp_tasks as t

    if args.tasks_command == "cancel":
        return asyncio.run(t.cancel_command(args.server, args.task_id, args.mcp_config))
    if args.tasks_command == "result":
        return asyncio.run(t.result_command(args.server, args.task_id, args.json, args.mcp_config))
    return t.list_command(args.json)


def run(args: argparse.Namespace) -> int:
    """The handler of `mcp <subcommand>` (each module imported only when it runs)."""
    if args.mcp_command == "list":
        from desktop_app.commands.mcp_list import list_command

        return asyncio.run(list_command(args.json, args.mcp_config))
    if args.mcp_command in ("resources", "read", "prompts", "prompt"):
        return _mcp_resources(args)
    if args.mcp_command == "secret":
        return _mcp_secret(args)
    if args.mcp_command == "tasks":
        return _mcp_tasks(args)
    if args.mcp_command in ("install", "uninstall"):
        from desktop_app.commands.mcp_bundle import install_command, uninstall_command

        if args.mcp_command == "install":
            return install_command(args.file, args.yes, args.replace)
        return uninstall_command(args.name, args.yes)
    if args.mcp_command in ("gallery", "add"):
        from desktop_app.commands.mcp_gallery import add_command, gallery_command

        if args.mcp_command == "gallery":
            return gallery_command(args.json)
        return add_command(args.name, args.yes, args.as_name)
    from desktop_app.commands.mcp_login import login_command, logout_command

    if args.mcp_command == "logout":
        return logout_command(args.server, args.mcp_config)
    return asyncio.run(login_command(args.server, args.mcp_config))
