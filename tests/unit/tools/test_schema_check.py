"""The plain-schema check never calls valid what jsonschema rejects, and it knows the built-in tools' schemas."""

from __future__ import annotations

import itertools
import subprocess
import sys
from typing import Any

import jsonschema
import pytest

from desktop_app.runtime import weather_config
from desktop_app.store.settings import Settings
from desktop_app.tools.schema_check import surely_valid
from desktop_app.tools.travel import travel_tools
from desktop_app.tools.web import WebConfig, WebTools

NULLABLE_INT = {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 60}, {"type": "null"}], "default": None}
SCHEMAS: list[Any] = [
    True,
    False,
    {},
    {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["n"]},
    {"type": "object", "properties": {"n": NULLABLE_INT}, "additionalProperties": False},
    {"type": "object", "additionalProperties": {"type": "string", "minLength": 2, "maxLength": 3}},
    {"type": ["string", "null"], "enum": ["a", "b", None]},
    {"const": 1},
    {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
    {"type": "array", "items": {"type": "boolean"}, "minItems": 1, "maxItems": 2},
    {"type": "string", "pattern": "^a"},  # unknown to the check: always jsonschema's
    {"type": "object", "properties": {"d": {"$ref": "#/$defs/d"}}, "$defs": {"d": {"type": "string"}}},
    {"type": "bogus"},
]
VALUES: list[Any] = [None, True, False, 0, 1, 1.0, 3, 0.5, 7, "", "a", "abc", "abcd", [], [True], [1], [True] * 3]
VALUES += [{}, {"n": 1}, {"n": None}, {"n": True}, {"n": 1.0}, {"n": 61}, {"n": "1"}, {"x": "ab"}, {"d": 1}]


def _jsonschema_valid(schema: Any, value: Any) -> bool:
    try:
        return not list(jsonschema.Draft202012Validator(schema).iter_errors(value))
    except (jsonschema.exceptions.SchemaError, jsonschema.exceptions.UnknownType):
        return False


@pytest.mark.parametrize(("schema", "value"), list(itertools.product(SCHEMAS, VALUES)))
def test_never_valid_where_jsonschema_says_no(schema: Any, value: Any) -> None:
    if surely_valid(schema, value):
        assert _jsonschema_valid(schema, value)


def test_the_built_in_tools_plain_arguments_need_no_jsonschema() -> None:
    tools = {t.name: t.parameters for t in travel_tools(weather_config(Settings())) + WebTools(WebConfig()).tools()}
    calls = {
        "get_weather": {"city": "三亚", "date": "2026-12-07"},
        "get_flight_price": {"origin": "北京", "destination": "三亚", "depart_date": None, "passengers": 2},
        "get_hotel_price": {"city": "三亚", "stars": 4, "nights": 3, "check_in": "2026-12-07"},
        "update_trip": {"date": "2026-12-07", "plan": "海边", "place": "亚龙湾"},
        "web_search": {"query": "三亚"},
    }
    for name, args in calls.items():
        assert surely_valid(tools[name], args), name
    assert not surely_valid(tools["get_hotel_price"], {"city": "三亚", "stars": 6})  # left to jsonschema's wording


def test_an_offline_tool_call_does_not_load_jsonschema() -> None:
    code = (
        "import sys; from desktop_app.tools.registry import validate_arguments;"
        "s = {'type': 'object', 'properties': {'city': {'type': 'string'}}, 'required': ['city']};"
        "assert validate_arguments(s, {'city': '三亚'}) is None; print('jsonschema' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr
