"""Calling a tool as an MCP task (spec 2025-11-25 "Tasks"): create, poll, fetch the result, cancel.

The mcp SDK (2.3.0) has the task types but no task-aware call (it validates a `tools/call` answer as
a `CallToolResult`), so the request that creates the task goes through the session's raw channel
(`_create`), the rest through `send_request`; status notifications are dropped by the SDK: we poll."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

from desktop_app.mcp.client.task_book import TaskBook, TaskRecord

POLL_MIN, POLL_MAX, POLL_DEFAULT = 0.5, 10.0, 1.0  # seconds between tasks/get
TTL_MS = 3_600_000  # asked of the server: keep the task (and its result) an hour after creation
CANCEL_WITHIN = 1.5  # seconds a Stop waits for tasks/cancel (the caller gives up after 2 s)
TERMINAL = frozenset({"completed", "failed", "cancelled"})

Progress = Callable[[float, "float | None", "str | None"], Awaitable[None]]


def poll_seconds(interval_ms: Any) -> float:
    """The server's suggested interval (ms), bounded to [0.5 s, 10 s]; 1 s when it suggests none."""
    if not isinstance(interval_ms, int | float) or isinstance(interval_ms, bool) or interval_ms != interval_ms:
        return POLL_DEFAULT
    return min(max(interval_ms / 1000, POLL_MIN), POLL_MAX)


def status_line(status: str, message: str | None) -> str:
    return f"MCP task {status}" + (f": {message}" if message else "")


async def _create(session: Any, types: Any, tool: str, args: dict[str, Any], timeout: float) -> Any:
    """tools/call with a `task` field: a CreateTaskResult, or a CallToolResult when the server ran
    the call at once (allowed for a tool whose task support is optional)."""
    request = types.CallToolRequest(
        params=types.CallToolRequestParams(name=tool, arguments=args, task=types.TaskMetadata(ttl=TTL_MS))
    )
    data = request.model_dump(by_alias=True, mode="json", exclude_none=True)
    opts: dict[str, Any] = {"timeout": timeout}
    session._stamp(data, opts)
    raw = await session._dispatcher.send_raw_request(data["method"], data.get("params"), opts)
    if isinstance(raw, dict) and isinstance(raw.get("task"), dict):
        return types.CreateTaskResult.model_validate(raw, by_name=False)
    return types.CallToolResult.model_validate(raw, by_name=False)


async def get(session: Any, types: Any, task_id: str) -> Any:
    request = types.GetTaskRequest(params=types.GetTaskRequestParams(task_id=task_id))
    return await session.send_request(request, types.GetTaskResult)


async def result(session: Any, types: Any, task_id: str) -> Any:
    """tasks/result: what the tools/call would have returned (a CallToolResult, or the MCPError raised)."""
    request = types.GetTaskPayloadRequest(params=types.GetTaskPayloadRequestParams(task_id=task_id))
    return await session.send_request(request, types.CallToolResult)


async def cancel(session: Any, types: Any, task_id: str) -> Any:
    request = types.CancelTaskRequest(params=types.CancelTaskRequestParams(task_id=task_id))
    return await session.send_request(request, types.CancelTaskResult)


async def cancel_bounded(session: Any, types: Any, task_id: str, within: float = CANCEL_WITHIN) -> str:
    """tasks/cancel in its own task (the caller's own may be cancelled), waited for at most `within`
    seconds: the status the server answered, or why there is none."""
    sent = asyncio.ensure_future(cancel(session, types, task_id))
    done, _ = await asyncio.wait({sent}, timeout=within)
    if not done:
        sent.cancel()
        return f"no answer to tasks/cancel within {within:g} s"
    exc = sent.exception()
    if exc is not None:
        return f"tasks/cancel failed: {getattr(exc, 'message', '') or exc}"
    return str(sent.result().status)


async def call_as_task(
    session: Any,
    types: Any,
    *,
    server: str,
    tool: str,
    args: dict[str, Any],
    progress: Progress | None,
    timeout: float,
    book: TaskBook | None = None,
) -> Any:
    """Run `tool` as a task to its end: a CallToolResult (the server's own, or an error one for a
    task that failed or was cancelled). A cancelled caller sends tasks/cancel before re-raising."""
    created = await _create(session, types, tool, args, timeout)
    if isinstance(created, types.CallToolResult):
        return created
    task = created.task
    book = book or TaskBook()
    record = TaskRecord(server, tool, task.task_id, time.strftime("%Y-%m-%dT%H:%M:%S%z"))
    started = time.monotonic()
    try:
        await asyncio.to_thread(book.add, record)
        while True:  # each status (the last one too) reported as progress
            if progress is not None:
                await progress(round(time.monotonic() - started), None, status_line(task.status, task.status_message))
            if task.status in TERMINAL:
                break
            await asyncio.sleep(poll_seconds(task.poll_interval))
            task = await get(session, types, record.task_id)
        final = await final_result(session, types, task)
    except asyncio.CancelledError:
        answer = await cancel_bounded(session, types, record.task_id)
        if answer in TERMINAL:
            with contextlib.suppress(OSError):
                await asyncio.to_thread(book.remove, server, record.task_id)
        raise
    await asyncio.to_thread(book.remove, server, record.task_id)
    return final


async def final_result(session: Any, types: Any, task: Any) -> Any:
    """The result of a task that ended: tasks/result for completed and failed (the server's own error
    result when it has one), an error result for a cancelled task."""
    if task.status == "cancelled":
        return _error_result(types, f"the MCP task was cancelled{_said(task)}")
    try:
        return await result(session, types, task.task_id)
    except Exception as exc:
        if task.status == "completed":
            raise
        message = getattr(exc, "message", "") or str(exc) or type(exc).__name__
        return _error_result(types, f"the MCP task failed{_said(task)}: {message}")


def _said(task: Any) -> str:
    return f" ({task.status_message})" if task.status_message else ""


def _error_result(types: Any, text: str) -> Any:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)
