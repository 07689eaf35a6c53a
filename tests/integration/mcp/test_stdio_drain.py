"""`mcp-server` answers every request a client piped in, even when its stdin closed at once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from desktop_app.mcp.server.stdio_drain import Owed

REPO = Path(__file__).resolve().parents[3]

# a server whose one tool takes half a second: the client's EOF arrives while it runs
SLOW_SERVER = """
import asyncio, sys
from desktop_app.mcp.server.serve import serve
from desktop_app.tools.registry import ToolRegistry, tool

@tool()
async def slow_echo(text: str) -> dict:
    '''Echo after a pause.

    Args:
        text: what to echo
    '''
    await asyncio.sleep(0.5)
    return {"echo": text}

sys.exit(serve(ToolRegistry([slow_echo])))
"""

INIT = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "pipe", "version": "0"}}


def _piped(script: str, requests: list[dict[str, object]]) -> list[dict[str, object]]:
    """Every line at once into the server's stdin, which is then closed; the replies with an id."""
    payload = "".join(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run(
        [sys.executable, "-c", script], input=payload, capture_output=True, text=True, timeout=60, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    return [m for m in map(json.loads, done.stdout.splitlines()) if "id" in m]


def test_a_call_still_running_at_eof_gets_its_reply() -> None:
    replies = _piped(
        SLOW_SERVER,
        [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INIT},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "slow_echo", "arguments": {"text": "hi"}},
            },
        ],
    )
    assert [r["id"] for r in replies] == [1, 2]  # the SDK alone cancels call 2 at stdin's EOF
    assert '"echo": "hi"' in json.dumps(replies[1])


def test_the_real_command_answers_a_piped_listing() -> None:
    script = "import sys; from desktop_app.cli import main; sys.exit(main(['mcp-server']))"
    requests: list[dict[str, object]] = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INIT},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": "list", "method": "tools/list"},
    ]
    replies = _piped(script, requests)
    assert [r["id"] for r in replies] == [1, "list"] and "get_weather" in json.dumps(replies[1])


def test_owed_ids_follow_requests_and_replies_only() -> None:
    owed = Owed()
    owed.note(b'{"jsonrpc": "2.0", "id": 7, "method": "tools/list"}\n', incoming=True)
    owed.note(b'[{"jsonrpc": "2.0", "id": "a", "method": "ping"}]\n', incoming=True)  # a batch
    owed.note(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n', incoming=True)
    owed.note(b'{"jsonrpc": "2.0", "id": 99, "result": {}}\n', incoming=True)  # the client answering us
    owed.note(b'{"jsonrpc": "2.0", "id": 5, "method": "elicitation/create"}\n', incoming=False)  # we ask
    owed.note(b"not json\n", incoming=True)
    assert not owed.wait_paid(0)
    owed.note(b'{"jsonrpc": "2.0", "id": 7, "result": {"tools": []}}\n', incoming=False)
    assert not owed.wait_paid(0)  # "a" is still owed ("7" and 7 are not confused either)
    owed.note(b'{"jsonrpc": "2.0", "id": "7", "result": {}}\n', incoming=False)
    assert not owed.wait_paid(0)
    owed.note(b'{"jsonrpc": "2.0", "id": "a", "error": {"code": 1, "message": "x"}}\n', incoming=False)
    assert owed.wait_paid(0)


def test_no_stdin_at_all_is_one_clear_line() -> None:
    done = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m desktop_app mcp-server <&-"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "travel-assistant: mcp-server speaks MCP on stdin/stdout; an MCP client starts it\n"


REAL_SERVER = "import sys; from desktop_app.cli import main; sys.exit(main(['mcp-server']))"


def _raw_piped(script: str, payload: bytes) -> tuple[list[dict[str, object]], str]:
    """Bytes into the real server's stdin, then EOF; it must exit by itself (timeout otherwise)."""
    done = subprocess.run([sys.executable, "-c", script], input=payload, capture_output=True, timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    replies = [m for m in map(json.loads, done.stdout.decode().splitlines()) if "id" in m]
    return replies, done.stderr.decode()


def _around(*middle: bytes) -> bytes:
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INIT}
    ready = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    listing = {"jsonrpc": "2.0", "id": "list", "method": "tools/list"}
    return b"".join([json.dumps(init).encode() + b"\n", json.dumps(ready).encode() + b"\n", *middle]) + (
        json.dumps(listing).encode() + b"\n"
    )


def test_a_100000_deep_line_neither_kills_the_relay_nor_keeps_the_server_up() -> None:
    deep = b'{"jsonrpc": "2.0", "id": 9, "method": "ping", "params": {"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}\n"
    replies, err = _raw_piped(REAL_SERVER, _around(deep, b"[" * 100_000 + b"\n"))
    ids = [r["id"] for r in replies]
    assert ids[0] == 1 and "list" in ids and "RecursionError" not in err


def test_a_line_over_the_size_limit_is_dropped_in_one_line_and_the_server_exits() -> None:
    script = "import desktop_app.jsonsafe as j; j.MAX_DOCUMENT_BYTES = 4096\n" + REAL_SERVER
    huge = b'{"jsonrpc": "2.0", "id": 8, "method": "ping", "params": {"a": "' + b"x" * 200_000 + b'"}}\n'
    replies, err = _raw_piped(script, _around(huge))
    assert [r["id"] for r in replies] == [1, "list"]
    assert err.count("a message of more than 4096 bytes was dropped") == 1


def test_owed_ignores_deep_and_non_finite_lines_without_recursion() -> None:
    owed = Owed()
    owed.note(b"[" * 100_000 + b"]" * 100_000 + b"\n", incoming=True)
    assert owed.wait_paid(0)
    owed.note(b'{"jsonrpc": "2.0", "id": 3, "method": "x", "params": {"n": NaN}}\n', incoming=True)
    assert not owed.wait_paid(0)  # the SDK may still answer it: its id is owed
