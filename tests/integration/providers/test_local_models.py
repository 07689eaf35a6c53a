"""A local model writing its calls as text, through the real openai SDK over real HTTP (SSE included)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.core import events as ev
from desktop_app.llm import tolerance
from desktop_app.llm.openai import OpenAIModel
from tests.integration.providers.conftest import make_agent, run_all
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import JsonReply, ScriptedServer

OA = OpenAIDialect(model_name="qwen2.5-1.5b-instruct")
W = '{"name": "get_weather", "arguments": {"city": "三亚"}}'
F = '{"name": "get_flight_price", "arguments": {"origin": "北京", "destination": "三亚"}}'
H = '{"name": "get_hotel_price", "arguments": {"city": "三亚", "stars": 4}}'
TEXTS = {
    "hermes": f"<tool_call>\n{W}\n</tool_call>\n<tool_call>\n{F}\n</tool_call>\n<tool_call>\n{H}\n</tool_call>",
    "tools_block": f"<tools>\n{W}\n{F}\n{H}\n</tools>",
    "json_fence": f"```json\n[{W}, {F}, {H}]\n```",
    "llama": "<|python_tag|>" + "; ".join(x.replace('"arguments"', '"parameters"') for x in (W, F, H)),
    "llama_bare": "\n".join(x.replace('"arguments"', '"parameters"') for x in (W, F, H)),
    "mistral": f"[TOOL_CALLS][{W}, {F}, {H}]",
}
ANSWER = "三亚三天：晴 33°C，机票 ¥1,280，酒店 ¥680/晚。"


@pytest.fixture(autouse=True)
def forget() -> Iterator[None]:
    tolerance.forget()
    yield
    tolerance.forget()


def model(server: ScriptedServer, mode: str = "recover") -> OpenAIModel:
    return OpenAIModel(OA.model_name, f"{server.url}/v1", "", max_retries=0, tool_text=mode)


def of(events: list[ev.AnyEvent], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
@pytest.mark.parametrize("dialect", sorted(TEXTS))
async def test_each_dialect_runs_the_three_tools(server: ScriptedServer, dialect: str, stream: bool) -> None:
    server.push(OA.reply(TEXTS[dialect], stream=stream, split=5), OA.reply(ANSWER, stream=stream))
    events = await run_all(make_agent(model(server), stream=stream))
    calls = of(events, ev.ToolCallEvent)
    assert [c.name for c in calls] == ["get_weather", "get_flight_price", "get_hotel_price"]
    assert [c.id for c in calls] == ["call_txt_1", "call_txt_2", "call_txt_3"]
    assert all(c.recovered_from_text and c.raw_text == TEXTS[dialect] for c in calls)
    assert all(c.to_dict()["recovered_from_text"] is True for c in calls)
    assert not any(r.is_error for r in of(events, ev.ToolResultEvent))
    assert "".join(d.text for d in of(events, ev.TextDeltaEvent)) == ANSWER  # the calls never reached the chat
    assert of(events, ev.FinalEvent)[0].text == ANSWER
    second = server.requests[1].body["messages"]
    assert [m["tool_call_id"] for m in second if m["role"] == "tool"] == ["call_txt_1", "call_txt_2", "call_txt_3"]
    assert second[-4]["tool_calls"][0]["function"]["name"] == "get_weather"


async def test_native_mode_leaves_text_as_text_and_off_offers_no_tools(server: ScriptedServer) -> None:
    server.push(OA.reply(TEXTS["tools_block"], stream=True))
    events = await run_all(make_agent(model(server, "native")))
    assert not of(events, ev.ToolCallEvent) and of(events, ev.FinalEvent)[0].text == TEXTS["tools_block"]
    server.push(OA.reply("晴。", stream=True))
    await run_all(make_agent(model(server, "off")))
    assert "tools" in server.requests[0].body and "tools" not in server.requests[1].body


async def test_null_content_refused_is_sent_as_empty_string_from_then_on(server: ScriptedServer) -> None:
    refusal = JsonReply(
        500, {"error": {"code": 500, "message": "type must be string, but is null", "type": "server_error"}}
    )
    server.push(OA.reply(TEXTS["tools_block"], stream=True), refusal, OA.reply(ANSWER, stream=True))
    events = await run_all(make_agent(model(server)))
    assert of(events, ev.FinalEvent)[0].text == ANSWER
    assert [r.body["messages"][2]["content"] for r in server.requests[1:]] == [None, ""]
    assert len(of(events, ev.ModelRequestEvent)) == 3  # the retried body is shown too
    # remembered for this server: the next run sends "" at once
    server.push(OA.reply(TEXTS["tools_block"], stream=True), OA.reply(ANSWER, stream=True))
    await run_all(make_agent(model(server)))
    assert server.requests[-1].body["messages"][2]["content"] == ""


async def test_stream_options_refused_is_dropped(server: ScriptedServer) -> None:
    server.push(OA.error(400, "Unrecognized request argument supplied: stream_options"), OA.reply("晴。", stream=True))
    events = await run_all(make_agent(model(server)))
    assert of(events, ev.FinalEvent)[0].text == "晴。"
    assert "stream_options" in server.requests[0].body and "stream_options" not in server.requests[1].body


@pytest.mark.parametrize("field", ["parallel_tool_calls", "tool_choice"])
async def test_optional_fields_refused_are_dropped(
    server: ScriptedServer, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop_app.llm import openai as oa

    plain = oa.request_to_wire
    monkeypatch.setattr(
        oa, "request_to_wire", lambda *a, **k: {**plain(*a, **k), field: "auto" if field == "tool_choice" else True}
    )
    server.push(OA.error(422, f"{field}: extra inputs are not permitted"), OA.reply("晴。", stream=False))
    events = await run_all(make_agent(model(server), stream=False))
    assert of(events, ev.FinalEvent)[0].text == "晴。"
    assert field in server.requests[0].body and field not in server.requests[1].body


async def test_a_bare_server_error_is_not_retried(server: ScriptedServer) -> None:
    server.push(OA.error(500, "internal"))
    events = await run_all(make_agent(model(server)))
    assert of(events, ev.ErrorEvent) and len(server.requests) == 1


async def test_a_recovered_call_goes_through_approval(server: ScriptedServer) -> None:
    save = json.dumps(
        {"name": "save_itinerary", "arguments": {"title": "三亚", "markdown": "# 三亚"}}, ensure_ascii=False
    )
    server.push(OA.reply(f"<tool_call>{save}</tool_call>", stream=True), OA.reply("好的。", stream=True))
    agent = make_agent(model(server))
    agent.approver = PolicyApprover("none")
    events = await run_all(agent)
    approvals = of(events, ev.ApprovalEvent)
    assert [(a.id, a.name, a.decision) for a in approvals] == [("call_txt_1", "save_itinerary", "denied")]
    result = of(events, ev.ToolResultEvent)[0]
    assert result.is_error and "denied" in result.content


async def test_a_tool_not_offered_never_runs_and_is_said_plainly(server: ScriptedServer) -> None:
    text = '<tool_call>{"name": "execute_shell", "arguments": {"command": "rm -rf ~"}}</tool_call>'
    server.push(OA.reply(text, stream=True))
    events = await run_all(make_agent(model(server)))
    assert not of(events, ev.ToolCallEvent) and len(server.requests) == 1
    final = of(events, ev.FinalEvent)[0].text
    assert final.startswith(text) and "Not run" in final and "execute_shell" in final
    assert "".join(d.text for d in of(events, ev.TextDeltaEvent)) == final


async def test_a_code_sample_the_user_asked_for_is_not_run(server: ScriptedServer) -> None:
    text = f"A tool call in JSON looks like this:\n\n```json\n{W}\n```\n\nThe app then runs it."
    server.push(OA.reply(text, stream=True, split=7))
    events = await run_all(make_agent(model(server)), "show me an example of a tool call in JSON")
    assert not of(events, ev.ToolCallEvent) and of(events, ev.FinalEvent)[0].text == text
    assert "".join(d.text for d in of(events, ev.TextDeltaEvent)) == text


async def test_nested_and_escaped_arguments_are_parsed_safely(server: ScriptedServer) -> None:
    escaped = json.dumps({"name": "get_weather", "arguments": json.dumps({"city": "三亚"}, ensure_ascii=False)})
    deep = '{"name": "get_weather", "arguments": {"city": ' + "[" * 3000 + "]" * 3000 + "}}"
    server.push(OA.reply(f"<tool_call>{escaped}</tool_call>", stream=True), OA.reply(deep, stream=True))
    events = await run_all(make_agent(model(server)))
    assert of(events, ev.ToolCallEvent)[0].arguments == {"city": "三亚"}
    assert of(events, ev.FinalEvent)[0].text == deep  # far too deep to be a call: it stays text, nothing crashes
