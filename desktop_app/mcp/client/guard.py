"""Runs a stdio MCP server so that it and everything it starts die with the app (Linux).

An app killed with SIGKILL closes nothing, so a server is started through this stdlib-only script
(`python -I -S guard.py APP_PID COMMAND ARGS...`): SIGTERM when the app dies (PR_SET_PDEATHSIG),
orphaned grandchildren adopted (PR_SET_CHILD_SUBREAPER), and the whole group ended with the server."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from types import FrameType

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
NICENESS = 5  # added to the app's own: below the window, above batch work
GRACE = 1.0  # seconds between SIGTERM and SIGKILL for what is left of the group
FROZEN_FLAG = "--mcp-guard"  # how a bundled app (no separate Python) runs this module


def guarded(command: str, args: Sequence[str]) -> tuple[str, list[str]]:
    """The command line that starts `command args` under the guard; unchanged off Linux."""
    if not sys.platform.startswith("linux"):
        return command, list(args)
    if getattr(sys, "frozen", False):
        return sys.executable, [FROZEN_FLAG, str(os.getpid()), command, *args]
    return sys.executable, ["-I", "-S", os.path.abspath(__file__), str(os.getpid()), command, *args]


def stop_guard(stderr_pipe: int) -> bool:
    """SIGTERM our child whose stderr is this pipe: the guard of a server that never finished
    connecting (its group ends at once, not after the SDK's polite 2 s for a server that answered)."""
    try:
        target = f"pipe:[{os.fstat(stderr_pipe).st_ino}]"
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return False
    for task in tasks:
        with contextlib.suppress(OSError, ValueError):
            with open(f"/proc/self/task/{task}/children") as fh:
                for pid in map(int, fh.read().split()):
                    if os.readlink(f"/proc/{pid}/fd/2") == target:
                        os.kill(pid, signal.SIGTERM)
                        return True
    return False


def _prctl(option: int, value: int) -> bool:
    import ctypes  # here: only the guard's own process calls it (the app imports this module too)

    libc = ctypes.CDLL(None, use_errno=True)
    return bool(libc.prctl(option, value, 0, 0, 0) == 0)


class _Ending:
    """SIGTERM to the group once; SIGKILL to it `GRACE` seconds later (by SIGALRM)."""

    def __init__(self) -> None:
        self.started = False

    def begin(self, signum: int = 0, frame: FrameType | None = None) -> None:
        if self.started:
            return
        self.started = True
        signal.signal(signal.SIGALRM, self.force)
        signal.setitimer(signal.ITIMER_REAL, GRACE)
        _signal_group(signal.SIGTERM)

    def force(self, signum: int = 0, frame: FrameType | None = None) -> None:
        _signal_group(signal.SIGKILL)


def _signal_group(signum: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(0, signum)


def _reap_all(server_pid: int, ending: _Ending) -> int:
    """Wait for every child (adopted ones too); the server's exit starts the ending."""
    code = 0
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return code
        if pid == server_pid:
            code = os.waitstatus_to_exitcode(status)
            code = 128 - code if code < 0 else code  # killed by a signal: 128 + its number, as shells say
            ending.begin()


def main(argv: Sequence[str]) -> int:
    """`APP_PID COMMAND ARGS...`: run the server, exit with its code once the group is gone."""
    app_pid, command = int(argv[0]), list(argv[1:])
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != app_pid:  # the app died before the kernel could be told
        return 1
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    if os.getpgrp() != os.getpid():  # the SDK makes us a group leader; never signal someone else's group
        os.setpgid(0, 0)
    # Servers are the window's helpers: on a small machine their start-up (node, uv, Python, often
    # a second of CPU each) must not take the cores the window needs to stay smooth.
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    ending = _Ending()
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, ending.begin)
    try:
        server = subprocess.Popen(command)  # same stdin/stdout/stderr, same process group
    except OSError as exc:
        print(f"cannot start {command[0]}: {exc.strerror or exc}", file=sys.stderr, flush=True)
        return 127
    return _reap_all(server.pid, ending)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
