"""`models list` and `models check` against a local server speaking the OpenAI wire format."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from desktop_app.cli import main
from desktop_app.llm import tolerance
from desktop_app.llm.presets import preset
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import JsonReply, Recorded, ScriptedServer

OA = OpenAIDialect(model_name="qwen2.5-1.5b-instruct")
MODELS = JsonReply(
    200,
    {
        "object": "list",
        "data": [{"id": "qwen2.5-1.5b-instruct", "object": "model", "created": 1, "owned_by": "llamacpp"}],
    },
)
NATIVE = OA.reply("", [("call_1", "get_weather", '{"city":"北京"}')], stream=True)
AS_TEXT = OA.reply('<tools>\n{"name": "get_weather", "arguments": {"city": "北京"}}\n</tools>', stream=True)


@pytest.fixture(autouse=True)
def forget() -> Iterator[None]:
    tolerance.forget()
    yield
    tolerance.forget()


def test_list_reads_v1_models(server: ScriptedServer, capsys: pytest.CaptureFixture[str]) -> None:
    server.push(MODELS, MODELS)
    assert main(["models", "list", "--base-url", f"{server.url}/v1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"id": "qwen2.5-1.5b-instruct", "owned_by": "llamacpp"}]
    assert main(["models", "list", "--base-url", f"{server.url}/v1"]) == 0
    assert capsys.readouterr().out == "qwen2.5-1.5b-instruct\n"
    assert [(r.method, r.path) for r in server.requests] == [("GET", "/v1/models")] * 2
    assert "authorization" in server.requests[0].headers  # a placeholder: local servers need no key


@pytest.mark.parametrize(
    ("reply", "kind"), [(NATIVE, "native"), (AS_TEXT, "recovered"), (OA.reply("晴。", stream=True), "none")]
)
def test_check_tells_native_recovered_and_none_apart(
    server: ScriptedServer, capsys: pytest.CaptureFixture[str], reply: object, kind: str
) -> None:
    server.push(MODELS, reply)  # type: ignore[arg-type]
    assert main(["models", "check", "--base-url", f"{server.url}/v1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tool_calls"] == kind and report["streaming"] is True and report["model"] == "qwen2.5-1.5b-instruct"
    assert isinstance(report["latency_s"], float) and report["latency_s"] >= 0
    probe = server.requests[1].body
    assert [t["function"]["name"] for t in probe["tools"]] == ["get_weather"] and probe["stream"] is True


def test_check_falls_back_to_a_whole_answer_when_streaming_fails(
    server: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.push(OA.error(400, "streaming is not supported"), OA.reply("", [("c", "get_weather", "{}")], stream=False))
    assert main(["models", "check", "--model", "m", "--base-url", f"{server.url}/v1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["streaming"] is False and report["tool_calls"] == "native"
    assert "stream" not in server.requests[1].body


def test_unreachable_server_is_one_line_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "list", "--base-url", "http://127.0.0.1:9/v1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("travel-assistant:")
    assert main(["models", "check", "--model", "m", "--base-url", "http://127.0.0.1:9/v1"]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "list", "--provider", "gemini"]) == 2
    assert "unknown provider" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["models"])
    assert exc.value.code == 2


def test_a_preset_names_its_server() -> None:
    from desktop_app.commands.models import resolve
    from desktop_app.store.settings import Settings

    target = resolve("ollama", "", "", Settings())
    found = preset("ollama")
    assert found is not None and (target.provider, target.base_url) == ("openai", found.base_url)
    assert resolve("", "http://127.0.0.1:8080/v1", "", Settings()).base_url == "http://127.0.0.1:8080/v1"


def _scored(server: ScriptedServer, replies: dict[str, object]) -> None:
    """Answer each scorecard prompt by its text (the probe first: a native call)."""
    server.push(MODELS, NATIVE)

    def by_prompt(request: Recorded) -> object:
        messages = (request.body or {}).get("messages") or []
        asked = messages[-1]["content"] if messages else ""
        return replies.get(asked, OA.reply("好的。", stream=False)) if len(server.requests) > 2 else None

    server.gate = by_prompt  # type: ignore[assignment]


def _text_call(name: str, args: str) -> object:
    return OA.reply(f"I will call it.\n<function name=\"{name}\" arguments='{args}'/>", stream=False)


def test_check_scores_each_mode_and_recommends_one(server: ScriptedServer, capsys: pytest.CaptureFixture[str]) -> None:
    from desktop_app.llm.model_check import SUITE

    written = {
        SUITE[0].prompt: _text_call("get_weather", '{"city": "Sanya"}'),
        SUITE[1].prompt: _text_call("get_weather", '{"city": "三亚"}'),
        SUITE[2].prompt: _text_call("get_flight_price", '{"origin": "Beijing", "destination": "Sanya"}'),
        SUITE[3].prompt: OA.reply(
            "", [("c", "get_flight_price", '{"origin": "北京", "destination": "成都"}')], stream=False
        ),
        SUITE[4].prompt: _text_call("get_hotel_price", '{"city": "Chengdu"}'),
        SUITE[7].prompt: _text_call(
            "get_flight_price", '{"origin": "Shanghai", "destination": "Sanya", "date": "2026-12-20"}'
        ),
    }
    _scored(server, written)
    assert main(["models", "check", "--base-url", f"{server.url}/v1", "--json"]) == 0
    card = json.loads(capsys.readouterr().out)["scorecard"]
    # 5 text calls + 1 native + the two questions that need no tool (answered in words)
    assert card == {"native": {"passed": 3, "of": 10}, "recover": {"passed": 8, "of": 10}, "recommended": "recover"}
    assert len(server.requests) == 12  # the list, the probe, ten prompts


def test_a_model_that_never_calls_is_told_to_get_no_tools(
    server: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    _scored(server, {})
    assert main(["models", "check", "--base-url", f"{server.url}/v1"]) == 0
    out = capsys.readouterr().out
    assert "scorecard: native 2/10, recover 2/10; recommended: offer no tools (tool_calls: off)" in out
