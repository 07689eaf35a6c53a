"""`mcp resources|read|prompts|prompt` and roots, against the real server-everything (stdio)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.tools.registry import ToolRegistry
from tests.integration.mcp.conftest import REPO, TOY

DOC = "demo://resource/static/document/architecture.md"


@pytest.fixture
def config(tmp_path: Path, everything_bin: str) -> Path:
    path = tmp_path / "mcp.json"
    servers = {
        "everything": {"command": everything_bin, "args": ["stdio"]},
        "toy": {"command": sys.executable, "args": [str(TOY), "basic"]},  # FastMCP: none listed
    }
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def _cli(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "desktop_app", "mcp", *args, "--mcp-config", str(config)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=REPO, env=env)


def test_resources_as_the_contract_gives_them(config: Path) -> None:
    done = _cli(config, "resources", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    doc = next(r for r in found if r["uri"] == DOC)
    assert doc == {
        "server": "everything",
        "uri": DOC,
        "name": "architecture.md",
        "mimeType": "text/markdown",
        "description": doc["description"],
    }
    assert {r["server"] for r in found} == {"everything"} and done.stderr == ""  # toy has none: no noise


def test_resources_text_lists_templates_too_json_only_resources(config: Path) -> None:
    done = _cli(config, "resources")
    assert done.returncode == 0 and DOC in done.stdout, done.stderr
    assert "everything  demo://resource/dynamic/text/{resourceId}  [template]  Dynamic Text Resource" in done.stdout
    assert not any("uriTemplate" in r for r in json.loads(_cli(config, "resources", "--json").stdout))


def test_read_prints_the_text_and_json_gives_the_contents(config: Path) -> None:
    text = _cli(config, "read", "everything", DOC)
    assert text.returncode == 0 and "Architecture" in text.stdout, text.stderr
    contents = json.loads(_cli(config, "read", "everything", DOC, "--json").stdout)
    assert contents[0]["uri"] == DOC and "Architecture" in contents[0]["text"]


def test_prompts_and_a_prompt_with_arguments(config: Path) -> None:
    prompts = json.loads(_cli(config, "prompts", "--json").stdout)
    args_prompt = next(p for p in prompts if p["name"] == "args-prompt")
    assert args_prompt["server"] == "everything"
    assert {"name": "city", "description": "Name of the city", "required": True} in args_prompt["arguments"]
    done = _cli(config, "prompt", "everything", "args-prompt", "--args", '{"city": "Sanya"}')
    assert done.returncode == 0 and "Sanya" in done.stdout, done.stderr
    assert json.loads(_cli(config, "prompt", "everything", "simple-prompt", "--json").stdout)[0]["role"] == "user"


def test_errors_are_one_line_each(config: Path) -> None:
    missing = _cli(config, "read", "everything", "demo://no/such/resource")
    assert missing.returncode == 1 and "not found" in missing.stderr and "Traceback" not in missing.stderr
    unknown = _cli(config, "read", "nosuch", DOC)
    assert unknown.returncode == 2 and "no MCP server named 'nosuch'" in unknown.stderr
    bad_args = _cli(config, "prompt", "everything", "args-prompt", "--args", "[1, 2]")
    assert bad_args.returncode == 2 and "--args must be a JSON object" in bad_args.stderr
    no_prompt = _cli(config, "prompt", "toy", "anything")
    assert (
        no_prompt.returncode == 1
        and no_prompt.stderr == "travel-assistant: MCP server 'toy': Unknown prompt: anything\n"
    )


@pytest.mark.asyncio
async def test_roots_are_offered_only_when_there_are_some(tmp_path: Path, everything_bin: str) -> None:
    """server-everything lists the client's roots through a tool it only offers to clients with roots."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    for roots, expected in (((), False), ((workspace,), True)):
        registry = ToolRegistry()
        manager = McpManager([ServerConfig(name="everything", command=everything_bin)], registry, roots=roots)
        manager.start()
        try:
            await manager.wait_ready(60)
            tool = registry.get("everything__get-roots-list")
            assert (tool is not None) is expected
            if tool is not None:
                manager.approve(tool.name)
                out = await registry.execute(ToolCall("r", tool.name, {}))
                assert workspace.resolve().as_uri() in out.content, out.content
        finally:
            await manager.aclose()


@pytest.mark.asyncio
async def test_resource_links_in_a_tool_result_can_be_read_from_their_server(everything_bin: str) -> None:
    """get-resource-links returns resource_link blocks (template URIs, not in resources/list):
    the window offers each one, and reading it from the same server works."""
    from desktop_app.mcp.client.resources import read_resource
    from desktop_app.mcp.client.results import resource_links

    registry = ToolRegistry()
    manager = McpManager([ServerConfig(name="everything", command=everything_bin)], registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        out = await registry.execute(ToolCall("l", "everything__get-resource-links", {"count": 2}))
        links = resource_links("everything__get-resource-links", out.content)
        assert [(s, n) for s, _u, n in links] == [("everything", "Blob Resource 1"), ("everything", "Text Resource 2")]
        conn = next(c for c in manager.connections() if c.config.name == "everything")
        text = await read_resource(conn, links[1][1])
        assert text[0]["uri"] == links[1][1] and "Resource 2" in text[0]["text"]
    finally:
        await manager.aclose()


@pytest.mark.parametrize("transport", ["everything_url", "everything_sse_url"])
def test_resources_and_prompts_over_http_and_sse(
    tmp_path: Path, transport: str, request: pytest.FixtureRequest
) -> None:
    """The same commands against server-everything over streamable HTTP and legacy SSE."""
    url = request.getfixturevalue(transport)
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"remote": {"url": url}}}), encoding="utf-8")
    found = json.loads(_cli(config, "resources", "--json").stdout)
    assert any(r["uri"] == DOC and r["server"] == "remote" for r in found)
    text = _cli(config, "read", "remote", DOC)
    assert text.returncode == 0 and "Architecture" in text.stdout, text.stderr
    done = _cli(config, "prompt", "remote", "args-prompt", "--args", '{"city": "Dali"}', "--json")
    assert done.returncode == 0 and json.loads(done.stdout) == [{"role": "user", "text": "What's weather in Dali?"}]


@pytest.mark.asyncio
async def test_roots_follow_the_shell_on_off_and_moved(
    tmp_path: Path, everything_bin: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Roots appearing reconnect (the capability is agreed at initialize); a moved workspace is a
    roots/list_changed after which the server asks again and gets the new folder."""
    import asyncio

    from desktop_app.mcp.client import connection
    from desktop_app.mcp.client.sdk import roots_result as real

    asked: asyncio.Queue[tuple[Path, ...]] = asyncio.Queue()

    def spy(types: object, folders: tuple[Path, ...]) -> object:
        asked.put_nowait(folders)
        return real(types, folders)

    monkeypatch.setattr(connection, "roots_result", spy)
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    registry = ToolRegistry()
    manager = McpManager([ServerConfig(name="everything", command=everything_bin)], registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        assert registry.get("everything__get-roots-list") is None
        await manager.set_roots([first])
        await manager.wait_ready(60)
        assert registry.get("everything__get-roots-list") is not None
        manager.approve("everything__get-roots-list")  # new since the server was first pinned: held back
        out = await registry.execute(ToolCall("r", "everything__get-roots-list", {}))
        assert first.resolve().as_uri() in out.content, out.content
        while not asked.empty():
            asked.get_nowait()
        await manager.set_roots([second])
        assert await asyncio.wait_for(asked.get(), 30) == (second,)
    finally:
        await manager.aclose()
