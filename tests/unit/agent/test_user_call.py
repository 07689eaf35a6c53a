"""A tool called by the person: validated like a model's call, write tools confirmed first."""

from __future__ import annotations

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.user_call import call_as_user
from desktop_app.runtime import RunOptions, build_registry
from desktop_app.store.settings import Settings


async def test_read_tool_runs_and_bad_input_is_an_error_result() -> None:
    registry = build_registry(Settings(), RunOptions())
    out = await call_as_user(registry, PolicyApprover("none"), "get_weather", {"city": "三亚"})
    assert not out.is_error and "三亚" in out.content
    missing = await call_as_user(registry, PolicyApprover("none"), "get_weather", {})
    assert missing.is_error
    unknown = await call_as_user(registry, PolicyApprover("all"), "rm_rf", {})
    assert unknown.is_error and "unknown tool" in unknown.content


async def test_a_write_tool_needs_the_approver() -> None:
    registry = build_registry(Settings(), RunOptions())
    args = {"title": "Sanya", "markdown": "# Day 1"}
    denied = await call_as_user(registry, PolicyApprover("none"), "save_itinerary", args)
    assert denied.is_error and "denied" in denied.content
    allowed = await call_as_user(registry, PolicyApprover(["save_itinerary"]), "save_itinerary", args)
    assert not allowed.is_error and "Sanya" in allowed.content
