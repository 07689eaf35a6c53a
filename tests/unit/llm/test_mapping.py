"""The pure mappers: the seed's 2.3.1 table, both directions, and redaction."""

from __future__ import annotations

import json

from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage
from desktop_app.llm import anthropic as an
from desktop_app.llm import openai as oa
from desktop_app.llm.base import ModelRequest, ToolSpec
from desktop_app.llm.redact import REDACTED, redact, scrub

SPEC = ToolSpec(
    "get_weather",
    "查询天气",
    {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)


def test_tool_shapes_from_the_seed() -> None:
    assert oa.tool_to_wire(SPEC) == {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "查询天气",
            "parameters": SPEC.parameters,
        },
    }
    assert an.tool_to_wire(SPEC) == {
        "name": "get_weather",
        "description": "查询天气",
        "input_schema": SPEC.parameters,
    }


def conversation() -> tuple[UserMessage | AssistantMessage | ToolResultMessage, ...]:
    return (
        UserMessage("三亚天气"),
        AssistantMessage(
            "我查一下",
            (
                ToolCall("c1", "get_weather", {"city": "三亚"}, '{"city":"三亚"}'),
                ToolCall("c2", "get_weather", None, '{"city": '),
            ),
            stop_reason="tool_calls",
        ),
        ToolResultMessage("c1", "get_weather", "33°C"),
        ToolResultMessage("c2", "get_weather", "invalid arguments", is_error=True),
        AssistantMessage("", incomplete=True),  # nothing arrived before a cut: skipped
        UserMessage("还有机票"),
    )


def test_openai_messages() -> None:
    wire = oa.messages_to_wire(("A", "B"), conversation())
    assert wire[0] == {"role": "system", "content": "A\n\nB"}
    assert [m["role"] for m in wire] == ["system", "user", "assistant", "tool", "tool", "user"]
    args = [c["function"]["arguments"] for c in wire[2]["tool_calls"]]
    assert args == ['{"city":"三亚"}', '{"city": ']  # what the model wrote, echoed
    assert wire[4] == {"role": "tool", "tool_call_id": "c2", "content": "invalid arguments"}


def test_anthropic_messages_merge_results_and_following_user_text() -> None:
    wire = an.messages_to_wire(conversation())
    assert [m["role"] for m in wire] == ["user", "assistant", "user"]
    assert wire[1]["content"][2] == {
        "type": "tool_use",
        "id": "c2",
        "name": "get_weather",
        "input": {},
    }
    assert wire[2]["content"] == [
        {"type": "tool_result", "tool_use_id": "c1", "content": "33°C", "is_error": False},
        {
            "type": "tool_result",
            "tool_use_id": "c2",
            "content": "invalid arguments",
            "is_error": True,
        },
        {"type": "text", "text": "还有机票"},
    ]
    body = an.request_to_wire(ModelRequest(("A",), conversation(), (SPEC,), stream=False), "m")
    assert body["system"] == "A" and body["max_tokens"] == 4096 and "stream" not in body
    assert all(m["role"] != "system" for m in body["messages"])


def test_responses_from_wire() -> None:
    msg, usage = oa.response_from_wire(
        {
            "choices": [
                {
                    "message": {
                        "content": None,
                        "tool_calls": [{"id": "call_1", "function": {"name": "f", "arguments": "{bad"}}],
                    },
                    "finish_reason": "tool_calls",
                }
            ],
            "usage": {"prompt_tokens": 3, "completion_tokens": 4},
        }
    )
    assert msg.tool_calls[0].arguments is None and msg.tool_calls[0].arguments_raw == "{bad"
    assert (msg.stop_reason, usage.input_tokens, usage.output_tokens) == ("tool_calls", 3, 4)
    msg, _ = an.response_from_wire(
        {
            "content": [
                {"type": "text", "text": "好"},
                {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}},
            ],
            "stop_reason": "tool_use",
        }
    )
    assert msg.content == "好" and msg.tool_calls[0].arguments == {"a": 1}
    assert msg.stop_reason == "tool_calls"
    for reason, neutral in (("end_turn", "stop"), ("max_tokens", "length")):
        assert an.response_from_wire({"content": [], "stop_reason": reason})[0].stop_reason == neutral


def test_redaction() -> None:
    body = {
        "headers": {"Authorization": "Bearer x", "x-api-key": "k"},
        "messages": [{"content": "my key is sk-proj-abcdefghijklmnop1234 ok"}],
    }
    out = redact(body, ["secret-value-123"])
    assert out["headers"] == {"Authorization": REDACTED, "x-api-key": REDACTED}
    assert "sk-proj" not in json.dumps(out)
    assert scrub("key secret-value-123 and Bearer abcdefghijklmnop", ["secret-value-123"]) == (
        f"key {REDACTED} and {REDACTED}"
    )
