"""execute_shell's policy: split, expand globs, then check the FINAL argv (program, options, paths)."""

from __future__ import annotations

import glob
import os
import re
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

READ_ONLY = frozenset(
    "ls cat head tail grep egrep fgrep wc sort uniq find du df file stat date pwd echo printf "
    "basename dirname realpath readlink tree cut nl diff cmp comm md5sum sha1sum sha256sum "
    "printenv whoami id uname true false sleep seq tac rev column fold expand strings".split()
)
WRITES = frozenset("mkdir cp mv touch rm rmdir".split())
INTERPRETERS = frozenset(
    "python python3 python2 sh bash zsh dash ksh fish csh tcsh node nodejs deno bun perl ruby "
    "php lua tclsh awk gawk mawk sed env xargs sudo su doas nohup timeout nice exec eval "
    "source busybox".split()
)
NETWORK = frozenset("curl wget nc ncat netcat ssh scp sftp rsync ftp telnet socat ping dig nslookup host git".split())
# Options that make an allowed command write files, run programs, read a list of unchecked file
# names, or follow symlinks out of the workspace. Long options match by any prefix (GNU getopt
# accepts `--out=x` for `--output=x`); short ones inside clusters too (`-ro x` is `-r -o x`).
FORBIDDEN_OPTIONS: dict[str, tuple[str, ...]] = {
    "find": ("-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf",
             "-fls", "-L", "-H", "-follow", "-files0-from"),
    "sort": ("-o", "--output", "--compress-program", "--files0-from", "-T", "--temporary-directory"),
    "date": ("-s", "--set"),
    "tree": ("-o", "-l"),
    **dict.fromkeys(("grep", "egrep", "fgrep"), ("-R", "--dereference-recursive")),
    "ls": ("-L", "--dereference"),
    "du": ("-L", "--dereference", "--files0-from"),
    "wc": ("--files0-from",),
    "cp": ("-L", "-H", "--dereference"),
    "diff": ("-r", "--recursive"),
    "file": ("-C", "--compile", "-f", "--files-from"),
    # --check reads a list of file names from a file: names that are never checked
    **dict.fromkeys(("md5sum", "sha1sum", "sha256sum"), ("-c", "--check")),
}  # fmt: skip
# getopt letters that take a value: the rest of the cluster (or the next word) is that value, so
# the letters after it are not options. Only letters known for sure; an unknown one only means a
# harmless value is read as options (refused too often, never too rarely).
VALUE_LETTERS: dict[str, str] = {
    "sort": "kSt",
    "uniq": "fsw",
    **dict.fromkeys(("grep", "egrep", "fgrep"), "efmABCdD"),
    "ls": "ITw",
    "du": "BdtX",
    "date": "dfrI",
    "diff": "CUIxXFDSWL",
    "cp": "St",
    "file": "meFP",
}
UNIQ_VALUE_LONG = ("--skip-fields", "--skip-chars", "--check-chars")
LONGEST_OPTION = 512  # characters; every suffix of a short option is checked as a path
SHELL_OPERATORS = re.compile(r"^[;&|<>()]+$")
SUBSTITUTION = re.compile(r"`|\$\(|\$\{|\$[A-Za-z_0-9]|<\(|>\(")
GLOB_CHARS = "*?["

Kind = Literal["read", "write", "extra"]


@dataclass(frozen=True)
class Plan:
    """A checked command: the exact argv to run and its kind (which follows from the program alone)."""

    argv: tuple[str, ...]
    kind: Kind


class RefusedError(Exception):
    """A command that will not run; the message tells the model why."""


# ---------------------------------------------------------------- parsing and expansion


