"""What a provider or OpenAI-compatible server offers (`/v1/models`), and whether a model really
calls tools: one probe with one tool, natively, written as text (recovered), or not at all.

For `models list|check` and Settings (no Qt, no key lookup: the caller passes the key)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from desktop_app.core.messages import ToolCall, UserMessage
from desktop_app.llm.base import ChatModel, Completed, ModelRequest, ProviderError, ToolSpec, WireResponse
from desktop_app.llm.factory import adapter

PROBE_TOOL = {
    "name": "get_weather",
    "description": "Get the weather forecast for a city.",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "city name"}},
        "required": ["city"],
    },
}
PROBE = "What is the weather in Beijing? Use the get_weather tool."


def _tool(name: str, description: str, **props: str) -> ToolSpec:
    """A seed-style tool for the scorecard: string properties, all but `date` required."""
    schema = {k: {"type": "string", "description": v} for k, v in props.items()}
    required = [k for k in props if k != "date"]
    return ToolSpec(name, description, {"type": "object", "properties": schema, "required": required})


SUITE_TOOLS = (
    _tool("get_weather", "查询指定城市的天气 / the weather of a city", city="城市名称 / city", date="YYYY-MM-DD"),
    _tool(
        "get_flight_price",
        "查询两个城市之间的机票价格 / flight price",
        origin="出发城市",
        destination="目的地城市",
        date="YYYY-MM-DD",
    ),
    _tool("get_hotel_price", "查询酒店价格 / hotel price in a city", city="城市名称 / city"),
)


@dataclass(frozen=True)
class Case:
    """One scorecard prompt: the tools a right answer calls (none: a question that needs no tool),
    and words its arguments must hold."""

    prompt: str
    calls: tuple[str, ...] = ()
    words: tuple[str, ...] = ()


SUITE = (
    Case("What's the weather in Sanya?", ("get_weather",), ("sanya",)),
    Case("三亚天气怎么样？", ("get_weather",), ("三亚",)),
    Case("How much is a flight from Beijing to Sanya?", ("get_flight_price",), ("beijing", "sanya")),
    Case("北京到成都的机票多少钱？", ("get_flight_price",), ("北京", "成都")),
    Case("Find me a hotel in Chengdu.", ("get_hotel_price",), ("chengdu",)),
    Case("What's the weather in Beijing and in Shanghai?", ("get_weather", "get_weather"), ("beijing", "shanghai")),
    Case(
        "I'm in Beijing going to Sanya: the weather there, the flight and a hotel?",
        ("get_weather", "get_flight_price", "get_hotel_price"),
        ("sanya",),
    ),
    Case("Flights from Shanghai to Sanya on 2026-12-20?", ("get_flight_price",), ("2026-12-20",)),
    Case("What is the capital of France?"),
    Case("Say thank you in Chinese."),
)
PASS_RATE = 0.6  # a mode recommended below this would fail a traveller too often: tools off


def _passes(case: Case, calls: Sequence[ToolCall]) -> bool:
    """The calls a right answer makes: the named tools (as many), arguments that parsed and hold the words."""
    if sorted(c.name for c in calls) != sorted(case.calls):
        return False
    if any(c.arguments is None for c in calls):
        return False
    text = " ".join(json.dumps(c.arguments, ensure_ascii=False) for c in calls).lower()
    return all(word in text for word in case.words)


async def _answer(model: ChatModel, case: Case) -> tuple[ToolCall, ...]:
    """The calls one scorecard prompt got (none when the server failed it)."""
    request = ModelRequest(
        ("You are a travel assistant. Use the tools when they help.",),
        (UserMessage(case.prompt),),
        SUITE_TOOLS,
        stream=False,
    )
    try:
        async for item in model.stream(request):
            if isinstance(item, Completed):
                return item.message.tool_calls
    except ProviderError as exc:
        if exc.kind in ("auth", "connection", "not_found"):
            raise
    return ()


async def scorecard(model: ChatModel, recovers: bool) -> dict[str, Any]:
    """The suite once (calls recovered from text where the adapter can): passes per mode, and the
    mode to use; a mode the server cannot do is absent."""
    native = recovered = 0
    for case in SUITE:
        calls = await _answer(model, case)
        native += _passes(case, [c for c in calls if not c.recovered])
        recovered += _passes(case, calls)
    card: dict[str, Any] = {"native": {"passed": native, "of": len(SUITE)}}
    if recovers:
        card["recover"] = {"passed": recovered, "of": len(SUITE)}
    best = max(("native", "recover") if recovers else ("native",), key=lambda m: card[m]["passed"])  # native on a tie
    card["recommended"] = best if card[best]["passed"] >= PASS_RATE * len(SUITE) else "off"
    return card


async def list_models(provider: str, base_url: str, key: str | None, *, timeout: float = 60.0) -> list[dict[str, Any]]:
    """`GET /v1/models` (or Anthropic's list) as `{"id", ...}` objects; ProviderError when it fails."""
    lister = adapter(provider, base_url, key, timeout=timeout)
    try:
        return await lister.list_models()
    finally:
        await lister.aclose()


async def probe(model: ChatModel, stream: bool) -> tuple[str, int]:
    """One call with one tool: ("native" | "recovered" | "none", stream chunks seen)."""
    tool = ToolSpec(**PROBE_TOOL)  # type: ignore[arg-type]
    request = ModelRequest(("You can call tools.",), (UserMessage(PROBE),), (tool,), stream=stream)
    chunks, kind = 0, "none"
    async for item in model.stream(request):
        if isinstance(item, WireResponse):
            chunks = item.stream_chunks
        elif isinstance(item, Completed) and item.message.tool_calls:
            kind = "recovered" if all(c.recovered for c in item.message.tool_calls) else "native"
    return kind, chunks


async def check(
    provider: str, base_url: str, key: str | None, model: str = "", *, timeout: float = 60.0, suite: bool = True
) -> dict[str, Any]:
    """Probe streamed first; a server that cannot stream is probed whole; then the scorecard (`suite`).
    `model` "" = the server's first. {"model", "base_url", "tool_calls", "streaming", "latency_s", "scorecard"}."""
    name = model or await first_model(provider, base_url, key, timeout=timeout)
    chat = adapter(provider, base_url, key, name, timeout=timeout)
    started = time.monotonic()
    try:
        try:
            kind, chunks = await probe(chat, stream=True)
            streaming = chunks > 0
        except ProviderError as exc:
            if exc.kind in ("auth", "not_found", "connection", "timeout", "rate_limit"):
                raise
            started = time.monotonic()
            kind, _ = await probe(chat, stream=False)
            streaming = False
        latency = round(time.monotonic() - started, 2)
        card = await scorecard(chat, provider != "anthropic") if suite else None
    finally:
        await chat.aclose()
    report = {
        "model": chat.model,
        "base_url": chat.base_url,
        "tool_calls": kind,
        "streaming": streaming,
        "latency_s": latency,
    }
    return {**report, "scorecard": card} if card is not None else report


async def first_model(provider: str, base_url: str, key: str | None, *, timeout: float = 60.0) -> str:
    """The first model the server lists (ProviderError "not_found" when it lists none)."""
    found = await list_models(provider, base_url, key, timeout=timeout)
    if not found:
        raise ProviderError("the server lists no models; name one", "not_found")
    return str(found[0].get("id", ""))
