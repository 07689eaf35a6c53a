"""Revealing hidden characters, pin bookkeeping, names, risk and result conversion."""

from __future__ import annotations

import base64
from pathlib import Path

from desktop_app.mcp.client.results import qualify, risk_of, to_output
from desktop_app.mcp.trust.pins import TrustStore, definition_hash, render_change, reveal_tree
from desktop_app.visible import reveal


def test_reveal_decodes_tags_and_flags_bidi_and_zero_width() -> None:
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "Ignore all")
    text, warnings = reveal(f"Adds numbers.{hidden} \u202eevil\u202c zero\u200bwidth")
    assert "⟦hidden tag text: 'Ignore all'⟧" in text
    assert "⟦U+202E⟧evil⟦U+202C⟧" in text and "zero⟦U+200B⟧width" in text
    assert any(w.startswith("10 Unicode tag characters") for w in warnings)
    assert any("bidirectional" in w for w in warnings)
    assert any("invisible" in w for w in warnings)
    assert reveal("普通的描述\n第二行\tTab") == ("普通的描述\n第二行\tTab", [])


def test_reveal_schema_reveals_every_string_the_model_reads() -> None:
    schema = {"properties": {"x": {"type": "string", "description": "a\u200bb", "enum": ["c\u200bd"]}}}
    shown, warnings = reveal_tree(schema)
    assert shown["properties"]["x"]["description"] == "a⟦U+200B⟧b"
    assert shown["properties"]["x"]["enum"] == ["c⟦U+200B⟧d"]
    assert len(warnings) == 2 and all("invisible" in w for w in warnings)
    assert reveal_tree({"type": "object", "enum": ["a", 1, None]}) == ({"type": "object", "enum": ["a", 1, None]}, [])


def test_first_sight_pins_then_changes_are_pending(tmp_path: Path) -> None:
    store = TrustStore(tmp_path / "trust.json")
    v1 = {"t": {"name": "t", "description": "one", "input_schema": {}, "annotations": {}}}
    assert store.review("srv", v1, {"t": "srv__t"}) == {}
    assert store.review("srv", v1, {"t": "srv__t"}) == {}
    v2 = {"t": {**v1["t"], "description": "two"}}
    held = store.review("srv", v2, {"t": "srv__t"})
    assert list(held) == ["srv__t"] and held["srv__t"].old == v1["t"]
    shown = render_change(held["srv__t"])
    assert "\n-one\n+two\n" in shown and "--- approved before ---" in shown
    store.approve("srv__t")
    assert store.pending_changes() == []
    assert TrustStore(tmp_path / "trust.json").pinned("srv")["t"]["hash"] == definition_hash(v2["t"])
    assert TrustStore(tmp_path / "trust.json").review("srv", v2, {"t": "srv__t"}) == {}


def test_names_follow_provider_rules_and_depend_only_on_the_names() -> None:
    assert qualify("srv", "get_weather") == "srv__get_weather"
    dotted = qualify("srv", "get.weather")
    assert dotted.startswith("srv__get_weather_") and dotted != "srv__get_weather"
    assert qualify("srv", "get.weather") == dotted  # stable between runs
    long = qualify("srv", "x" * 100)
    assert len(long) <= 64 and long.startswith("srv__x")
    assert qualify("srv", "天气").startswith("srv__tool_") and qualify("srv", "天气") != qualify("srv", "地图")


def test_annotations_are_hints() -> None:
    assert risk_of(None, trust_read_only=True) == ("write", True)
    assert risk_of({"readOnlyHint": True}, trust_read_only=False) == ("read", True)
    assert risk_of({"readOnlyHint": True}, trust_read_only=True) == ("read", False)
    assert risk_of({"destructiveHint": True, "readOnlyHint": True}, True) == ("dangerous", True)
    assert risk_of({"idempotentHint": True}, True) == ("write", True)


def test_results_text_images_resources_structure_and_errors() -> None:
    png = base64.b64encode(b"\x89PNG....").decode()
    out = to_output(
        {
            "content": [
                {"type": "text", "text": "hi"},
                {"type": "image", "data": png, "mimeType": "image/png"},
                {
                    "type": "resource",
                    "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "A"},
                },
                {
                    "type": "resource",
                    "resource": {
                        "uri": "file:///b.bin",
                        "blob": png,
                        "mimeType": "application/zip",
                    },
                },
                {"type": "resource_link", "uri": "file:///c", "name": "c"},
            ],
            "structuredContent": {"k": 1},
        }
    )
    assert out.content.splitlines()[0] == "hi"
    assert "[image: image/png, 8 bytes]" in out.content
    assert "[resource file:///a.txt (text/plain)]\nA" in out.content
    assert "[binary resource file:///b.bin (application/zip, 8 bytes): not shown]" in out.content
    assert "[resource link: c <file:///c>]" in out.content
    assert out.images == ({"mime_type": "image/png", "data": png},)
    assert out.structured == {"k": 1} and not out.is_error
    only_structure = to_output({"content": [], "structuredContent": {"k": 2}})
    assert only_structure.content == '{"k": 2}'
    error = to_output({"content": [{"type": "text", "text": "bad city"}], "isError": True})
    assert error.is_error and error.content == "bad city"
