"""Token counts no provider should send (NaN, 1e400, -5, 1e30) through the real SDKs over HTTP:
the usage is unknown (0), the run ends with `final` and the answer is saved."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.core import events as ev
from desktop_app.store.history import HistoryStore, RunSink
from tests.integration.providers.conftest import make_agent, run_all
from tests.integration.providers.server import JsonReply, ScriptedServer, SseReply

IN, OUT = 424242, 535353  # written as ordinary counts, then replaced in the bytes sent
ANSWER = "三亚晴，28°C。"


def _hostile(data: bytes, bad: str) -> bytes:
    return data.replace(str(IN).encode(), bad.encode()).replace(str(OUT).encode(), bad.encode())


def _reply(dialect: Any, bad: str, stream: bool) -> Any:
    if stream:
        events = dialect.stream_events(ANSWER, (), usage=(IN, OUT))
        return SseReply([_hostile(e, bad) for e in events])
    body = json.dumps(dialect.whole(ANSWER, (), (IN, OUT)), ensure_ascii=False).encode()
    return JsonReply(200, _hostile(body, bad))


@pytest.mark.parametrize("bad", ["NaN", "1e400", "-Infinity", "-5", "1e30", '"many"'])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
async def test_out_of_range_usage_is_unknown_and_the_answer_saved(
    dialect: Any, server: ScriptedServer, stream: bool, bad: str, app_home: Any
) -> None:
    server.push(_reply(dialect, bad, stream))
    with HistoryStore() as store:
        conv = store.new_conversation(title="usage", provider=dialect.name, model="m")
        events = await run_all(make_agent(dialect.model(server.url), stream=stream, sink=RunSink(conv)), "三亚天气")
        saved = store.messages(conv.id)
    assert not [e for e in events if isinstance(e, ev.ErrorEvent)], events
    assert isinstance(events[-1], ev.FinalEvent) and events[-1].text == ANSWER
    usages = [e for e in events if isinstance(e, ev.UsageEvent)]
    assert all(u.input_tokens == 0 and u.output_tokens == 0 for u in usages)
    assert [m.role for m in saved] == ["user", "assistant"] and saved[1].content == ANSWER
