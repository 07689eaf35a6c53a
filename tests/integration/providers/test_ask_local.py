"""End to end: `ask --provider openai --base-url http://127.0.0.1:PORT/v1` with the seed question,
against a server that writes its calls as `<tools>` text and refuses null content like llama.cpp."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from desktop_app.cli import main
from desktop_app.llm import tolerance
from tests.integration.providers.conftest import SANYA
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import JsonReply, Recorded, ScriptedServer

OA = OpenAIDialect(model_name="qwen2.5-1.5b-instruct")
TOOLS_TEXT = (
    "<tools>\n"
    '{"name": "get_weather", "arguments": {"city": "北京"}}\n'
    '{"name": "get_flight_price", "arguments": {"origin": "北京", "destination": "三亚"}}\n'
    '{"name": "get_hotel_price", "arguments": {"city": "三亚"}}\n'
    "</tools>"
)
ANSWER = "三亚三天：天气晴，机票和酒店的价格都查好了。"
NULL_REFUSED = JsonReply(
    500,
    {"error": {"code": 500, "message": "[json.exception.type_error.302] type must be string, but is null"}},
)


def like_llama_cpp(request: Recorded) -> JsonReply | None:
    """llama-server with this model: an assistant message with `content: null` is a 500, every time."""
    messages = (request.body or {}).get("messages") or []
    return NULL_REFUSED if any(m["role"] == "assistant" and m.get("content") is None for m in messages) else None


@pytest.fixture(autouse=True)
def forget() -> Iterator[None]:
    tolerance.forget()
    yield
    tolerance.forget()


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_ask_runs_the_three_tools_a_small_local_model_wrote_as_text(
    server: ScriptedServer, capsys: pytest.CaptureFixture[str], stream: bool
) -> None:
    server.gate = like_llama_cpp
    server.push(OA.reply(TOOLS_TEXT, stream=stream, split=6), OA.reply(ANSWER, stream=stream))
    argv = ["ask", SANYA, "--provider", "openai", "--base-url", f"{server.url}/v1", "--json", "--no-save"]
    code = main([*argv, *([] if stream else ["--no-stream"])])
    out, err = capsys.readouterr()
    assert code == 0, err
    events = [json.loads(line) for line in out.splitlines()]
    calls = [e for e in events if e["type"] == "tool_call"]
    assert [c["name"] for c in calls] == ["get_weather", "get_flight_price", "get_hotel_price"]
    assert all(c["recovered_from_text"] is True and c["raw_text"] == TOOLS_TEXT for c in calls)
    results = [e for e in events if e["type"] == "tool_result"]
    assert len(results) == 3 and not any(r["is_error"] for r in results)
    assert events[-1] == {"type": "final", "text": ANSWER, "turns": 2, "stop_reason": "stop"}
    assert "<tools>" not in "".join(e["text"] for e in events if e["type"] == "text_delta")
    sent = [[m["content"] for m in r.body["messages"] if m["role"] == "assistant"] for r in server.requests[1:]]
    assert sent[-1] == [""] and sent[0] == [None]  # refused (the SDK's own retries too), then "" once learned


def test_ask_prints_the_answer_not_the_calls(server: ScriptedServer, capsys: pytest.CaptureFixture[str]) -> None:
    server.gate = like_llama_cpp
    server.push(OA.reply(TOOLS_TEXT, stream=True), OA.reply(ANSWER, stream=True))
    assert main(["ask", SANYA, "--provider", "openai", "--base-url", f"{server.url}/v1", "--no-save"]) == 0
    out = capsys.readouterr().out
    assert ANSWER in out and "<tools>" not in out and '"arguments"' not in out
