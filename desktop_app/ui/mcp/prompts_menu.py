"""The Prompts menu: every ready MCP server's prompts as the `/server:prompt` commands they are,
listed afresh each time it opens (names and descriptions come from servers: shown plainly)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.text import make_visible, plain_tip

if TYPE_CHECKING:  # McpServers imports asyncio: the window gives it to the menu after the first paint
    from desktop_app.ui.mcp.servers import McpServers

MAX_SHOWN = 100  # a menu, not a catalogue


class PromptsMenu(QMenu):
    """Choosing an entry emits `chosen(prompt)` (the `mcp prompts --json` object), as typing it would."""

    chosen = Signal(object)
    filled = Signal()  # the list arrived (tests wait on it)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Prompts"), parent)
        self.setObjectName("promptsMenu")
        self.setToolTipsVisible(True)
        self.mcp: McpServers | None = None  # until the window is complete
        self.aboutToShow.connect(self.refresh)
        self._note(tr("No server offers prompts."))

    def retranslate(self) -> None:
        self.setTitle(tr("Prompts"))

    def refresh(self) -> None:
        """Ask the ready servers again (a server may have connected or changed its prompts)."""
        if self.mcp is None or not self.mcp.running:
            self._note(tr("No server offers prompts."))
            return
        self._note(tr("Loading…"))
        self.mcp.listing("prompts").add_done_callback(self._listed)

    def _note(self, text: str) -> None:
        self.clear()
        self.addAction(text).setEnabled(False)

    def _listed(self, future: Any) -> None:
        found = [] if future.cancelled() or future.exception() is not None else future.result()[0]
        self.clear()
        for prompt in found[:MAX_SHOWN]:
            label = make_visible(f"/{prompt['server']}:{prompt['name']}")[:80]
            action = self.addAction(label)
            action.setToolTip(plain_tip(make_visible(prompt["description"])[:500]))
            action.triggered.connect(lambda _=False, p=prompt: self.chosen.emit(p))
        if not found:
            self._note(tr("No server offers prompts."))
        self.filled.emit()
