"""The adapter for a service: what a run, the warm-up's rehearsal and `models check` are built with."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop_app.llm.anthropic import AnthropicModel
    from desktop_app.llm.openai import OpenAIModel


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
