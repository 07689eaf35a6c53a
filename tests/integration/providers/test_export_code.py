"""`history export --format python-*`: the exported script, run with this Python against the local
wire-format server, sends the recorded run's first request (messages and tools) again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.runtime import RunOptions, export_script, open_run
from desktop_app.store.history import HistoryStore
from desktop_app.store.settings import Settings
from tests.integration.providers.conftest import SANYA
from tests.integration.providers.dialects import AnthropicDialect, OpenAIDialect
from tests.integration.providers.server import ScriptedServer
from tests.integration.providers.test_sanya import ANSWER, calls

HOSTILE = "\"\"\"'''\nimport os; os.system('echo PWNED')  # \\\u202e\x1b[2J"


async def record(dialect: Any, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> str:
    """The app's own `ask` path (runtime.open_run, streamed) against the server; the conversation id."""
    prefix = "call_" if dialect.name == "openai" else "toolu_"
    server.push(
        dialect.reply("", calls(prefix), stream=True, split=3, usage=(120, 40)),
        dialect.reply(ANSWER, (), stream=True, usage=(300, 60)),
    )
    env = "OPENAI_API_KEY" if dialect.name == "openai" else "ANTHROPIC_API_KEY"
    monkeypatch.setenv(env, "sk-test-key-000000000000")
    base = f"{server.url}/v1" if dialect.name == "openai" else server.url
    options = RunOptions(provider=dialect.name, model=dialect.model_name, base_url=base)
    # structured calls, as the API a script is exported for: a local server's "recover" mode adds a
    # system line of its own on the wire (text_calls.HOW_TO_CALL), which a script does not repeat
    settings = Settings(tool_calls={dialect.model_name: "native"})
    run = await open_run(settings, options, PolicyApprover("none"), title=SANYA + HOSTILE)
    try:
        events = [e async for e in run.agent.run(SANYA + HOSTILE)]
    finally:
        await run.close()
    assert run.agent.outcome.ok, events[-1]
    return run.agent.conversation_id


def run_script(path: Path, dialect: Any, server: ScriptedServer) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_"))}
    if dialect.name == "openai":
        env.update(OPENAI_API_KEY="sk-test", OPENAI_BASE_URL=f"{server.url}/v1")
    else:
        env.update(ANTHROPIC_API_KEY="sk-ant-test", ANTHROPIC_BASE_URL=server.url)
    return subprocess.run(
        [sys.executable, str(path), "--model", dialect.model_name],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("dialect", [OpenAIDialect(), AnthropicDialect()], ids=["openai", "anthropic"])
async def test_exported_script_repeats_the_recorded_requests(
    dialect: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ScriptedServer() as server:
        conv_id = await record(dialect, server, monkeypatch)
        recorded = [r.body for r in server.requests]
        with HistoryStore() as store:
            script = export_script(store, conv_id, f"python-{dialect.name}")
        path = tmp_path / "agent.py"
        path.write_text(script, encoding="utf-8")
        prefix = "call_" if dialect.name == "openai" else "toolu_"
        server.push(
            dialect.reply("", calls(prefix), stream=False, usage=(120, 40)),
            dialect.reply(ANSWER, (), stream=False, usage=(300, 60)),
        )
        done = run_script(path, dialect, server)
        assert done.returncode == 0, done.stderr
        replayed = [r.body for r in server.requests[len(recorded) :]]
    assert "PWNED" not in done.stdout + done.stderr.replace("echo PWNED", "")
    assert done.stdout.strip() == ANSWER
    assert len(recorded) == len(replayed) == 2
    for key in ("messages", "tools", "system"):
        assert replayed[0].get(key) == recorded[0].get(key), key
    assert replayed[1]["messages"] == recorded[1]["messages"]  # each tool answered with its recorded result
    assert replayed[0]["model"] == dialect.model_name
    assert json.dumps(replayed[0]["messages"], ensure_ascii=False).count("\u202e") == 1
