"""The File and Help menus: the actions and shortcuts a person tries first (Ctrl+N, Ctrl+, ...).

Built with the first paint (so the menu bar does not reflow), given their shortcuts by
`bind()` once the window is complete: a shortcut that did nothing would be worse than none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.inspector.tabs import TABS

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMessageBox

KEYS = {  # action name -> its shortcut, in Qt's portable text form
    "new": "Ctrl+N",
    "settings": "Ctrl+,",
    "focus": "Ctrl+L",
    "find": "Ctrl+F",
    "quit": "Ctrl+Q",
    **{tab.name: tab.keys for tab in TABS},
    "trip": "Alt+4",
    "shortcuts": "F1",
}
EXPORTS = ("export_openai", "export_anthropic")  # File → Export → as Python (OpenAI / Anthropic)


def _other_keys() -> list[tuple[str, str]]:
    """Keys that belong to a control, not to a menu action: listed on the Help page too."""
    return [
        ("Esc", tr("Stop the run")),
        ("Enter", tr("Send the message (Shift+Enter: new line)")),
        ("Alt+A / Alt+C / Alt+D", tr("Confirmation dialog: allow once / for this conversation / deny")),
        ("Enter", tr("Confirmation dialog: deny (the safe default)")),
        ("↑ / ↓", tr("Inspector timeline: previous / next call")),
        ("Ctrl+Tab", tr("Inspector: next tab (when it has the focus)")),
        ("Tab / Shift+Tab", tr("Next / previous control")),
    ]


class WindowMenus:
    """File (new conversation, settings, quit), Go to the message box, the inspector's tabs and
    the Trip pane in View, Help (the shortcuts)."""

    def __init__(self, bar: QMenuBar) -> None:
        self.file_menu = QMenu(bar)
        bar.addMenu(self.file_menu)
        self.help_menu = QMenu(bar)
        self.actions: dict[str, QAction] = {}
        for name in ("new", "focus", "find", "settings", "resources", "install_bundle"):
            self.actions[name] = self.file_menu.addAction("")
        self.export_menu = self.file_menu.addMenu("")
        for name in EXPORTS:
            self.actions[name] = self.export_menu.addAction("")
        self.file_menu.addSeparator()
        self.actions["quit"] = self.file_menu.addAction("")
        self.actions["shortcuts"] = self.help_menu.addAction("")
        self.shortcuts_box: QMessageBox | None = None
        self.retranslate()

    def add_inspector_tabs(self, view_menu: QMenu) -> None:
        """View → the inspector's TABS (Alt+1..3): the inspector without a mouse."""
        view_menu.addSeparator()
        for tab in TABS:
            self.actions[tab.name] = view_menu.addAction("")
        self.actions["trip"] = view_menu.addAction("")  # the Trip pane, tabbed beside the inspector
        self.retranslate()

    def add_help(self, bar: QMenuBar) -> None:
        """Help goes last on the menu bar, after the window's other menus."""
        bar.addMenu(self.help_menu)

    def retranslate(self) -> None:
        self.file_menu.setTitle(tr("&File"))
        self.help_menu.setTitle(tr("&Help"))
        self.actions["new"].setText(tr("&New conversation"))
        self.actions["focus"].setText(tr("Go to the &message box"))
        self.actions["find"].setText(tr("&Find in conversation…"))
        self.actions["settings"].setText(tr("&Settings…"))
        self.actions["resources"].setText(tr("MCP &resources…"))
        self.actions["install_bundle"].setText(tr("Install MCP &bundle…"))
        self.actions["quit"].setText(tr("&Quit"))
        self.export_menu.setTitle(tr("&Export"))
        self.actions["export_openai"].setText(tr("as Python (OpenAI)…"))
        self.actions["export_anthropic"].setText(tr("as Python (Anthropic)…"))
        self.actions["shortcuts"].setText(tr("&Keyboard shortcuts"))
        for tab in TABS:
            if tab.name in self.actions:
                self.actions[tab.name].setText(tr(tab.menu_text))
        if "trip" in self.actions:
            self.actions["trip"].setText(tr("T&rip"))

    def bind(self, handlers: dict[str, Callable[[], object]]) -> None:
        """Each action to its handler, then every shortcut (the window is complete, so they all do something)."""
        from PySide6.QtGui import QKeySequence

        for name, handler in handlers.items():
            self.actions[name].triggered.connect(lambda _=False, run=handler: run())
        for name, keys in KEYS.items():
            self.actions[name].setShortcut(QKeySequence(keys))

    def shortcuts_text(self) -> str:
        """One line per shortcut, in the current language, for the Help box."""
        rows = [(keys, self.actions[name].text().replace("&", "")) for name, keys in KEYS.items()]
        return "\n".join(f"{keys}\t{label}" for keys, label in rows + _other_keys())

    def show_shortcuts(self, parent: QWidget) -> QMessageBox:
        """A non-modal box listing the shortcuts (F1); shown again if already open."""
        from PySide6.QtWidgets import QMessageBox

        if self.shortcuts_box is None:
            box = QMessageBox(parent)
            box.setModal(False)
            box.setWindowTitle(tr("Keyboard shortcuts"))
            box.finished.connect(self._forget_box)
            self.shortcuts_box = box
        self.shortcuts_box.setText(self.shortcuts_text())
        self.shortcuts_box.show()
        self.shortcuts_box.raise_()
        self.shortcuts_box.activateWindow()
        return self.shortcuts_box

    def _forget_box(self) -> None:
        if self.shortcuts_box is not None:
            self.shortcuts_box.deleteLater()
        self.shortcuts_box = None
