"""A recorded conversation as a standalone script in the seed's style (official SDK, while loop,
MAX_TURNS), its messages and tools produced by the adapters' own wire mapping.

Every string from history is hostile: data goes into the script only as Python literals built by
`repr()` (which also escapes bidi and other invisible characters), never pasted into code.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from desktop_app.core.messages import AssistantMessage, Message, ToolResultMessage, UserMessage
from desktop_app.llm import anthropic as an
from desktop_app.llm import openai as oa
from desktop_app.llm.base import ModelRequest, ToolSpec

Flavour = Literal["openai", "anthropic"]
FORMATS: dict[str, Flavour] = {"python-openai": "openai", "python-anthropic": "anthropic"}
MAX_TURNS = 10
MAX_LITERAL_DEPTH = 60  # deeper values are embedded as a JSON text (Python's parser stops near 200)
MISSING_TOOL = "(this tool's definition was not available when the script was exported)"


@dataclass(frozen=True)
class Recorded:
    """The part of a conversation the script replays: what comes before, and the tools' answers."""

    messages: tuple[Message, ...]  # up to and including the last user message
    results: tuple[dict[str, Any], ...]  # each later tool result: name, arguments, content, is_error


def split_conversation(messages: Sequence[Message]) -> Recorded:
    """The messages the first request carries, and the recorded results of the tool calls after it."""
    last_user = max((i for i, m in enumerate(messages) if isinstance(m, UserMessage)), default=-1)
    head = tuple(messages[: last_user + 1])
    arguments: dict[str, Any] = {}
    results: list[dict[str, Any]] = []
    for msg in messages[last_user + 1 :]:
        if isinstance(msg, AssistantMessage):
            arguments.update({c.id: c.arguments for c in msg.tool_calls})
        elif isinstance(msg, ToolResultMessage):
            results.append(
                {
                    "name": msg.name,
                    "arguments": arguments.get(msg.tool_call_id),
                    "content": msg.content,
                    "is_error": msg.is_error,
                }
            )
    return Recorded(head, tuple(results))


def with_missing_tools(tools: Sequence[ToolSpec], messages: Sequence[Message]) -> tuple[ToolSpec, ...]:
    """The tools offered, plus a bare definition for any tool the conversation used that is not
    among them (an MCP server not connected now): the script still answers its calls."""
    names = {t.name for t in tools}
    extra: dict[str, ToolSpec] = {}
    for msg in messages:
        for call in msg.tool_calls if isinstance(msg, AssistantMessage) else ():
            if call.name not in names and call.name not in extra:
                extra[call.name] = ToolSpec(call.name, MISSING_TOOL, {"type": "object", "properties": {}})
    return (*tools, *extra.values())


# ---------------------------------------------------------------- literals


