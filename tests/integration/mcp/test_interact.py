"""Elicitation and sampling: the headless default declines; injected handlers answer."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.mcp.client.interact import (
    ElicitationResult,
    ModelSampler,
    SamplingRequest,
    SamplingResult,
)
from desktop_app.mcp.client.manager import McpManager
from desktop_app.tools.registry import ToolRegistry

from .conftest import toy


class ScriptedUser:
    """Answers forms and sampling requests like a person at the window would."""

    def __init__(self, answer: ElicitationResult, delay: float = 0.0) -> None:
        self.answer = answer
        self.delay = delay
        self.forms: list[tuple[str, str, dict[str, Any]]] = []
        self.samples: list[SamplingRequest] = []

    async def elicit(self, server: str, message: str, schema: dict[str, Any]) -> ElicitationResult:
        self.forms.append((server, message, schema))
        await asyncio.sleep(self.delay)  # the person thinking
        return self.answer

    async def sample(self, request: SamplingRequest) -> SamplingResult:
        self.samples.append(request)
        return SamplingResult(True, "Sanya is warm in December.", "fake:scripted")


async def _asker(**handlers: Any) -> tuple[McpManager, ToolRegistry]:
    registry = ToolRegistry()
    timeout = handlers.pop("timeout", 60.0)
    manager = McpManager([toy("ask", "asker", timeout=timeout)], registry, **handlers)
    manager.start()
    await manager.wait_ready(60)
    return manager, registry


async def test_headless_declines_both_with_a_clear_message(app_home: Path) -> None:
    manager, registry = await _asker()
    try:
        booked = await registry.execute(ToolCall("1", "ask__book", {"city": "Paris"}))
        server_said, note = booked.content.split("\n")
        assert server_said == "booking: decline"
        assert note == (  # the model learns why, not just "declined" (pytest's stdin is no terminal)
            '[travel-assistant: the server asked the user "Book a hotel in Paris: who and how long?", '
            "but the user could not be asked: travel-assistant is running headless without a terminal "
            '(the server was told "decline")]'
        )
        summary = await registry.execute(ToolCall("2", "ask__summarize", {"text": "long"}))
        assert "running without a window" in summary.content
        log = Path(manager.statuses()[0].log_path).read_text(encoding="utf-8")
        assert "elicitation: decline the user could not be asked: travel-assistant is running headless" in log
    finally:
        await manager.aclose()


async def test_a_user_who_declines_is_reported_as_declining(app_home: Path) -> None:
    user = ScriptedUser(ElicitationResult("decline", reason="the user declined the form"))
    manager, registry = await _asker(elicitation=user)
    try:
        out = await registry.execute(ToolCall("1", "ask__book", {"city": "Sanya"}))
        assert out.content.startswith("booking: decline\n")
        assert "but the user declined the form" in out.content and "could not be asked" not in out.content
        accepted = ScriptedUser(ElicitationResult("accept", {"name": "Ann", "nights": 3}))
        manager.elicitation = accepted
        out = await registry.execute(ToolCall("2", "ask__book", {"city": "Sanya"}))
        assert out.content == "booked 3 nights for Ann in Sanya"  # no note once the form was answered
    finally:
        await manager.aclose()


async def test_elicitation_form_answer_reaches_the_server(app_home: Path) -> None:
    user = ScriptedUser(ElicitationResult("accept", {"name": "Ann", "nights": 3}))
    manager, registry = await _asker(elicitation=user, sampling=user)
    try:
        out = await registry.execute(ToolCall("1", "ask__book", {"city": "Sanya"}))
        assert out.content == "booked 3 nights for Ann in Sanya"
        ((server, message, schema),) = user.forms
        assert server == "ask" and "Book a hotel in Sanya" in message
        assert set(schema["properties"]) == {"name", "nights"}
    finally:
        await manager.aclose()


async def test_a_person_thinking_does_not_count_against_the_timeout(app_home: Path) -> None:
    user = ScriptedUser(ElicitationResult("cancel"), delay=1.5)
    manager, registry = await _asker(elicitation=user, timeout=1.0)
    try:
        out = await registry.execute(ToolCall("1", "ask__book", {"city": "Sanya"}))
        assert out.content.startswith("booking: cancel\n")  # not a timeout
        assert out.content.endswith('but the user chose cancel (the server was told "cancel")]')
    finally:
        await manager.aclose()


async def test_an_answer_that_does_not_fit_the_form_is_rejected(app_home: Path) -> None:
    user = ScriptedUser(ElicitationResult("accept", {"name": "Ann", "nights": "many"}))
    manager, registry = await _asker(elicitation=user)
    try:
        out = await registry.execute(ToolCall("1", "ask__book", {"city": "Sanya"}))
        assert out.is_error and "answer does not fit the form" in out.content
    finally:
        await manager.aclose()


async def test_sampling_goes_to_the_model_after_approval(app_home: Path) -> None:
    asked: list[SamplingRequest] = []

    async def approve(request: SamplingRequest) -> bool:
        asked.append(request)
        return True

    model = FakeModel([AssistantMessage("Warm beaches, cheap in spring.")])
    sampler = ModelSampler(model, approve)
    manager, registry = await _asker(sampling=sampler)
    try:
        out = await registry.execute(ToolCall("1", "ask__summarize", {"text": "Sanya notes"}))
        assert out.content == "summary: Warm beaches, cheap in spring. (by fake:scripted)"
        (request,) = asked
        assert request.server == "ask" and request.messages == (("user", "Sanya notes"),)
        assert request.system_prompt == "Summarize in one line." and request.max_tokens == 50
        assert model.requests[0].system == ("Summarize in one line.",)
        assert model.requests[0].tools == ()
    finally:
        await manager.aclose()


async def test_sampling_declined_by_the_user(app_home: Path) -> None:
    async def refuse(request: SamplingRequest) -> bool:
        return False

    manager, registry = await _asker(sampling=ModelSampler(FakeModel([]), refuse))
    try:
        out = await registry.execute(ToolCall("1", "ask__summarize", {"text": "x"}))
        assert "the user declined this sampling request" in out.content
    finally:
        await manager.aclose()
