"""The commands of CONTRACT.md: one parser, thin handlers, errors as one line, no tracebacks."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import Any

from desktop_app import __version__
from desktop_app.agent import events as ev
from desktop_app.agent.approval import Approver, Decision, PolicyApprover
from desktop_app.agent.messages import ToolCall
from desktop_app.runtime import RunOptions, UsageError
from desktop_app.store.history import HistoryError
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef, ToolRegistry


class CliError(Exception):
    """A failure the user should read as one line; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _add_provider_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--provider", choices=["offline", "openai", "anthropic"])
    p.add_argument("--model", default="")
    p.add_argument("--base-url", default="")


def build_parser() -> argparse.ArgumentParser:
    """Every command and flag of CONTRACT.md."""
    parser = argparse.ArgumentParser(prog="travel-assistant", description="A travel assistant that shows its work.")
    parser.add_argument("--version", action="version", version=f"travel-assistant {__version__}")
    parser.add_argument("--install-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--uninstall-desktop-entry", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    gui = sub.add_parser("gui", help="open the desktop window (the default)")
    _add_provider_flags(gui)
    gui.add_argument("--prompt", default="")
    gui.add_argument("--screenshot", default="")
    gui.add_argument("--exit-when-done", action="store_true")
    gui.add_argument("--mcp-config", default="")

    ask = sub.add_parser("ask", help="one conversation run, headless")
    ask.add_argument("prompt")
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

    sub.add_parser("mcp-server", help="serve the travel tools over MCP stdio")
    return parser


# ---------------------------------------------------------------- ask


class TerminalApprover:
    """Asks on the terminal (stderr prompt, stdin answer); anything but yes is a denial."""

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        args = json.dumps(call.arguments, ensure_ascii=False)
        prompt = f"Allow {call.name} ({tool.source}, risk {tool.risk}) with {args}? [y/N] "
        for warning in tool.warnings:  # e.g. "no OS sandbox is available ..." for the shell
            print(f"  ! {warning}", file=sys.stderr)
        print(prompt, end="", file=sys.stderr, flush=True)
        try:
            answer = await asyncio.to_thread(sys.stdin.readline)
        except (OSError, EOFError):
            answer = ""
        if answer.strip().lower() in ("y", "yes", "是"):
            return Decision(True, "user")
        return Decision(False, "user", "the user said no on the terminal")


def make_approver(approve: str | None) -> Approver:
    """`--approve` policy; on a terminal without it, ask there."""
    if approve is None:
        return TerminalApprover() if sys.stdin.isatty() else PolicyApprover("none")
    if approve in ("none", "all"):
        return PolicyApprover(approve)
    return PolicyApprover([n.strip() for n in approve.split(",") if n.strip()])


class HumanPrinter:
    """Readable output: the answer on stdout, the tool traffic on stderr."""

    def __call__(self, event: ev.AnyEvent) -> None:
        if isinstance(event, ev.TextDelta):
            sys.stdout.write(event.text)
            sys.stdout.flush()
        elif isinstance(event, ev.ToolCallEvent):
            args = event.arguments_raw or json.dumps(event.arguments, ensure_ascii=False)
            print(f"  → {event.name}({args})  [{event.id}]", file=sys.stderr)
        elif isinstance(event, ev.ApprovalEvent):
            print(f"  ✋ {event.name}: {event.decision} by {event.by} {event.reason}", file=sys.stderr)
        elif isinstance(event, ev.ToolResultEvent):
            mark = "✗" if event.is_error else "←"
            print(
                f"  {mark} {event.name}: {event.content[:200]}  ({event.duration_ms:.0f} ms)",
                file=sys.stderr,
            )
        elif isinstance(event, ev.Final):
            print()


def _json_printer(wire: bool) -> Any:
    def emit(event: ev.AnyEvent) -> None:
        if not wire and isinstance(event, ev.ModelRequestEvent | ev.ModelResponseEvent):
            return
        sys.stdout.write(json.dumps(event.to_dict(), ensure_ascii=False) + "\n")
        sys.stdout.flush()

    return emit


async def _ask(args: argparse.Namespace) -> int:
    settings = Settings.load()
    options = RunOptions(
        provider=args.provider or "",
        model=args.model,
        base_url=args.base_url,
        stream=not args.no_stream,
        max_turns=settings.max_turns if args.max_turns is None else args.max_turns,
        enable_shell=args.enable_shell,
        workspace=args.workspace,
        skill=args.skill,
        mcp_config=args.mcp_config,
    )
    if options.max_turns < 1:
        raise UsageError("--max-turns must be at least 1")
    from desktop_app.runtime import open_run

    run = await open_run(settings, options, make_approver(args.approve), save=not args.no_save, title=args.prompt)
    emit = _json_printer(args.wire) if args.json else HumanPrinter()
    failed = False
    try:
        async for event in run.agent.run(args.prompt):
            emit(event)
            if isinstance(event, ev.ErrorEvent):
                failed = True
                if not args.json:
                    print(f"\nerror: {event.message}", file=sys.stderr)
    finally:
        await run.close()
    return 1 if failed else 0


# ---------------------------------------------------------------- tools


async def _registry_for(args: argparse.Namespace) -> tuple[ToolRegistry, Any]:
    from desktop_app.runtime import open_tools

    return await open_tools(Settings.load(), RunOptions(mcp_config=getattr(args, "mcp_config", "")))


async def _tools(args: argparse.Namespace) -> int:
    if args.tools_command == "trust":
        from desktop_app.mcp.trust import trust_command

        return await trust_command(args.name, args.mcp_config)
    registry, closer = await _registry_for(args)
    try:
        if args.tools_command == "call":
            return await _tools_call(registry, args.name, args.args)
        listing = [t.listing() for t in registry.all()]
        if args.json:
            print(json.dumps(listing, ensure_ascii=False, indent=2))
        else:
            for t in listing:
                flag = "" if t["status"] == "ok" else f"  [{t['status']}]"
                summary = (t["description"] or "").split("\n")[0]
                print(f"{t['name']:<28} {t['risk']:<9} {t['source']:<16} {summary}{flag}")
        return 0
    finally:
        await closer()


async def _tools_call(registry: ToolRegistry, name: str, raw: str) -> int:
    try:
        parsed = json.loads(raw)
    except ValueError as exc:
        raise UsageError(f"--args is not valid JSON: {exc}") from None
    if not isinstance(parsed, dict):
        raise UsageError("--args must be a JSON object")
    out = await registry.execute(ToolCall("cli", name, parsed, raw))
    try:
        content: Any = json.loads(out.content)
    except ValueError:
        content = out.content
    print(
        json.dumps(
            {"name": name, "content": content, "is_error": out.is_error},
            ensure_ascii=False,
            indent=2,
        )
    )
    return 1 if out.is_error else 0


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
        return asyncio.run(_ask(args))
    if command == "tools":
        return asyncio.run(_tools(args))
    if command == "keys":
        from desktop_app.store.secrets import keys_command

        return keys_command(args.keys_command, getattr(args, "provider", ""))
    if command == "history":
        from desktop_app.store.history import history_command

        return history_command(args)
    if command == "mcp-server":
        from desktop_app.mcp.server import serve

        return serve()
    raise UsageError(f"unknown command {command!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: exit 0 done, 1 could not finish, 2 bad usage; one line on stderr on error."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None and not hasattr(args, "prompt"):
        for name, default in (
            ("provider", None),
            ("model", ""),
            ("base_url", ""),
            ("prompt", ""),
            ("screenshot", ""),
            ("exit_when_done", False),
            ("mcp_config", ""),
        ):
            setattr(args, name, default)
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
