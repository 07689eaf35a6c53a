"""The shared core: hidden characters made visible for a terminal, JSON parsed and printed without recursion."""

from __future__ import annotations

import json
import math

import pytest

from desktop_app import jsonsafe
from desktop_app.core import events as ev
from desktop_app.llm.arguments import read_arguments
from desktop_app.llm.redact import redact
from desktop_app.visible import for_terminal, json_visible


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[2J", "\\x1b[2J"),
        ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),
        ("\x9b31m", "\\x9b31m"),
        ("a\x7fb\rc", "a\\x7fb\\x0dc"),
        ("\u202eevil\u2066", "<U+202E>evil<U+2066>"),
        ("zero\u200bwidth\ufeff", "zero<U+200B>width<U+FEFF>"),
        ("\U000e0041\U000e0042", "<U+E0041><U+E0042>"),
        ("\ud800", "<U+D800>"),
        ("三亚 33°C\n\tok", "三亚 33°C\n\tok"),
    ],
)
def test_for_terminal_shows_controls_as_escapes(raw: str, shown: str) -> None:
    assert for_terminal(raw) == shown


def test_json_visible_keeps_the_value() -> None:
    value = {"t": "\u202e\x9b\U000e0041三亚\ud800"}
    text = json_visible(json.dumps(value, ensure_ascii=False))
    assert text.isascii() is False and "\u202e" not in text and "\x9b" not in text and "\ud800" not in text
    assert json.loads(text) == value


def test_deep_text_is_refused_without_recursion() -> None:
    deep = "[" * 200_000 + "]" * 200_000
    with pytest.raises(ValueError, match="nested deeper than 128 levels"):
        jsonsafe.loads(deep)
    assert jsonsafe.loads_pruned('{"a": ' + deep + ', "b": "[[[{"}', 3) == {"a": [[jsonsafe.TOO_DEEP]], "b": "[[[{"}
    brackets = "[" * 500  # inside a string they are text, not nesting
    assert jsonsafe.loads(json.dumps({"s": brackets}), 2) == {"s": brackets}


def test_arguments_at_the_limit_pass_one_more_level_fails() -> None:
    at_limit = '{"a": ' + "[" * 63 + "]" * 63 + "}"
    assert read_arguments(at_limit)[0] is not None
    args, raw, problem = read_arguments('{"a": ' + "[" * 64 + "]" * 64 + "}")
    assert args is None and problem == "are nested deeper than 64 levels" and raw.startswith('{"a": [[')
    nested: dict[str, object] = {}
    node = nested
    for _ in range(5000):  # as an SDK would hand over an already parsed object
        node["x"] = node = {}
    assert read_arguments(nested) == (None, "", "are nested deeper than 64 levels")
    assert read_arguments({"n": math.nan})[2] == jsonsafe.NOT_FINITE


def test_event_serialiser_never_prints_nan_or_recurses() -> None:
    deep: list[object] = []
    node = deep
    for _ in range(5000):
        node.append([])
        node = node[0]  # type: ignore[assignment]
    event = ev.ModelResponseEvent(1, {"x": math.inf, "y": -math.nan, "t": "\u202e"}, 0)

    def refuse(name: str) -> object:
        raise ValueError(name)

    data = json.loads(jsonsafe.dumps(event.to_dict()), parse_constant=refuse)
    assert data["body"] == {"x": "inf", "y": "nan", "t": "\u202e"}
    cut = json.loads(jsonsafe.dumps({"deep": deep}))
    assert json.dumps(cut).count("[") <= jsonsafe.MAX_DOCUMENT_DEPTH and jsonsafe.TOO_DEEP in json.dumps(cut)


def test_redacted_bodies_are_cut_below_the_document_depth() -> None:
    deep: dict[str, object] = {}
    node = deep
    for _ in range(900):
        node["k"] = node = {}
    cut = redact({"body": deep})
    assert json.dumps(cut).count("{") == jsonsafe.MAX_DOCUMENT_DEPTH
