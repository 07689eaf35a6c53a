"""The seed's three-tool Sanya conversation through both real SDKs over real HTTP."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.core import events as ev
from desktop_app.core.messages import ToolCall
from desktop_app.llm import anthropic as an
from desktop_app.llm import openai as oa
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.settings import Settings
from tests.integration.providers.conftest import SANYA, SYSTEM, make_agent, run_all
from tests.integration.providers.dialects import AnthropicDialect, OpenAIDialect
from tests.integration.providers.server import ScriptedServer

ARGS: list[tuple[str, dict[str, Any]]] = [
    ("get_weather", {"city": "三亚"}),
    ("get_flight_price", {"origin": "北京", "destination": "三亚"}),
    ("get_hotel_price", {"city": "三亚", "stars": 4}),
]
ANSWER = "帮你查好了，三亚三天行程：天气 33°C 晴，机票 ¥1,280，酒店 ¥680/晚。"


def calls(prefix: str) -> list[tuple[str, str, str]]:
    return [
        (f"{prefix}{i}", name, json.dumps(args, ensure_ascii=False, separators=(",", ":")))
        for i, (name, args) in enumerate(ARGS)
    ]


async def tool_outputs() -> list[str]:
    registry = build_registry(Settings(), RunOptions())
    outs = [await registry.execute(ToolCall(f"x{i}", n, a)) for i, (n, a) in enumerate(ARGS)]
    assert not any(o.is_error for o in outs)
    return [o.content for o in outs]


def neutral(events: list[ev.AnyEvent]) -> list[dict[str, Any]]:
    """Events with what legitimately differs removed: vendor, timing, the ids' spelling."""
    ids: dict[str, str] = {}
    out = []
    for e in events:
        if isinstance(e, ev.ModelRequestEvent | ev.ModelResponseEvent):
            continue
        d = e.to_dict()
        for k in ("provider", "model", "duration_ms", "conversation_id"):
            d.pop(k, None)
        if "id" in d:
            d["id"] = ids.setdefault(d["id"], f"#{len(ids)}")
        out.append(d)
    return sort_result_runs(out)


