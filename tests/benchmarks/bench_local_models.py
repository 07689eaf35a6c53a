"""Tool calling with a real small local model: how often a travel tool runs, per mode.

Run a model behind llama-cpp-python's OpenAI-compatible server (see shared/models/fetch-small-model.sh),
once with its default chat format and once with `--chat_format chatml-function-calling`, then:

    python tests/benchmarks/bench_local_models.py --base-url http://127.0.0.1:8765/v1 --label default
    python tests/benchmarks/bench_local_models.py --base-url http://127.0.0.1:8766/v1 --label chatml

Each question is asked ROUNDS times in each mode through the real engine (the openai SDK, the
adapter, the recovery of calls written as text, the real travel tools), one model turn each
(`max_turns=1`: what matters is whether the model's first answer runs a tool). Per mode it prints:
questions where a travel tool ran, calls recovered vs native, calls with invalid arguments, and
seconds per question. Modes:

- `native`: structured `tool_calls` only (what a cloud model needs);
- `recover`: also calls the model wrote as text (the default for local servers);
- `recover-lean`: as `recover`, offering only the travel tools with a three-line system prompt
  (fewer tools and a shorter prompt: measured, not assumed to help a small model);
- `recover-plain`: as `recover` without the adapter's one system line showing how a call is written
  (`text_calls.HOW_TO_CALL`, sent in "recover" mode since it measured 75 % against 50 %).

The raw assistant messages go to `--raw FILE` (JSON Lines) so every call form the model wrote
can be read. Not part of the suite: it needs the model server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop_app import clock
from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.llm import openai as oa_module
from desktop_app.llm.openai import OpenAIModel
from desktop_app.runtime import RunOptions, build_registry, open_tools, system_prompt, today_note
from desktop_app.store.settings import Settings

QUESTIONS = [
    "三亚明天天气怎么样？",
    "What's the weather in Chengdu this weekend?",
    "北京到三亚的机票多少钱？",
    "How much is a flight from Shanghai to Sanya?",
    "帮我查一下成都四星酒店的价格",
    "Find me a 5-star hotel in Sanya.",
    "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店",
    "I'm in Beijing and want 3 days in Chengdu next week: weather, flights and a hotel please.",
    "上海飞成都多少钱，成都天气如何？",
    "Is it raining in Hangzhou today?",
    "广州的天气怎么样",
    "Flights from Beijing to Xi'an on Friday?",
    "西安有什么好的四星级酒店？",
    "What's the temperature in Harbin right now?",
    "帮我看看昆明的天气和酒店",
    "Cheapest flight from Shenzhen to Beijing?",
    "厦门这几天天气好吗？要带伞吗？",
    "Hotel prices in Guilin for 2 nights, 4 stars",
    "从成都去重庆的机票和重庆的天气",
    "Weather and a hotel in Qingdao for next weekend, please.",
]
TRAVEL = {"get_weather", "get_flight_price", "get_hotel_price", "get_train_price", "plan_route", "search_places"}
LEAN_PROMPT = (
    "You are a travel assistant. Today is {today}.",
    "Use the tools for weather, flights and hotels; never make data up.",
    "Call a tool with JSON arguments; answer briefly from its result.",
)
MODES = ("native", "recover", "recover-lean", "recover-plain")
MAX_TOKENS = 400  # a small model that loops would otherwise write until the context is full


def _capped(wire: Any) -> Any:
    """The adapter's request body with `max_tokens` (the app sends none; a benchmark must end)."""

    def body(*args: Any, **kw: Any) -> dict[str, Any]:
        return {**wire(*args, **kw), "max_tokens": MAX_TOKENS}

    return body


oa_module.request_to_wire = _capped(oa_module.request_to_wire)


@dataclass
class Tally:
    """One mode's figures over every question and round."""

    runs: int = 0
    ran: int = 0  # runs where a travel tool ran (a result that is not an error)
    native: int = 0
    recovered: int = 0
    invalid: int = 0  # calls refused for their arguments
    errors: int = 0  # runs that ended in an error (timeout, server error)
    seconds: list[float] = field(default_factory=list)


