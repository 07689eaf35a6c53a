"""The exported script: data only as literals (hostile history cannot inject code), the adapters'
own wire mapping, recorded results in order, and the `history export --format python-*` command."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.core.messages import AssistantMessage, Message, ToolCall, ToolResultMessage, UserMessage
from desktop_app.llm import anthropic as an
from desktop_app.llm import openai as oa
from desktop_app.llm.base import ModelRequest, ToolSpec
from desktop_app.llm.export_code import MISSING_TOOL, literal, render, split_conversation
from desktop_app.store.history import HistoryStore

EVIL = [
    '"""\nimport os; os.system("touch PWNED")\n"""',
    "'''\n__import__('os').system('touch PWNED')\n'''",
    "\\'); __import__('os').system('touch PWNED') #",
    "{MAX_TURNS} @MAX_TURNS@ {title} %s",
    "\u202e\u2066 hidden \u200b\U000e0041 \x1b[2J \r\n\x00",
]
TOOLS = (ToolSpec("get_weather", "weather of a city", {"type": "object", "properties": {"city": {"type": "string"}}}),)


def hostile_conversation() -> list[Message]:
    evil = "".join(EVIL)
    return [
        UserMessage("first " + evil),
        AssistantMessage(evil, (ToolCall("c0", "get_weather", {"city": evil}, "{}"),), stop_reason="tool_calls"),
        ToolResultMessage("c0", "get_weather", evil),
        AssistantMessage(evil),
        UserMessage("second " + evil),
        AssistantMessage("", (ToolCall("c1", "get_weather", {evil: [evil, 1.5, None, True]}),)),
        ToolResultMessage("c1", "get_weather", '{"ok": "' + evil.replace('"', "") + '"}'),
        AssistantMessage("", (ToolCall("c2", "mcp__" + evil[:20], {}),)),
        ToolResultMessage("c2", "mcp__" + evil[:20], evil, is_error=True),
        AssistantMessage("done " + evil),
    ]


def top_level_is_data_and_functions(source: str) -> dict[str, Any]:
    """Every top-level statement is an import, a def, the main guard or NAME = <pure literal>."""
    tree = ast.parse(source)
    constants: dict[str, Any] = {}
    for node in tree.body[1:]:
        if isinstance(node, ast.Import | ast.FunctionDef | ast.If):
            continue
        assert isinstance(node, ast.Assign), ast.dump(node)[:200]
        (target,) = node.targets
        assert isinstance(target, ast.Name)
        constants[target.id] = ast.literal_eval(node.value)  # raises on anything but a literal
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert names == {"answer_tool", "parse_arguments", "run_agent"}
    return constants


@pytest.mark.parametrize("flavour", ["openai", "anthropic"])
def test_hostile_history_stays_data(flavour: Any, tmp_path: Path) -> None:
    messages = hostile_conversation()
    script = render(flavour, ("system " + EVIL[0],), messages, TOOLS, model=EVIL[1], title=EVIL[0] + EVIL[4])
    constants = top_level_is_data_and_functions(script)
    head = split_conversation(messages).messages
    request = ModelRequest(("system " + EVIL[0],), head, constants_tools(flavour, constants), stream=False)
    if flavour == "openai":
        assert constants["MESSAGES"] == oa.request_to_wire(request, "m")["messages"]
    else:
        wire = an.request_to_wire(request, "m")
        assert constants["MESSAGES"] == wire["messages"] and constants["SYSTEM"] == wire["system"]
    assert constants["MODEL"] == EVIL[1] and constants["TITLE"] == EVIL[0] + EVIL[4]
    assert [r["content"] for r in constants["RECORDED_RESULTS"]][-1] == "".join(EVIL)
    for hidden in ("\u202e", "\u2066", "\u200b", "\U000e0041", "\x1b", "\x00", "\r"):
        assert hidden not in script  # escaped: the file reads as it runs (no Trojan Source)
    path = tmp_path / "agent.py"
    path.write_text(script, encoding="utf-8")
    done = subprocess.run([sys.executable, str(path), "--help"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "PWNED").exists()


def constants_tools(flavour: str, constants: dict[str, Any]) -> tuple[ToolSpec, ...]:
    """The specs back from the script's TOOLS (one of them added for the missing MCP tool)."""
    tools = constants["TOOLS"]
    assert len(tools) == 2
    if flavour == "openai":
        return tuple(
            ToolSpec(t["function"]["name"], t["function"]["description"], t["function"]["parameters"]) for t in tools
        )
    return tuple(ToolSpec(t["name"], t["description"], t["input_schema"]) for t in tools)


def test_replay_starts_at_the_last_user_message_and_keeps_results_in_order() -> None:
    recorded = split_conversation(hostile_conversation())
    assert isinstance(recorded.messages[-1], UserMessage) and recorded.messages[-1].content.startswith("second")
    assert [r["name"][:4] for r in recorded.results] == ["get_", "mcp_"]
    assert recorded.results[1]["is_error"] is True


def test_a_tool_missing_now_gets_a_marked_definition() -> None:
    script = render("openai", (), hostile_conversation(), TOOLS)
    tools = top_level_is_data_and_functions(script)["TOOLS"]
    assert tools[1]["function"]["description"] == MISSING_TOOL


def test_literals() -> None:
    assert ast.literal_eval(literal({"a": [1, 2.5, None, True, "x'\"\\"]})) == {"a": [1, 2.5, None, True, "x'\"\\"]}
    with pytest.raises(ValueError):
        literal(float("nan"))
    with pytest.raises(TypeError):
        literal(object())
    deep: Any = "end"
    for _ in range(100):
        deep = [deep]
    text = literal(deep)
    assert "json.loads(" in text and "\n" in text


def test_history_export_python_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with HistoryStore() as store:
        conv = store.new_conversation(title="三亚", provider="openai", model="gpt-4o")
        for m in hostile_conversation()[:4]:
            conv.append(m)
    out = tmp_path / "trip.py"
    assert main(["history", "export", conv.id[:8], "--format", "python-openai", "-o", str(out)]) == 0
    constants = top_level_is_data_and_functions(out.read_text(encoding="utf-8"))
    assert constants["MODEL"] == "gpt-4o"  # the recorded model when the provider matches
    names = [t["function"]["name"] for t in constants["TOOLS"]]
    assert {"get_weather", "get_flight_price", "get_hotel_price", "save_itinerary"} <= set(names)
    assert constants["MESSAGES"][0]["role"] == "system"
    capsys.readouterr()
    assert main(["history", "export", conv.id, "--format", "python-anthropic"]) == 0
    constants = top_level_is_data_and_functions(capsys.readouterr().out)
    assert constants["MODEL"] == an.DEFAULT_MODEL
