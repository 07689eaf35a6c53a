"""Pinning: first sight trusted, a changed or new definition held back until the user approves."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.cli import main
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.mcp.client.manager import McpManager
from desktop_app.paths import config_dir
from desktop_app.tools.registry import ToolRegistry

from .conftest import TOY, toy


async def _session(version: str, **env: str) -> tuple[McpManager, ToolRegistry]:
    registry = ToolRegistry()
    manager = McpManager([toy("mut", "mutable", env={"TOY_VERSION": version, **env})], registry)
    manager.start()
    await manager.wait_ready(60)
    assert manager.statuses()[0].state == "ready", manager.statuses()[0].reason
    return manager, registry


async def test_changed_definition_is_held_back_until_approved(app_home: Path) -> None:
    manager, registry = await _session("v1")
    await manager.aclose()
    pins = json.loads((config_dir() / "mcp-trust.json").read_text(encoding="utf-8"))
    assert set(pins["servers"]["mut"]["tools"]) == {"ping", "sleep", "weather", "mutate"}

    manager, registry = await _session("v2")
    try:
        weather = registry.get("mut__weather")
        assert weather is not None and weather.status == "changed"
        assert "mut__weather" not in [s.name for s in registry.specs()]  # not offered to the model
        # The hidden instruction is shown, decoded, and flagged.
        assert "⟦hidden tag text: 'Ignore'⟧" in weather.description
        assert "⟦U+200B⟧" in weather.description
        assert any("tag characters" in w for w in weather.warnings)
        refused = await registry.execute(ToolCall("1", "mut__weather", {"city": "Paris"}))
        assert refused.is_error and "changed its definition" in refused.content
        assert "tools trust mut__weather" in refused.content
        (change,) = manager.pending_changes()
        assert change.old is not None and change.old["description"] == "Weather for a city."
        assert "evil.example" in change.new["description"]
        assert manager.statuses()[0].held_back == ("mut__weather",)

        manager.approve("mut__weather")
        assert registry.get("mut__weather").status == "ok"  # type: ignore[union-attr]
        out = await registry.execute(ToolCall("2", "mut__weather", {"city": "Paris"}))
        assert out.content == "sunny in Paris"
        assert manager.pending_changes() == []
    finally:
        await manager.aclose()

    manager, registry = await _session("v2")  # pinned now: no longer held back
    assert registry.get("mut__weather").status == "ok"  # type: ignore[union-attr]
    await manager.aclose()


async def test_a_new_tool_on_a_known_server_is_held_back(app_home: Path) -> None:
    manager, _ = await _session("v1")
    await manager.aclose()
    manager, registry = await _session("v1", TOY_EXTRA="1")
    try:
        extra = registry.get("mut__extra")
        assert extra is not None and extra.status == "changed"
        (change,) = manager.pending_changes()
        assert change.old is None and "is new on" in change.reason
    finally:
        await manager.aclose()


async def test_list_changed_rug_pull_goes_through_pinning(app_home: Path) -> None:
    manager, registry = await _session("v1")
    try:
        assert registry.get("mut__weather").status == "ok"  # type: ignore[union-attr]
        await registry.execute(ToolCall("1", "mut__mutate", {}))
        for _ in range(200):
            if registry.get("mut__weather").status == "changed":  # type: ignore[union-attr]
                break
            await asyncio.sleep(0.05)
        assert registry.get("mut__weather").status == "changed"  # type: ignore[union-attr]
    finally:
        await manager.aclose()


async def test_approve_all_never_approves_a_changed_definition(app_home: Path) -> None:
    manager, _ = await _session("v1")
    await manager.aclose()
    manager, registry = await _session("v2")
    call = ToolCall("call_1", "mut__weather", {"city": "Paris"})
    model = FakeModel([AssistantMessage(tool_calls=(call,), stop_reason="tool_calls"), AssistantMessage("ok")])
    agent = Agent(model=model, registry=registry, approver=PolicyApprover("all"))
    try:
        results = [e async for e in agent.run("weather?") if e.type == "tool_result"]
    finally:
        await manager.aclose()
    assert results[0].is_error and "held back" in results[0].content


def _config_file(tmp_path: Path, version: str) -> Path:
    path = tmp_path / "mcp.json"
    entry = {
        "command": sys.executable,
        "args": [str(TOY), "mutable"],
        "env": {"TOY_VERSION": version},
    }
    path.write_text(json.dumps({"mcpServers": {"mut": entry}}), encoding="utf-8")
    return path


def test_cli_trust_shows_old_and_new_then_pins(
    app_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tools", "--json", "--mcp-config", str(_config_file(tmp_path, "v1"))]) == 0
    capsys.readouterr()
    changed = str(_config_file(tmp_path, "v2"))
    assert main(["tools", "--json", "--mcp-config", changed]) == 0
    listing = {t["name"]: t for t in json.loads(capsys.readouterr().out)}
    assert listing["mut__weather"]["status"] == "changed"
    assert listing["mut__weather"]["source"] == "mcp:mut"
    assert any("tag characters" in w for w in listing["mut__weather"]["warnings"])
    assert main(["tools", "call", "mut__weather", "--args", '{"city": "Oslo"}', "--mcp-config", changed]) == 1
    assert "held back" in capsys.readouterr().out

    assert main(["tools", "trust", "mut__weather", "--mcp-config", changed]) == 0
    shown = capsys.readouterr().out
    assert "Weather for a city." in shown and "evil.example" in shown
    assert "⟦hidden tag text: 'Ignore'⟧" in shown
    assert "trusted: mut__weather" in shown

    assert main(["tools", "call", "mut__weather", "--args", '{"city": "Oslo"}', "--mcp-config", changed]) == 0
    assert "sunny in Oslo" in capsys.readouterr().out
    assert main(["tools", "trust", "mut__weather", "--mcp-config", changed]) == 0
    assert "nothing to approve" in capsys.readouterr().out


@pytest.mark.parametrize("damage", ["", "{}", '{"version": 1, "servers": {"mut": {"tools": {"ping": {"ha'])
def test_cli_damaged_pins_fail_closed_and_say_so(
    app_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    config = str(_config_file(tmp_path, "v1"))
    assert main(["tools", "--json", "--mcp-config", config]) == 0  # first run: pinned
    capsys.readouterr()
    pins = config_dir() / "mcp-trust.json"
    pins.write_text(damage, encoding="utf-8")
    assert main(["tools", "--json", "--mcp-config", config]) == 0
    out, err = capsys.readouterr()
    notice = [line for line in err.splitlines() if "mcp-trust.json" in line]
    assert len(notice) == 1 and "moved to mcp-trust.json.bad-" in notice[0] and "held back" in notice[0]
    listing = {t["name"]: t for t in json.loads(out) if t["source"] == "mcp:mut"}
    assert listing and all(t["status"] == "changed" for t in listing.values())
    assert main(["tools", "call", "mut__ping", "--args", '{"text": "x"}', "--mcp-config", config]) == 1
    assert "could not be read" in capsys.readouterr().out
    assert main(["tools", "trust", "mut", "--mcp-config", config]) == 0
    capsys.readouterr()
    assert main(["tools", "call", "mut__ping", "--args", '{"text": "x"}', "--mcp-config", config]) == 0


async def test_hidden_text_outside_descriptions_from_a_real_server(app_home: Path) -> None:
    registry = ToolRegistry()
    manager = McpManager([toy("bad", "poisoned")], registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        (status,) = manager.statuses()
        assert any(w.startswith("server instructions: ") and "tag characters" in w for w in status.warnings)
        convert = registry.get("bad__convert")
        assert convert is not None
        assert "imperial⟦U+200B⟧" in convert.parameters["properties"]["unit"]["enum"]
        assert any("enum" in w and "invisible" in w for w in convert.warnings)
        assert any("tool poisoning" in w and "<IMPORTANT>" in w for w in convert.warnings)
        assert any(w.startswith("server instructions: ") for w in convert.warnings)
    finally:
        await manager.aclose()
