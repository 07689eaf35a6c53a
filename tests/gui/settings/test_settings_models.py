"""Settings' model controls against a local server speaking the OpenAI wire format: the drop-down
fills from /v1/models, Check this model says "recovered from text", the tool-calls choice is saved."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from desktop_app.llm import tolerance
from desktop_app.store.settings import Settings
from tests.integration.providers.dialects import OpenAIDialect
from tests.integration.providers.server import JsonReply, Recorded, Reply, ScriptedServer, StallReply
from tests.keyrings import MemoryKeyring, use_keyring

__all__ = ["use_keyring"]

MODEL = "qwen2.5-1.5b-instruct"
OA = OpenAIDialect(model_name=MODEL)
MODELS = JsonReply(
    200,
    {
        "object": "list",
        "data": [
            {"id": MODEL, "object": "model", "created": 1, "owned_by": "llamacpp"},
            {"id": "llama3.2:3b", "object": "model", "created": 1, "owned_by": "llamacpp"},
        ],
    },
)
# a small model on a server without a tool-call parser: the call arrives as text
AS_TEXT = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "北京"}}\n</tool_call>'


@pytest.fixture(autouse=True)
def forget() -> Iterator[None]:
    tolerance.forget()
    yield
    tolerance.forget()


@pytest.fixture
def server(use_keyring: Any) -> Iterator[ScriptedServer]:
    """/v1/models always answers the list; chat completions take the scripted replies in order."""
    use_keyring(MemoryKeyring())  # no key: a local server needs none, and the user's keyring stays untouched

    def models(request: Recorded) -> Reply | None:
        return MODELS if request.path.endswith("/models") else None

    with ScriptedServer() as srv:
        srv.gate = models
        yield srv


def custom_server(dialog: Any, url: str) -> None:
    index = next(i for i in range(dialog.preset.count()) if "custom URL" in dialog.preset.itemText(i))
    dialog.preset.setCurrentIndex(index)
    dialog.base_url.setText(url)


def items(combo: Any) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_refresh_fills_the_drop_down_off_the_ui_thread_and_keeps_what_was_typed(
    qtbot: Any, make_window: Any, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop_app.llm import model_check

    threads: list[str] = []
    real = model_check.list_models

    async def recording(*args: Any, **kw: Any) -> list[dict[str, Any]]:
        threads.append(threading.current_thread().name)
        return await real(*args, **kw)

    monkeypatch.setattr(model_check, "list_models", recording)
    window = make_window()
    dialog = window.open_settings()
    custom_server(dialog, f"{server.url}/v1")
    dialog.model.setEditText("my-own-model")
    with qtbot.waitSignal(dialog.models.listFinished, timeout=20000) as blocker:
        dialog.models.refresh_button.click()
        assert not dialog.models.refresh_button.isEnabled()
    assert blocker.args == [True, "2 models listed"]
    assert items(dialog.model) == [MODEL, "llama3.2:3b"]
    assert dialog.model.currentText() == "my-own-model"  # typing a name stays possible
    assert dialog.models.refresh_button.isEnabled()
    assert threads == ["engine"]  # read on the engine thread, through the bridge
    assert [(r.method, r.path) for r in server.requests] == [("GET", "/v1/models")]
    dialog.model.setCurrentIndex(1)
    assert dialog.draft().model == "llama3.2:3b"
    dialog.reject()


def test_a_refresh_that_fails_says_so_in_one_line(qtbot: Any, make_window: Any, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    window = make_window()
    dialog = window.open_settings()
    custom_server(dialog, "http://127.0.0.1:9/v1")  # nothing listens on the discard port
    with qtbot.waitSignal(dialog.models.listFinished, timeout=20000) as blocker:
        dialog.models.refresh_button.click()
    ok, line = blocker.args
    assert not ok and line.startswith("✗") and "\n" not in line
    assert dialog.models.list_status.text() == line and dialog.models.refresh_button.isEnabled()
    dialog.reject()


def test_check_says_recovered_beside_the_model_and_in_the_header(
    qtbot: Any, make_window: Any, server: ScriptedServer
) -> None:
    server.push(OA.reply(AS_TEXT, stream=True))
    url = f"{server.url}/v1"
    window = make_window(settings=Settings(provider="openai", base_url=url, model=MODEL))
    assert "Tool calls" not in window.header.text()
    dialog = window.open_settings()
    assert dialog.model.currentText() == MODEL and dialog.base_url.text() == url
    with qtbot.waitSignal(dialog.models.checkFinished, timeout=20000) as blocker:
        dialog.models.check_button.click()
        assert not dialog.models.check_button.isEnabled()
        assert dialog.models.check_button.text() == "Checking…"
    ok, line = blocker.args
    assert ok and line.startswith("Tool calls: recovered from text · streaming yes · ")
    assert line.endswith(" · scorecard: native 2/10, recovered from text 2/10")  # the two that need no tool
    assert dialog.models.check_result.text() == line
    assert dialog.models.check_button.isEnabled() and dialog.models.check_button.text() == "Check this model"
    assert line in window.header.text() and MODEL in window.header.text()  # the model in use was checked
    probe = server.requests[0].body
    assert probe["model"] == MODEL and [t["function"]["name"] for t in probe["tools"]] == ["get_weather"]
    assert len(server.requests) == 11  # the probe, then the scorecard's ten prompts
    dialog.reject()
    again = window.open_settings()  # remembered for the session, beside the model
    assert again.models.check_result.text() == line
    again.model.setEditText("another-model")
    assert again.models.check_result.text() == ""
    again.reject()


def test_checking_another_model_leaves_the_header_alone_until_it_is_saved(
    qtbot: Any, make_window: Any, server: ScriptedServer
) -> None:
    server.push(OA.reply("", [("call_1", "get_weather", '{"city":"北京"}')], stream=True))
    window = make_window()
    dialog = window.open_settings()
    custom_server(dialog, f"{server.url}/v1")
    dialog.model.setEditText(MODEL)
    with qtbot.waitSignal(dialog.models.checkFinished, timeout=20000) as blocker:
        dialog.models.check_button.click()
    assert blocker.args[0] and "Tool calls: native · streaming yes" in blocker.args[1]
    assert "Tool calls" not in window.header.text()  # the window still uses the offline planner
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    assert "Tool calls: native" in window.header.text()


def test_tool_calls_choice_defaults_from_the_server_and_is_saved(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    dialog = window.open_settings()
    calls = dialog.models.tool_calls
    custom_server(dialog, "http://127.0.0.1:8080/v1")
    dialog.model.setEditText(MODEL)
    assert calls.currentData() == "recover" and calls.isEnabled()  # a local server: calls as text are read
    openai = next(i for i in range(dialog.preset.count()) if dialog.preset.itemText(i) == "OpenAI")
    dialog.preset.setCurrentIndex(openai)
    assert calls.currentData() == "native"  # a cloud service
    anthropic = next(i for i in range(dialog.preset.count()) if dialog.preset.itemText(i) == "Anthropic")
    dialog.preset.setCurrentIndex(anthropic)
    assert not calls.isEnabled()  # only the OpenAI-compatible adapter reads calls out of text
    custom_server(dialog, "http://127.0.0.1:8080/v1")
    dialog.model.setEditText(MODEL)
    off = calls.findData("off")
    calls.setCurrentIndex(off)
    calls.activated.emit(off)  # what a person's pick sends
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    saved = json.loads(Settings.path().read_text(encoding="utf-8"))
    assert saved["tool_calls"] == {MODEL: "off"} and saved["model"] == MODEL
    assert window.settings.tool_calls == {MODEL: "off"}
    reopened = window.open_settings()
    assert reopened.models.tool_calls.currentData() == "off"
    reopened.model.setEditText("another-model")
    assert reopened.models.tool_calls.currentData() == "recover"
    reopened.reject()


def test_closing_the_dialog_stops_a_check_under_way(qtbot: Any, make_window: Any, server: ScriptedServer) -> None:
    server.push(StallReply(30))
    window = make_window()
    dialog = window.open_settings()
    custom_server(dialog, f"{server.url}/v1")
    dialog.model.setEditText(MODEL)
    task = dialog.models.check()
    qtbot.waitUntil(lambda: len(server.requests) == 1, timeout=20000)  # the probe reached the server
    dialog.reject()
    qtbot.waitUntil(task.done, timeout=5000)  # the engine's side was cancelled too, not left to time out
    assert task.cancelled()
    assert "Tool calls" not in window.header.text()


def test_the_scorecards_recommendation_is_one_click(qtbot: Any, make_window: Any, server: ScriptedServer) -> None:
    """A model that never calls a tool: the scorecard says `off`, one click makes it this model's choice."""
    server.push(OA.reply("晴。", stream=True))
    url = f"{server.url}/v1"
    window = make_window(settings=Settings(provider="openai", base_url=url, model=MODEL))
    dialog = window.open_settings()
    models = dialog.models
    assert models.tool_calls.currentData() == "recover" and not models.apply_button.isVisibleTo(dialog)
    with qtbot.waitSignal(models.checkFinished, timeout=20000):
        models.check_button.click()
    assert models.recommended == "off" and models.apply_button.isVisibleTo(dialog)
    assert models.apply_button.text() == "Use “off”"
    models.apply_button.click()
    assert models.tool_calls.currentData() == "off" and models.choices[MODEL] == "off"
    assert not models.apply_button.isVisibleTo(dialog)
    with qtbot.waitSignal(dialog.saved):
        dialog.save()
    assert Settings.load().tool_calls == {MODEL: "off"}
