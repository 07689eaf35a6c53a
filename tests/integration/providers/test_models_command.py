"""`models list` and `models check` against a local server speaking the OpenAI wire format."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from desktop_app.cli import main
from desktop_app.llm import tolerance
from desktop_app.llm.presets import preset
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import JsonReply, ScriptedServer

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
