"""execute_shell against hostile file names and option spellings: every check sees the final argv."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from desktop_app.tools.shell.policy import RefusedError, check_command
from desktop_app.tools.shell.run import ShellConfig
from desktop_app.tools.shell.sandbox import Sandbox

HOSTILE = ("-exec", "-execdir", "-delete", "--output=a.md", "-o", "-rf", "--files0-from=list", "-fprint", "-L")
SANDBOX = Sandbox("test", True)  # counts as a working sandbox; runs the argv as it is


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """A workspace holding files named like options, a list file and a link out of it."""
    root = tmp_path / "ws"
    (root / "docs").mkdir(parents=True)
    for name in ("a.md", "b.md", *HOSTILE):
        (root / name).write_text("a\nb\n")
    (root / "list").write_text("/etc/hostname\0")
    secret = tmp_path / "secret.txt"
    secret.write_text("outside")
    (root / ".link").symlink_to(secret)  # hidden: `*` does not match it
    return root.resolve()


# (command, expected): "refused", "confirm" (runs only after the user says yes) or "read" (safe as is)
HOSTILE_GLOBS = [
    ("find . ?exec python3 -c 'print(1)' {} +", "refused"),
    ("find . ?execdir python3 -c 'print(1)' {} +", "refused"),
    ("find . ?delete", "refused"),
    ("find . [-]delete", "refused"),
    ("find *", "refused"),
    ("find . -name x -o ?fprint out", "refused"),
    ("sort *", "refused"),
    ("sort *.md --*", "refused"),
    ("sort b.md ?o", "refused"),
    ("du *", "refused"),
    ("wc *", "refused"),
    ("ls ?L", "refused"),
    ("cat *", "refused"),
    ("rm *", "refused"),
    ("cp *.md ?o docs", "refused"),
    ("rm ./-*", "confirm"),
    ("sort ./-*", "read"),
    ("sort ./*", "read"),
    ("cat .*", "refused"),  # .link leads out of the workspace
    ("ls ./?exec docs/*", "read"),
]

OPTION_SPELLINGS = [
    ("sort --output=b.md a.md", "refused"),
    ("sort --out=b.md a.md", "refused"),
    ("sort --o b.md a.md", "refused"),
    ("sort -ro b.md a.md", "refused"),
    ("sort -rob.md a.md", "refused"),
    ("sort -t -- -o b.md a.md", "refused"),
    ("sort --compress-prog=sh -S 1 a.md", "refused"),
    ("sort --temporary-dir=docs a.md", "refused"),
    ("sort -Tdocs a.md", "refused"),
    ("sort --files0=list", "refused"),
    ("find . -fprint out", "refused"),
    ("find . -fprintf out %p", "refused"),
    ("find . -fls out", "refused"),
    ("find . -execdir rm {} +", "refused"),
    ("find . -okdir rm {} +", "refused"),
    ("find . -files0-from list", "refused"),
    ("grep --dereference-rec x .", "refused"),
    ("grep -nR x .", "refused"),
    ("grep -f.link a.md", "refused"),
    ("grep --file=.link a.md", "refused"),
    ("grep --fi=../x a.md", "refused"),
    ("grep -f ../x a.md", "refused"),
    ("du --files0=list", "refused"),
    ("du --deref .", "refused"),
    ("du -sL .", "refused"),
    ("wc --files0=list", "refused"),
    ("uniq a.md b.md", "refused"),
    ("uniq -c a.md b.md", "refused"),
    ("uniq -f 1 a.md b.md", "refused"),
    ("uniq -- -x b.md", "refused"),
    ("uniq --skip-fields 1 -- a.md b.md", "refused"),
    ("date --se=2020-01-01", "refused"),
    ("date -us 2020-01-01", "refused"),
    ("tree -ao out", "refused"),
    ("tree -l", "refused"),
    ("ls --deref", "refused"),
    ("ls -lL", "refused"),
    ("cp -aL .link docs", "refused"),
    ("cp --deref a.md docs", "refused"),
    ("diff --recur docs docs", "refused"),
    ("diff -ur docs docs", "refused"),
    ("file -C -m a.md", "refused"),
    ("file --comp -m a.md", "refused"),
    ("file -f list", "refused"),
    ("file --files-from=list", "refused"),
    ("md5sum -c a.md", "refused"),
    ("sha256sum --ch a.md", "refused"),
    ("cat .link", "refused"),
    ("uniq -f 1 a.md", "read"),
    ("uniq -cf -- a.md", "read"),
    ("date -Iseconds", "read"),
    ("sort -t, -k2 -r a.md", "read"),
    ("grep -rn --exclude=*.md x .", "read"),
    ("ls -la --dereference-command-line", "read"),
    ("head -n-1 a.md", "read"),
    ("du -sh .", "read"),
    ("find . -name '*.md' -print", "read"),
    ("mkdir -p docs/new", "confirm"),
]


def outcome(config: ShellConfig, command: str) -> str:
    """What the user would see: refused, asked to confirm, or run as read-only."""
    try:
        check_command(command, config.workspace)
    except RefusedError:
        assert config.needs_confirmation(command) is False  # refusals are never put to the user
        return "refused"
    return "confirm" if config.needs_confirmation(command) else "read"


def _listing(ws: Path) -> Sequence[str]:
    return sorted(p.name for p in ws.iterdir())


@pytest.mark.parametrize(("command", "expected"), HOSTILE_GLOBS + OPTION_SPELLINGS)
def test_each_attack_is_refused_or_confirmed(ws: Path, command: str, expected: str) -> None:
    assert outcome(ShellConfig(ws, SANDBOX), command) == expected


@pytest.mark.parametrize("command", [c for c, expected in HOSTILE_GLOBS if expected == "refused"])
async def test_refused_globs_never_run(ws: Path, command: str) -> None:
    before = _listing(ws)
    out = await ShellConfig(ws, SANDBOX).execute(command)
    assert out.is_error and "refused:" in out.content, out.content
    assert _listing(ws) == before


def test_a_glob_reaching_an_option_says_how_to_fix_it(ws: Path) -> None:
    with pytest.raises(RefusedError, match=r"starts with '-'.*\./PATTERN"):
        check_command("find . ?delete", ws)
    with pytest.raises(RefusedError, match="outside the workspace"):
        check_command("cat ../*", ws)


class Tampering(Sandbox):
    """A wrapper that swaps the checked file for another one."""

    def wrap(self, argv: Sequence[str], workspace: Path) -> list[str]:
        return [*argv[:-1], "/etc/hostname"]


async def test_the_argv_run_must_be_the_argv_checked(ws: Path) -> None:
    out = await ShellConfig(ws, Tampering("tampering", True)).execute("cat a.md")
    assert out.is_error and "not the command that was checked" in out.content


async def test_a_command_refused_when_checked_does_not_run_unasked_later(ws: Path) -> None:
    """Confirmation is decided before the run: a workspace change in between cannot skip it."""
    config = ShellConfig(ws, SANDBOX)
    assert config.needs_confirmation("rm *") is False  # refused: a file is named like an option
    for name in HOSTILE:
        (ws / name).unlink()
    out = await config.execute("rm *")
    assert out.is_error and "changed since the command was checked" in out.content
    assert (ws / "a.md").exists()
    assert config.needs_confirmation("rm *") is True  # asked this time, then it may run
    assert not (await config.execute("rm a.md")).is_error