def _scalar(value: Any) -> str | None:
    """None, booleans, numbers and strings as source (None when `value` is a container)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("a non-finite number cannot be exported")
        return repr(float(value))
    if isinstance(value, str):
        return repr(str(value))  # escapes quotes, backslashes, controls, bidi and invisible characters
    if isinstance(value, dict | list | tuple):
        return None
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def literal(value: Any, indent: int = 0, depth: int = 0) -> str:
    """A JSON value as Python source: strings only ever through repr(), nothing else accepted."""
    scalar = _scalar(value)
    if scalar is not None:
        return scalar
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    if depth >= MAX_LITERAL_DEPTH:
        from desktop_app import jsonsafe

        return f"json.loads({jsonsafe.dumps(value)!r})"
    pad, inner = "    " * indent, "    " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{inner}{str(k)!r}: {literal(v, indent + 1, depth + 1)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + f"\n{pad}}}"
    items = [f"{inner}{literal(v, indent + 1, depth + 1)}," for v in value]
    return "[\n" + "\n".join(items) + f"\n{pad}]"


# ---------------------------------------------------------------- the scripts


def render(
    flavour: Flavour,
    system: Sequence[str],
    messages: Sequence[Message],
    tools: Sequence[ToolSpec],
    *,
    model: str = "",
    title: str = "",
) -> str:
    """The whole script for one provider; its first request repeats the recorded one's
    `messages` and `tools` (the conversation up to its last user message)."""
    recorded = split_conversation(messages)
    specs = with_missing_tools(tools, messages)
    request = ModelRequest(tuple(system), recorded.messages, specs, stream=False)
    if flavour == "openai":
        body = oa.request_to_wire(request, model or oa.DEFAULT_MODEL)
        data = f"MESSAGES = {literal(body['messages'])}\n\nTOOLS = {literal(body.get('tools', []))}\n"
        body_code, default = _OPENAI_LOOP, oa.DEFAULT_MODEL
    else:
        body = an.request_to_wire(request, model or an.DEFAULT_MODEL)
        data = (
            f"SYSTEM = {literal(body.get('system', ''))}\n\nMESSAGES = {literal(body['messages'])}\n\n"
            f"TOOLS = {literal(body.get('tools', []))}\n\nMAX_TOKENS = {int(body['max_tokens'])}\n"
        )
        body_code, default = _ANTHROPIC_LOOP, an.DEFAULT_MODEL
    head = _HEAD.format(
        title=repr(title or "conversation"), sdk=flavour, env=flavour.upper(), model=repr(model or default)
    )
    answers = f"RECORDED_RESULTS = {literal(list(recorded.results))}\n"
    return "\n".join(
        [head, data, answers.rstrip("\n"), _ANSWER_TOOL, (body_code + _ENDING).replace("@MAX_TURNS@", str(MAX_TURNS))]
    )


_HEAD = '''#!/usr/bin/env python3
"""A recorded Travel Assistant conversation, exported as code (the seed's style, {sdk} SDK).

The first request carries the recorded messages and tool schemas exactly; each tool call is
answered with the result recorded in history (matched by tool name and arguments, in order).

    pip install {sdk}
    {env}_API_KEY=... python this_script.py [--model NAME]     ({env}_BASE_URL for another endpoint)
"""

import argparse
import json
import os
import sys

MODEL = {model}
TITLE = {title}  # the conversation's title, as data
'''

_ANSWER_TOOL = '''

def answer_tool(name, arguments):
    """The recorded result for this call: same name and arguments first, then same name, in order."""
    for same_arguments in (True, False):
        for recorded in RECORDED_RESULTS:
            if recorded.get("used") or recorded["name"] != name:
                continue
            if same_arguments and recorded["arguments"] != arguments:
                continue
            recorded["used"] = True
            if not same_arguments:
                print(f"  (no result recorded for these arguments: the next {name} result)", file=sys.stderr)
            return recorded["content"], recorded["is_error"]
    print(f"  (no recorded result for {name}: answering with an error)", file=sys.stderr)
    return json.dumps({"error": f"no recorded result for {name}"}, ensure_ascii=False), True


def parse_arguments(text):
    """The model's arguments as a dict (None when they are not a JSON object)."""
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
'''

_OPENAI_LOOP = """
def run_agent(model):
    from openai import OpenAI

    client = OpenAI(
        api_key=os.getenv("OPENAI_API_KEY"),
        base_url=os.getenv("OPENAI_BASE_URL"),   # optional: any OpenAI-compatible service
    )
    messages = list(MESSAGES)
    MAX_TURNS = @MAX_TURNS@
    turn = 0

    while turn < MAX_TURNS:
        turn += 1
        print(f"\\n>>> turn {turn}", file=sys.stderr)
        response = client.chat.completions.create(model=model, messages=messages, tools=TOOLS)
        choice = response.choices[0]
        assistant_msg = choice.message
        print(f"finish_reason: {choice.finish_reason}", file=sys.stderr)

        if not assistant_msg.tool_calls:
            print(assistant_msg.content or "")
            return 0

        messages.append({
            "role": "assistant",
            "content": assistant_msg.content,
            "tool_calls": [
                {"id": tc.id, "type": "function",
                 "function": {"name": tc.function.name, "arguments": tc.function.arguments}}
                for tc in assistant_msg.tool_calls
            ],
        })
        for tc in assistant_msg.tool_calls:
            fn_name = tc.function.name
            fn_args = parse_arguments(tc.function.arguments)
            print(f"  call: {fn_name}({json.dumps(fn_args, ensure_ascii=False)})", file=sys.stderr)
            content, _is_error = answer_tool(fn_name, fn_args)
            print(f"  result: {content}", file=sys.stderr)
            messages.append({"role": "tool", "tool_call_id": tc.id, "content": content})

"""

_ANTHROPIC_LOOP = """
def run_agent(model):
    from anthropic import Anthropic

    client = Anthropic(
        api_key=os.getenv("ANTHROPIC_API_KEY"),
        base_url=os.getenv("ANTHROPIC_BASE_URL"),   # optional: another endpoint
    )
    messages = list(MESSAGES)
    MAX_TURNS = @MAX_TURNS@
    turn = 0

    while turn < MAX_TURNS:
        turn += 1
        print(f"\\n>>> turn {turn}", file=sys.stderr)
        extra = {"system": SYSTEM} if SYSTEM else {}
        response = client.messages.create(
            model=model, max_tokens=MAX_TOKENS, messages=messages, tools=TOOLS, **extra
        )
        print(f"stop_reason: {response.stop_reason}", file=sys.stderr)
        calls = [block for block in response.content if block.type == "tool_use"]

        if not calls:
            print("".join(block.text for block in response.content if block.type == "text"))
            return 0

        blocks = []
        for block in response.content:
            if block.type == "text" and block.text:
                blocks.append({"type": "text", "text": block.text})
            elif block.type == "tool_use":
                blocks.append({"type": "tool_use", "id": block.id, "name": block.name, "input": block.input})
        messages.append({"role": "assistant", "content": blocks})

        results = []
        for block in calls:
            fn_args = block.input if isinstance(block.input, dict) else None
            print(f"  call: {block.name}({json.dumps(fn_args, ensure_ascii=False)})", file=sys.stderr)
            content, is_error = answer_tool(block.name, fn_args)
            print(f"  result: {content}", file=sys.stderr)
            results.append(
                {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}
            )
        messages.append({"role": "user", "content": results})   # all results of a turn in ONE message

"""

# Both loops end alike: out of turns, and the command line that picks the model.
_ENDING = """    print(f"reached MAX_TURNS ({MAX_TURNS}) without a final answer", file=sys.stderr)
    return 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=MODEL)
    sys.exit(run_agent(parser.parse_args().model))
"""
