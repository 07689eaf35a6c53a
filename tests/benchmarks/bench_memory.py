"""Peak memory of the window answering the seed question, against a bare PySide6 window (issue 27).

1. peak RSS of a bare PySide6 window with one text box, shown and closed, and of
   `travel-assistant gui --prompt SEED --exit-when-done` (offline, a fresh HOME each run),
   interleaved; the ratio of the medians (goal <= 1.5)
2. where the difference goes: what the app imported that the bare window did not, grouped by
   package (desktop_app by subpackage), each group's RSS imported alone on the bare window's
   modules, and its marginal RSS imported in one process, smallest first (so a dependency is
   counted as itself, not in its dependents); the rest is objects, widgets and heaps
3. the floor: what the product cannot run without, each measured on the bare window (the Qt
   classes the modules it loaded name, asyncio + qasync + sqlite3, and the CJK font the seed question
   shows: the app on the seed against the same question in English), against the 1.5x goal
4. the slowest imports of that run by cumulative time (`python -X importtime`)

Figures only, no assertions. Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_memory.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
MB = 1024  # ru_maxrss and VmRSS are in KiB

BARE_WINDOW = textwrap.dedent(
    """
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow, QPlainTextEdit
    class W(QMainWindow):
        painted = False
        def paintEvent(self, event):
            super().paintEvent(event)
            if not self.painted:
                self.painted = True
                QTimer.singleShot(250, self.close)  # as the app waits 0.25 s after its run
        def closeEvent(self, event):
            super().closeEvent(event)
            app.quit()
    app = QApplication([])
    w = W(); w.setCentralWidget(QPlainTextEdit()); w.resize(1280, 800); w.show()
    app.exec()
    """
)
APP_ARGS = ["-m", "desktop_app", "gui", "--prompt", SEED, "--exit-when-done"]

# Runs the bare window or the app as they are, then writes sys.modules (as JSON) to argv[1].
DUMP_MODULES = textwrap.dedent(
    """
    import atexit, json, runpy, sys
    out, what = sys.argv[1], sys.argv[2]
    atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
    if what == "bare":
        exec(compile(sys.argv[3], "<bare>", "exec"), {"__name__": "__main__"})
    else:
        sys.argv = ["desktop_app", *sys.argv[3:]]
        runpy.run_module("desktop_app", run_name="__main__")
    """
)

# Imports the bare window's modules, then each group in turn: prints the RSS after each, as JSON.
IMPORT_GROUPS = textwrap.dedent(
    """
    import importlib, json, sys
    def rss():
        with open("/proc/self/status") as fh:
            return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))
    def load(names):
        for name in names:
            try:
                importlib.import_module(name)
            except BaseException:
                pass
    spec = json.loads(sys.stdin.read())
    load(spec["base"])
    sizes = [rss()]
    for names in spec["groups"]:
        load(names)
        sizes.append(rss())
    print(json.dumps(sizes))
    """
)
# The bare window's modules and QApplication, then: the Qt classes the app names, the runtime the
# product requires (qasync on asyncio, SQLite history), the app's own modules; RSS after each, as JSON.
FLOOR_STEPS = textwrap.dedent(
    """
    import importlib, json, sys
    from PySide6 import QtCore, QtGui, QtWidgets
    def rss():
        with open("/proc/self/status") as fh:
            return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))
    spec = json.loads(sys.stdin.read())
    app = QtWidgets.QApplication([])
    sizes = [rss()]
    for name in spec["qt"]:
        next((getattr(m, name) for m in (QtCore, QtGui, QtWidgets) if hasattr(m, name)), None)
    QtCore.Qt.AlignmentFlag  # the Qt namespace's enums, built on first use
    sizes.append(rss())
    for name in ("asyncio", "qasync", "sqlite3"):
        importlib.import_module(name)
    sizes.append(rss())
    for name in spec["own"]:
        importlib.import_module(name)
    sizes.append(rss())
    print(json.dumps(sizes))
    """
)
ENGLISH_SEED = "I am in Beijing and want to go to Sanya next week for three days: weather, flights and hotels"
SKIP = {"__main__", "desktop_app.__main__", "runpy", "atexit"}  # the runners themselves


def _env(home: str) -> dict[str, str]:
    """A first launch: a fresh HOME and XDG folders, no keys (so the offline planner answers)."""
    drop = {"TRAVEL_ASSISTANT_HOME", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env |= {"HOME": home, "XDG_DATA_HOME": f"{home}/share", "XDG_CONFIG_HOME": f"{home}/config"}
    env |= {"XDG_CACHE_HOME": f"{home}/cache", "XDG_STATE_HOME": f"{home}/state"}
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def _peak_kib(args: list[str]) -> int:
    """A child's own peak RSS (wait4 reports it for that child alone), in a fresh HOME."""
    with tempfile.TemporaryDirectory(prefix="bench-mem-") as home, tempfile.TemporaryFile() as log:
        child = subprocess.Popen(
            [sys.executable, *args], env=_env(home), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
        _pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            log.seek(0)
            raise RuntimeError(f"{args[:3]} exited {child.returncode}: {log.read()[-500:]!r}")
    return int(usage.ru_maxrss)


def _modules(what: str, args: list[str], extra: tuple[str, ...] = ()) -> tuple[set[str], str]:
    """What a run imported, and its stderr (with `-X importtime`, the import times)."""
    with tempfile.TemporaryDirectory(prefix="bench-mem-") as home:
        out = Path(home) / "modules.json"
        cmd = [sys.executable, *extra, "-c", DUMP_MODULES, str(out), what, *args]
        done = subprocess.run(cmd, env=_env(home), cwd=ROOT, capture_output=True, text=True, timeout=180)
        if not out.exists():
            raise RuntimeError(f"{what}: no module list: {done.stderr[-500:]}")
        return set(json.loads(out.read_text())) - SKIP, done.stderr


def _group(name: str) -> str:
    """`desktop_app.ui.chat.pane` -> `desktop_app.ui`; `pydantic.fields` -> `pydantic`."""
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "desktop_app" and len(parts) > 1 else parts[0]


def _probe(script: str, spec: dict[str, object], what: str) -> list[int]:
    """Run `script` in a fresh interpreter with `spec` on stdin: the VmRSS list (KiB) it prints last."""
    with tempfile.TemporaryDirectory(prefix="bench-mem-") as home:
        done = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(spec),
            env=_env(home),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
    if done.returncode != 0:
        raise RuntimeError(f"{what} probe failed: {done.stderr[-500:]}")
    steps: list[int] = json.loads(done.stdout.splitlines()[-1])
    return steps


def _rss_steps(base: list[str], groups: list[list[str]]) -> list[int]:
    """VmRSS (KiB) after the base modules, then after each group, in one fresh interpreter."""
    return _probe(IMPORT_GROUPS, {"base": base, "groups": groups}, "import")


def _attribution(bare: set[str], app: set[str]) -> list[tuple[str, float, float, int]]:
    """(group, alone MiB, marginal MiB, modules) for what the app imported beyond the bare window."""
    base = sorted(bare)
    grouped: dict[str, list[str]] = {}
    for name in sorted(app - bare):
        grouped.setdefault(_group(name), []).append(name)
    alone = {g: (lambda s: (s[1] - s[0]) / MB)(_rss_steps(base, [names])) for g, names in grouped.items()}
    order = sorted(grouped, key=lambda g: (g.startswith("desktop_app"), alone[g]))  # ours last: deps first
    steps = _rss_steps(base, [grouped[g] for g in order])
    marginal = {g: (steps[i + 1] - steps[i]) / MB for i, g in enumerate(order)}
    rows = [(g, alone[g], marginal[g], len(grouped[g])) for g in grouped]
    return sorted(rows, key=lambda r: -r[2])


def _slowest_imports(stderr: str, skip: set[str], top: int) -> list[tuple[int, str]]:
    """`-X importtime` lines: (cumulative µs, module) of the top-level imports the bare run lacked."""
    found = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self, cumulative, name = line[len("import time:") :].split("|")
        if not name.startswith("  ") and name.strip() not in skip:  # "  " nests it under another import
            found.append((int(cumulative), name.strip()))
    return sorted(found, reverse=True)[:top]


def _floor(app_modules: set[str], runs: int) -> tuple[float, float, float, float]:
    """MiB the product cannot do without: the Qt classes its loaded modules name, asyncio + qasync +
    sqlite3, the CJK font; and its own modules (the part a smaller app could cut)."""
    own = sorted(m for m in app_modules if m.startswith("desktop_app"))
    files = [ROOT / (m.replace(".", "/") + ".py") for m in own]
    files += [ROOT / m.replace(".", "/") / "__init__.py" for m in own]
    source = "\n".join(f.read_text(encoding="utf-8") for f in files if f.exists())  # the modules the run loaded
    qt = sorted(set(re.findall(r"\bQ[A-Z][A-Za-z]+\b", source)))
    s = _probe(FLOOR_STEPS, {"qt": qt, "own": own}, "floor")
    english = [*APP_ARGS[:4], ENGLISH_SEED, *APP_ARGS[5:]]
    chinese = statistics.median(_peak_kib(APP_ARGS) for _ in range(runs))
    cjk = chinese - statistics.median(_peak_kib(english) for _ in range(runs))
    return (s[1] - s[0]) / MB, (s[2] - s[1]) / MB, cjk / MB, (s[3] - s[2]) / MB


def bench_peaks(runs: int) -> tuple[list[float], list[float]]:
    """Peak RSS in MiB of the bare window and the app, interleaved so load hits both alike."""
    bare, app = [], []
    for _ in range(runs):
        bare.append(_peak_kib(["-c", BARE_WINDOW]) / MB)
        app.append(_peak_kib(APP_ARGS) / MB)
    return bare, app


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=25, help="rows of the attribution and import-time tables")
    args = parser.parse_args()
    compileall.compile_dir(str(ROOT / "desktop_app"), quiet=1)  # as installed: no compiler in the figures
    bare, app = bench_peaks(args.runs)
    b, a = statistics.median(bare), statistics.median(app)
    print(f"bare_window_peak_mb={b:.1f}  runs: {' '.join(f'{x:.1f}' for x in bare)}")
    print(f"app_window_peak_mb={a:.1f}  runs: {' '.join(f'{x:.1f}' for x in app)}")
    print(f"memory_ratio={a / b:.2f}  (goal <= 1.5; medians of {args.runs} interleaved runs)")

    bare_modules, _ = _modules("bare", [BARE_WINDOW])
    app_modules, stderr = _modules("app", APP_ARGS[2:], extra=("-X", "importtime"))
    rows = _attribution(bare_modules, app_modules)
    print(f"\nimported beyond the bare window: {len(app_modules - bare_modules)} modules in {len(rows)} groups")
    print(f"{'group':<28}{'alone MiB':>10}{'marginal MiB':>14}{'modules':>9}")
    for group, alone, marginal, count in rows[: args.top]:
        print(f"{group:<28}{alone:>10.1f}{marginal:>14.1f}{count:>9}")
    imports = sum(r[2] for r in rows)
    print(f"imports_mb={imports:.1f}  rest_mb={a - b - imports:.1f}  (rest: objects, widgets, caches, heaps)")

    qt, runtime, cjk, own = _floor(app_modules, args.runs)
    floor = b + qt + runtime + cjk
    print("\nthe floor, each part measured on the bare window (MiB):")
    print(f"  Qt classes its modules name {qt:.1f}, asyncio + qasync + sqlite3 {runtime:.1f}, CJK font {cjk:.1f}")
    print(f"  the app's own modules {own:.1f} (what remains: widgets, objects, heaps)")
    print(f"floor_mb={floor:.1f}  floor_ratio={floor / b:.2f}  with_own_code_ratio={(floor + own) / b:.2f}")

    print("\nslowest imports of the app's run (cumulative ms, python -X importtime, top level only):")
    for micros, name in _slowest_imports(stderr, bare_modules, args.top):
        print(f"{micros / 1000:>8.1f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
