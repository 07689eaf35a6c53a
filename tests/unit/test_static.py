"""Lint is part of the suite: ruff (with C901 <= 10); mypy --strict runs as its own step in .ci/run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "desktop_app", "tests", "packaging")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
