"""Resources and prompts as bounded, plain data, whatever a server sends."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from desktop_app.mcp.client import resources as r
from desktop_app.mcp.client.tools import MAX_PAGES


class _Item(SimpleNamespace):
    def model_dump(self, **_kw: Any) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if v is not None}


def _conn(client: Any, state: str = "ready") -> Any:
    config = SimpleNamespace(name="trips", timeout=5.0)
    return SimpleNamespace(config=config, state=state, reason="", client=client)


class _Client:
    def __init__(self, **capabilities: Any) -> None:
        self.server_capabilities = SimpleNamespace(**{"resources": None, "prompts": None, **capabilities})

    async def read_resource(self, uri: str) -> Any:
        huge = _Item(uri=uri, mimeType="text/plain", text="x" * (r.MAX_TEXT + 10))
        return SimpleNamespace(contents=[huge, _Item(uri=uri, mimeType="image/png", blob="aGk=")])

    async def get_prompt(self, name: str, arguments: Any) -> Any:
        image = SimpleNamespace(type="image")
        messages = [
            SimpleNamespace(role="user", content=SimpleNamespace(text="hi")),
            SimpleNamespace(role="user", content=image),
        ]
        return SimpleNamespace(messages=messages)

    async def list_resources(self, cursor: str | None = None) -> Any:
        item = SimpleNamespace(uri="u://" + (cursor or "0"), name=["not", "a", "string"], mime_type=None, description=7)
        return SimpleNamespace(resources=[item], next_cursor=(cursor or "") + "1")  # never ends


def test_a_server_without_the_capability_is_one_clear_error() -> None:
    with pytest.raises(r.McpFeatureError, match="MCP server 'trips' offers no resources"):
        asyncio.run(r.list_resources(_conn(_Client())))
    with pytest.raises(r.McpFeatureError, match="is not available"):
        asyncio.run(r.list_prompts(_conn(_Client(prompts=object()), state="failed")))


def test_texts_are_bounded_and_binary_is_named_not_shown() -> None:
    contents = asyncio.run(r.read_resource(_conn(_Client(resources=object())), "u://a"))
    assert len(contents[0]["text"]) == r.MAX_TEXT and contents[0]["truncated"] is True
    assert r.contents_text(contents).endswith("[binary image/png, 2 bytes]")


def test_an_endless_paginator_and_wrong_types_cannot_hurt() -> None:
    listed = asyncio.run(r.list_resources(_conn(_Client(resources=object()))))
    assert len(listed) == MAX_PAGES and listed[0] == {
        "server": "trips",
        "uri": "u://0",
        "name": "",
        "mimeType": "",
        "description": "",
    }


def test_a_prompt_s_non_text_parts_are_named() -> None:
    messages = asyncio.run(r.get_prompt(_conn(_Client(prompts=object())), "p", {}))
    assert messages == [{"role": "user", "text": "hi"}, {"role": "user", "text": "[image]"}]


def test_resource_links_are_read_back_from_an_mcp_tool_result_only() -> None:
    from desktop_app.mcp.client.results import MAX_LINKS, resource_links, to_output

    block = {"type": "resource_link", "uri": "trip://plan/1", "name": "Plan <1>", "description": "d"}
    content = to_output({"content": [{"type": "text", "text": "see"}, block, block]}).content
    assert resource_links("trips__plan", content) == [("trips", "trip://plan/1", "Plan <1>")]  # once
    plain = to_output({"content": [{**block, "name": "Plan 1"}]}).content
    assert resource_links("trips__plan", plain) == [("trips", "trip://plan/1", "Plan 1")]
    assert resource_links("get_weather", plain) == []  # a built-in tool has no server to ask
    many = "".join(f"[resource link: r{i} <trip://{i}>]" for i in range(50))
    assert resource_links("trips__plan", "[resource link: a <b c>]") == []  # no URI has a space
    assert len(resource_links("trips__plan", many)) == MAX_LINKS
