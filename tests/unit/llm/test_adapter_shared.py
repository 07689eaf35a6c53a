"""One TLS context for every SDK client: building one per run stalled the window ~17 ms (issue 13)."""

from __future__ import annotations

from desktop_app.llm.anthropic import AnthropicModel
from desktop_app.llm.openai import OpenAIModel
from desktop_app.llm.transport import shared_tls


def _context(client: object) -> object:
    transport = client._client._transport  # type: ignore[attr-defined]
    return transport._pool._ssl_context


def test_every_client_uses_the_one_shared_context() -> None:
    a = OpenAIModel(api_key="sk-test")._client_or_fail()
    b = OpenAIModel(api_key="sk-test")._client_or_fail()
    c = AnthropicModel(api_key="sk-ant-test")._client_or_fail()
    assert _context(a) is _context(b) is _context(c) is shared_tls()


def test_the_warm_up_rehearsal_runs_each_sdk_s_whole_streaming_path() -> None:
    """Text, a tool call and the stop reason parsed from an in-memory SSE reply, per provider."""
    import asyncio

    from desktop_app.llm.rehearsal import rehearse

    for provider in ("openai", "anthropic"):
        turn = asyncio.run(rehearse(provider))
        assert turn is not None and turn.content == "ok", provider
        assert [c.name for c in turn.tool_calls] == ["get_weather"], provider
