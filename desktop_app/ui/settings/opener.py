"""At most one Settings dialog at a time, opened without blocking, with the MCP servers' tab."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from desktop_app.ui.i18n import tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from desktop_app.engine_thread import EngineThread
    from desktop_app.store.settings import Settings
    from desktop_app.ui.approval import ApprovalDialogs
    from desktop_app.ui.mcp.servers import McpServers
    from desktop_app.ui.settings.settings_dialog import SettingsDialog


class SettingsOpener:
    """Opens the dialog (or raises the open one); `on_saved` receives each saved Settings."""

    def __init__(
        self,
        parent: QWidget,
        on_saved: Callable[[Settings], None],
        on_checked: Callable[[str, str, dict[str, Any]], None] | None = None,
        checks: Mapping[tuple[str, str], dict[str, Any]] | None = None,
    ) -> None:
        self._parent = parent
        self._on_saved = on_saved
        self._on_checked = on_checked  # a successful "Check this model": the window's header shows it
        self._checks = checks  # the checks of this session, shown again beside their model
        self.dialog: SettingsDialog | None = None

    def open(
        self, settings: Settings, approver: ApprovalDialogs, mcp: McpServers, engine: EngineThread | None = None
    ) -> SettingsDialog:
        """Open the Settings dialog without blocking (it is awaited through its signals)."""
        from desktop_app.ui.mcp.settings import McpSettings
        from desktop_app.ui.settings.settings_dialog import SettingsDialog

        if self.dialog is not None:
            self.dialog.raise_()
            return self.dialog
        dialog = SettingsDialog(settings, approver, self._parent, engine, self._checks)
        dialog.tabs.addTab(McpSettings(mcp, dialog), tr("MCP servers"))
        dialog.saved.connect(self._on_saved)
        if self._on_checked is not None:
            dialog.modelChecked.connect(self._on_checked)
        dialog.finished.connect(self._closed)
        self.dialog = dialog
        dialog.open()
        return dialog

    def _closed(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
        self.dialog = None
