"""What a provider or OpenAI-compatible server offers (`/v1/models`), and whether a model really
calls tools: one probe with one tool, natively, written as text (recovered), or not at all.

Shared by `travel-assistant models list|check` and the Settings dialog (no Qt, no key lookup:
the caller passes the key, so this stays an `llm` module).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from desktop_app.core.messages import UserMessage
from desktop_app.llm.base import ChatModel, Completed, ModelRequest, ProviderError, ToolSpec, WireResponse

if TYPE_CHECKING:
    from desktop_app.llm.anthropic import AnthropicModel
    from desktop_app.llm.openai import OpenAIModel

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


def adapter(
    provider: str,
    base_url: str,
    key: str | None,
    model: str = "",
    *,
    max_retries: int = 0,
    timeout: float = 60.0,
    tool_text: str = "recover",
    transport: Any = None,
) -> OpenAIModel | AnthropicModel:
    """The adapter for a service (runs, the warm-up, checks); by default no retries and calls recovered
    from text, so a check can tell native, recovered and none apart (`tool_text` is OpenAI's alone)."""
    if provider == "anthropic":
        from desktop_app.llm.anthropic import AnthropicModel

        return AnthropicModel(model, base_url, key, max_retries=max_retries, timeout=timeout, transport=transport)
    from desktop_app.llm.openai import OpenAIModel

    return OpenAIModel(
        model, base_url, key, max_retries=max_retries, timeout=timeout, tool_text=tool_text, transport=transport
    )


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
    provider: str, base_url: str, key: str | None, model: str = "", *, timeout: float = 60.0
) -> dict[str, Any]:
    """Probe streamed first; a server that cannot stream is probed whole. `model` "" = the
    server's first. {"model", "base_url", "tool_calls", "streaming", "latency_s"}."""
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
    finally:
        await chat.aclose()
    latency = round(time.monotonic() - started, 2)
    return {
        "model": chat.model,
        "base_url": chat.base_url,
        "tool_calls": kind,
        "streaming": streaming,
        "latency_s": latency,
    }


async def first_model(provider: str, base_url: str, key: str | None, *, timeout: float = 60.0) -> str:
    """The first model the server lists (ProviderError "not_found" when it lists none)."""
    found = await list_models(provider, base_url, key, timeout=timeout)
    if not found:
        raise ProviderError("the server lists no models; name one", "not_found")
    return str(found[0].get("id", ""))
