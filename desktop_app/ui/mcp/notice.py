"""The status bar's MCP notice: visible while changed tool definitions wait for the user's review."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QPushButton, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.text import plain_tip

if TYPE_CHECKING:
    from desktop_app.mcp.trust import PendingChange


class McpNotice(QPushButton):
    """A flat, non-modal button: "2 MCP tool(s) changed: review"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpNotice")
        self.setFlat(True)
        self.setAccessibleName(tr("MCP tool changes"))
        self.hide()

    def show_pending(self, pending: list[PendingChange]) -> None:
        self.setVisible(bool(pending))
        self.setText(tr("%n MCP tool(s) changed: review", None, len(pending)))
        self.setToolTip(plain_tip(", ".join(p.name for p in pending)))
