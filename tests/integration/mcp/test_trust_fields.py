"""A pin covers every field that changes what a tool does or shows: a trusted tool that later gains an
App view (`_meta.ui`), a `visibility`, an `execution` mode, a title or an output schema is a changed
tool. Pins written by the earlier version (name, description, input schema and annotations only)
stay readable: a tool they still describe stays trusted, unless it now has a `_meta` or `execution`
they never vouched for, which is shown once (and says so). Real server processes, real pin files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.trust.pins import CORE_FIELDS, PIN_FIELDS, approved_text, definition_hash, render_change
from desktop_app.paths import config_dir
from desktop_app.tools.registry import ToolRegistry

from .conftest import toy

VIEW = {"ui": {"resourceUri": "ui://mut/weather.html"}}
APP_ONLY = {"ui": {"resourceUri": "ui://mut/weather.html", "visibility": ["app"]}}


async def _statuses(**env: str) -> tuple[dict[str, str], McpManager]:
    """Start the toy server once with `env`; each tool's status, and the (closed) manager."""
    registry = ToolRegistry()
    manager = McpManager([toy("mut", "mutable", env={"TOY_VERSION": "v1", **env})], registry)
    manager.start()
    try:
        await manager.wait_ready(60)
        assert manager.statuses()[0].state == "ready", manager.statuses()[0].reason
        return {t.name: t.status for t in registry.all() if t.source == "mcp:mut"}, manager
    finally:
        await manager.aclose()


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({}, {"TOY_META": json.dumps(VIEW)}),  # gains an App view
        ({"TOY_META": json.dumps(VIEW)}, {"TOY_META": json.dumps(APP_ONLY)}),  # its visibility changes
        ({}, {"TOY_EXECUTION": "optional"}),  # gains an execution mode
        ({"TOY_EXECUTION": "optional"}, {"TOY_EXECUTION": "forbidden"}),
        ({}, {"TOY_TITLE": "Weather (verified by your IT department)"}),  # what is shown of it
    ],
    ids=["gains-ui", "visibility", "gains-execution", "execution-changes", "gains-title"],
)
async def test_a_trusted_tool_that_changes_any_field_is_held_back(
    app_home: Path, before: dict[str, str], after: dict[str, str]
) -> None:
    first, _ = await _statuses(**before)
    assert first["mut__weather"] == "ok"
    held, manager = await _statuses(**after)
    assert held["mut__weather"] == "changed"
    assert {name for name, status in held.items() if status == "changed"} == {"mut__weather"}
    (change,) = manager.pending_changes()
    assert "changed its definition" in change.reason and not change.upgrade
    shown = render_change(change)
    if "TOY_META" in after:
        assert "ui://mut/weather.html" in shown and "_meta:" in shown
    manager.approve("mut__weather")
    again, _ = await _statuses(**after)
    assert again["mut__weather"] == "ok"


def _as_the_earlier_version_wrote(pins: dict[str, Any]) -> dict[str, Any]:
    """The pin file the earlier version wrote for the same tools: the four fields it covered, no marker."""
    for entry in pins["servers"].values():
        for pin in entry["tools"].values():
            old = {key: pin["definition"][key] for key in CORE_FIELDS}
            pin.clear()
            pin.update({"hash": definition_hash(old), "definition": old, "approved_at": "2026-11-01T00:00:00Z"})
    return pins


def _rewrite_as_old() -> Path:
    path = config_dir() / "mcp-trust.json"
    path.write_text(json.dumps(_as_the_earlier_version_wrote(json.loads(path.read_text("utf-8")))), "utf-8")
    return path


async def test_old_pins_stay_trusted_and_are_brought_up_to_date(app_home: Path) -> None:
    await _statuses()
    path = _rewrite_as_old()
    statuses, _ = await _statuses()
    assert set(statuses.values()) == {"ok"}  # nothing held for a pin the earlier version wrote
    pins = json.loads(path.read_text("utf-8"))["servers"]["mut"]["tools"]
    assert all(pin["fields"] == PIN_FIELDS for pin in pins.values())  # now covering every field
    assert pins["weather"]["approved_at"] == "2026-11-01T00:00:00Z"  # when the user approved it, kept
    later, _ = await _statuses(TOY_META=json.dumps(VIEW))  # and a view gained after that is a change
    assert later["mut__weather"] == "changed"


async def test_an_old_pin_never_vouches_for_an_app_view_it_did_not_record(app_home: Path) -> None:
    await _statuses(TOY_META=json.dumps(VIEW), TOY_EXECUTION="optional")
    _rewrite_as_old()
    statuses, manager = await _statuses(TOY_META=json.dumps(VIEW), TOY_EXECUTION="optional")
    assert statuses["mut__weather"] == "changed"
    assert {name for name, status in statuses.items() if status == "changed"} == {"mut__weather"}
    (change,) = manager.pending_changes()
    assert change.upgrade and "earlier version" in change.reason and "_meta" in change.reason
    assert "earlier version" in approved_text(change)  # the review says why, once
    manager.approve("mut__weather")  # the user's explicit approval re-pins it
    again, _ = await _statuses(TOY_META=json.dumps(VIEW), TOY_EXECUTION="optional")
    assert again["mut__weather"] == "ok"
