"""Start-up of the bundled app against the pip-installed one, measured in the same run.

Run after `python packaging/build.py`:  python tests/benchmarks/bench_bundle.py [-n 9]
Prints, per command, the median wall and CPU (user + system) time of both and the ratios
bundle / pip (goal <= 1.2), and the sizes of the bundle, the .deb and the pip site-packages.
The verdict uses the CPU ratio: on a shared machine wall time mostly measures the neighbours.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUNDLE_EXE = ROOT / "dist" / "travel-assistant" / "travel-assistant"
GOAL = 1.2
COMMANDS = {
    "--version": ["--version"],
    "ask offline": ["ask", "--provider", "offline", "--no-save", "hi"],
    "tools --json": ["tools", "--json"],
    "gui to paint": ["gui", "--provider", "offline", "--exit-when-done"],  # offscreen, quits at first paint
}


def pip_command() -> tuple[list[str], str]:
    """The console script pip made next to this Python, else `python -m desktop_app`."""
    script = Path(sys.executable).parent / "travel-assistant"
    if script.is_file():
        return [str(script)], str(script)
    return [sys.executable, "-m", "desktop_app"], f"{sys.executable} -m desktop_app (no script)"


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run; a failure stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed: {out.stderr.strip()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


Row = tuple[str, float, float, float, float]


def measure(runs: int) -> list[Row]:
    """Median wall and CPU seconds per command, bundle and pip alternating (same machine load)."""
    pip_cmd, _ = pip_command()
    env = dict(os.environ, TRAVEL_ASSISTANT_HOME=tempfile.mkdtemp(prefix="bench-bundle-"))
    env["QT_QPA_PLATFORM"] = "offscreen"  # the window needs no display to paint once
    rows = []
    for label, args in COMMANDS.items():
        timed([str(BUNDLE_EXE), *args], env)  # warm the page cache for both
        timed([*pip_cmd, *args], env)
        bundle, pip = [], []
        for _ in range(runs):
            bundle.append(timed([str(BUNDLE_EXE), *args], env))
            pip.append(timed([*pip_cmd, *args], env))
        med = [statistics.median(x[i] for x in series) for series in (bundle, pip) for i in (0, 1)]
        rows.append((label, *med))
    return rows  # type: ignore[return-value]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=9)
    args = parser.parse_args()
    if not BUNDLE_EXE.is_file():
        print("bench: build the bundle first: python packaging/build.py", file=sys.stderr)
        return 1
    _, pip_label = pip_command()
    print(f"bench_bundle: median of {args.runs} runs; pip install = {pip_label}")
    print(
        f"{'command':<14} {'bundle ms':>10} {'pip ms':>8} {'ratio':>6}"
        f"   {'bundle cpu':>10} {'pip cpu':>8} {'ratio':>6}   (goal <= {GOAL})"
    )
    worst = 0.0
    for label, wall_b, cpu_b, wall_p, cpu_p in measure(args.runs):
        worst = max(worst, cpu_b / cpu_p)
        print(
            f"{label:<14} {wall_b * 1000:>10.0f} {wall_p * 1000:>8.0f} {wall_b / wall_p:>6.2f}"
            f"   {cpu_b * 1000:>10.0f} {cpu_p * 1000:>8.0f} {cpu_b / cpu_p:>6.2f}"
        )
    debs = sorted((ROOT / "dist").glob("travel-assistant_*.deb"))
    site = Path(sysconfig.get_paths()["purelib"])
    print(f"bundle size {tree_size(BUNDLE_EXE.parent) / 1e6:.1f} MB", end="")
    print(f", .deb {debs[-1].stat().st_size / 1e6:.1f} MB" if debs else ", no .deb built", end="")
    print(f", pip site-packages {tree_size(site) / 1e6:.1f} MB (incl. test/dev tools)")
    verdict = "meets" if worst <= GOAL else "MISSES"
    load = os.getloadavg()[0]
    print(f"worst CPU ratio {worst:.2f}: {verdict} the {GOAL}x goal (load average {load:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
