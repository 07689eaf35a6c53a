"""execute_shell's policy layer: parsing, classification, paths, workspaces, result format."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop_app.cli import main
from desktop_app.runtime import RunOptions, shell_request
from desktop_app.store.settings import Settings
from desktop_app.tools.shell.policy import RefusedError, check_command
from desktop_app.tools.shell.run import (
    Result,
    ShellConfig,
    ShellConfigError,
    format_result,
    resolve_workspace,
    shell_tools,
)
from desktop_app.tools.shell.sandbox import NO_SANDBOX


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "docs").mkdir(parents=True)
    for name in ("a.md", "b.md", "c.txt"):
        (root / name).write_text(name)
    return root.resolve()


def test_plain_commands_are_split_without_a_shell(ws: Path) -> None:
    assert check_command("grep -rn '三亚 beach' docs", ws).argv == (
        "grep", "-rn", "三亚 beach", "docs",
    )  # fmt: skip
    assert check_command("grep 'a|b' c.txt", ws).argv[1] == "a|b"  # quoted: not a pipe
    assert check_command("ls *.md", ws).argv == ("ls", "a.md", "b.md")
    assert check_command("find . -name '*.md'", ws).argv[-1] == "*.md"  # quoted: not expanded
    assert check_command(f"cat {ws}/a.md", ws).kind == "read"
    assert check_command("mkdir new", ws).kind == "write"
    assert check_command("python3 -V", ws, extra=["python3"]).kind == "extra"


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("", "empty"),
        ("ls 'unterminated", "cannot parse"),
        ("ls | wc", "shell syntax '|'"),
        ("ls > out", "shell syntax '>'"),
        ("echo $HOME", "substitution"),
        ("vim a.md", "not on the allowlist"),
        ("python3 -V", "interpreter"),
        ("curl example.com", "network tool"),
        ("./run.sh", "by name"),
        ("uniq a.md out.md", "writes files"),
        ("date -s 2020-01-01", "writes files"),
        ("sort -ro out a.md", "writes files"),
        ("grep -Rn x .", "follows"),
        ("cat ../x", "outside the workspace"),
        ("cat -- /etc/hostname", "outside the workspace"),
    ],
)
def test_refusals_say_why(ws: Path, command: str, words: str) -> None:
    with pytest.raises(RefusedError, match=words.replace("|", r"\|").replace("$", r"\$")):
        check_command(command, ws)


def test_confirmation_rules(ws: Path) -> None:
    sandboxed = ShellConfig(ws, NO_SANDBOX.__class__("test", True), ("python3",))
    assert sandboxed.needs_confirmation("ls") is False
    assert sandboxed.needs_confirmation("rm a.md") is True
    assert sandboxed.needs_confirmation("python3 -V") is True
    assert sandboxed.needs_confirmation("ls; rm a.md") is False  # refused, never put to the user
    bare = ShellConfig(ws, NO_SANDBOX)
    assert bare.needs_confirmation("ls") is True


def test_workspace_rules(ws: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert resolve_workspace(str(ws)) == ws
    monkeypatch.setenv("HOME", str(tmp_path))
    for bad in ("", "/", "/usr", str(tmp_path), str(tmp_path.parent), str(ws / "missing")):
        with pytest.raises(ShellConfigError):
            resolve_workspace(bad)


def test_shell_tools_switching(ws: Path) -> None:
    assert shell_tools(shell_request(Settings(), RunOptions())) == []
    (tool,) = shell_tools(shell_request(Settings(), RunOptions(enable_shell=True, workspace=str(ws))))
    assert tool.name == "execute_shell" and tool.risk == "dangerous"
    assert tool.parameters["required"] == ["command"]
    (broken,) = shell_tools(shell_request(Settings(enable_shell=True), RunOptions()))
    assert broken.status == "unavailable" and "workspace" in broken.warnings[0]
    with pytest.raises(ShellConfigError):
        shell_tools(shell_request(Settings(), RunOptions(enable_shell=True)))


def test_result_format_follows_the_seed() -> None:
    ok = format_result(Result(0, b"hello\n"), 30)
    assert ok.content == "hello" and not ok.is_error
    failed = format_result(Result(2, b"", b"no such file"), 30)
    assert failed.content == "STDERR: no such file\nEXIT CODE: 2"
    assert failed.structured["exit_code"] == 2
    timed = format_result(Result(None, b"partial", timed_out=True), 5)
    assert timed.is_error and "命令超时" in timed.content and "partial" in timed.content


async def test_a_missing_program_is_a_clear_error(ws: Path) -> None:
    out = await ShellConfig(ws, NO_SANDBOX, ("no-such-program-xyz",)).execute("no-such-program-xyz")
    assert out.is_error and "cannot run 'no-such-program-xyz'" in out.content
    assert format_result(Result(1), 30).content == "EXIT CODE: 1"


def test_cli_enable_shell_without_workspace_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "hi", "--provider", "offline", "--enable-shell", "--no-save"]) == 2
    assert "--workspace" in capsys.readouterr().err
