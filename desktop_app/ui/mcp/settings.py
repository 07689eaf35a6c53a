"""Settings → MCP servers: status of each server, add / edit / remove / enable, logs, changed tools."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QListWidgetItem, QMessageBox, QVBoxLayout, QWidget

from desktop_app.mcp.setup import (
    Connector,
    McpConfigError,
    NameTakenError,
    ServerConfig,
    add_connector,
    app_config_path,
    load_servers,
    name_to_add,
    read_config_file,
    save_servers,
)
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import button, hbox, plain_label, read_only_text
from desktop_app.ui.mcp.dialogs import DefinitionChangeDialog, LogDialog
from desktop_app.ui.mcp.server_editor import ServerEditor
from desktop_app.ui.mcp.signin import SignInControls
from desktop_app.ui.text import make_visible, plain_tip

if TYPE_CHECKING:
    from desktop_app.mcp.client import ServerStatus
    from desktop_app.ui.mcp.gallery_dialog import GalleryDialog
    from desktop_app.ui.mcp.servers import McpServers

LINE_MAX = 110  # the list shows this much; the details pane and the tooltip show all


def state_label(state: str) -> str:
    """A server state in words (translated)."""
    return {
        "connecting": tr("connecting…"),
        "ready": tr("ready"),
        "failed": tr("failed"),
        "disabled": tr("disabled"),
        "stopped": tr("stopped"),
    }.get(state, state)


class McpSettings(QWidget):
    """The MCP servers page: a live list from the window's McpServers, edits saved to the app's `mcp.json`."""

    def __init__(self, servers: McpServers, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpSettings")
        self.servers = servers
        layout = QVBoxLayout(self)
        self.note = plain_label("", self, "note")
        layout.addWidget(self.note)
        self.list = QListWidget(self)
        self.list.setObjectName("servers")
        self.list.setAccessibleName(tr("MCP servers"))
        layout.addWidget(self.list, 1)
        self.details = read_only_text(self, "details", mono=False)
        self.details.setAccessibleName(tr("Server details"))
        self.details.setFixedHeight(130)
        layout.addWidget(self.details)
        self.account = SignInControls(servers, self.selected_config, self)
        layout.addWidget(self.account.progress)
        layout.addLayout(self._buttons())
        servers.statusChanged.connect(self._refresh)
        servers.pendingChanged.connect(self._refresh)
        servers.started.connect(self._refresh)
        self.list.currentRowChanged.connect(self._show_details)
        self._refresh()

    def _buttons(self) -> QHBoxLayout:
        specs = [
            ("add", tr("Add…"), self.add),
            ("gallery", tr("Add from gallery…"), self.add_from_gallery),
            ("edit", tr("Edit…"), self.edit),
            ("remove", tr("Remove"), self.remove),
            ("toggle", tr("Enable / disable"), self.toggle),
            ("restart", tr("Restart"), self.restart),
            ("log", tr("Show log"), self.show_log),
            ("review", tr("Review changes…"), self.review_changes),
        ]
        self.buttons = {name: button(text, name, self, slot) for name, text, slot in specs}
        row = hbox(*self.buttons.values(), grow=None)
        for account_button in (self.account.sign_in, self.account.sign_out):
            row.insertWidget(row.count() - 2, account_button)  # before Show log and Review changes…
            self.buttons[account_button.objectName()] = account_button
        row.addStretch(1)
        return row

    # ---------------------------------------------------------------- the list
    def _configs(self) -> list[ServerConfig]:
        """Every configured server (the app's file and --mcp-config), as the manager knows them."""
        try:
            return load_servers(self.servers.mcp_config)
        except McpConfigError:
            return self._app_servers()

    def _app_servers(self) -> list[ServerConfig]:
        try:
            return read_config_file(app_config_path(), missing_ok=True)
        except McpConfigError as exc:
            self.note.setText(str(exc))
            return []

    def _refresh(self, *_: Any) -> None:
        current = self.selected()
        self.list.clear()
        names = [c.name for c in self._configs()]
        names += [n for n in self.servers.statuses if n not in names]
        for name in names:
            status = self.servers.statuses.get(name)
            line = self._line(name, status)
            item = QListWidgetItem(line if len(line) <= LINE_MAX else line[: LINE_MAX - 1] + "…", self.list)
            item.setToolTip(plain_tip(line))
            item.setData(Qt.ItemDataRole.UserRole, name)
            if name == current:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self._show_details()
        self._update_note()

    def _line(self, name: str, status: ServerStatus | None) -> str:
        if status is None:
            return f"{make_visible(name)} — " + (tr("starting…") if self.servers.running else tr("not started"))
        text = f"{make_visible(name)} — {state_label(status.state)} ({status.transport})"
        if status.state == "ready":
            text += " · " + tr("%n tool(s)", None, len(status.tools))
        if status.held_back:
            text += " · " + tr("%n changed tool(s) blocked", None, len(status.held_back))
        if status.state == "failed":
            text += ": " + make_visible(status.reason)[:160]
        return text

    def _update_note(self) -> None:
        extra = self.servers.mcp_config
        text = tr("Servers are saved in %1; changes apply at once.").replace("%1", str(app_config_path()))
        if extra:
            text += " " + tr("Servers from %1 are shown but edited in that file.").replace("%1", extra)
        self.note.setText(text)
        self.buttons["review"].setEnabled(bool(self.servers.pending))

    def selected(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def selected_config(self) -> ServerConfig | None:
        return next((c for c in self._configs() if c.name == self.selected()), None)

    def _show_details(self, *_: Any) -> None:
        status = self.servers.statuses.get(self.selected())
        self.account.update_buttons()
        if status is None:
            self.details.setPlainText("")
            return
        lines = [f"{tr('State:')} {state_label(status.state)}"]
        if status.server_info:
            lines.append(f"{tr('Server:')} {status.server_info}")
        if status.reason:
            lines.append(f"{tr('Reason:')} {make_visible(status.reason)}")
        if status.login_needed:
            lines.append(tr("This server asks you to sign in: press Sign in…"))
        if status.tools:
            lines.append(f"{tr('Tools:')} {', '.join(status.tools)}")
        if status.held_back:
            lines.append(f"{tr('Blocked until approved:')} {', '.join(status.held_back)}")
        lines += [f"{tr('Warning:')} {w}" for w in status.warnings]
        if status.stderr_tail:
            lines += [tr("Last lines on stderr:"), *(make_visible(ln) for ln in status.stderr_tail[-8:])]
        self.details.setPlainText("\n".join(lines))

    # ---------------------------------------------------------------- edits
    def _editable(self, name: str) -> ServerConfig | None:
        found = next((s for s in self._app_servers() if s.name == name), None)
        if found is None and name:
            self.note.setText(
                tr("%1 comes from %2: edit it there.").replace("%1", name).replace("%2", self.servers.mcp_config or "?")
            )
        return found

    def add(self) -> ServerEditor:
        return self._open_editor(None)

    def add_from_gallery(self) -> GalleryDialog:
        """A vetted travel connector, added to the app's mcp.json (it connects at once)."""
        from desktop_app.ui.mcp.gallery_dialog import GalleryDialog

        servers = {s.name: s for s in self._app_servers()}
        dialog = GalleryDialog(set(servers), self, lambda c: name_to_add(c, servers))
        dialog.chosen.connect(lambda c: self._add_connector(c, dialog.chosen_name or c.name))
        dialog.open()
        return dialog

    def edit(self) -> ServerEditor | None:
        config = self._editable(self.selected())
        return self._open_editor(config) if config is not None else None

    def _open_editor(self, config: ServerConfig | None) -> ServerEditor:
        taken = {s.name for s in self._app_servers()} - ({config.name} if config else set())
        editor = ServerEditor(config, taken, self)
        old_name = config.name if config else ""
        editor.accepted.connect(lambda: self._edited(old_name, editor.config))
        editor.finished.connect(editor.deleteLater)
        editor.open()
        return editor

    def _edited(self, old_name: str, config: ServerConfig | None) -> None:
        if config is None:
            return
        servers = [s for s in self._app_servers() if s.name != old_name]
        self._save([*servers, config])

    def remove(self) -> None:
        config = self._editable(self.selected())
        if config is not None:
            self._save([s for s in self._app_servers() if s.name != config.name])

    def toggle(self) -> None:
        config = self._editable(self.selected())
        if config is not None:
            flipped = replace(config, disabled=not config.disabled)
            self._save([flipped if s.name == config.name else s for s in self._app_servers()])

    def _add_connector(self, connector: Connector, name: str) -> None:
        """Added by editing mcp.json's text (comments kept); a user's same-named server is never replaced."""
        try:
            add_connector(connector, name=name)
        except (OSError, McpConfigError, NameTakenError) as exc:
            self.note.setText(str(exc))
            return
        self._apply()
        if name != connector.name:
            renamed = tr("You already have a server named %1: the connector was added as %2.")
            self.note.setText(renamed.replace("%1", connector.name).replace("%2", name))

    def _save(self, servers: list[ServerConfig]) -> None:
        """Write the app's file, then hand the whole configuration to the manager."""
        try:
            save_servers(servers)
        except OSError as exc:
            QMessageBox.warning(self, tr("MCP servers"), tr("Could not save: %1").replace("%1", str(exc)))
            return
        self._apply()

    def _apply(self) -> None:
        """The whole configuration to the manager (`_configs` says a broken file in the note), then the list."""
        configs = self._configs()
        if self.servers.running:
            self.servers.update(configs)
        self._refresh()

    def restart(self) -> None:
        if self.selected() and self.servers.running:
            self.servers.restart(self.selected())

    def show_log(self) -> LogDialog | None:
        status = self.servers.statuses.get(self.selected())
        if status is None or not status.log_path:
            return None
        dialog = LogDialog(status.name, status.log_path, self)
        dialog.show()
        return dialog

    def review_changes(self) -> DefinitionChangeDialog | None:
        return open_review(self.servers, self)


def open_review(servers: McpServers, parent: QWidget) -> DefinitionChangeDialog | None:
    """The first held-back tool in a dialog; Approve pins it, then the next one is offered."""
    if not servers.pending:
        return None
    dialog = DefinitionChangeDialog(servers.pending[0], parent)

    def answered(_result: int) -> None:
        if dialog.approved:
            servers.approve(dialog.change.name)
        dialog.deleteLater()

    dialog.finished.connect(answered)
    dialog.open()
    return dialog
