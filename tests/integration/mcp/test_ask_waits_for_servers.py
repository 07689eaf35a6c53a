"""`ask` with real stdio servers and default settings: their tools are offered from the first turn
(issue 39: the 1.5 s grace was shorter than a server's start, so the model never saw them)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.cli import main
from desktop_app.mcp.setup.config import app_config_path
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import ScriptedServer

OA = OpenAIDialect(model_name="qwen2.5-1.5b-instruct")
CONVERT = '{"source_timezone": "Asia/Shanghai", "time": "09:30", "target_timezone": "Europe/Paris"}'


@pytest.fixture
def model_server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as srv:
        yield srv


def _configure(servers: dict[str, object]) -> None:
    """The app's own `mcp.json` (no flag): what a user who added servers in Settings has."""
    path = app_config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")


def _ask(server: ScriptedServer, *more: str) -> list[str]:
    return [
        "ask",
        "巴黎现在几点",
        "--provider",
        "openai",
        "--base-url",
        f"{server.url}/v1",
        "--json",
        "--no-save",
        *more,
    ]


def test_ask_offers_and_runs_a_real_servers_tool_in_the_first_turn(
    app_home: Path,
    time_bin: str,
    everything_bin: str,
    model_server: ScriptedServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _configure({"time": {"command": time_bin}, "everything": {"command": everything_bin}})
    model_server.push(
        OA.reply(calls=[("call_1", "time__convert_time", CONVERT)], stream=True),
        OA.reply("巴黎现在 02:30。", stream=True),
    )
    code = main([*_ask(model_server), "--approve", "time__convert_time"])
    out, err = capsys.readouterr()
    assert code == 0, err
    first = {t["function"]["name"] for t in model_server.requests[0].body["tools"]}
    assert {"time__convert_time", "get_weather"} <= first
    assert any(name.startswith("everything__") for name in first), sorted(first)
    events = [json.loads(line) for line in out.splitlines()]
    (result,) = [e for e in events if e["type"] == "tool_result"]
    assert not result["is_error"] and "02:30" in result["content"], result
    lines = [line for line in err.splitlines() if "waiting for MCP server" in line]
    assert any(line.startswith("travel-assistant: waiting for MCP server time… connected (") for line in lines), err
    assert len(lines) == 2, err  # one line per server


def test_mcp_wait_zero_starts_at_once_and_says_so(
    app_home: Path, time_bin: str, model_server: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    _configure({"time": {"command": time_bin}})
    model_server.push(OA.reply("不知道。", stream=True))
    assert main([*_ask(model_server), "--mcp-wait", "0"]) == 0
    err = capsys.readouterr().err
    first = {t["function"]["name"] for t in model_server.requests[0].body["tools"]}
    assert "time__convert_time" not in first  # not waited for: it joins from a later turn
    assert "'time' is not ready after 0 s" in err


@pytest.mark.parametrize("value", ["-1", "nan", "1e999", "soon"])
def test_mcp_wait_refuses_what_is_not_a_number_of_seconds(
    app_home: Path, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["ask", "hi", "--mcp-wait", value])
    assert stop.value.code == 2 and "--mcp-wait" in capsys.readouterr().err


def test_a_changed_pinned_tool_is_caught_in_ask_with_default_settings(
    app_home: Path, time_bin: str, model_server: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pin check runs when the server connects: with the wait it now happens before the first turn."""
    from desktop_app.mcp.trust.pins import TrustStore

    _configure({"time": {"command": time_bin}})
    model_server.push(OA.reply("一次。", stream=True), OA.reply("两次。", stream=True))
    assert main(_ask(model_server)) == 0  # first sight: pinned
    pins = TrustStore().pinned("time")
    assert "time__convert_time" in pins or "convert_time" in pins, pins
    path = TrustStore().path
    data = json.loads(path.read_text(encoding="utf-8"))
    _tamper(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(_ask(model_server)) == 0
    capsys.readouterr()
    second = {t["function"]["name"]: t for t in model_server.requests[1].body["tools"]}
    assert "time__get_current_time" in second  # unchanged tools are still offered
    assert "time__convert_time" not in second  # the changed one is held back until reviewed


def _tamper(data: dict[str, object]) -> None:
    """Change one pinned fingerprint of `convert_time`, as a server changing that tool would."""
    text = json.dumps(data)
    assert "convert_time" in text
    stack: list[object] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if "convert_time" in str(key) and isinstance(value, dict):
                    for field, pinned in value.items():
                        if isinstance(pinned, str):
                            value[field] = "0" * len(pinned) if pinned else "x"
                    return
                stack.append(value)
    raise AssertionError("no pin of convert_time")
