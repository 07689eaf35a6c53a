"""Every command and flag explains itself in --help; --version [--verbose] names what a bug report needs."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from desktop_app import __version__
from desktop_app.cli import build_parser, main
from desktop_app.versions import package_version, version_text

ROOT = Path(__file__).resolve().parents[2]


def parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every subcommand's parser below it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from parsers(sub)


def undocumented(parser: argparse.ArgumentParser) -> list[str]:
    """`prog: flag` for every argument or subcommand without a help line (hidden ones aside)."""
    missing = []
    for action in parser._actions:
        if action.help == argparse.SUPPRESS:
            continue
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: (a.help or "").strip() for a in action._choices_actions}  # only when help= given
            missing += [f"{parser.prog} {name}" for name in action.choices if not helps.get(name)]
        elif not (action.help or "").strip():
            missing.append(f"{parser.prog}: {'/'.join(action.option_strings) or action.dest}")
    return missing


def test_every_flag_and_subcommand_has_a_help_line() -> None:
    every = list(parsers(build_parser()))
    assert len(every) >= 12  # gui, ask, tools (call, trust), keys (3), history (3), mcp-server
    assert [m for p in every for m in undocumented(p)] == []


def test_the_check_catches_a_bare_flag() -> None:
    parser = argparse.ArgumentParser(prog="x")
    parser.add_argument("--bare")
    parser.add_subparsers().add_parser("sub")
    assert undocumented(parser) == ["x: --bare", "x sub"]


def test_ask_help_explains_each_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["ask", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "model calls per run" in out and "do not keep this conversation in history" in out
    assert "--max-turns N" in out and "--mcp-config FILE" in out


def test_version_is_one_line_and_loads_no_qt() -> None:
    code = "import sys; from desktop_app.cli import main; main(['--version']); print('PySide6' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stdout == f"travel-assistant {__version__}\nFalse\n", done.stderr


@pytest.mark.parametrize("argv", [["--version", "--verbose"], ["--verbose", "--version"]])
def test_verbose_version_names_python_qt_and_the_sdks(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    import PySide6
    from PySide6.QtCore import qVersion

    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"travel-assistant {__version__}"
    assert lines[1].startswith(f"Python {sys.version.split()[0]} ")
    assert lines[2] == f"PySide6 {PySide6.__version__}, Qt {qVersion()}"
    assert lines[3:] == [f"{sdk} {metadata.version(sdk)}" for sdk in ("openai", "anthropic", "mcp")]


def test_versions_without_metadata_or_qt(monkeypatch: pytest.MonkeyPatch) -> None:
    import openai

    def no_metadata(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", no_metadata)  # as in a bundle that dropped dist-info
    assert package_version("openai") == openai.__version__
    assert package_version("no_such_sdk_here") == "not installed"
    monkeypatch.setitem(sys.modules, "desktop_app.ui.qt_info", None)  # Qt cannot load
    assert "Qt not available" in version_text(verbose=True).splitlines()[2]
