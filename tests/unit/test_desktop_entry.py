"""--install-desktop-entry and --uninstall-desktop-entry: what lands where, and that it all goes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_app import desktop_entry as de
from desktop_app.cli import main


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private XDG_DATA_HOME, and a command line as a pip console script would have it."""
    root = tmp_path / "xdg data"
    monkeypatch.setenv("XDG_DATA_HOME", str(root))
    script = tmp_path / "my venv" / "bin" / "travel-assistant"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop-entry"])
    return root


def _entry(root: Path) -> dict[str, str]:
    text = (root / "applications" / "travel-assistant.desktop").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if "=" in line and not line.startswith("#")]
    return dict(line.split("=", 1) for line in lines)


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


def test_install_writes_entry_and_every_icon(xdg: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--install-desktop-entry"]) == 0
    entry = _entry(xdg)
    assert entry["Exec"] == f'"{sys.argv[0]}"'  # the space in "my venv" forces quoting
    assert entry["Name[zh_CN]"] == "旅行助手"
    assert entry["StartupWMClass"] == entry["Icon"] == "travel-assistant"
    hicolor = xdg / "icons" / "hicolor"
    for size in de.ICON_SIZES:
        png = hicolor / f"{size}x{size}" / "apps" / "travel-assistant.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (hicolor / "scalable" / "apps" / "travel-assistant.svg").read_text().count("<svg") == 1
    assert len(capsys.readouterr().out.splitlines()) == len(de.ICON_SIZES) + 2


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils absent")
def test_installed_entry_passes_desktop_file_validate(xdg: Path) -> None:
    de.install_files(xdg)
    path = xdg / "applications" / "travel-assistant.desktop"
    result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_uninstall_removes_exactly_what_install_wrote(xdg: Path) -> None:
    other = xdg / "applications" / "someone-else.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\nName=Other\n", encoding="utf-8")
    before = _files(xdg)
    written = set(de.install_files(xdg))
    assert _files(xdg) == before | written
    assert main(["--uninstall-desktop-entry"]) == 0
    assert _files(xdg) == before


def test_uninstall_leaves_an_entry_it_did_not_write(xdg: Path) -> None:
    mine = xdg / "applications" / "travel-assistant.desktop"
    mine.parent.mkdir(parents=True)
    mine.write_text("[Desktop Entry]\nName=Hand made\n", encoding="utf-8")
    assert main(["--uninstall-desktop-entry"]) == 0
    assert mine.is_file()


def test_uninstall_with_nothing_installed_says_so(xdg: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--uninstall-desktop-entry"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_relative_xdg_data_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert de.data_home() == tmp_path / ".local" / "share"


def test_frozen_bundle_points_at_its_executable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/travel-assistant/travel-assistant")
    assert de.current_command() == ["/opt/travel-assistant/travel-assistant"]


def test_python_dash_m_runs_the_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/x/desktop_app/__main__.py"])
    assert de.current_command() == [sys.executable, "-m", "desktop_app"]


@pytest.mark.parametrize(
    ("arg", "quoted"),
    [
        ("/usr/bin/travel-assistant", "/usr/bin/travel-assistant"),
        ("/home/a b/ta", '"/home/a b/ta"'),
        ("/home/$x/ta", '"/home/\\\\$x/ta"'),
        ("/50%/ta", '"/50%%/ta"'),
    ],
)
def test_exec_arguments_are_quoted_per_the_spec(arg: str, quoted: str) -> None:
    assert de.quote_exec_arg(arg) == quoted


def test_unsupported_platform_is_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert de.install_or_uninstall(True) == 2
    assert "installer" in capsys.readouterr().err