def _split(command: str) -> list[str]:
    """shlex tokens; shell syntax is refused with a reason, never interpreted."""
    if "\n" in command or "\r" in command or "\x00" in command:
        raise RefusedError("newlines and NUL bytes are not allowed: run one command at a time")
    if SUBSTITUTION.search(command):
        raise RefusedError(
            "command or variable substitution ($(...), backticks, $VAR, <(...)) is not allowed: "
            "commands run without a shell"
        )
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        tokens = list(lexer)
    except ValueError as exc:
        raise RefusedError(f"cannot parse the command: {exc}") from None
    for token in tokens:
        if SHELL_OPERATORS.match(token):
            raise RefusedError(
                f"shell syntax {token!r} is not allowed (no pipes, chaining, redirection or "
                "background jobs): run one plain command at a time"
            )
    if not tokens:
        raise RefusedError("empty command")
    return tokens


def _quoted(command: str, count: int) -> list[bool]:
    """Which tokens were quoted (their globs are not expanded); all, when it cannot be told."""
    lexer = shlex.shlex(command, posix=False, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        raw = list(lexer)
    except ValueError:
        return [True] * count
    if len(raw) != count:
        return [True] * count
    return [any(q in token for q in "'\"") for token in raw]


def inside(workspace: Path, candidate: str) -> bool:
    """True when `candidate` (relative to the workspace) resolves inside it, symlinks followed."""
    target = Path(candidate)
    if not target.is_absolute():
        target = workspace / target
    resolved = Path(os.path.realpath(target))
    return resolved == workspace or workspace in resolved.parents


def _expand(workspace: Path, word: str) -> list[str]:
    """A glob is expanded inside the workspace as a shell would (kept when nothing matches)."""
    if word.startswith("-") or not any(c in word for c in GLOB_CHARS):
        return [word]
    if not inside(workspace, word):
        raise RefusedError(f"the pattern {word!r} points outside the workspace ({workspace})")
    matches = sorted(glob.glob(word, root_dir=workspace))
    for match in matches:
        if match.startswith("-"):
            raise RefusedError(
                f"the pattern {word!r} matches a file whose name starts with '-', which the "
                "program would read as an option: write the pattern as ./PATTERN instead"
            )
        if not inside(workspace, match):
            raise RefusedError(f"the pattern {word!r} matches files outside the workspace through a link")
    return matches or [word]


def expand(command: str, tokens: Sequence[str], workspace: Path) -> tuple[str, ...]:
    """The argv that will run: unquoted globs in the arguments expanded (never the program)."""
    quoted = _quoted(command, len(tokens))
    argv = [tokens[0]]
    for word, was_quoted in zip(tokens[1:], quoted[1:], strict=True):
        argv.extend([word] if was_quoted else _expand(workspace, word))
    return tuple(argv)


# ---------------------------------------------------------------- checks on the final argv


def _classify(name: str, extra: frozenset[str]) -> Kind:
    if "/" in name:
        raise RefusedError(f"give the command by name, not by path: {name!r}")
    if name in extra:
        return "extra"
    if name in READ_ONLY:
        return "read"
    if name in WRITES:
        return "write"
    if name in INTERPRETERS or name in NETWORK:
        kind = "an interpreter or runs other programs" if name in INTERPRETERS else "a network tool"
        raise RefusedError(
            f"{name!r} is {kind}; it is refused unless the user adds it to the shell's extra commands in Settings"
        )
    allowed = ", ".join(sorted(READ_ONLY | WRITES))
    raise RefusedError(f"{name!r} is not on the allowlist; allowed commands: {allowed}")


def _long_refused(word: str, bad: Sequence[str]) -> bool:
    """`--out=x` is `--output=x` to GNU getopt: any prefix of a forbidden long option counts."""
    head = word.split("=", 1)[0]
    return len(head) > 2 and any(b.startswith(head) for b in bad if b.startswith("--"))


def _short_refused(word: str, bad_letters: str, value_letters: str) -> bool:
    """Walk a cluster as getopt does: `-ro x` is -r -o x; a value letter takes the rest."""
    for letter in word[1:]:
        if letter in bad_letters:
            return True
        if letter in value_letters:
            return False
    return False


def _option_refused(name: str, word: str) -> bool:
    bad = FORBIDDEN_OPTIONS.get(name, ())
    if name == "find":  # find's primaries are whole words, never abbreviated or clustered
        return word in bad
    if word.startswith("--"):
        return _long_refused(word, bad)
    letters = "".join(b[1] for b in bad if len(b) == 2)
    return _short_refused(word, letters, VALUE_LETTERS.get(name, ""))


def _check_options(name: str, args: Sequence[str]) -> None:
    """Every word that could be an option, `--` ignored (it may be another option's value)."""
    for arg in args:
        if arg.startswith("-") and len(arg) > 1 and _option_refused(name, arg):
            raise RefusedError(
                f"{name} {arg!r} is not allowed here: it writes files, runs programs, reads a list "
                "of files, or follows links out of the workspace"
            )


def _uniq_takes_next(word: str) -> bool:
    """`-f`, `-cf` or `--skip-fields` without a value: the next word is that value."""
    if word.startswith("--"):
        return "=" not in word and any(o.startswith(word) for o in UNIQ_VALUE_LONG)
    for index, letter in enumerate(word[1:], start=1):
        if letter in VALUE_LETTERS["uniq"]:
            return index == len(word) - 1
    return False


def _uniq_operands(args: Sequence[str]) -> Iterator[str]:
    """uniq's file operands, parsed as getopt does (`--` ends options, values skipped)."""
    words = iter(args)
    for word in words:
        if word == "--":
            yield from words
        elif word.startswith("-") and word != "-":
            if _uniq_takes_next(word):
                next(words, None)
        else:
            yield word


def _check_outputs(name: str, args: Sequence[str]) -> None:
    """`uniq IN OUT` writes OUT: a second operand is refused."""
    if name == "uniq" and len(list(_uniq_operands(args))) > 1:
        raise RefusedError("uniq with an output file writes files; it is not allowed here")


def _path_words(arg: str) -> list[str]:
    """Every reading of `arg` as a file name: itself, an option's `=value`, any short-option tail."""
    if not arg.startswith("-") or arg == "-":
        return [arg]
    if len(arg) > LONGEST_OPTION:
        raise RefusedError(f"an option longer than {LONGEST_OPTION} characters is not allowed: {_shown(arg)}")
    if arg.startswith("--"):
        return [arg, arg.split("=", 1)[1]] if "=" in arg else [arg]
    return [arg[i:] for i in range(len(arg))]


def _shown(arg: str) -> str:
    """An argument for a one-line message: quoted, long ones shortened."""
    return repr(arg) if len(arg) <= 80 else repr(arg[:60]) + "..."


def _check_paths(args: Sequence[str], workspace: Path) -> None:
    for arg in args:
        if any(not inside(workspace, word) for word in _path_words(arg) if word):
            raise RefusedError(
                f"{_shown(arg)} points outside the workspace ({workspace}); only files in the workspace can be used"
            )


def check_argv(argv: Sequence[str], workspace: Path, extra: Sequence[str] = ()) -> Plan:
    """THE check, on the argv exactly as it will run: program, options, outputs, paths."""
    if not argv:
        raise RefusedError("empty command")
    if any("\x00" in word for word in argv):
        raise RefusedError("NUL bytes are not allowed")
    name, args = argv[0], argv[1:]
    kind = _classify(name, frozenset(extra))
    _check_options(name, args)
    _check_outputs(name, args)
    _check_paths(args, workspace)
    return Plan(tuple(argv), kind)


def check_command(command: str, workspace: Path, extra: Sequence[str] = ()) -> Plan:
    """The checked argv for `command` (globs expanded first), or RefusedError with the reason."""
    tokens = _split(command)
    _classify(tokens[0], frozenset(extra))  # a clear reason before any globbing
    return check_argv(expand(command, tokens, workspace), workspace, extra)


def verify_before_exec(argv: Sequence[str], plan: Plan, workspace: Path, extra: Sequence[str]) -> None:
    """Defence in depth: what is about to run ends with the checked argv, which still passes."""
    tail = tuple(argv[len(argv) - len(plan.argv) :])
    if tail != plan.argv or check_argv(plan.argv, workspace, extra) != plan:
        raise RefusedError("internal check failed: the command about to run is not the command that was checked")
