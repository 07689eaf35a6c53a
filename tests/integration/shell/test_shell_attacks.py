"""Attacks on execute_shell with every call approved: the policy and the OS sandbox must hold."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.runtime import RunOptions, shell_request
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef, ToolRegistry
from desktop_app.tools.shell.run import run_argv, shell_tools
from desktop_app.tools.shell.sandbox import SANDBOX_ENV, detect_sandbox
from tests.approvers import RecordingApprover

CANARY = "CANARY-7f3a-do-not-leak"
SECRET_ENV = "sk-ENVCANARY-1234"
needs_sandbox = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and detect_sandbox().available),
    reason="bubblewrap is not available here",
)


@dataclass
class World:
    """A fake home with secrets, a workspace, a precious folder next to it, a local server."""

    home: Path
    ws: Path
    outside: Path
    port: int
    hits: list[str]

    def untouched(self) -> None:
        assert (self.home / ".ssh" / "id_rsa").read_text() == CANARY
        assert (self.outside / "precious.txt").read_text() == "keep me"
        assert sorted(p.name for p in self.outside.iterdir()) == ["precious.txt"]
        assert self.hits == [], f"the local server was reached: {self.hits}"


@pytest.fixture
def server() -> Iterator[tuple[int, list[str]]]:
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"reached")

        def log_message(self, *args: object) -> None:
            return None

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1], hits
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: tuple[int, list[str]]) -> World:
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text(CANARY)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.txt").write_text("三亚 beach\nline two\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me")
    (ws / "escape").symlink_to(outside)
    (ws / "homelink").symlink_to(home)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("OPENAI_API_KEY", SECRET_ENV)
    monkeypatch.setenv("GITHUB_TOKEN", SECRET_ENV)
    return World(home, ws, outside, server[0], server[1])


def shell_tool(w: World, extra: tuple[str, ...] = (), timeout: float = 2.0) -> ToolDef:
    settings = Settings(
        enable_shell=True,
        workspace=str(w.ws),
        shell_extra_commands=list(extra),
        tool_timeout_s=timeout,
    )
    (tool,) = shell_tools(shell_request(settings, RunOptions()))
    return tool


async def run_calls(
    tool: ToolDef, commands: list[str], approver: object | None = None
) -> tuple[list[ev.ToolResultEvent], list[ev.ApprovalEvent]]:
    """One model turn asking for every command at once, then a final answer."""
    calls = tuple(
        ToolCall(f"call_{i}", "execute_shell", {"command": c}, json.dumps({"command": c}))
        for i, c in enumerate(commands)
    )
    model = FakeModel([AssistantMessage(tool_calls=calls, stop_reason="tool_calls"), AssistantMessage("done")])
    agent = Agent(model=model, registry=ToolRegistry([tool]), approver=approver or PolicyApprover("all"))  # type: ignore[arg-type]
    events = [e async for e in agent.run("attack")]
    results = [e for e in events if isinstance(e, ev.ToolResultEvent)]
    approvals = [e for e in events if isinstance(e, ev.ApprovalEvent)]
    by_id = {r.id: r for r in results}
    return [by_id[c.id] for c in calls], approvals


CHAINING = [
    "ls; rm -rf ../outside",
    "ls && rm -rf ../outside",
    "ls || rm -rf ../outside",
    "ls | rm -rf ../outside",
    "ls & rm -rf ../outside",
    "ls\nrm -rf ../outside",
    "ls\rrm -rf ../outside",
    "echo `rm -rf ../outside`",
    "echo $(rm -rf ../outside)",
    "echo ${HOME}",
    "cat $HOME/.ssh/id_rsa",
    "echo pwned > ../outside/precious.txt",
    "echo pwned >> ../outside/precious.txt",
    "cat < ../outside/precious.txt",
    "cat <(cat ../outside/precious.txt)",
    "ls 2>&1",
    "(rm -rf ../outside)",
]

OUTSIDE = [
    "rm -rf ../outside",
    "rm -rf {outside}",
    "rm -rf /",
    "rm -rf escape/precious.txt",
    "touch ../outside/new",
    "mkdir ../outside/new",
    "cp notes.txt ../outside/",
    "cp notes.txt escape/copied",
    "mv notes.txt {outside}/moved",
    "cat {home}/.ssh/id_rsa",
    "cat homelink/.ssh/id_rsa",
    "cat ../home/.ssh/id_rsa",
    "grep -r CANARY /",
    "grep -r CANARY ..",
    "grep --file={home}/.ssh/id_rsa notes.txt",
    "grep -f{home}/.ssh/id_rsa notes.txt",
    "find / -name id_rsa",
    "find . -exec rm -rf {outside} ;",
    "find . -delete",
    "sort -o ../outside/precious.txt notes.txt",
    "ls /etc",
    "/bin/rm -rf ../outside",
    "curl http://127.0.0.1:{port}/",
    "wget http://127.0.0.1:{port}/",
    "nc 127.0.0.1 {port}",
    "python3 -c 'print(1)'",
    "bash -c 'rm -rf ../outside'",
    "sh -c id",
    "env rm -rf ../outside",
    "xargs rm",
    "awk 'BEGIN{system(\"id\")}'",
    "sed -n 1p notes.txt",
    # following the workspace's symlinks out of it
    "grep -R CANARY .",
    "grep -rnR CANARY .",
    "find -L . -name id_rsa",
    "find . -follow -name id_rsa",
    "ls -LR",
    "du -L .",
    "cp -rL homelink stolen",
    "diff -r homelink .",
    "sort --files0-from=list",
    "wc --files0-from=list",
]


# Files named like options, and commands whose globs (or option spellings) reach them.
HOSTILE_NAMES = ("-exec", "-delete", "--output=notes.txt", "-o", "-fprint")
HOSTILE = [
    "find . ?exec touch pwned {} +",
    "find . ?delete",
    "find . [-]delete",
    "find . -name x -o ?fprint pwned",
    "sort notes.txt ?-output=notes.txt",
    "sort notes.txt ?o notes.txt",
    "sort --out=notes.txt notes.txt",
    "sort --compress-prog=touch notes.txt",
    "uniq -- -o pwned",
    "rm ?delete",
]


def _fill(cmd: str, w: World) -> str:
    for key, value in (("{outside}", w.outside), ("{home}", w.home), ("{port}", w.port)):
        cmd = cmd.replace(key, str(value))
    return cmd


async def test_chaining_and_substitution_are_refused(world: World) -> None:
    results, approvals = await run_calls(shell_tool(world), CHAINING)
    for cmd, result in zip(CHAINING, results, strict=True):
        assert result.is_error and "refused" in result.content, (cmd, result.content)
    assert approvals == []  # a refused command is never put to the user
    world.untouched()


async def test_paths_outside_interpreters_and_network_tools_are_refused(world: World) -> None:
    commands = [_fill(c, world) for c in OUTSIDE]
    results, _ = await run_calls(shell_tool(world), commands)
    for cmd, result in zip(commands, results, strict=True):
        assert result.is_error and "refused" in result.content, (cmd, result.content)
        assert CANARY not in result.content
    world.untouched()
    assert (world.ws / "notes.txt").exists()


async def test_ls_in_the_workspace_works_and_env_is_scrubbed(world: World) -> None:
    results, approvals = await run_calls(shell_tool(world), ["ls", "cat notes.txt", "printenv"])
    assert not results[0].is_error and "notes.txt" in results[0].content
    assert "三亚 beach" in results[1].content
    assert SECRET_ENV not in results[2].content and "OPENAI_API_KEY" not in results[2].content
    if detect_sandbox().available:
        assert approvals == []  # read-only commands in the sandbox follow the usual rules
    world.untouched()


async def test_file_changes_need_confirmation_every_time(world: World) -> None:
    approver = RecordingApprover(approve=True)
    results, approvals = await run_calls(shell_tool(world), ["mkdir made", "touch made/a", "ls made"], approver)
    asked = [c.arguments["command"] for c in approver.asked if c.arguments]
    assert "mkdir made" in asked and "touch made/a" in asked
    if detect_sandbox().available:
        assert "ls made" not in asked
    assert all(a.decision == "approved" for a in approvals)
    denied = RecordingApprover(approve=False, reason="no")
    results, _ = await run_calls(shell_tool(world), ["rm -rf made"], denied)
    assert results[0].is_error and "denied" in results[0].content
    assert (world.ws / "made").is_dir()


@needs_sandbox
async def test_the_sandbox_holds_when_an_interpreter_is_allowed(world: World) -> None:
    """The user allowed python3: the policy lets code through, the sandbox must stop it."""
    precious = world.outside / "precious.txt"
    secret = world.home / ".ssh" / "id_rsa"
    url = f"http://127.0.0.1:{world.port}/leak"
    code = [
        f"print(open('{secret}').read())",
        f"open('{precious}', 'w').write('pwned')",
        f"import shutil; shutil.rmtree('{world.outside}')",
        f"import urllib.request; print(urllib.request.urlopen('{url}', timeout=1).read())",
        f"import socket; socket.create_connection(('127.0.0.1', {world.port}), timeout=1)",
        "import os; print(sorted(os.listdir(os.path.expanduser('~'))))",
        "import os; print(os.getuid(), open('/proc/self/status').read())",
        "import os; print(os.listdir('/proc'))",
    ]
    commands = [f'python3 -c "{c}"' for c in code]
    results, approvals = await run_calls(shell_tool(world, extra=("python3",)), commands)
    assert len(approvals) == len(commands)  # extra commands are confirmed every time
    for cmd, result in zip(commands, results, strict=True):
        assert CANARY not in result.content, cmd
    assert "[]" in results[5].content  # the home folder is empty in the sandbox
    assert "CapEff:\t0000000000000000" in results[6].content  # no capabilities
    pids = [p for p in json.loads(results[7].content.replace("'", '"')) if p.isdigit()]
    assert len(pids) <= 3, pids  # its own process namespace
    world.untouched()


@needs_sandbox
async def test_the_sandbox_alone_confines_file_access(world: World) -> None:
    """Bypassing the policy: argv straight into the sandbox."""
    sandbox = detect_sandbox()
    secret = world.home / ".ssh" / "id_rsa"
    for argv in (
        ["cat", str(secret)],
        ["rm", "-r", str(world.outside)],
        ["touch", str(world.outside / "new")],
        ["cat", "/etc/shadow"],
        ["ls", "/work"],
    ):
        result = await run_argv(sandbox.wrap(argv, world.ws), world.ws, 5)
        assert result.exit_code != 0, argv
        assert CANARY.encode() not in result.stdout
    world.untouched()
    ok = await run_argv(sandbox.wrap(["touch", "inside"], world.ws), world.ws, 5)
    assert ok.exit_code == 0 and (world.ws / "inside").exists()


def _alive(marker: str) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if marker in cmdline and "pytest" not in cmdline:
            found.append(cmdline)
    return found


async def test_never_ending_and_endless_output_are_stopped(world: World) -> None:
    (world.ws / "grow.log").write_text("x\n")
    tool = shell_tool(world, extra=("yes",), timeout=1.5)
    start = time.monotonic()
    commands = ["sleep 987654", "tail -f grow.log", "yes endless-output"]
    results, _ = await run_calls(tool, commands)
    elapsed = time.monotonic() - start
    assert elapsed < 10, elapsed
    assert "命令超时" in results[0].content and results[0].is_error
    assert "命令超时" in results[1].content
    assert "output cut" in results[2].content and len(results[2].content) < 16_500
    assert _alive("987654") == [] and _alive("endless-output") == []
    world.untouched()


@pytest.fixture
def no_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SANDBOX_ENV, "off")


@pytest.mark.usefixtures("no_sandbox")
async def test_without_a_sandbox_every_command_needs_confirmation(world: World) -> None:
    tool = shell_tool(world)
    assert tool.meta["sandbox_available"] is False
    assert any("no OS sandbox" in w for w in tool.warnings)
    approver = RecordingApprover(approve=False, reason="not today")
    commands = ["ls", "cat notes.txt", "mkdir made", "date"]
    results, approvals = await run_calls(tool, commands, approver)
    assert [c.arguments["command"] for c in approver.asked if c.arguments] == commands
    assert all(r.is_error and "denied" in r.content for r in results)
    assert len(approvals) == len(commands)
    assert not (world.ws / "made").exists()


@pytest.mark.usefixtures("no_sandbox")
async def test_without_a_sandbox_the_policy_still_refuses_attacks(world: World) -> None:
    commands = [_fill(c, world) for c in CHAINING + OUTSIDE]
    approver = RecordingApprover(approve=True)
    results, _ = await run_calls(shell_tool(world), commands, approver)
    for cmd, result in zip(commands, results, strict=True):
        assert result.is_error and "refused" in result.content, (cmd, result.content)
    assert approver.asked == []
    world.untouched()
    ok, _ = await run_calls(shell_tool(world), ["ls"], approver)
    assert "notes.txt" in ok[0].content


def test_sandbox_detection_is_reported() -> None:
    sandbox = detect_sandbox()
    assert sandbox.name in ("bubblewrap", "sandbox-exec", "none")
    if not sandbox.available:
        assert "confirmation" in sandbox.detail


@pytest.mark.parametrize("sandbox", ["auto", "off"])
async def test_file_names_like_options_cannot_turn_a_command_into_another(
    world: World, monkeypatch: pytest.MonkeyPatch, sandbox: str
) -> None:
    """`find . ?delete` with a file named -delete: refused, never asked, nothing changed."""
    if sandbox == "off":
        monkeypatch.setenv(SANDBOX_ENV, "off")
    for name in HOSTILE_NAMES:
        (world.ws / name).write_text("x\n")
    before = sorted(p.name for p in world.ws.iterdir())
    approver = RecordingApprover(approve=True)
    results, _ = await run_calls(shell_tool(world), HOSTILE, approver)
    for cmd, result in zip(HOSTILE, results, strict=True):
        assert result.is_error and "refused" in result.content, (cmd, result.content)
    assert approver.asked == []
    assert sorted(p.name for p in world.ws.iterdir()) == before
    assert (world.ws / "notes.txt").read_text() == "三亚 beach\nline two\n"
    world.untouched()
    ok, _ = await run_calls(shell_tool(world), ["ls ./?exec"], approver)
    assert "./-exec" in ok[0].content
