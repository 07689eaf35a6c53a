"""The headless commands `ask` and `tools`: the engine, printed for a terminal or a script."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from desktop_app import jsonsafe
from desktop_app.agent.approval import Approver, Decision, PolicyApprover
from desktop_app.core import events as ev
from desktop_app.core.messages import ToolCall
from desktop_app.errors import UsageError
from desktop_app.runtime import RunOptions
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef, ToolRegistry
from desktop_app.visible import for_terminal

# ---------------------------------------------------------------- ask


class TerminalApprover:
    """Asks on the terminal (stderr prompt, stdin answer); anything but yes is a denial."""

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        args = jsonsafe.dumps(call.arguments)
        prompt = f"Allow {for_terminal(call.name)} ({for_terminal(tool.source)}, risk {tool.risk}) with {args}? [y/N] "
        for warning in tool.warnings:  # e.g. "no OS sandbox is available ..." for the shell
            print(f"  ! {for_terminal(warning)}", file=sys.stderr)
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


def warn_unmatched(approver: Approver, registry: ToolRegistry) -> None:
    """One stderr line for `--approve` names that match no tool: a typo should not pass silently."""
    if isinstance(approver, PolicyApprover):
        unknown = approver.unmatched(registry.all())
        if unknown:
            names = ", ".join(repr(n) for n in unknown)
            print(
                for_terminal(
                    f"travel-assistant: --approve: no tool matches {names} (`travel-assistant tools` lists them)"
                ),
                file=sys.stderr,
            )


def _say(text: str) -> None:
    """One line of tool traffic on stderr, model and tool text made harmless for the terminal."""
    print(for_terminal(text), file=sys.stderr)


class HumanPrinter:
    """Readable output: the answer on stdout, the tool traffic on stderr (all through for_terminal)."""

    def __call__(self, event: ev.AnyEvent) -> None:
        if isinstance(event, ev.TextDelta):
            sys.stdout.write(for_terminal(event.text))
            sys.stdout.flush()
        elif isinstance(event, ev.ToolCallEvent):
            args = event.arguments_raw[:200] if event.arguments_raw is not None else jsonsafe.dumps(event.arguments)
            _say(f"  → {event.name}({args})  [{event.id}]")
        elif isinstance(event, ev.ApprovalEvent):
            _say(f"  ✋ {event.name}: {event.decision} by {event.by} {event.reason}")
        elif isinstance(event, ev.ToolResultEvent):
            mark = "✗" if event.is_error else "←"
            _say(f"  {mark} {event.name}: {event.content[:200]}  ({event.duration_ms:.0f} ms)")
        elif isinstance(event, ev.Final):
            print()


def _json_printer(wire: bool) -> Any:
    def emit(event: ev.AnyEvent) -> None:
        if not wire and isinstance(event, ev.ModelRequestEvent | ev.ModelResponseEvent):
            return
        sys.stdout.write(jsonsafe.dumps(event.to_dict()) + "\n")  # strict JSON, one line, always
        sys.stdout.flush()

    return emit


async def ask_command(args: argparse.Namespace) -> int:
    """`travel-assistant ask`: one run, its events printed; 1 when the run could not finish."""
    from desktop_app.commands.history import ask_target

    prompt, conversation_id = ask_target(args.prompt, args.continue_id)  # before anything is written
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
        mcp_grace_s=settings.mcp_grace(),
    )
    if options.max_turns < 1:
        raise UsageError("--max-turns must be at least 1")
    from desktop_app.runtime import open_run

    approver = make_approver(args.approve)
    if sys.stdin.isatty():  # a secret's first trip to a server is asked here (a script is told how)
        from desktop_app.commands.mcp_secret import confirm_pending_on_terminal

        await asyncio.to_thread(confirm_pending_on_terminal, args.mcp_config)
    run = await open_run(
        settings, options, approver, save=not args.no_save, title=prompt, conversation_id=conversation_id
    )
    warn_unmatched(approver, run.agent.registry)
    emit = _json_printer(args.wire) if args.json else HumanPrinter()
    try:
        async for event in run.agent.run(prompt):
            emit(event)
            if isinstance(event, ev.ErrorEvent) and not args.json:
                _say(f"\nerror: {event.message}")
    finally:
        await run.close()
    return 0 if run.agent.outcome.ok else 1


# ---------------------------------------------------------------- tools


async def _registry_for(args: argparse.Namespace) -> tuple[ToolRegistry, Any]:
    from desktop_app.runtime import open_tools

    calling = args.name if args.tools_command == "call" else None  # a built-in's call starts no server
    return await open_tools(Settings.load(), RunOptions(mcp_config=getattr(args, "mcp_config", ""), mcp_tool=calling))


async def tools_command(args: argparse.Namespace) -> int:
    """`travel-assistant tools [call]`: list the tools, or call one as the user."""
    registry, closer = await _registry_for(args)
    try:
        if args.tools_command == "call":
            return await _tools_call(registry, args.name, args.args)
        listing = [t.listing() for t in registry.all()]
        if args.json:
            print(jsonsafe.dumps(listing, indent=2))
        else:
            for t in listing:
                flag = "" if t["status"] == "ok" else f"  [{t['status']}]"
                summary = (t["description"] or "").split("\n")[0]
                print(for_terminal(f"{t['name']:<28} {t['risk']:<9} {t['source']:<16} {summary}{flag}"))
        return 0
    finally:
        await closer()


async def _tools_call(registry: ToolRegistry, name: str, raw: str) -> int:
    try:
        parsed = jsonsafe.loads(raw, jsonsafe.MAX_ARGUMENT_DEPTH)
    except ValueError as exc:
        raise UsageError(f"--args is not valid JSON: {exc}") from None
    if not isinstance(parsed, dict):
        raise UsageError("--args must be a JSON object")
    out = await registry.execute(ToolCall("cli", name, parsed, raw))
    try:
        content: Any = jsonsafe.loads(out.content)
    except ValueError:
        content = out.content
    print(jsonsafe.dumps({"name": name, "content": content, "is_error": out.is_error}, indent=2))
    return 1 if out.is_error else 0
