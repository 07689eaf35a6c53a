"""Arguments no schema would write (50,000 levels deep, NaN, 1e999) through the real SDKs and `ask --json`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.core import events as ev
from desktop_app.jsonsafe import MAX_ARGUMENT_DEPTH
from desktop_app.jsonsafe import dumps as jsonsafe_dumps
from desktop_app.llm.arguments import RAW_KEEP
from desktop_app.store.history import HistoryStore, RunSink
from tests.integration.providers.conftest import make_agent, run_all
from tests.integration.providers.dialects import AnthropicDialect
from tests.integration.providers.server import JsonReply, ScriptedServer, SseReply

LEVELS = 50_000
DEEP = '{"city": ' + "[" * LEVELS + "]" * LEVELS + "}"
DEEP_ERROR = f"nested deeper than {MAX_ARGUMENT_DEPTH} levels"


def strict_loads(line: str) -> Any:
    """json.loads that refuses NaN / Infinity: what any other JSON parser would do."""

    def refuse(name: str) -> Any:
        raise ValueError(f"not JSON: {name}")

    return json.loads(line, parse_constant=refuse)


def deep_whole(dialect: Any) -> bytes:
    """A whole (non-streamed) response whose one tool call holds DEEP, written by hand."""
    if dialect.name == "openai":
        return json.dumps(dialect.whole("", [("c_deep", "get_weather", DEEP)])).encode()
    body = json.dumps(dialect.whole("", [("c_deep", "get_weather", '{"city": "X"}')]))
    return body.replace('"X"', DEEP[len('{"city": ') : -1]).encode()


def assert_error_result_then_final(events: list[ev.AnyEvent], call_id: str, why: str) -> None:
    call = next(e for e in events if isinstance(e, ev.ToolCallEvent))
    assert call.id == call_id and call.arguments == {}
    assert call.arguments_raw is not None and len(call.arguments_raw) <= RAW_KEEP + 1
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert result.id == call_id and result.is_error and why in result.content
    assert not [e for e in events if isinstance(e, ev.ErrorEvent)]
    assert isinstance(events[-1], ev.FinalEvent) and events[-1].turns == 2
    for event in events:  # every event serialises as strict JSON
        strict_loads(json.dumps(event.to_dict(), allow_nan=False))


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
async def test_deeply_nested_arguments_get_an_error_result(
    dialect: Any, server: ScriptedServer, stream: bool, app_home: Any
) -> None:
    first = dialect.reply("", [("c_deep", "get_weather", DEEP)], stream=True) if stream else None
    server.push(first or JsonReply(200, deep_whole(dialect)), dialect.reply("换个问法。", (), stream=stream))
    with HistoryStore() as store:
        conv = store.new_conversation(title="deep", provider=dialect.name, model="m")
        agent = make_agent(dialect.model(server.url), stream=stream, sink=RunSink(conv))
        events = await run_all(agent, "三亚天气")
        assert_error_result_then_final(events, "c_deep", DEEP_ERROR)
        reloaded = store.messages(conv.id)  # SQLite JSON and back
    assert [m.role for m in reloaded] == ["user", "assistant", "tool", "assistant"]
    assert reloaded[1].tool_calls[0].arguments is None  # type: ignore[union-attr]
    sent = server.requests[1].body["messages"]  # re-sent to the provider: accepted, not deep
    if dialect.name == "openai":
        assert len(sent[-2]["tool_calls"][0]["function"]["arguments"]) <= RAW_KEEP + 1
    else:
        assert sent[-2]["content"][-1]["input"] == {}
        assert sent[-1]["content"][0]["is_error"] is True


@pytest.mark.parametrize("raw", ['{"city": NaN}', '{"city": "三亚", "days": Infinity}', '{"n": 1e999}'])
async def test_nan_and_infinity_are_invalid_json_kept_raw(dialect: Any, server: ScriptedServer, raw: str) -> None:
    server.push(
        dialect.reply("", [("c_nan", "get_weather", raw)], stream=True, split=3),
        dialect.reply("好的。", (), stream=True),
    )
    events = await run_all(make_agent(dialect.model(server.url)), "三亚天气")
    assert_error_result_then_final(events, "c_nan", "not valid JSON")
    call = next(e for e in events if isinstance(e, ev.ToolCallEvent))
    assert call.arguments_raw == raw


def test_ask_json_lines_are_strict_json_for_hostile_arguments(
    dialect: Any, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    server.push(
        dialect.reply("", [("c_deep", "get_weather", DEEP), ("c_nan", "get_weather", '{"city": NaN}')], stream=True),
        dialect.reply("查不到\u202e，\x1b[2J抱歉。", (), stream=True),
    )
    base = f"{server.url}/v1" if dialect.name == "openai" else server.url
    monkeypatch.setenv("OPENAI_API_KEY" if dialect.name == "openai" else "ANTHROPIC_API_KEY", "sk-test-000000000000")
    code = main(["ask", "三亚天气", "--provider", dialect.name, "--base-url", base, "--json", "--wire"])
    out = capsys.readouterr()
    events = [strict_loads(line) for line in out.out.splitlines()]
    assert code == 0, out.err
    assert "RecursionError" not in out.err and out.err == ""
    results = {e["id"]: e for e in events if e["type"] == "tool_result"}
    assert results["c_deep"]["is_error"] and DEEP_ERROR in results["c_deep"]["content"]
    assert results["c_nan"]["is_error"] and "not valid JSON" in results["c_nan"]["content"]
    assert events[-1]["type"] == "final" and events[-1]["text"] == "查不到\u202e，\x1b[2J抱歉。"
    assert "\u202e" not in out.out and "\x1b" not in out.out  # escaped, the same value once parsed
    assert main(["history", "show", events[0]["conversation_id"], "--json"]) == 0
    strict_loads(capsys.readouterr().out)


@pytest.mark.parametrize("levels", [500, 5000])
async def test_anthropic_deep_input_in_block_start_never_crashes(server: ScriptedServer, levels: int) -> None:
    """Not what the API sends (input arrives as text deltas), but any JSON must end in an event."""
    dialect = AnthropicDialect()
    events = dialect.stream_events("", [("c_deep", "get_weather", "")])
    start = next(i for i, e in enumerate(events) if b"content_block_start" in e)
    events[start] = events[start].replace(b'"input": {}', b'"input": {"a": ' + b"[" * levels + b"]" * levels + b"}")
    server.push(SseReply(events), dialect.reply("好的。", (), stream=True))
    out = await run_all(make_agent(dialect.model(server.url)), "三亚天气")
    last = out[-1]
    assert isinstance(last, ev.FinalEvent | ev.ErrorEvent)
    for event in out:
        strict_loads(jsonsafe_dumps(event.to_dict()))
