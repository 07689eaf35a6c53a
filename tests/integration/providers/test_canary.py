"""A canary key set with `keys set` reaches the request header and nothing else the app wrote."""

from __future__ import annotations

import base64
import importlib.util
import io
import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.store import secrets
from tests.integration.providers.conftest import SANYA
from tests.integration.providers.server import ScriptedServer
from tests.keyrings import MemoryKeyring, use_keyring

__all__ = ["use_keyring"]
CALLS = [("id_w", "get_weather", '{"city": "三亚"}')]


def canary_for(name: str) -> str:
    return ("sk-ant-" if name == "anthropic" else "sk-") + "CANARY7f3a9c2e51d84b06"


def save_flags() -> list[str]:
    """Save to history when the history store exists (it lands with the engine work)."""
    return [] if importlib.util.find_spec("desktop_app.store.history") else ["--no-save"]


def files_containing(root: Path, secret: str) -> list[str]:
    needles = [secret.encode(), base64.b64encode(secret.encode())]
    hits = []
    for path in root.rglob("*"):
        if path.is_file() and any(n in path.read_bytes() for n in needles):
            hits.append(str(path))
    return hits


def test_canary_key_only_in_the_request_header(
    dialect: Any,
    server: ScriptedServer,
    use_keyring: Any,
    app_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    ring = use_keyring(MemoryKeyring())
    canary = canary_for(dialect.name)
    monkeypatch.setattr("sys.stdin", io.StringIO(canary + "\n"))
    assert main(["keys", "set", dialect.name]) == 0
    assert ring.store[("travel-assistant", dialect.name)] == canary
    assert canary not in "".join(capsys.readouterr())

    server.push(
        dialect.reply("", CALLS, stream=True),
        dialect.reply("三亚 33°C，晴。", (), stream=True),
        dialect.error(401, f"Incorrect API key provided: {canary}"),  # vendors echo keys
    )
    base = f"{server.url}/v1" if dialect.name == "openai" else server.url
    flags = ["--provider", dialect.name, "--base-url", base, "--json", "--wire"]
    assert main(["ask", SANYA, *flags, *save_flags()]) == 0
    assert main(["ask", "再查一次", *flags, *save_flags()]) == 1  # the 401
    secrets.forget_session_keys()

    name, value = dialect.auth_header(canary)
    assert [r.headers[name] for r in server.requests] == [value] * 3
    out = capsys.readouterr()
    events = [json.loads(line) for line in out.out.splitlines()]
    assert {"model_request", "model_response", "final", "error"} <= {e["type"] for e in events}
    assert [e["kind"] for e in events if e["type"] == "error"] == ["auth"]
    assert canary not in out.out and canary not in out.err
    assert app_home.exists()
    assert files_containing(app_home, canary) == []


def test_ask_no_stream_json_wire(
    dialect: Any, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = "OPENAI_API_KEY" if dialect.name == "openai" else "ANTHROPIC_API_KEY"
    monkeypatch.setenv(env, canary_for(dialect.name))
    server.push(dialect.reply("", CALLS, stream=False), dialect.reply("三亚 33°C，晴。", (), stream=False))
    base = f"{server.url}/v1" if dialect.name == "openai" else server.url
    argv = ["ask", "三亚天气", "--provider", dialect.name, "--base-url", base, "--no-stream", "--json", "--wire"]
    assert main(argv) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    responses = [e for e in events if e["type"] == "model_response"]
    assert [r["stream_chunks"] for r in responses] == [0, 0]
    requests = [e for e in events if e["type"] == "model_request"]
    assert [r["body"] for r in requests] == [r.body for r in server.requests]
    assert all("stream" not in r.body for r in server.requests)
    assert events[-1] == {"type": "final", "text": "三亚 33°C，晴。", "turns": 2, "stop_reason": "stop"}
