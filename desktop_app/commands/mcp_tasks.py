"""`mcp tasks` / `mcp tasks cancel` / `mcp tasks result` (CONTRACT.md): MCP tasks a run started and
did not see to the end (the app quit, the server was lost), from the data folder's mcp-tasks.json.

A stdio server's tasks ended with its process: asking later usually gets "not found" (then forgotten)."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from desktop_app import jsonsafe
from desktop_app.commands.flags import fail, say
from desktop_app.commands.mcp_resources import _servers
from desktop_app.mcp.client import tasks
from desktop_app.mcp.client.manager import settled
from desktop_app.mcp.client.results import to_output
from desktop_app.mcp.client.task_book import TaskBook

INVALID_PARAMS = -32602  # the spec's answer for a task id the server does not know


def list_command(as_json: bool) -> int:
    book = TaskBook()
    found = book.records()
    if book.problem:
        return fail(book.problem)
    if as_json:
        print(jsonsafe.dumps([r.to_json() for r in found], indent=2))
    elif not found:
        print("no MCP tasks left running by an earlier run")
    else:
        for r in found:
            say(f"{r.server}  {r.task_id}  {r.tool}  started {r.started}")
    return 0


async def cancel_command(server: str, task_id: str, mcp_config: str) -> int:
    async def cancel(session: Any, types: Any) -> int:
        try:
            answer = await tasks.cancel(session, types, task_id)
        except Exception as exc:  # noqa: BLE001 - the server's refusal, said in one line
            return await _refused(session, types, server, task_id, exc)
        TaskBook().remove(server, task_id)
        say(tasks.status_line(str(answer.status), answer.status_message))
        return 0 if answer.status == "cancelled" else 1

    return await _with_session(server, mcp_config, cancel)


async def result_command(server: str, task_id: str, as_json: bool, mcp_config: str) -> int:
    async def fetch(session: Any, types: Any) -> int:
        try:
            state = await tasks.get(session, types, task_id)
        except Exception as exc:  # noqa: BLE001
            return await _refused(session, types, server, task_id, exc)
        if state.status not in tasks.TERMINAL:
            return fail(f"{tasks.status_line(str(state.status), state.status_message)}; no result yet")
        try:
            final = await tasks.final_result(session, types, state)
        except Exception as exc:  # noqa: BLE001
            return await _refused(session, types, server, task_id, exc)
        TaskBook().remove(server, task_id)
        output = to_output(final.model_dump(by_alias=True, mode="json", exclude_none=True))
        if as_json:
            data = {"server": server, "taskId": task_id, "status": state.status}
            print(jsonsafe.dumps({**data, "content": output.content, "is_error": output.is_error}, indent=2))
        else:
            say(output.content)
        return 1 if output.is_error else 0

    return await _with_session(server, mcp_config, fetch)


async def _refused(session: Any, types: Any, server: str, task_id: str, exc: Exception) -> int:
    """The server refused: a task it does not know is forgotten; anything else is only said."""
    message = getattr(exc, "message", "") or str(exc) or type(exc).__name__
    unknown = getattr(exc, "code", None) == INVALID_PARAMS
    if unknown:
        # cancelling a task that already ended is refused the same way: it may still have a result
        # (not found either: the server has forgotten it)
        with contextlib.suppress(Exception):
            state = await tasks.get(session, types, task_id)
            return fail(f"{message}; the task is {state.status} (`mcp tasks result {server} {task_id}`)")
        if TaskBook().remove(server, task_id):
            message += "; the record of it is forgotten"
    return fail(f"MCP server {server!r}: {message}")


async def _with_session(server: str, mcp_config: str, each: Callable[[Any, Any], Awaitable[int]]) -> int:
    """Start only `server`, then `each(session, types)` on it."""
    async with settled(_servers(mcp_config, only=server)) as manager:
        conn = manager.connection(server)
        if conn is None or conn.state != "ready" or conn.client is None:
            return fail(f"MCP server {server!r} failed: {conn.reason if conn else 'not configured'}")
        types = (await manager.sdk()).types
        return await each(conn.client.session, types)
