"""The app's own line icons (resources/icons/ui/*.svg), drawn in the scheme's text colour, so
menu actions and the run buttons read in light and dark alike."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon, QPixmap

from desktop_app.paths import resources_dir
from desktop_app.ui.palette import colours

SIZES = (16, 24, 32, 48)


@cache
def _svg(name: str) -> str:
    return (resources_dir() / "icons" / "ui" / f"{name}.svg").read_text(encoding="utf-8")


@cache
def _icon(name: str, colour: str) -> QIcon:
    data = _svg(name).replace("currentColor", colour).encode("utf-8")
    icon = QIcon()
    for size in SIZES:
        pixmap = QPixmap(size, size)
        pixmap.loadFromData(data, "SVG")
        icon.addPixmap(pixmap.scaled(size, size))
    return icon


def icon(name: str) -> QIcon:
    """`name`'s icon in the current scheme's text colour (an unknown name is an empty icon)."""
    try:
        return _icon(name, colours().text)
    except OSError:
        return QIcon()


def apply_icons(window: object) -> None:
    """Menu actions and run buttons get their icons (after the first paint; again on a scheme switch)."""
    menus = getattr(window, "menus", None)
    for name, action in (getattr(menus, "actions", None) or {}).items():
        if name in ICONED:
            action.setIcon(icon(ICONED[name]))
    buttons = getattr(window, "run_buttons", None)
    if buttons is not None:
        for name, button in (("send", buttons.send), ("stop", buttons.stop), ("retry", buttons.retry)):
            button.setIcon(icon(name))


ICONED = {  # menu action -> icon file
    "new": "new",
    "focus": "focus",
    "find": "find",
    "settings": "settings",
    "resources": "resources",
    "quit": "quit",
    "shortcuts": "shortcuts",
    "export_openai": "export",
    "export_anthropic": "export",
}
