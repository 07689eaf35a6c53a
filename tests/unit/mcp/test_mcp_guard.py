"""The guard that starts stdio servers: transparent for the server, safe on its own."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from desktop_app.mcp.client.guard import guarded

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the guard is used on Linux")


def _guard(*command: str, new_session: bool = True) -> subprocess.CompletedProcess[str]:
    program, args = guarded(command[0], command[1:])
    return subprocess.run([program, *args], capture_output=True, text=True, timeout=30, start_new_session=new_session)


def test_the_command_line_names_this_app_as_the_parent() -> None:
    program, args = guarded("/usr/bin/env", ["node", "server.js"])
    assert program == sys.executable and args[-4:] == [str(os.getpid()), "/usr/bin/env", "node", "server.js"]


def test_exit_code_and_output_pass_through() -> None:
    done = _guard("sh", "-c", "echo out; echo err >&2; exit 7")
    assert (done.returncode, done.stdout, done.stderr) == (7, "out\n", "err\n")


def test_a_missing_program_is_one_line_on_stderr() -> None:
    done = _guard("/nonexistent/server")
    assert done.returncode == 127 and done.stderr == "cannot start /nonexistent/server: No such file or directory\n"


def test_outside_its_own_group_it_signals_only_itself() -> None:
    done = _guard("sh", "-c", "exit 0", new_session=False)  # were it to signal our group, pytest would die
    assert done.returncode == 0


def test_a_server_runs_below_the_window_s_priority() -> None:
    """Starting node or Python servers must not take the cores the window needs (issue 13)."""
    from desktop_app.mcp.client.guard import NICENESS

    done = _guard(sys.executable, "-c", "import os; print(os.nice(0))")
    assert int(done.stdout) == min(os.nice(0) + NICENESS, 19)


def test_stop_guard_ends_the_guard_whose_stderr_is_that_pipe_and_no_other() -> None:
    """A server still connecting is ended at once (issue 27), found by its stderr pipe, not by name."""
    from desktop_app.mcp.client.guard import stop_guard

    sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]  # never reads stdin: EOF would not end it
    pipes = [os.pipe(), os.pipe()]
    children = []
    for _read, write in pipes:
        program, args = guarded(sleeper[0], sleeper[1:])
        children.append(subprocess.Popen([program, *args], stdin=subprocess.PIPE, stderr=write, start_new_session=True))
    try:
        assert stop_guard(pipes[0][1]) is True
        assert children[0].wait(timeout=30) != 0  # its group ended with stdin still open
        assert children[1].poll() is None  # the other server's guard was left alone
        spare_read, spare_write = os.pipe()
        assert stop_guard(spare_write) is False  # no child writes there
        os.close(spare_read)
        os.close(spare_write)
    finally:
        for child in children:
            child.terminate()  # the guard ends its group (a SIGKILL would leave the sleeper behind)
            child.wait(timeout=30)
        for read, write in pipes:
            os.close(read)
            os.close(write)
