"""Good arguments of plain schemas pass without jsonschema, so an offline run's tool calls never import it.

jsonschema costs about 4 MB (with attrs, referencing and rpds) and ~20 ms holding the GIL to
import. Anything this check does not fully understand, or finds wrong, goes to jsonschema, which
alone words the errors: the verdicts are jsonschema's, only reached sooner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ANNOTATIONS = frozenset({"description", "title", "default", "examples", "$comment", "deprecated"})
TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}
SCALARS = (str, int, float, bool, type(None))


def surely_valid(schema: Any, value: Any) -> bool:
    """True only when `value` meets `schema` and every keyword of it is one this check knows."""
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    for key, rule in schema.items():
        if key in ANNOTATIONS:
            continue
        check = KEYWORDS.get(key)
        if check is None or not check(rule, value, schema):
            return False
    return True


def _type(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    names = [rule] if isinstance(rule, str) else rule
    if not isinstance(names, list) or not all(isinstance(n, str) and n in TYPES for n in names):
        return False
    return any(TYPES[n](value) for n in names)


def _properties(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    if not isinstance(rule, dict):
        return False
    if not isinstance(value, dict):
        return True  # properties constrain objects only
    return all(surely_valid(sub, value[k]) for k, sub in rule.items() if k in value)


def _required(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    if not isinstance(rule, list) or not all(isinstance(k, str) for k in rule):
        return False
    return not isinstance(value, dict) or all(k in value for k in rule)


def _additional(rule: Any, value: Any, schema: dict[str, Any]) -> bool:
    known = schema.get("properties", {})
    if not isinstance(value, dict) or not isinstance(known, dict):
        return isinstance(known, dict)
    return all(surely_valid(rule, v) for k, v in value.items() if k not in known)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values, for scalars of one type only (the rest is left to jsonschema)."""
    return isinstance(a, SCALARS) and type(a) is type(b) and a == b


def _enum(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    return isinstance(rule, list) and any(_same(value, member) for member in rule)


def _const(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    return _same(value, rule)


def _any_of(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    return isinstance(rule, list) and any(surely_valid(sub, value) for sub in rule)


def _items(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
    if not (rule is True or isinstance(rule, dict)):
        return False
    return not isinstance(value, list) or all(surely_valid(rule, v) for v in value)


def _bound(within: Callable[[Any, Any], bool], of: Callable[[Any], bool]) -> Callable[[Any, Any, Any], bool]:
    """A numeric limit on the values `of` accepts (numbers, strings' lengths, lists' lengths)."""

    def check(rule: Any, value: Any, _schema: dict[str, Any]) -> bool:
        if not TYPES["number"](rule):
            return False
        return not of(value) or within(_size(value), rule)

    return check


def _size(value: Any) -> Any:
    return len(value) if isinstance(value, str | list) else value


KEYWORDS: dict[str, Callable[[Any, Any, dict[str, Any]], bool]] = {
    "type": _type,
    "properties": _properties,
    "required": _required,
    "additionalProperties": _additional,
    "enum": _enum,
    "const": _const,
    "anyOf": _any_of,
    "items": _items,
    "minimum": _bound(lambda v, r: v >= r, TYPES["number"]),
    "maximum": _bound(lambda v, r: v <= r, TYPES["number"]),
    "exclusiveMinimum": _bound(lambda v, r: v > r, TYPES["number"]),
    "exclusiveMaximum": _bound(lambda v, r: v < r, TYPES["number"]),
    "minLength": _bound(lambda v, r: v >= r, TYPES["string"]),
    "maxLength": _bound(lambda v, r: v <= r, TYPES["string"]),
    "minItems": _bound(lambda v, r: v >= r, TYPES["array"]),
    "maxItems": _bound(lambda v, r: v <= r, TYPES["array"]),
}
