"""`ask` with MCP connectors configured against `ask` without, measured in the same run (issue 27).

Each case runs `travel-assistant ask --no-save …` in its own process (bytecode compiled, as
installed), with and without an `--mcp-config`, interleaved, and prints the medians and their
ratio (goal <= 1.1 where the run's model can never call an MCP tool):

1. offline: the seed question answered by the offline planner, with the Open-Meteo gallery
   connector and a stdio server that reads nothing for 5 s configured (the planner never uses a
   connector: the run must start and wait for neither)
2. model: a local OpenAI-compatible server (real SDK, real HTTP, SSE; in this process) answers in
   text, with the slow stdio server configured: the model could call its tools, so the run waits
   for it at most `mcp_grace_s` (1.5 s by default) and starts without it (its tools would join a
   later turn). This case shows that cost; it is not held to 1.1.

Run: python tests/benchmarks/bench_ask_connectors.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import ScriptedServer, SseReply

SEED = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
TOY = ROOT / "tests" / "integration" / "mcp" / "servers" / "toy_server.py"
SLOW_SERVER = {"command": sys.executable, "args": [str(TOY), "late"], "env": {"TOY_DELAY": "5"}}


def _gallery_entry(home: Path) -> dict[str, object]:
    """The Open-Meteo connector's entry exactly as `mcp add openmeteo` writes it."""
    env = {**os.environ, "TRAVEL_ASSISTANT_HOME": str(home)}
    cmd = [sys.executable, "-m", "desktop_app", "mcp", "add", "openmeteo", "--yes"]
    subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=True, timeout=60)
    servers: dict[str, object] = json.loads((home / "config" / "mcp.json").read_text())["mcpServers"]
    return servers


def _config(folder: Path, name: str, servers: dict[str, object]) -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def _ask(flags: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one `ask`; a failed run stops the benchmark with its stderr."""
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "ask", "--no-save", *flags, SEED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"ask failed ({done.returncode}): {done.stderr[-2000:]}")
    return took


def _compare(name: str, runs: int, without: Callable[[], float], with_: Callable[[], float], goal: bool) -> None:
    plain: list[float] = []
    loaded: list[float] = []
    for _ in range(runs):
        plain.append(without())
        loaded.append(with_())
    a, b = statistics.median(plain), statistics.median(loaded)
    verdict = f"(goal <= 1.1: {'met' if b / a <= 1.1 else 'NOT met'})" if goal else "(shown, no goal)"
    print(f"{name}: without {a:.2f} s, with connectors {b:.2f} s (medians of {runs}) -> ratio {b / a:.2f} {verdict}")
    print(f"  runs without: {' '.join(f'{x:.2f}' for x in plain)}")
    print(f"  runs with:    {' '.join(f'{x:.2f}' for x in loaded)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    compileall.compile_dir(str(ROOT / "desktop_app"), quiet=1)
    with tempfile.TemporaryDirectory(prefix="bench-ask-") as tmp:
        folder = Path(tmp)
        env = {**os.environ, "TRAVEL_ASSISTANT_HOME": str(folder / "home")}
        env.pop("OPENAI_API_KEY", None)
        connectors = {**_gallery_entry(folder / "gallery-home"), "slow": SLOW_SERVER}
        offline = ["--provider", "offline"]
        with_offline = [*offline, "--mcp-config", str(_config(folder, "connectors", connectors))]
        _ask(offline, env)  # one warm run each: the OS file cache, not the app, would differ
        _ask(with_offline, env)
        _compare("offline", args.runs, lambda: _ask(offline, env), lambda: _ask(with_offline, env), True)

        dialect = OpenAIDialect()
        with ScriptedServer() as server:
            for _ in range(2 * args.runs + 2):
                server.push(SseReply(dialect.stream_events(text="三亚下周晴，约 24°C。", split=4)))
            model = ["--provider", "openai", "--model", "gpt-test", "--base-url", f"{server.url}/v1"]
            with_model = [*model, "--mcp-config", str(_config(folder, "slow", {"slow": SLOW_SERVER}))]
            model_env = {**env, "OPENAI_API_KEY": "sk-bench-000000000000"}
            _ask(model, model_env)
            _ask(with_model, model_env)
            _compare(
                "model (slow server)",
                args.runs,
                lambda: _ask(model, model_env),
                lambda: _ask(with_model, model_env),
                False,
            )


if __name__ == "__main__":
    main()
