"""Finding a server's program like the user's shell would; a small environment without our keys."""

from __future__ import annotations

import functools
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.mcp.client import launch


def _program(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def bare_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A desktop-app PATH (nothing useful on it) and a home with its own install places."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("SHELL", "/nonexistent")
    monkeypatch.setattr(Path, "home", lambda: tmp_path / "home")
    monkeypatch.setattr(sys, "executable", str(tmp_path / "py" / "python"))
    monkeypatch.setattr(launch, "SYSTEM_DIRS", ())
    launch.login_shell_path.cache_clear()
    yield tmp_path
    launch.login_shell_path.cache_clear()


def test_found_in_nvm_and_local_bin(bare_path: Path) -> None:
    old = _program(bare_path / "home/.nvm/versions/node/v18.2.0/bin", "npx")
    new = _program(bare_path / "home/.nvm/versions/node/v20.11.1/bin", "npx")
    full, path = launch.resolve_command("npx")
    assert full == str(new) and full != str(old)
    assert path[0] == str(new.parent)
    local = _program(bare_path / "home/.local/bin", "uvx")
    assert launch.resolve_command("uvx")[0] == str(local)


def test_login_shell_path_is_used(bare_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shell_dir = bare_path / "shell-bin"
    tool = _program(shell_dir, "my-server")
    fake = functools.lru_cache(maxsize=1)(lambda: (str(shell_dir),))
    monkeypatch.setattr(launch, "login_shell_path", fake)
    assert launch.resolve_command("my-server")[0] == str(tool)


def test_missing_says_what_to_install(bare_path: Path) -> None:
    with pytest.raises(launch.CommandNotFoundError) as info:
        launch.resolve_command("npx")
    assert str(info.value).startswith("`npx` not found: install Node.js")
    with pytest.raises(launch.CommandNotFoundError, match="`uvx` not found: install uv"):
        launch.resolve_command("uvx")
    with pytest.raises(launch.CommandNotFoundError, match="not found or not executable"):
        launch.resolve_command("./missing.sh", str(bare_path))


def test_child_environment_has_no_api_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    env = launch.child_environment(["/a", "/b"], {"TOKEN": "server's own"})
    assert env["PATH"] == os.pathsep.join(["/a", "/b"]) and env["LANG"] == "zh_CN.UTF-8"
    assert env["TOKEN"] == "server's own" and "HOME" in env
    assert not any("API_KEY" in k for k in env)