def sort_result_runs(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tools run concurrently, so their results arrive in any order: compare them by call."""
    out: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []
    for d in [*events, {"type": "end"}]:
        if d["type"] == "tool_result":
            run.append(d)
            continue
        out += sorted(run, key=lambda r: r["id"])
        run = []
        out.append(d)
    return out[:-1]


async def run_sanya(dialect: Any, server: ScriptedServer, stream: bool) -> list[ev.AnyEvent]:
    prefix = "call_" if dialect.name == "openai" else "toolu_"
    server.push(
        dialect.reply("", calls(prefix), stream=stream, split=3, usage=(120, 40)),
        dialect.reply(ANSWER, (), stream=stream, usage=(300, 60)),
    )
    return await run_all(make_agent(dialect.model(server.url), stream=stream))


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
async def test_identical_neutral_events_from_both(stream: bool) -> None:
    runs = {}
    for dialect in (OpenAIDialect(), AnthropicDialect()):
        with ScriptedServer() as srv:
            runs[dialect.name] = await run_sanya(dialect, srv, stream)
            assert len(srv.requests) == 2
    assert neutral(runs["openai"]) == neutral(runs["anthropic"])
    events = runs["openai"]
    assert [e.name for e in events if isinstance(e, ev.ToolCallEvent)] == [n for n, _ in ARGS]
    results = [e for e in events if isinstance(e, ev.ToolResultEvent)]
    assert sorted(r.id for r in results) == ["call_0", "call_1", "call_2"]  # any finishing order
    assert not any(r.is_error for r in results)
    final = events[-1]
    assert isinstance(final, ev.FinalEvent) and final.text == ANSWER and final.turns == 2
    assert [e.stop_reason for e in events if isinstance(e, ev.TurnFinishedEvent)] == [
        "tool_calls",
        "stop",
    ]
    usage = [(u.input_tokens, u.output_tokens) for u in events if isinstance(u, ev.UsageEvent)]
    assert usage == [(120, 40), (300, 60)]
    anth_ids = [e.id for e in runs["anthropic"] if isinstance(e, ev.ToolCallEvent)]
    assert anth_ids == ["toolu_0", "toolu_1", "toolu_2"]


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
async def test_openai_second_request_body(server: ScriptedServer, stream: bool) -> None:
    await run_sanya(OpenAIDialect(), server, stream)
    outputs = await tool_outputs()
    registry = build_registry(Settings(), RunOptions())
    expected: dict[str, Any] = {
        "model": "gpt-test",
        "messages": [
            {"role": "system", "content": "\n\n".join(SYSTEM)},
            {"role": "user", "content": SANYA},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": cid, "type": "function", "function": {"name": n, "arguments": a}}
                    for cid, n, a in calls("call_")
                ],
            },
            *[{"role": "tool", "tool_call_id": f"call_{i}", "content": out} for i, out in enumerate(outputs)],
        ],
        "tools": [oa.tool_to_wire(s) for s in registry.specs()],
    }
    if stream:
        expected |= {"stream": True, "stream_options": {"include_usage": True}}
    second = server.requests[1]
    assert second.path == "/v1/chat/completions"
    assert second.body == expected


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
async def test_anthropic_second_request_body(server: ScriptedServer, stream: bool) -> None:
    await run_sanya(AnthropicDialect(), server, stream)
    outputs = await tool_outputs()
    registry = build_registry(Settings(), RunOptions())
    expected: dict[str, Any] = {
        "model": "claude-test",
        "max_tokens": 4096,
        "system": "\n\n".join(SYSTEM),
        "messages": [
            {"role": "user", "content": SANYA},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": f"toolu_{i}", "name": n, "input": a} for i, (n, a) in enumerate(ARGS)
                ],
            },
            {  # all results of the turn in ONE user message
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": f"toolu_{i}",
                        "content": out,
                        "is_error": False,
                    }
                    for i, out in enumerate(outputs)
                ],
            },
        ],
        "tools": [an.tool_to_wire(s) for s in registry.specs()],
    }
    if stream:
        expected["stream"] = True
    second = server.requests[1]
    assert second.path == "/v1/messages"
    assert second.body == expected


async def test_wire_events_match_what_the_server_received(dialect: Any, server) -> None:
    events = await run_sanya(dialect, server, True)
    sent = [e for e in events if isinstance(e, ev.ModelRequestEvent)]
    got = [e for e in events if isinstance(e, ev.ModelResponseEvent)]
    assert [e.body for e in sent] == [r.body for r in server.requests]
    assert sent[0].url == server.url + dialect.path()
    assert all(e.stream_chunks > 5 for e in got)
    whole = dialect.whole("", calls("call_" if dialect.name == "openai" else "toolu_"), (120, 40))
    first = got[0].body
    if dialect.name == "openai":
        assert first["choices"][0]["message"] == whole["choices"][0]["message"]
        assert first["usage"]["prompt_tokens"] == 120
    else:
        assert first["content"] == whole["content"]
        assert first["stop_reason"] == "tool_use"
        assert first["usage"]["output_tokens"] == 40


@pytest.mark.parametrize("dialect", [OpenAIDialect(), AnthropicDialect()], ids=lambda d: d.name)
async def test_the_dates_and_party_reach_a_real_provider_in_the_tool_schemas(
    server: ScriptedServer, dialect: Any
) -> None:
    """Issue 30: a real model is offered the optional date and party parameters; the seed's stay required."""
    server.push(dialect.reply(ANSWER, (), stream=False, usage=(10, 5)))
    await run_all(make_agent(dialect.model(server.url), stream=False))
    tools = server.requests[0].body["tools"]
    schemas = {
        (t["function"] if "function" in t else t)["name"]: (
            t["function"]["parameters"] if "function" in t else t["input_schema"]
        )
        for t in tools
    }
    assert set(schemas["get_weather"]["properties"]) == {"city", "date"}
    assert schemas["get_weather"]["required"] == ["city"]
    assert {"depart_date", "return_date", "passengers"} <= set(schemas["get_flight_price"]["properties"])
    assert schemas["get_flight_price"]["required"] == ["origin", "destination"]
    assert {"check_in", "nights", "rooms"} <= set(schemas["get_hotel_price"]["properties"])
    assert "YYYY-MM-DD" in schemas["get_weather"]["properties"]["date"]["description"]
