"""`travel-assistant ask`: one run of the engine, printed for a terminal (or `--json` events for a script)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from desktop_app import jsonsafe
from desktop_app.agent.approval import ApprovalPolicy, Approver, Decision, Pending, PolicyApprover, Waiting
from desktop_app.commands.flags import add_mcp_config, add_provider_flags, fail, say
from desktop_app.core import events as ev
from desktop_app.core.messages import ToolCall
from desktop_app.errors import UsageError
from desktop_app.runtime import RunOptions
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef, ToolRegistry
from desktop_app.visible import for_terminal


class TerminalApprover:
    """Asks on the terminal through the engine's ApprovalPolicy: calls always allowed in Settings
    run, the others are asked one at a time in call order (stderr prompt, stdin answer); anything
    but yes is a denial. A terminal waits for its person: no timeout."""

    def __init__(self, always: Sequence[str] = ()) -> None:
        self.policy = ApprovalPolicy(lambda: always, lambda: None)
        self._prompts: set[asyncio.Task[None]] = set()

    async def decide(self, call: ToolCall, tool: ToolDef, waiting: Waiting = None) -> Decision:
        return (await self.policy.verdict(call, tool, "", self, waiting)).decision()

    def show(self, pending: Pending) -> None:
        task = asyncio.get_running_loop().create_task(self._prompt(pending))
        self._prompts.add(task)
        task.add_done_callback(self._prompts.discard)

    async def _prompt(self, pending: Pending) -> None:
        call, tool = pending.call, pending.tool
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
            self.policy.answer(pending, "once")
        else:
            self.policy.answer(pending, "deny", "the user said no on the terminal")

    def withdraw(self, pending: Pending) -> None:
        """Nothing to take back: a terminal question ends with its answer."""

    def queue_changed(self, waiting: int) -> None:
        """The terminal shows one question at a time; the line is not shown."""


def make_approver(approve: str | None, always: Sequence[str] = ()) -> Approver:
    """`--approve` policy; on a terminal without it, ask there (`always`: Settings' always-allowed tools)."""
    if approve is None:
        return TerminalApprover(always) if sys.stdin.isatty() else PolicyApprover("none")
    if approve in ("none", "all"):
        return PolicyApprover(approve)
    return PolicyApprover([n.strip() for n in approve.split(",") if n.strip()])


def warn_unmatched(approver: Approver, registry: ToolRegistry) -> None:
    """One stderr line for `--approve` names that match no tool: a typo should not pass silently."""
    if isinstance(approver, PolicyApprover):
        unknown = approver.unmatched(registry.all())
        if unknown:
            names = ", ".join(repr(n) for n in unknown)
            fail(f"--approve: no tool matches {names} (`travel-assistant tools` lists them)")


def print_human(event: ev.AnyEvent) -> None:
    """Readable output: the answer on stdout, the tool traffic and errors on stderr (all through
    for_terminal, so model and tool text is harmless for the terminal); both flushed after each
    event, so a shared terminal or file shows them in the order they happened."""
    if isinstance(event, ev.TextDeltaEvent):
        sys.stdout.write(for_terminal(event.text))
    elif isinstance(event, ev.ToolCallEvent):
        args = event.arguments_raw[:200] if event.arguments_raw is not None else jsonsafe.dumps(event.arguments)
        say(f"  → {event.name}({args})  [{event.id}]", err=True)
    elif isinstance(event, ev.ApprovalEvent):
        say(f"  ✋ {event.name}: {event.decision} by {event.by} {event.reason}", err=True)
    elif isinstance(event, ev.ToolResultEvent):
        mark = "✗" if event.is_error else "←"
        say(f"  {mark} {event.name}: {event.content[:200]}  ({event.duration_ms:.0f} ms)", err=True)
    elif isinstance(event, ev.FinalEvent):
        print()
    elif isinstance(event, ev.ErrorEvent):
        say(f"\nerror: {event.message}", err=True)
    sys.stdout.flush()
    sys.stderr.flush()


def print_json(event: ev.AnyEvent, wire: bool) -> None:
    """One strict JSON line per event; the exact request and response bodies only with --wire."""
    if wire or not isinstance(event, ev.ModelRequestEvent | ev.ModelResponseEvent):
        sys.stdout.write(jsonsafe.dumps(event.to_dict()) + "\n")  # strict JSON, one line, always
        sys.stdout.flush()


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
        mcp_grace_s=settings.mcp_wait() if args.mcp_wait is None else args.mcp_wait,
    )
    if options.max_turns < 1:
        raise UsageError("--max-turns must be at least 1")
    from desktop_app.runtime import open_run

    approver = make_approver(args.approve, settings.auto_approve)
    if sys.stdin.isatty():  # a secret's first trip to a server is asked here (a script is told how)
        from desktop_app.commands.mcp_secret import confirm_pending_on_terminal

        await asyncio.to_thread(confirm_pending_on_terminal, args.mcp_config)
    run = await open_run(
        settings, options, approver, save=not args.no_save, title=prompt, conversation_id=conversation_id
    )
    warn_unmatched(approver, run.agent.registry)
    try:
        async for event in run.agent.run(prompt):
            if args.json:
                print_json(event, args.wire)
            else:
                print_human(event)
    finally:
        await run.close()
    return 0 if run.agent.outcome.ok else 1


def wait_seconds(text: str) -> float:
    """`--mcp-wait`: a finite number of seconds from 0 to 600."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 600:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 to 600, not {text!r}")
    return value


def add_arguments(ask: argparse.ArgumentParser) -> None:
    ask.add_argument("prompt", nargs="?", help="the question, e.g. 三亚三天的天气、机票和酒店")
    add_provider_flags(ask)
    ask.add_argument("--json", action="store_true", help="JSON Lines events on stdout")
    ask.add_argument("--no-stream", action="store_true", help="ask for whole responses instead of a stream")
    ask.add_argument("--approve", default=None, help="none | all | TOOL[,TOOL...]")
    add_mcp_config(ask)
    ask.add_argument(
        "--mcp-wait",
        type=wait_seconds,
        default=None,
        metavar="SECONDS",
        help="wait at most this long for every MCP server to connect or fail (default 30; 0: do not wait)",
    )
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


def run(args: argparse.Namespace) -> int:
    return asyncio.run(ask_command(args))
