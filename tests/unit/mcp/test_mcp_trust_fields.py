"""What a pin covers (every field that changes what a tool does or shows) and how an older pin is read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.mcp.trust.pins import TrustStore, definition_hash, pinned_definition, pretty_definition

WIRE: dict[str, Any] = {"name": "t", "description": "d", "inputSchema": {"type": "object"}}
OLD = {"name": "t", "description": "d", "input_schema": {"type": "object"}, "annotations": {}}


@pytest.mark.parametrize(
    "change",
    [
        {"_meta": {"ui": {"resourceUri": "ui://s/v.html"}}},
        {"_meta": {"ui/resourceUri": "ui://s/v.html"}},
        {"_meta": {"ui": {"visibility": ["app"]}}},
        {"_meta": {"openai/outputTemplate": "ui://s/v.html"}},
        {"execution": {"taskSupport": "required"}},
        {"title": "Trusted by IT"},
        {"outputSchema": {"type": "object"}},
        {"annotations": {"readOnlyHint": True}},
    ],
)
def test_every_field_that_changes_the_tool_changes_the_pin(change: dict[str, Any]) -> None:
    assert definition_hash(pinned_definition({**WIRE, **change})) != definition_hash(pinned_definition(WIRE))


def test_a_tool_without_the_newer_fields_hashes_as_older_pins_did() -> None:
    assert pinned_definition(WIRE) == OLD


def test_the_review_shows_meta_and_execution() -> None:
    shown = pretty_definition(pinned_definition({**WIRE, "_meta": {"ui": {"resourceUri": "ui://s/v\u200b"}}}))
    assert "_meta:" in shown and "ui://s/v⟦U+200B⟧" in shown


def _old_file(path: Path, definition: dict[str, Any]) -> None:
    pin = {"hash": definition_hash(definition), "definition": definition, "approved_at": "2026-01-01T00:00:00Z"}
    path.write_text(json.dumps({"version": 1, "servers": {"srv": {"tools": {"t": pin}}}}), "utf-8")


@pytest.mark.parametrize(
    ("extra", "held"),
    [({}, False), ({"title": "T", "outputSchema": {"type": "object"}}, False), ({"_meta": {"ui": {}}}, True)],
)
def test_an_older_pin(tmp_path: Path, extra: dict[str, Any], held: bool) -> None:
    _old_file(tmp_path / "trust.json", OLD)
    store = TrustStore(tmp_path / "trust.json")
    changes = store.review("srv", {"t": pinned_definition({**WIRE, **extra})}, {"t": "srv__t"})
    assert bool(changes) is held
    if held:
        assert changes["srv__t"].upgrade and "earlier version" in changes["srv__t"].reason
    else:
        assert TrustStore(tmp_path / "trust.json").pinned("srv")["t"]["fields"] == 2


def test_an_older_pin_that_no_longer_matches_is_a_plain_change(tmp_path: Path) -> None:
    _old_file(tmp_path / "trust.json", OLD)
    changes = TrustStore(tmp_path / "trust.json").review(
        "srv", {"t": pinned_definition({**WIRE, "description": "other", "_meta": {"ui": {}}})}, {"t": "srv__t"}
    )
    assert not changes["srv__t"].upgrade and "changed its definition" in changes["srv__t"].reason
