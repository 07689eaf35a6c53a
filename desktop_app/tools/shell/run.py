"""The sandboxed `execute_shell` tool: checks the command (policy), wraps it (sandbox), runs it capped."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import signal
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from desktop_app.tools.registry import ProgressFn, ToolDef, ToolOutput, error_output
from desktop_app.tools.shell.policy import (
    INTERPRETERS,
    NETWORK,
    READ_ONLY,
    WRITES,
    Plan,
    RefusedError,
    check_command,
    verify_before_exec,
)
from desktop_app.tools.shell.sandbox import NO_SANDBOX, Sandbox, clean_env, detect_sandbox

OUTPUT_CAP = 64 * 1024  # bytes read from the command before it is stopped
SHOWN_CAP = 12_000  # characters of stdout the model is sent (under the registry's cap)
DEFAULT_TIMEOUT = 30.0
# A workspace may not be one of these (nor the home folder or a parent of it): it would expose system files.
SYSTEM_FOLDERS = ("/", "/usr", "/etc", "/bin", "/sbin", "/lib", "/var", "/opt", "/System", "/Library", "/Applications")


class ShellConfigError(ValueError):
    """The shell was switched on without a usable workspace."""


@dataclass
class Result:
    """What a finished (or stopped) command produced."""

    exit_code: int | None
    stdout: bytes = b""
    stderr: bytes = b""
    timed_out: bool = False
    cut: bool = False
    notes: list[str] = field(default_factory=list)


async def _pump(stream: asyncio.StreamReader, sink: bytearray, budget: list[int], stop: Callable[[], None]) -> bool:
    """Copy until EOF; once the shared byte budget is spent, stop the command, read to EOF."""
    cut = False
    while chunk := await stream.read(8192):
        sink.extend(chunk[: max(budget[0], 0)])
        budget[0] -= len(chunk)
        if budget[0] < 0 and not cut:
            cut = True
            stop()
    return cut


def _kill(proc: asyncio.subprocess.Process) -> None:
    """The whole process group: the sandbox and everything it started."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


async def _drain(pumps: asyncio.Future[tuple[bool, bool]]) -> None:
    """Let the readers see EOF (closes the pipes); give up after a moment (escaped children)."""
    try:
        await asyncio.wait_for(asyncio.shield(pumps), 2.0)
    except TimeoutError:
        pumps.cancel()
    except asyncio.CancelledError:
        pumps.cancel()
        raise


async def run_argv(argv: Sequence[str], cwd: Path, timeout: float, cap: int = OUTPUT_CAP) -> Result:
    """Run with a timeout and an output cap; the process group dies on either, or on cancel."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    proc = await asyncio.create_subprocess_exec(
        *argv,
        cwd=cwd,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=clean_env(str(Path.home())),
        start_new_session=True,
    )
    out, err, budget = bytearray(), bytearray(), [cap]
    assert proc.stdout is not None and proc.stderr is not None
    stop = functools.partial(_kill, proc)
    pumps = asyncio.gather(_pump(proc.stdout, out, budget, stop), _pump(proc.stderr, err, budget, stop))
    result = Result(None)
    try:
        result.cut = any(await asyncio.wait_for(asyncio.shield(pumps), timeout))
        if result.cut:
            await proc.wait()
        else:
            left = max(deadline - loop.time(), 0.1)
            result.exit_code = await asyncio.wait_for(proc.wait(), left)
    except TimeoutError:
        result.timed_out = True
        _kill(proc)
        await proc.wait()
    finally:
        if proc.returncode is None:
            _kill(proc)
        await _drain(pumps)
    result.stdout, result.stderr = bytes(out), bytes(err)
    return result


def format_result(result: Result, timeout: float) -> ToolOutput:
    """The seed's shape: stdout, then STDERR and EXIT CODE when the command failed."""
    text = result.stdout.decode("utf-8", errors="replace")
    if len(text) > SHOWN_CAP:
        result.notes.append(f"[output cut: showing the first {SHOWN_CAP} of {len(text)} characters]")
        text = text[:SHOWN_CAP]
    if result.cut:
        result.notes.append(f"[output cut: the command printed more than {OUTPUT_CAP // 1024} KiB and was stopped]")
    stderr = result.stderr.decode("utf-8", errors="replace").strip()
    if result.timed_out:
        result.notes.append(f"命令超时: the command ran longer than {timeout:g} s and was stopped")
    elif result.exit_code not in (0, None) or (result.cut and stderr):
        text += (f"\nSTDERR: {stderr[:4000]}" if stderr else "") + f"\nEXIT CODE: {result.exit_code}"
    content = "\n".join([text.strip(), *result.notes]).strip()
    structured = {
        "exit_code": result.exit_code,
        "stdout": text,
        "stderr": stderr[:4000],
        "timed_out": result.timed_out,
        "cut": result.cut,
    }
    return ToolOutput(content or "(no output)", is_error=result.timed_out, structured=structured)


# ---------------------------------------------------------------- the tool


