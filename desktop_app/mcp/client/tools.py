"""A server's tools/list made safe to offer: schemas checked, task-only tools marked, on one worker thread."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from desktop_app.mcp.apps.views import resource_uri, visibility
from desktop_app.mcp.trust.pins import pinned_definition, reveal_definition

TASK_NOTE = 'run as an MCP task (execution.taskSupport "required"): created, polled, its result fetched'


PREPARE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mcp-prepare")


@dataclass(frozen=True)
class PreparedTool:
    """One listed tool, checked and made readable (computed off the event loop)."""

    tool: str
    definition: dict[str, Any]  # what is pinned (trust.pinned_definition)
    description: str  # hidden characters made visible
    schema: dict[str, Any]
    annotations: dict[str, Any]
    title: str
    warnings: tuple[str, ...]
    needs_task: bool = False  # `execution.taskSupport: "required"`: only callable as an MCP task
    ui_resource: str = ""  # MCP Apps: the `ui://` view its `_meta.ui.resourceUri` names
    visibility: tuple[str, ...] = ("model", "app")  # `_meta.ui.visibility`: who may call it


def prepare_tools(listed: list[Any]) -> list[PreparedTool]:
    """SDK Tool objects to PreparedTools: pure work, run in a thread so a window never stutters."""
    out = []
    for item in listed:
        wire = item.model_dump(by_alias=True, mode="json", exclude_none=True)
        shown, notes = reveal_definition(wire)  # every string the model could be sent, hidden characters shown
        schema, problem = _usable_schema(shown.get("inputSchema") or {})
        annotations = wire.get("annotations") or {}
        title = shown.get("title") or (shown.get("annotations") or {}).get("title", "")
        notes += [problem] if problem else []
        execution = wire.get("execution")  # `taskSupport: "required"`: it works only as an MCP task
        out.append(
            PreparedTool(
                tool=wire["name"],
                definition=pinned_definition(wire),
                description=str(shown.get("description") or title or shown["name"]),
                schema=schema,
                annotations=annotations,
                title=str(title),
                warnings=tuple(notes),
                needs_task=isinstance(execution, dict) and execution.get("taskSupport") == "required",
                ui_resource=resource_uri(wire.get("_meta")),
                visibility=visibility(wire.get("_meta")),
            )
        )
    return out


def _usable_schema(schema: Any) -> tuple[dict[str, Any], str]:
    """An object schema providers accept; an invalid one is replaced (and the tool warned about)."""
    import jsonschema

    if not isinstance(schema, dict):
        return {"type": "object", "properties": {}}, "input schema is not an object; replaced"
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        return (
            {"type": "object", "properties": {}},
            f"input schema is not valid JSON Schema ({exc.message}); arguments go unchecked",
        )
    fixed = dict(schema)
    fixed.setdefault("type", "object")
    if fixed.get("type") == "object":
        fixed.setdefault("properties", {})
    return fixed, ""


MAX_PAGES = 50  # a paginator that never ends cannot hang us


async def every_page(ask: Callable[[str | None], Awaitable[Any]], field: str, limit: int | None = None) -> list[Any]:
    """Every page of one listing (tools/list, resources/list, …): `ask(cursor)` for each page, the
    items under `field`; at most MAX_PAGES pages and `limit` items."""
    found: list[Any] = []
    cursor = None
    for _ in range(MAX_PAGES):
        page = await ask(cursor)
        found += list(getattr(page, field) or [])
        cursor = page.next_cursor
        if not cursor or (limit is not None and len(found) >= limit):
            break
    return found[:limit]
