"""Escape sequences and bidi controls from a model, a tool or a server never reach the terminal raw."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.cli import main
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import ScriptedServer

from .conftest import TOY

# Clear screen, window title (OSC 0), a hyperlink (OSC 8), C1 CSI colour, RLO, zero-width, a tag, DEL, CR.
HOSTILE = (
    "\x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\"
    "\x9b31mred\u202eevil\u200b\U000e0041\x7f\rover"
)
RAW = ["\x1b", "\x07", "\x9b", "\u202e", "\u200b", "\U000e0041", "\x7f", "\r"]
DIALECT = OpenAIDialect()


class Tty(io.StringIO):
    """Standard input that says it is a terminal, so `ask` asks there."""

    def isatty(self) -> bool:
        return True


def assert_tame(text: str) -> None:
    assert [ch for ch in RAW if ch in text] == []


@pytest.fixture
def mcp_config(tmp_path: Path) -> str:
    path = tmp_path / "mcp.json"
    servers = {"toy": {"command": sys.executable, "args": [str(TOY), "basic"]}}
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return str(path)


@pytest.fixture
def model_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedServer]:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-000000000000")
    with ScriptedServer() as srv:
        yield srv


def ask(server: ScriptedServer, *flags: str) -> int:
    return main(["ask", "三亚", "--provider", "openai", "--base-url", f"{server.url}/v1", *flags])


def test_ask_answer_tool_call_approval_and_result_are_tame(
    model_server: ScriptedServer, mcp_config: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    model_server.push(
        DIALECT.reply(HOSTILE, [("c1", "toy__ping", json.dumps({"text": HOSTILE}))], stream=True),
        DIALECT.reply(f"答案：{HOSTILE}", (), stream=True),
    )
    monkeypatch.setattr("sys.stdin", Tty("y\n"))  # the approval prompt is asked and answered
    assert ask(model_server, "--mcp-config", mcp_config) == 0
    out = capsys.readouterr()
    assert "Allow toy__ping" in out.err and "pong: " in out.err  # approved, run, result shown
    assert_tame(out.out + out.err)
    assert "\\x1b[2J" in out.out and "<U+202E>" in out.out and "\\x9b31m" in out.out
    assert "答案：" in out.out  # ordinary text stays as it is

    assert main(["history", "list"]) == 0
    listing = capsys.readouterr().out
    conv_id = listing.splitlines()[1].split()[0]
    assert main(["history", "show", conv_id]) == 0
    assert main(["history", "export", conv_id]) == 0
    shown = capsys.readouterr()
    assert "pong: " in shown.out and "\\x1b]0;pwned\\x07" in shown.out
    assert_tame(listing + shown.out + shown.err)


def test_tools_call_output_is_tame_json(mcp_config: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["tools", "call", "toy__ping", "--args", json.dumps({"text": HOSTILE}), "--mcp-config", mcp_config]) == 0
    )
    out = capsys.readouterr()
    assert_tame(out.out + out.err)
    assert json.loads(out.out)["content"] == f"pong: {HOSTILE}"  # the same value, escaped as JSON


def test_tools_listing_and_provider_error_lines_are_tame(
    model_server: ScriptedServer, mcp_config: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tools", "--mcp-config", mcp_config]) == 0
    model_server.push(DIALECT.error(400, f"bad request {HOSTILE}"))
    assert ask(model_server, "--no-save") == 1
    out = capsys.readouterr()
    assert "toy__ping" in out.out and "\\x1b[2J" in out.err
    assert_tame(out.out + out.err)
