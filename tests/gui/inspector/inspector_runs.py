"""Real runs for the inspector's tests and screenshots: the engine, scripted turns, real tools."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from collections.abc import AsyncIterator
from typing import Any

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.base import ModelRequest, StreamItem, WireRequest, WireResponse
from desktop_app.llm.fake import FakeModel
from desktop_app.llm.openai import request_to_wire
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolOutput, ToolRegistry, tool

SANYA_QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
SANYA_ANSWER = (
    "帮你查好了，三亚三天行程的基本信息如下：\n\n天气：33°C，晴天为主，午后偶有短时雷阵雨。\n\n"
    "机票：北京直飞三亚，经济舱 ¥1,280，飞行约4小时。\n\n"
    "酒店：三亚湾海景酒店（四星），¥680/晚。\n\n"
    "预估总费用：合计约 ¥4,600（不含餐饮、门票和交通）"
)
SANYA_CALLS = (
    ToolCall("call_sanya_weather", "get_weather", {"city": "三亚"}),
    ToolCall("call_sanya_flight", "get_flight_price", {"origin": "北京", "destination": "三亚"}),
    ToolCall("call_sanya_hotel", "get_hotel_price", {"city": "三亚", "stars": 4}),
)


def _openai_message(msg: Any) -> dict[str, Any]:
    """The assistant message of a Chat Completions response (what the server would return)."""
    out: dict[str, Any] = {"role": "assistant", "content": msg.content or None}
    if msg.tool_calls:
        out["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": _dumps(c.arguments)}}
            for c in msg.tool_calls
        ]
    return out


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


class WireFakeModel(FakeModel):
    """The scripted model, also reporting OpenAI-shaped wire bodies as a real adapter does."""

    provider = "openai"

    def __init__(self, turns: list[Any]) -> None:
        super().__init__(turns)
        self.model = "gpt-4o-mini"

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        body = request_to_wire(request, self.model)  # the OpenAI adapter's own mapping
        yield WireRequest("https://api.openai.com/v1/chat/completions", body)
        chunks = 0
        async for item in super().stream(request):
            chunks += 1
            if hasattr(item, "message"):
                msg = item.message
                reply = {
                    "id": f"chatcmpl-turn{request.turn}",
                    "object": "chat.completion",
                    "model": self.model,
                    "choices": [
                        {
                            "index": 0,
                            "message": _openai_message(msg),
                            "finish_reason": msg.stop_reason,
                        }
                    ],
                    "usage": {
                        "prompt_tokens": item.usage.input_tokens,
                        "completion_tokens": item.usage.output_tokens,
                    },
                }
                yield WireResponse(reply, chunks)
            yield item


async def run_events(agent: Agent, text: str) -> list[dict[str, Any]]:
    """The run's events as the window receives them, tool definitions first."""
    events = [{"type": "tool_defs", "tools": [t.listing() for t in agent.registry.all()]}]
    events += [e.to_dict() async for e in agent.run(text)]
    return events


def sanya_agent(wire: bool = False) -> Agent:
    """The seed's 2.2 run: one turn with three calls, then the answer."""
    turns: list[Any] = [
        AssistantMessage(tool_calls=SANYA_CALLS, stop_reason="tool_calls"),
        AssistantMessage(SANYA_ANSWER, stop_reason="stop"),
    ]
    model = WireFakeModel(turns) if wire else FakeModel(turns)
    registry = build_registry(Settings(), RunOptions())
    return Agent(model, registry, PolicyApprover("none"), system=("你是一个旅游助手。",))


async def sanya_events(wire: bool = False) -> list[dict[str, Any]]:
    return await run_events(sanya_agent(wire), SANYA_QUESTION)


@tool(risk="write")
def book_hotel(city: str, nights: int) -> str:
    """预订酒店（需要用户确认）

    Args:
        city: 城市
        nights: 晚数
    """
    return f"booked {nights} nights in {city}"


def tiny_png(width: int = 96, height: int = 64) -> bytes:
    """A small striped PNG made without any imaging library."""
    rows = b"".join(
        b"\x00" + b"".join(bytes((200 if (x // 12) % 2 else 30, 120, 220)) for x in range(width)) for _ in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@tool()
def beach_map(city: str) -> ToolOutput:
    """海滩地图（返回一张图片）

    Args:
        city: 城市
    """
    data = base64.b64encode(tiny_png()).decode()
    return ToolOutput(
        _dumps({"city": city, "map": "attached"}),
        images=({"data": data, "mime_type": "image/png"},),
    )


TROUBLE_CALLS = (
    ToolCall("call_bad_json", "get_weather", None, '{"city": 三亚'),
    ToolCall("call_typo", "get_wether", {"city": "三亚"}),
    ToolCall("call_book", "book_hotel", {"city": "三亚", "nights": 3}),
    ToolCall("call_map", "beach_map", {"city": "三亚"}),
)


async def trouble_events() -> list[dict[str, Any]]:
    """Invalid-JSON arguments, an unknown tool, a denied write, and an image result."""
    registry: ToolRegistry = build_registry(Settings(), RunOptions(extra_tools=[book_hotel, beach_map]))
    model = FakeModel(
        [
            AssistantMessage(tool_calls=TROUBLE_CALLS, stop_reason="tool_calls"),
            AssistantMessage("抱歉，有些查询失败了。", stop_reason="stop"),
        ]
    )
    agent = Agent(model, registry, PolicyApprover("none"))
    return await run_events(agent, "帮我订三亚的酒店")
