"""`travel-assistant models list|check`: what a provider or OpenAI-compatible server offers, and
whether a model really calls tools (natively, written as text, or not at all)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from desktop_app.errors import UsageError
from desktop_app.llm.presets import PRESETS, preset

if TYPE_CHECKING:  # the rest is imported when a command runs: `--help` of every command stays quick
    from desktop_app.store.settings import Settings

PROVIDER_HELP = "openai, anthropic, or a preset: " + ", ".join(p.id for p in PRESETS if p.provider == "openai")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`models list` and `models check` under the `models` parser."""
    sub = parser.add_subparsers(dest="models_command", required=True)
    listing = sub.add_parser("list", help="the models a provider or OpenAI-compatible server offers (/v1/models)")
    check = sub.add_parser("check", help="one probe with one tool: native calls, calls as text, or none")
    for p in (listing, check):
        p.add_argument("--provider", default="", metavar="P", help=PROVIDER_HELP)
        p.add_argument(
            "--base-url", default="", metavar="URL", help="an OpenAI-compatible server, e.g. http://localhost:8080/v1"
        )
        p.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--model", default="", metavar="M", help="the model to probe (default: the server's first)")


@dataclass(frozen=True)
class Target:
    """Which service a `models` command talks to."""

    provider: str  # "openai" or "anthropic"
    base_url: str
    model: str


def resolve(provider: str, base_url: str, model: str, settings: Settings) -> Target:
    """--provider (a preset names its server), --base-url, then the settings and the environment."""
    chosen = preset(provider) if provider and provider not in ("openai", "anthropic") else None
    if provider and chosen is None and provider not in ("openai", "anthropic"):
        raise UsageError(f"unknown provider {provider!r}; choose {PROVIDER_HELP}")
    kind = (
        chosen.provider if chosen else provider or (settings.provider if settings.provider == "anthropic" else "openai")
    )
    same = settings.provider == kind and not chosen
    env = os.environ.get("ANTHROPIC_BASE_URL" if kind == "anthropic" else "OPENAI_BASE_URL", "")
    url = base_url or (chosen.base_url if chosen else "") or (settings.base_url if same else "") or env
    return Target(kind, url, model or (settings.model if same else ""))


async def models_command(args: argparse.Namespace) -> int:
    """0 done, 1 the server could not be asked (one line on stderr), 2 bad usage (raised)."""
    from desktop_app.llm import model_check
    from desktop_app.llm.base import ProviderError
    from desktop_app.store.secrets import lookup_key
    from desktop_app.store.settings import Settings

    target = resolve(args.provider, args.base_url, getattr(args, "model", ""), Settings.load())
    key = lookup_key(target.provider)
    try:
        if args.models_command == "check":  # the Settings dialog's Check runs the same probe
            report = await model_check.check(target.provider, target.base_url, key, target.model)
            print(json.dumps(report, ensure_ascii=False) if args.json else _check_line(report))
            return 0
        found = await model_check.list_models(target.provider, target.base_url, key)
    except ProviderError as exc:
        print(f"travel-assistant: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    if args.json:
        print(
            json.dumps([{"id": m.get("id", ""), "owned_by": m.get("owned_by", "")} for m in found], ensure_ascii=False)
        )
    else:
        print("\n".join(str(m.get("id", "")) for m in found))
    return 0


def _check_line(report: dict[str, Any]) -> str:
    calls = {
        "native": "native tool calls",
        "recovered": "tool calls written as text (recovered)",
        "none": "no tool call",
    }
    stream = "streams" if report["streaming"] else "does not stream"
    line = (
        f"{report['model']} at {report['base_url']}: {calls[report['tool_calls']]}, {stream}, {report['latency_s']} s"
    )
    card = report.get("scorecard")
    if not card:
        return line
    rates = ", ".join(
        f"{mode} {card[mode]['passed']}/{card[mode]['of']}" for mode in ("native", "recover") if mode in card
    )
    advice = {"off": "offer no tools (tool_calls: off)"}.get(card["recommended"], f"use {card['recommended']}")
    return f"{line}\nscorecard: {rates}; recommended: {advice}"


def run(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(models_command(args))