@dataclass(frozen=True)
class ShellConfig:
    """Everything a shell tool instance needs, fixed when the run starts."""

    workspace: Path
    sandbox: Sandbox
    extra: tuple[str, ...] = ()
    timeout: float = DEFAULT_TIMEOUT

    # Commands answered "no confirmation" and not yet run: if one of them needs confirmation
    # when it runs (the workspace changed in between), it is refused instead of run unasked.
    unasked: Counter[str] = field(default_factory=Counter, compare=False, repr=False)

    def needs_confirmation(self, command: str) -> bool:
        """RefusedError: never asked. No sandbox, writes, extra commands: always. Read-only: no."""
        try:
            needed = self._needs(check_command(command, self.workspace, self.extra))
        except RefusedError:
            needed = False
        if not needed:
            self.unasked[command] += 1
        return needed

    def _needs(self, plan: Plan) -> bool:
        return plan.kind != "read" or not self.sandbox.available

    def _final_argv(self, command: str) -> tuple[Plan, list[str]]:
        """Check the final argv, wrap it, and re-check that the wrapped argv runs exactly it."""
        was_unasked = self.unasked[command] > 0
        if was_unasked:
            self.unasked[command] -= 1
        plan = check_command(command, self.workspace, self.extra)
        if was_unasked and self._needs(plan):
            raise RefusedError("the workspace changed since the command was checked; run it again")
        argv = self.sandbox.wrap(plan.argv, self.workspace) if self.sandbox.available else list(plan.argv)
        verify_before_exec(argv, plan, self.workspace, self.extra)
        return plan, argv

    async def execute(self, command: str) -> ToolOutput:
        try:
            plan, argv = self._final_argv(command)
        except RefusedError as exc:
            return error_output(f"refused: {exc}")
        try:
            result = await run_argv(argv, self.workspace, self.timeout)
        except (FileNotFoundError, PermissionError) as exc:
            return error_output(f"cannot run {plan.argv[0]!r}: {exc.strerror or exc}")
        return format_result(result, self.timeout)


def resolve_workspace(raw: str) -> Path:
    """An existing folder that is not the home folder, a parent of it, or a system folder."""
    if not raw:
        raise ShellConfigError("the shell needs a workspace folder: pass --workspace DIR or choose one in Settings")
    path = Path(os.path.realpath(Path(raw).expanduser()))
    if not path.is_dir():
        raise ShellConfigError(f"the shell workspace {raw!r} is not an existing folder")
    home = Path(os.path.realpath(Path.home()))
    if path == home or path in home.parents or path in {Path(p) for p in SYSTEM_FOLDERS}:
        raise ShellConfigError(
            f"the shell workspace cannot be {path}: choose a dedicated folder (it would expose "
            "your home or system files)"
        )
    return path


DESCRIPTION = (
    "在沙箱环境中执行 shell 命令 (run one command in the workspace folder). No shell: pipes, "
    "chaining, redirection and substitution are refused; paths must stay inside the workspace; "
    "write files whose names start with '-' as ./NAME. "
    "Read-only commands: {read}. Commands that change files ({writes}) need the user's "
    "confirmation each time.{extra}"
)


def _warnings(config: ShellConfig) -> tuple[str, ...]:
    notes = [] if config.sandbox.available else [config.sandbox.detail]
    risky = [c for c in config.extra if c in INTERPRETERS or c in NETWORK]
    if risky:
        notes.append(
            f"extra commands {', '.join(risky)} can run any program or reach the network; each use needs confirmation"
        )
    return tuple(notes)


def make_shell_tool(config: ShellConfig) -> ToolDef:
    """The `execute_shell` ToolDef for one workspace and sandbox."""

    async def invoke(args: dict[str, Any], _report: ProgressFn | None = None) -> ToolOutput:
        return await config.execute(str(args["command"]))

    def confirm_for(args: dict[str, Any]) -> bool:
        return config.needs_confirmation(str(args.get("command", "")))

    extra = f" Extra commands allowed by the user: {', '.join(config.extra)}." if config.extra else ""
    return ToolDef(
        name="execute_shell",
        description=DESCRIPTION.format(
            read=", ".join(sorted(READ_ONLY)), writes=", ".join(sorted(WRITES)), extra=extra
        ),
        parameters={
            "type": "object",
            "properties": {"command": {"type": "string", "description": "要执行的 shell 命令"}},
            "required": ["command"],
            "additionalProperties": False,
        },
        invoke=invoke,
        risk="dangerous",
        needs_confirmation=True,
        timeout=config.timeout + 10,
        warnings=_warnings(config),
        meta={
            "workspace": str(config.workspace),
            "sandbox": config.sandbox.name,
            "sandbox_available": config.sandbox.available,
            "sandbox_detail": config.sandbox.detail,
            "confirm_each_call": True,  # approvers must not offer "always allow" for this tool
        },
        confirm_for=confirm_for,
    )


@dataclass(frozen=True)
class ShellRequest:
    """What a run asks of the shell (flag over settings), before the workspace is checked."""

    enabled: bool = False
    explicit: bool = False  # --enable-shell: a bad workspace is then an error, not a disabled tool
    workspace: str = ""
    extra: tuple[str, ...] = ()
    timeout: float = DEFAULT_TIMEOUT


def shell_tools(request: ShellRequest, sandbox: Sandbox | None = None) -> list[ToolDef]:
    """`[execute_shell]` when enabled; a bad workspace raises only when the flag asked for it."""
    if not (request.explicit or request.enabled):
        return []
    try:
        workspace = resolve_workspace(request.workspace)
    except ShellConfigError as exc:
        if request.explicit:
            raise
        tool = make_shell_tool(ShellConfig(Path("/nonexistent"), NO_SANDBOX))
        return [replace(tool, status="unavailable", warnings=(str(exc),), meta={"status_reason": str(exc)})]
    config = ShellConfig(workspace, sandbox or detect_sandbox(), request.extra, request.timeout)
    return [make_shell_tool(config)]
