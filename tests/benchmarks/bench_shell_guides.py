"""Costs of the shell sandbox and of the guide search, as ratios against baselines in the same run.

Run: python tests/benchmarks/bench_shell_guides.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop_app.tools.guides import GuideLibrary, city_vocabulary, guides_dir
from desktop_app.tools.shell.run import ShellConfig
from desktop_app.tools.shell.sandbox import NO_SANDBOX, detect_sandbox


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def bench_shell(runs: int = 30) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp).resolve()
        (ws / "a.txt").write_text("hello\n")
        bare, boxed = ShellConfig(ws, NO_SANDBOX), ShellConfig(ws, detect_sandbox())
        times: dict[str, list[float]] = {"bare": [], "sandboxed": []}
        for _ in range(runs):
            for label, config in (("bare", bare), ("sandboxed", boxed)):
                start = time.perf_counter()
                await config.execute("cat a.txt")
                times[label].append(time.perf_counter() - start)
    base = _median_ms(times["bare"])
    box = _median_ms(times["sandboxed"])
    print(f"execute_shell 'cat a.txt' without sandbox: median {base:.1f} ms (baseline 1.00)")
    print(f"execute_shell 'cat a.txt' in {detect_sandbox().name}: median {box:.1f} ms "
          f"({box / base:.2f}x)")  # fmt: skip


def bench_guides(runs: int = 200) -> None:
    start = time.perf_counter()
    lib = GuideLibrary(guides_dir())
    build = (time.perf_counter() - start) * 1000
    vocab = city_vocabulary()
    queries = ["三亚 旅游攻略", "Peking duck", "烤鸭", "cherry blossoms", "兵马俑"]
    scan: list[float] = []
    fts: list[float] = []
    for _ in range(runs):
        for q in queries:
            t = time.perf_counter()
            lib.search(q, vocab)
            fts.append(time.perf_counter() - t)
            t = time.perf_counter()
            [g.slug for g in lib.guides.values() if q.casefold() in g.markdown.casefold()]
            scan.append(time.perf_counter() - t)
    base = _median_ms(scan)
    print(f"guide index build ({len(lib.guides)} guides): {build:.1f} ms")
    print(f"naive substring scan per query: median {base:.3f} ms (baseline 1.00)")
    print(f"web_search ranking (FTS5 trigram + LIKE) per query: median {_median_ms(fts):.3f} ms "
          f"({_median_ms(fts) / base:.2f}x)")  # fmt: skip


if __name__ == "__main__":
    asyncio.run(bench_shell())
    bench_guides()
