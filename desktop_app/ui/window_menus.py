"""The File and Help menus: the actions and shortcuts a person tries first (Ctrl+N, Ctrl+, ...).

`bind()` gives them their shortcuts once the window is complete: one that did nothing would be worse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from desktop_app.ui.i18n import marked, tr
from desktop_app.ui.inspector.tabs import TABS

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMessageBox

ACTIONS = {  # action name -> its menu text (translated where shown) and shortcut (Qt's portable text form)
    "new": (marked("&New conversation"), "Ctrl+N"),
    "focus": (marked("Go to the &message box"), "Ctrl+L"),
    "find": (marked("&Find in conversation…"), "Ctrl+F"),
    "settings": (marked("&Settings…"), "Ctrl+,"),
    "resources": (marked("MCP &resources…"), ""),
    "install_bundle": (marked("Install MCP &bundle…"), ""),
    "export_openai": (marked("as Python (OpenAI)…"), ""),
    "export_anthropic": (marked("as Python (Anthropic)…"), ""),
    "quit": (marked("&Quit"), "Ctrl+Q"),
    **{tab.name: (tab.menu_text, tab.keys) for tab in TABS},
    "trip": (marked("T&rip"), "Alt+4"),  # the Trip pane, tabbed beside the inspector
    "shortcuts": (marked("&Keyboard shortcuts"), "F1"),
}
KEYS = {name: keys for name, (_text, keys) in ACTIONS.items() if keys}  # the Help box lists them in this order


def _other_keys() -> list[tuple[str, str]]:
    """Keys that belong to a control, not to a menu action: listed on the Help page too."""
    return [
        ("Esc", tr("Stop the run")),
        ("Enter", tr("Send the message (Shift+Enter: new line)")),
        ("Alt+A / Alt+C / Alt+D", tr("Confirmation dialog: allow once / for this conversation / deny")),
        ("Enter", tr("Confirmation dialog: deny (the safe default)")),
        ("Home / End", tr("Transcript: its start / its end (Ctrl+Home / Ctrl+End from the message box)")),
        ("Enter / Shift+Enter", tr("Find bar: next / previous match (Esc closes it)")),
        ("↑ / ↓", tr("Inspector timeline: previous / next call")),
        ("Ctrl+Tab", tr("Inspector: next tab (when it has the focus)")),
        ("Tab / Shift+Tab", tr("Next / previous control")),
    ]


class WindowMenus:
    """The menu bar: File (new conversation, settings, quit), View (the inspector, its tabs and
    the Trip pane), the window's other menus, Help (the shortcuts)."""

    def __init__(self, bar: QMenuBar, inspector: QAction, others: Sequence[QMenu]) -> None:
        self.actions: dict[str, QAction] = {}
        self.file_menu = bar.addMenu("")
        self._add(self.file_menu, "new", "focus", "find", "settings", "resources", "install_bundle")
        self.export_menu = self.file_menu.addMenu("")
        self._add(self.export_menu, "export_openai", "export_anthropic")
        self.file_menu.addSeparator()
        self._add(self.file_menu, "quit")
        self.view_menu = bar.addMenu("")
        self.view_menu.addAction(inspector)
        self.view_menu.addSeparator()
        self._add(self.view_menu, *(tab.name for tab in TABS), "trip")
        for menu in others:
            bar.addMenu(menu)
        self.help_menu = bar.addMenu("")
        self._add(self.help_menu, "shortcuts")
        self.shortcuts_box: QMessageBox | None = None
        self.retranslate()

    def _add(self, menu: QMenu, *names: str) -> None:
        for name in names:
            self.actions[name] = menu.addAction("")

    def retranslate(self) -> None:
        self.file_menu.setTitle(tr("&File"))
        self.export_menu.setTitle(tr("&Export"))
        self.view_menu.setTitle(tr("View"))
        self.help_menu.setTitle(tr("&Help"))
        for name, action in self.actions.items():
            action.setText(tr(ACTIONS[name][0]))

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
