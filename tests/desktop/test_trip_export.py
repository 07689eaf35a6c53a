"""The trip board through the real window: a question fills the Trip tab, the keyboard exports it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.desktop.xdesktop import App, Desktop, wait_for

pytestmark = pytest.mark.desktop
QUESTION = "Plan three days in Sanya from Beijing next week"
EXPORT = "Export the trip"


def test_a_trip_is_exported_to_a_calendar_with_the_keyboard(app: App, desktop: Desktop, tmp_path: Path) -> None:
    """Alt+4 puts the keyboard on the first price; Tab past the two prices reaches Calendar (.ics)."""
    app.open()
    desktop.type(QUESTION)
    desktop.key("Return")
    conversation = str(wait_for("a conversation", app.conversations, timeout=30)[0]["id"])
    wait_for(  # the run has ended (its answer saved): the Trip tab will not be rebuilt under the keyboard
        "the answer",
        lambda: [m for m in app.messages(conversation) if m["role"] == "assistant" and m["content"]],
        timeout=40,
    )
    assert app.cli("trip", "list", "--json")
    desktop.key("alt+4")
    desktop.key("Tab", "Tab", "space")  # flights' price, hotel's price, then Calendar (.ics)…
    dialog = desktop.wait_window(EXPORT)
    desktop.wait_active(dialog)
    target = tmp_path / "sanya-trip.ics"
    desktop.type(str(target))
    desktop.key("Return")
    desktop.wait_gone(EXPORT)
    wait_for("the calendar on disk", target.is_file, 20)
    text = target.read_text(encoding="utf-8")
    assert "BEGIN:VCALENDAR" in text and "Sanya" in text and text.count("BEGIN:VEVENT") >= 3
    desktop.screenshot("trip-exported")
