"""An MCP server (stdio, protocol 2025-11-25) whose tools run only as tasks: `python task_server.py`.

Written on plain JSON-RPC: the mcp SDK 2.3.0 server has no task support on a 2025-11-25 wire (its
tools/call results are checked as CallToolResult, so a CreateTaskResult cannot be answered).
A task's state is worked out from the clock when it is asked about, so one thread is enough.
Every tasks/cancel it receives is appended to the file named by $TASK_SERVER_LOG; with
$TASK_SERVER_STATE its tasks are kept in that file, so a second process (a later run) knows them.

Tools (all `execution.taskSupport: "required"` but `echo`, which is "optional"):
- `survey(seconds)`: works `seconds`, its status message counting the steps, then answers.
- `doomed()`: fails at once; tasks/result answers the JSON-RPC error it failed with.
- `dropped()`: the server cancels it itself after a moment.
- `echo(text)`: plain tools/call answers at once.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from typing import Any

POLL_MS = 200  # below the client's 0.5 s floor on purpose
TASKS: dict[str, dict[str, Any]] = {}


def _stamp(when: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))


def _tool(name: str, props: dict[str, Any], support: str) -> dict[str, Any]:
    return {
        "name": name,
        "description": f"{name} (task support: {support})",
        "inputSchema": {"type": "object", "properties": props},
        "execution": {"taskSupport": support},
        "annotations": {"readOnlyHint": True},
    }


TOOLS = [
    _tool("survey", {"seconds": {"type": "number"}}, "required"),
    _tool("doomed", {}, "required"),
    _tool("dropped", {}, "required"),
    _tool("echo", {"text": {"type": "string"}}, "optional"),
]


def _state(task: dict[str, Any]) -> dict[str, Any]:
    """The task as tasks/get reports it, moved on by the clock."""
    now = time.time()
    elapsed = now - task["created"]
    if task["status"] == "working":
        if task["tool"] == "doomed":
            task["status"], task["message"] = "failed", "the fare database is down"
        elif task["tool"] == "dropped" and elapsed > 0.3:
            task["status"], task["message"] = "cancelled", "the server shut this task down"
        elif task["tool"] == "survey":
            seconds = float(task["args"].get("seconds", 1))
            if elapsed >= seconds:
                task["status"], task["message"] = "completed", "done"
            else:
                task["message"] = f"step {int(elapsed / seconds * 4) + 1} of 4"
    return {
        "taskId": task["id"],
        "status": task["status"],
        "statusMessage": task["message"],
        "createdAt": _stamp(task["created"]),
        "lastUpdatedAt": _stamp(now),
        "ttl": task["ttl"],
        "pollInterval": POLL_MS,
    }


def _log(text: str) -> None:
    path = os.environ.get("TASK_SERVER_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(text + "\n")


def _error(code: int, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def _call(params: dict[str, Any]) -> dict[str, Any]:
    name, args = params.get("name"), params.get("arguments") or {}
    if name == "echo" and "task" not in params:
        return {"result": {"content": [{"type": "text", "text": f"echo: {args.get('text', '')}"}]}}
    if name not in {t["name"] for t in TOOLS}:
        return _error(-32602, f"unknown tool {name}")
    if "task" not in params:
        return _error(-32601, f"tool {name} must be called as a task")
    task = {
        "id": uuid.uuid4().hex,
        "tool": name,
        "args": args,
        "created": time.time(),
        "status": "working",
        "message": "starting",
        "ttl": (params.get("task") or {}).get("ttl", 60000),
    }
    TASKS[task["id"]] = task
    return {"result": {"task": _state(task)}}


def _find(params: dict[str, Any]) -> dict[str, Any] | None:
    return TASKS.get(str(params.get("taskId", "")))


def _load() -> None:
    path = os.environ.get("TASK_SERVER_STATE")
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            TASKS.update(json.load(fh))


def _save() -> None:
    path = os.environ.get("TASK_SERVER_STATE")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(TASKS, fh)


def _tasks(method: str, params: dict[str, Any]) -> dict[str, Any]:
    task = _find(params)
    if task is None:
        return _error(-32602, "Task not found")
    state = _state(task)
    if method == "tasks/get":
        return {"result": state}
    if method == "tasks/cancel":
        _log(f"cancel {task['id']} {task['tool']}")
        if state["status"] != "working":
            return _error(-32602, f"task is already {state['status']}")
        task["status"], task["message"] = "cancelled", "cancelled by the client"
        return {"result": _state(task)}
    if state["status"] == "working":  # a real server would block; the client here asks only at the end
        return _error(-32602, "task is still working")
    if task["tool"] == "doomed":
        return _error(-32603, "fare database unreachable (connection refused)")
    if state["status"] == "cancelled":
        return _error(-32602, "task was cancelled")
    seconds = task["args"].get("seconds", 1)
    return {"result": {"content": [{"type": "text", "text": f"surveyed for {seconds} s: 3 hotels found"}]}}


def handle(message: dict[str, Any]) -> dict[str, Any] | None:
    method, params = message.get("method", ""), message.get("params") or {}
    if "id" not in message:
        return None  # notifications
    if method == "initialize":
        answer: dict[str, Any] = {
            "result": {
                "protocolVersion": "2025-11-25",
                "capabilities": {
                    "tools": {},
                    "tasks": {"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}},
                },
                "serverInfo": {"name": "task-toy", "version": "1.0"},
            }
        }
    elif method == "ping":
        answer = {"result": {}}
    elif method == "tools/list":
        answer = {"result": {"tools": TOOLS}}
    elif method == "tools/call":
        answer = _call(params)
    elif method in ("tasks/get", "tasks/result", "tasks/cancel"):
        answer = _tasks(method, params)
    else:
        answer = _error(-32601, f"method not found: {method}")
    return {"jsonrpc": "2.0", "id": message["id"], **answer}


def main() -> None:
    _load()
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = handle(json.loads(line))
        _save()
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