async def one_run(base_url: str, mode: str, question: str, raw: Any) -> tuple[dict[str, Any], float]:
    """One question, one model turn, through the engine; what happened, and how long it took."""
    model = OpenAIModel("qwen-local", base_url, "sk-local", timeout=600.0, tool_text=mode.split("-")[0])
    model.coach_calls = not mode.endswith("-plain")
    settings = Settings()
    if mode.endswith("-lean"):
        registry, close = build_registry(settings, RunOptions()), None
        system: tuple[str, ...] = (LEAN_PROMPT[0].format(today=clock.today().isoformat()), *LEAN_PROMPT[1:])
    else:
        registry, close = await open_tools(settings, RunOptions(mcp_for_model=False))
        system = (system_prompt(), today_note())
    agent = Agent(model=model, registry=registry, approver=PolicyApprover("none"), system=system, max_turns=1)
    agent.stream = False
    started = time.perf_counter()
    events = []
    try:
        events = [e.to_dict() async for e in agent.run(question)]
    finally:
        took = time.perf_counter() - started
        await model.aclose()
        if close is not None:
            await close()
    bodies = [e["body"] for e in events if e["type"] == "model_response"]
    content = [c.get("message", {}).get("content") for b in bodies for c in b.get("choices", [])]
    raw.write(
        json.dumps(
            {
                "mode": mode,
                "question": question,
                "seconds": round(took, 2),
                "content": content,
                "events": [e for e in events if e["type"] in ("tool_call", "tool_result", "error")],
            },
            ensure_ascii=False,
        )
        + "\n"
    )
    raw.flush()
    return _summary(events), took


def _summary(events: list[dict[str, Any]]) -> dict[str, Any]:
    calls = [e for e in events if e["type"] == "tool_call"]
    results = [e for e in events if e["type"] == "tool_result"]
    return {
        "ran": any(r["name"] in TRAVEL and not r["is_error"] for r in results),
        "native": sum(1 for c in calls if not c.get("recovered_from_text")),
        "recovered": sum(1 for c in calls if c.get("recovered_from_text")),
        "invalid": sum(1 for r in results if r["is_error"] and "argument" in r["content"]),
        "error": any(e["type"] == "error" and e.get("kind") != "max_turns" for e in events),
    }


async def bench(base_url: str, modes: list[str], rounds: int, count: int, raw_path: Path) -> dict[str, Tally]:
    tallies = {mode: Tally() for mode in modes}
    with raw_path.open("a", encoding="utf-8") as raw:
        for round_no in range(rounds):
            for mode in modes:  # mode by mode: the server's prompt cache keeps the system prompt and tools
                for question in QUESTIONS[:count]:
                    summary, took = await one_run(base_url, mode, question, raw)
                    tally = tallies[mode]
                    tally.runs += 1
                    tally.ran += summary["ran"]
                    tally.native += summary["native"]
                    tally.recovered += summary["recovered"]
                    tally.invalid += summary["invalid"]
                    tally.errors += summary["error"]
                    tally.seconds.append(took)
                    print(f"round {round_no + 1} {mode}: {question}", file=sys.stderr, flush=True)
    return tallies


def summarize(raw_path: Path) -> dict[str, Tally]:
    """The figures again from a raw file (a run stopped early still counts what it finished)."""
    tallies: dict[str, Tally] = {}
    for line in raw_path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        summary, tally = _summary(row["events"]), tallies.setdefault(row["mode"], Tally())
        tally.runs += 1
        tally.ran += summary["ran"]
        tally.native += summary["native"]
        tally.recovered += summary["recovered"]
        tally.invalid += summary["invalid"]
        tally.errors += summary["error"]
        tally.seconds.append(float(row.get("seconds", 0.0)))
    return tallies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--summarize", default="", metavar="RAW", help="print the figures of a raw file and stop")
    parser.add_argument("--base-url", default="")
    parser.add_argument("--label", default="default", help="the server's chat format, for the report")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--questions", type=int, default=len(QUESTIONS))
    parser.add_argument("--raw", default="bench_local_models.raw.jsonl")
    args = parser.parse_args()
    modes = [m for m in args.modes.split(",") if m in MODES]
    if args.summarize:
        tallies = summarize(Path(args.summarize))
        modes = list(tallies)
    else:
        tallies = asyncio.run(bench(args.base_url, modes, args.rounds, args.questions, Path(args.raw)))
    baseline = (statistics.median(tallies[modes[0]].seconds) if tallies[modes[0]].seconds else 0.0) or 1.0
    runs = max((t.runs for t in tallies.values()), default=0)
    print(f"chat format: {args.label}; {runs} runs per mode ({args.questions} questions, up to {args.rounds} rounds)")
    print("mode          travel tool ran   native  recovered  invalid args  errors  s/question (x first mode)")
    for mode, t in tallies.items():
        median = statistics.median(t.seconds) if t.seconds else 0.0
        share = 100 * t.ran / t.runs if t.runs else 0.0
        print(
            f"{mode:13} {t.ran:3}/{t.runs:<3} {share:5.1f} %   {t.native:6} {t.recovered:10} {t.invalid:13} "
            f"{t.errors:7}  {median:6.1f} ({median / baseline:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
