"""Atomic writes keep what the user made of the path: a symlink stays a link, a device or FIFO is
written in place (issue "Hardening of the new surfaces", class A)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from desktop_app.store.atomic import write_atomic, write_json_atomic

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symlinks and FIFOs as on POSIX")


def test_a_symlinked_file_stays_a_link_and_its_target_changes(tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "mcp.json"
    real.write_text("{}\n", encoding="utf-8")
    link = tmp_path / "config" / "mcp.json"
    link.parent.mkdir()
    link.symlink_to(real)
    write_json_atomic(link, {"mcpServers": {}})
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text(encoding="utf-8")) == {"mcpServers": {}}
    assert sorted(p.name for p in link.parent.iterdir()) == ["mcp.json"]  # no temp file beside the link
    assert sorted(p.name for p in dotfiles.iterdir()) == ["mcp.json"]


def test_a_relative_and_a_dangling_symlink_write_through(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(Path("real") / "new.json")  # dangling: its target does not exist yet
    write_atomic(link, "hello\n")
    assert link.is_symlink() and (tmp_path / "real" / "new.json").read_text(encoding="utf-8") == "hello\n"


def test_a_fifo_is_written_in_place_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    write_atomic(fifo, "through the pipe\n")
    reader.join(5)
    assert got == ["through the pipe\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_history_export_to_a_device_or_stdout_leaves_the_node_alone(tmp_path: Path) -> None:
    """`history export -o /dev/stdout` (and a null device): written in place, the node stays what it was.

    The nodes are made in tmp_path (a character device like /dev/null, a link like /dev/stdout), so a
    regression replaces those, never the machine's own /dev/null or /dev/stdout.
    """
    null, out = tmp_path / "null", tmp_path / "stdout"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here ({exc})")
    out.symlink_to("/proc/self/fd/1")
    code = (
        "import sys\n"
        "from desktop_app.store.history import HistoryStore\n"
        "from desktop_app.core.messages import UserMessage\n"
        "from desktop_app.cli import main\n"
        "with HistoryStore() as s:\n"
        "    c = s.new_conversation(title='t', provider='offline', model='planner')\n"
        "    c.append(UserMessage('hello there'))\n"
        "    cid = c.id\n"
        "raise SystemExit(main(['history', 'export', cid, '--format', 'json', '-o', sys.argv[1]])\n"
        "    or main(['history', 'export', cid, '--format', 'md', '-o', sys.argv[2]]))\n"
    )
    env = {**os.environ, "TRAVEL_ASSISTANT_HOME": str(tmp_path / "home")}
    before = os.stat(null)
    done = subprocess.run(
        [sys.executable, "-c", code, str(out), str(null)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["messages"][0]["content"] == "hello there"
    after = os.stat(null)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino
    assert out.is_symlink() and os.readlink(out) == "/proc/self/fd/1"
