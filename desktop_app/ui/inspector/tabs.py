"""The inspector's tabs, one list: the inspector, the View menu, the shortcuts and Help read it."""

from __future__ import annotations

from typing import NamedTuple


def tr(text: str) -> str:
    """Marks a menu text for packaging/update_translations.py; it is translated where it is shown."""
    return text


class Tab(NamedTuple):
    """One inspector tab: its action's name, its title, its View-menu entry and shortcut."""

    name: str
    title: str
    menu_text: str
    keys: str


# the inspector's tabs in order: the inspector, the View menu, the shortcuts and Help read this list
TABS = (
    Tab("timeline", "Timeline", tr("Inspector: &Timeline"), "Alt+1"),
    Tab("sequence", "Sequence", tr("Inspector: &Sequence"), "Alt+2"),
    Tab("definitions", "Tool definitions", tr("Inspector: Tool &definitions"), "Alt+3"),
)
