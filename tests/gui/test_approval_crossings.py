"""Issue 43: an asked decision crosses between the window's loop and the engine's twice, the
question out and the answer back; the policy decides on the engine thread (the event stream,
`EventPipe._drain`, crosses for every event of a run and is counted apart)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolDef
from tests.gui.conftest import scripted_factory
from tests.gui.test_approval import BOOKED, book_hotel, booking_model, call

EVENT_STREAM = "EventPipe._drain"


def count_crossings(monkeypatch: pytest.MonkeyPatch, *loops: asyncio.AbstractEventLoop) -> list[str]:
    """Every callback handed to one of `loops` from another thread, by name, as it is handed over."""
    crossed: list[str] = []

    def counting(loop: asyncio.AbstractEventLoop) -> Callable[..., Any]:
        real = loop.call_soon_threadsafe

        def call_soon_threadsafe(callback: Callable[..., Any], *args: Any, **kw: Any) -> Any:
            crossed.append(getattr(callback, "__qualname__", type(callback).__name__))
            return real(callback, *args, **kw)

        return call_soon_threadsafe

    for loop in loops:
        monkeypatch.setattr(loop, "call_soon_threadsafe", counting(loop))
    return crossed


def run_once(
    qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch, settings: Settings, tool: ToolDef = book_hotel
) -> list[str]:
    """One run with one call to book_hotel (answered Allow once when asked); the crossings it made."""
    BOOKED.clear()
    window = make_window(scripted_factory(booking_model(call()), [tool]), settings=settings)
    engine = window.session.engine
    engine.start()
    qtbot.waitUntil(lambda: engine.running)
    crossed = count_crossings(monkeypatch, engine.ui_loop, engine.engine_loop)
    asked: list[Any] = []
    window.approver.dialogShown.connect(asked.append)
    with qtbot.waitSignal(window.runDone, timeout=10000):
        window.conversation.send("book it")
        if tool.needs_confirmation and not settings.auto_approve:
            qtbot.waitUntil(lambda: bool(asked), timeout=10000)
            qtbot.mouseClick(asked[0].allow_once, Qt.MouseButton.LeftButton)
    assert BOOKED == ["三亚湾海景酒店"] and len(asked) == (
        1 if tool.needs_confirmation and not settings.auto_approve else 0
    )
    return [name for name in crossed if name != EVENT_STREAM]


def test_an_asked_decision_crosses_twice_and_a_settled_one_not_at_all(
    qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    unasked = run_once(qtbot, make_window, monkeypatch, Settings(), replace(book_hotel, needs_confirmation=False))
    settled = run_once(qtbot, make_window, monkeypatch, Settings(auto_approve=["book_hotel"]))
    asked = run_once(qtbot, make_window, monkeypatch, Settings())
    assert len(settled) - len(unasked) == 0, (settled, unasked)  # the always-list is read on the engine
    assert len(asked) - len(unasked) == 2, (asked, unasked)  # the question out, the answer back
