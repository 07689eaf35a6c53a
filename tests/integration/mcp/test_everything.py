"""Against @modelcontextprotocol/server-everything (npm) over stdio, streamable HTTP and legacy SSE."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from desktop_app.core.messages import ToolCall
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.setup.config import ServerConfig
from desktop_app.mcp.trust.pins import TrustStore
from desktop_app.tools.registry import ToolRegistry

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["stdio", "http", "sse"])
async def everything(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[tuple[McpManager, ToolRegistry]]:
    """One connected manager per transport, shared by the module's tests."""
    home = tmp_path_factory.mktemp("everything-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TRAVEL_ASSISTANT_HOME", str(home))
        if request.param == "stdio":
            config = ServerConfig(name="everything", command=request.getfixturevalue("everything_bin"))
        elif request.param == "http":
            config = ServerConfig(name="everything", url=request.getfixturevalue("everything_url"))
        else:  # a URL ending in /sse speaks legacy SSE
            config = ServerConfig(name="everything", url=request.getfixturevalue("everything_sse_url"))
        registry = ToolRegistry()
        manager = McpManager([config], registry, trust=TrustStore(Path(home) / "trust.json"))
        manager.start()
        await manager.wait_ready(60)
        status = manager.statuses()[0]
        assert status.state == "ready", status.reason
        yield manager, registry
        await manager.aclose()


async def test_lists_tools_under_server_prefixed_names(
    everything: tuple[McpManager, ToolRegistry],
) -> None:
    manager, registry = everything
    names = registry.names()
    for expected in ("echo", "get-sum", "get-tiny-image", "trigger-long-running-operation"):
        assert f"everything__{expected}" in names
    echo = registry.get("everything__echo")
    assert echo is not None and echo.source == "mcp:everything" and echo.status == "ok"
    assert "message" in echo.parameters["properties"]
    # readOnlyHint is only a hint: without trustReadOnlyHints the user still confirms.
    assert echo.risk == "read" and echo.needs_confirmation
    assert manager.statuses()[0].server_info


async def test_call_returns_text(everything: tuple[McpManager, ToolRegistry]) -> None:
    _, registry = everything
    out = await registry.execute(ToolCall("c1", "everything__echo", {"message": "hello 你好"}))
    assert not out.is_error
    assert "hello 你好" in out.content


async def test_progress_notifications_reach_the_progress_hook(
    everything: tuple[McpManager, ToolRegistry],
) -> None:
    _, registry = everything
    seen: list[tuple[float, float | None, str]] = []
    out = await registry.execute(
        ToolCall("c2", "everything__trigger-long-running-operation", {"duration": 0.4, "steps": 4}),
        lambda p, total, message: seen.append((p, total, message)),
    )
    assert not out.is_error, out.content
    assert [p for p, _, _ in seen] == [1, 2, 3, 4]
    assert all(total == 4 for _, total, _ in seen)


async def test_image_result(everything: tuple[McpManager, ToolRegistry]) -> None:
    _, registry = everything
    out = await registry.execute(ToolCall("c3", "everything__get-tiny-image", {}))
    assert not out.is_error
    assert out.images and out.images[0]["mime_type"] == "image/png"
    assert base64.b64decode(out.images[0]["data"]).startswith(b"\x89PNG")
    assert "[image: image/png" in out.content


async def test_error_result(everything: tuple[McpManager, ToolRegistry]) -> None:
    manager, _ = everything
    # Sent as-is (the registry would refuse these arguments before they left).
    out = await manager.call("everything", "get-sum", {"a": "not a number", "b": 1})
    assert out.is_error
    assert out.content


async def test_structured_content(everything: tuple[McpManager, ToolRegistry]) -> None:
    _, registry = everything
    out = await registry.execute(ToolCall("c4", "everything__get-structured-content", {"location": "New York"}))
    assert not out.is_error, out.content
    assert isinstance(out.structured, dict) and out.structured


async def test_embedded_resource_and_links(everything: tuple[McpManager, ToolRegistry]) -> None:
    _, registry = everything
    ref = await registry.execute(
        ToolCall("c5", "everything__get-resource-reference", {"resourceType": "Text", "resourceId": 2})
    )
    assert not ref.is_error
    assert "[resource demo://resource/dynamic/text/2 (text/plain)]" in ref.content
    links = await registry.execute(ToolCall("c6", "everything__get-resource-links", {"count": 2}))
    assert links.content.count("[resource link:") == 2
