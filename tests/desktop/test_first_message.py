"""A person opens the window and types at once: every key reaches the message box."""

from __future__ import annotations

import pytest

from tests.desktop.xdesktop import App, Desktop, wait_for

pytestmark = pytest.mark.desktop
TITLE = "Travel Assistant"
QUESTION = "Plan three days in Sanya from Beijing"


def test_the_first_message_typed_right_after_launch_arrives_whole(app: App, desktop: Desktop) -> None:
    proc = app.launch()
    window = desktop.wait_window(TITLE, proc.pid)
    desktop.wait_active(window)  # the window manager focused it: a person starts typing now
    desktop.type(QUESTION)
    desktop.key("Return")
    saved = wait_for("the question in history", app.conversations, timeout=30)
    conversation = saved[0]["id"]
    answered = wait_for(
        "the answer in history",
        lambda: [m for m in app.messages(conversation) if m["role"] == "assistant" and m["content"]],
        timeout=30,
    )
    shot = desktop.screenshot("first-message")
    assert [m["content"] for m in app.messages(conversation) if m["role"] == "user"] == [QUESTION]
    assert saved[0]["title"].startswith("Plan three days")
    assert answered and shot.stat().st_size > 10_000
