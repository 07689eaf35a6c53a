"""Stream reassembly through the real SDKs: split arguments, interleaved calls, usage, text."""

from __future__ import annotations

import json
from typing import Any

from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, ToolResultMessage, UserMessage
from desktop_app.llm.base import Completed, ModelRequest, TextChunk, WireResponse
from tests.integration.providers.conftest import make_agent, run_all
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import ScriptedServer, SseReply

CALLS = [
    ("c_a", "get_weather", '{"city": "三亚"}'),
    ("c_b", "get_flight_price", '{"origin": "北京", "destination": "三亚"}'),
    ("c_c", "get_hotel_price", '{"city": "三亚", "stars": 5}'),
]


async def one_call(model: Any, stream: bool = True) -> list[Any]:
    request = ModelRequest(system=("s",), messages=(UserMessage("hi"),), tools=(), stream=stream)
    try:
        return [item async for item in model.stream(request)]
    finally:
        await model.aclose()


def completed(items: list[Any]) -> Completed:
    last = items[-1]
    assert isinstance(last, Completed)
    return last


async def test_arguments_in_one_character_pieces(dialect: Any, server: ScriptedServer) -> None:
    server.push(dialect.reply("", CALLS[:1], stream=True, split=1))
    items = await one_call(dialect.model(server.url))
    (call,) = completed(items).message.tool_calls
    assert (call.id, call.name, call.arguments) == ("c_a", "get_weather", {"city": "三亚"})
    wire = next(i for i in items if isinstance(i, WireResponse))
    assert wire.stream_chunks >= len(CALLS[0][2])  # one chunk per character at least


async def test_three_parallel_calls_interleaved(dialect: Any, server: ScriptedServer) -> None:
    server.push(dialect.reply("", CALLS, stream=True, split=2, interleave=True))
    message = completed(await one_call(dialect.model(server.url))).message
    assert [(c.id, c.name, c.arguments) for c in message.tool_calls] == [
        (cid, name, json.loads(args)) for cid, name, args in CALLS
    ]
    assert message.stop_reason == "tool_calls"


async def test_usage_only_final_chunk(dialect: Any, server: ScriptedServer) -> None:
    server.push(dialect.reply("你好", (), stream=True, usage=(321, 54)))
    done = completed(await one_call(dialect.model(server.url)))
    assert (done.usage.input_tokens, done.usage.output_tokens) == (321, 54)
    assert done.message.content == "你好" and done.message.stop_reason == "stop"


async def test_text_and_tool_calls_in_one_response(dialect: Any, server: ScriptedServer) -> None:
    text = "我先查一下三亚的天气。"
    server.push(dialect.reply(text, CALLS[:2], stream=True, split=3))
    items = await one_call(dialect.model(server.url))
    chunks = [i.text for i in items if isinstance(i, TextChunk)]
    assert len(chunks) > 1 and "".join(chunks) == text
    message = completed(items).message
    assert message.content == text and [c.id for c in message.tool_calls] == ["c_a", "c_b"]


async def test_length_stop_reason(dialect: Any, server: ScriptedServer) -> None:
    finish = "length" if dialect.name == "openai" else "max_tokens"
    server.push(dialect.reply("一半的回", (), stream=True, finish=finish))
    assert completed(await one_call(dialect.model(server.url))).message.stop_reason == "length"


async def test_invalid_json_arguments_become_an_error_result(dialect: Any, server: ScriptedServer) -> None:
    bad = ("c_bad", "get_weather", '{"city": "三亚"')  # the model forgot the brace
    server.push(
        dialect.reply("", [bad], stream=True, split=5),
        dialect.reply("抱歉，我重新查。", (), stream=True),
    )
    agent = make_agent(dialect.model(server.url))
    events = await run_all(agent, "三亚天气")
    call = next(e for e in events if isinstance(e, ev.ToolCallEvent))
    assert call.arguments == {} and call.arguments_raw == bad[2]
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert result.id == "c_bad" and result.is_error
    assert isinstance(events[-1], ev.FinalEvent)
    sent = server.requests[1].body["messages"]
    if dialect.name == "openai":
        assert sent[-2]["tool_calls"][0]["function"]["arguments"] == bad[2]
        assert sent[-1]["tool_call_id"] == "c_bad"
    else:
        assert sent[-1]["content"][0]["tool_use_id"] == "c_bad"
        assert sent[-1]["content"][0]["is_error"] is True
    assert isinstance(agent.messages[-3], AssistantMessage)
    assert isinstance(agent.messages[-2], ToolResultMessage) and agent.messages[-2].is_error


async def test_whole_response_without_streaming(dialect: Any, server: ScriptedServer) -> None:
    server.push(dialect.reply("整段回答", CALLS[:1], stream=False, usage=(7, 3)))
    items = await one_call(dialect.model(server.url), stream=False)
    assert "stream" not in server.requests[0].body
    assert [i.text for i in items if isinstance(i, TextChunk)] == ["整段回答"]
    done = completed(items)
    assert done.message.tool_calls[0].arguments == {"city": "三亚"}
    assert (done.usage.input_tokens, done.usage.output_tokens) == (7, 3)
    wire = next(i for i in items if isinstance(i, WireResponse))
    assert wire.stream_chunks == 0 and wire.body == dialect.whole("整段回答", CALLS[:1], (7, 3))


async def test_openai_compatible_server_reusing_index_zero(server: ScriptedServer) -> None:
    """Older Ollama sends each whole call in one chunk, all with index 0."""
    dialect = OpenAIDialect()
    chunks = [dialect.chunk({"role": "assistant", "content": ""})]
    for cid, name, args in CALLS:
        call = {"index": 0, "id": cid, "type": "function", "function": {"name": name, "arguments": args}}
        chunks.append(dialect.chunk({"tool_calls": [call]}))
    chunks.append(dialect.chunk({}, "tool_calls"))
    events = [b"data: " + json.dumps(c, ensure_ascii=False).encode() + b"\n\n" for c in chunks]
    server.push(SseReply([*events, b"data: [DONE]\n\n"]))
    message = completed(await one_call(dialect.model(server.url))).message
    assert [(c.id, c.arguments) for c in message.tool_calls] == [(i, json.loads(a)) for i, _, a in CALLS]
