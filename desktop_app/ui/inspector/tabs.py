"""The inspector's tabs, one list: the inspector, the View menu, the shortcuts and Help read it."""

from __future__ import annotations

from typing import NamedTuple

from desktop_app.ui.i18n import marked


class Tab(NamedTuple):
    """One inspector tab: its action's name, its title, its View-menu entry and shortcut."""

    name: str
    title: str
    menu_text: str
    keys: str


TABS = (
    Tab("timeline", marked("Timeline"), marked("Inspector: &Timeline"), "Alt+1"),
    Tab("sequence", marked("Sequence"), marked("Inspector: &Sequence"), "Alt+2"),
    Tab("definitions", marked("Tool definitions"), marked("Inspector: Tool &definitions"), "Alt+3"),
)
