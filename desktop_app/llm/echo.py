"""Calls that came in from outside: a call a model "recovers" from its text is not its own when the
same call already stands in something it read (a tool result, a resource, a prompt, a skill).
Repeating it is the injection path, so such a call never runs (llm/text_calls asks here)."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Sequence
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message


def _squash(text: str) -> str:
    """Text without blanks and backslashes: a call echoed from a JSON-escaped result still matches."""
    return re.sub(r"[\s\\]+", "", text)


def squashed(outside: Sequence[str]) -> list[str]:
    """The outside texts as `echoed` compares them, made once per answer (tool results can be long)."""
    return [_squash(text) for text in outside]


def echoed(name: str, args: Any, flat_outside: Sequence[str]) -> bool:
    """The call (its name in a call's shape, and its arguments) already stands in text that came in
    from outside (`squashed`): the model repeating it is not the model's own call."""
    if not flat_outside:
        return False
    shapes: tuple[str, ...] = (f'"name":"{name}"', f'name="{name}"', f"name='{name}'", f"function={name}>")
    shapes += (f"functions.{name}:", f"{name}[ARGS]", f'"{name}":{{')
    if isinstance(args, str):
        with contextlib.suppress(ValueError):
            args = jsonsafe.loads(args) if args.strip() else {}
    forms: set[str] = set()
    with contextlib.suppress(ValueError, RecursionError):
        forms = {json.dumps(args, ensure_ascii=a, sort_keys=k) for a in (False, True) for k in (False, True)}
    for flat in flat_outside:
        if any(shape in flat for shape in shapes) and (not args or any(_squash(f) in flat for f in forms)):
            return True
    return False


def outside_texts(messages: Sequence[Message], system: Sequence[str] = ()) -> list[str]:
    """Everything in a conversation the model did not write: tool results, the person's messages
    (resources and prompts arrive inside them) and the system prompt (a skill's text)."""
    return [*system, *(m.content for m in messages if not isinstance(m, AssistantMessage))]
