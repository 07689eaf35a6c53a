"""`pip install .` as a user does it: the wheel (built from the sdist) carries resources/ and every command works.

Builds the sdist and the wheel with `python -m build --no-isolation` (offline), installs the wheel with
`--no-deps --no-index` into a fresh venv outside the source tree that borrows this environment's
dependencies, and runs the installed `travel-assistant` from an empty folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SEED_QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", ".cache", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", "tests"
)


@dataclass(frozen=True)
class Installed:
    """A venv holding only the wheel, plus the folders a run needs."""

    python: Path
    script: Path
    prefix: Path
    cwd: Path
    home: Path


def run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a command to completion; a failure shows its output."""
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{argv}: {done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """sdist, the wheel built from it, and a wheel built straight from the tree (a copy, so the repo stays clean)."""
    work = tmp_path_factory.mktemp("build")
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", work / "dist", source, cwd=work)
    run(sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir", work / "direct", source, cwd=work)
    return {
        "sdist": next((work / "dist").glob("*.tar.gz")),
        "wheel": next((work / "dist").glob("*.whl")),
        "direct": next((work / "direct").glob("*.whl")),
    }


@pytest.fixture(scope="module")
def installed(dists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The sdist's wheel in a new venv; this environment's site-packages added after the venv's own."""
    base = tmp_path_factory.mktemp("installed")
    prefix = base / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", prefix, cwd=base)
    bindir = prefix / ("Scripts" if sys.platform == "win32" else "bin")
    python = bindir / Path(sys.executable).name
    pip = (sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index")
    run(*pip, dists["wheel"], cwd=base)
    # Written after the install, so pip never sees the developer's own travel-assistant there.
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=base).stdout
    host = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(purelib.strip()) / "host_dependencies.pth").write_text("\n".join(sorted(host)) + "\n", encoding="utf-8")
    (base / "cwd").mkdir()
    script = bindir / ("travel-assistant.exe" if sys.platform == "win32" else "travel-assistant")
    return Installed(python, script, prefix, base / "cwd", base / "home")


def user_env(installed: Installed) -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH pointing at the checkout, offscreen Qt."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return {**env, "QT_QPA_PLATFORM": "offscreen", "TRAVEL_ASSISTANT_HOME": str(installed.home)}


def travel_assistant(installed: Installed, *argv: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, from an empty folder, as a user's shell runs it."""
    return run(installed.script, *argv, cwd=installed.cwd, env=user_env(installed))


def shipped_resources() -> set[str]:
    """Every file of resources/ the app reads (the README's screenshots stay out)."""
    files = (p for p in (ROOT / "resources").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return {p.relative_to(ROOT / "resources").as_posix() for p in files if p.parts[-2:-1] != ("screenshots",)}


def test_the_wheel_and_the_sdist_carry_every_resource(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        names = wheel.namelist()
    prefix = "desktop_app/resources/"
    assert {n.removeprefix(prefix) for n in names if n.startswith(prefix)} == shipped_resources()
    with zipfile.ZipFile(dists["direct"]) as direct:
        assert sorted(direct.namelist()) == sorted(names)  # tree → wheel and tree → sdist → wheel agree
    with tarfile.open(dists["sdist"]) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if m.isfile()}
    assert {f"resources/{name}" for name in shipped_resources()} <= members


def test_the_installed_copy_runs_not_the_checkout(installed: Installed) -> None:
    code = "import desktop_app, desktop_app.paths as p; print(desktop_app.__file__); print(p.resources_dir())"
    out = run(installed.python, "-c", code, cwd=installed.cwd, env=user_env(installed)).stdout.split("\n")
    prefix = installed.prefix.resolve()
    assert Path(out[0]).resolve().is_relative_to(prefix), out
    assert Path(out[1]).resolve() == Path(out[0]).resolve().parent / "resources"


def test_ask_offline_answers_the_seed_question(installed: Installed) -> None:
    done = travel_assistant(installed, "ask", "--provider", "offline", "--no-save", SEED_QUESTION)
    assert "¥4,600" in done.stdout and "Traceback" not in done.stderr


def test_a_bundled_skill_runs(installed: Installed) -> None:
    skill = ("--skill", "search_and_summarize")
    done = travel_assistant(installed, "ask", "--provider", "offline", "--no-save", *skill, "三亚")
    assert "## 预算估算" in done.stdout and "本地攻略库" in done.stdout  # the guides folder was read


def test_the_windows_scripted_demo_exits_cleanly(installed: Installed) -> None:
    done = travel_assistant(installed, "gui", "--prompt", SEED_QUESTION, "--exit-when-done")
    assert done.stdout.startswith("ui_max_stall_ms=") and "Traceback" not in done.stderr
