"""Settings → MCP servers: status of each server, add / edit / remove / enable, logs, changed tools."""

from __future__ import annotations

import json
import shlex
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app import jsonsafe
from desktop_app.ui.i18n import tr
from desktop_app.ui.mcp.dialogs import DefinitionChangeDialog, LogDialog
from desktop_app.ui.mcp.signin import SignInControls
from desktop_app.ui.palette import colours
from desktop_app.ui.text import make_visible, plain_tip

if TYPE_CHECKING:
    from desktop_app.mcp.config import ServerConfig
    from desktop_app.mcp.connection import ServerStatus
    from desktop_app.ui.mcp.bridge import McpBridge
    from desktop_app.ui.mcp.gallery_dialog import GalleryDialog

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


def _pairs_text(values: dict[str, Any], sep: str) -> str:
    """`env` / `headers` as lines; a keyring reference stays JSON so it round-trips."""
    return "\n".join(f"{k}{sep}{v if isinstance(v, str) else json.dumps(v)}" for k, v in values.items())


def _parse_pairs(text: str, sep: str, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        key, found, value = line.partition(sep)
        if not found or not key.strip():
            raise ValueError(
                tr("%1, line %2: expected NAME%3VALUE")
                .replace("%1", what)
                .replace("%2", str(number))
                .replace("%3", sep)
            )
        value = value.strip() if sep == ":" else value
        if value.startswith("{"):
            try:
                out[key.strip()] = jsonsafe.loads(value)
                continue
            except ValueError:
                pass
        out[key.strip()] = value
    return out


class ServerEditor(QDialog):
    """Edit one server entry; `config` holds the checked ServerConfig after Save."""

    def __init__(self, existing: ServerConfig | None, taken: set[str], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpServerEditor")
        self.setWindowTitle(tr("Edit MCP server") if existing else tr("Add MCP server"))
        self.config: ServerConfig | None = None
        self._kind = existing.kind if existing is not None else ""  # "type" of the entry, kept on save
        self._taken = taken
        form = QFormLayout()
        self.name = QLineEdit(self)
        self.name.setObjectName("name")
        form.addRow(tr("Name:"), self.name)
        kinds = QHBoxLayout()
        self.stdio = QRadioButton(tr("Program (stdio)"), self)
        self.http = QRadioButton(tr("URL (streamable HTTP or SSE)"), self)
        group = QButtonGroup(self)
        for button in (self.stdio, self.http):
            group.addButton(button)
            kinds.addWidget(button)
        form.addRow(tr("Kind:"), kinds)
        self.command = QLineEdit(self)
        self.command.setObjectName("command")
        self.command.setPlaceholderText("npx")
        self.args = QLineEdit(self)
        self.args.setObjectName("args")
        self.args.setPlaceholderText("-y @modelcontextprotocol/server-filesystem ~/Trips")
        self.env = QPlainTextEdit(self)
        self.env.setObjectName("env")
        self.env.setPlaceholderText('NAME=value\nTOKEN={"keyring": "secret name"}')
        self.cwd = QLineEdit(self)
        self.cwd.setObjectName("cwd")
        self.url = QLineEdit(self)
        self.url.setObjectName("url")
        self.url.setPlaceholderText("https://mcp.example.com/mcp")
        self.headers = QPlainTextEdit(self)
        self.headers.setObjectName("headers")
        self.headers.setPlaceholderText('Authorization: {"keyring": "remote-token"}')
        for widget in (self.env, self.headers):
            widget.setFixedHeight(64)
        self.timeout = QDoubleSpinBox(self)
        self.timeout.setRange(1, 86_400)
        self.timeout.setSuffix(" s")
        self.enabled = QCheckBox(tr("Enabled"), self)
        self.read_only = QCheckBox(tr("Trust this server: its read-only tools run without asking"), self)
        self.read_only.setObjectName("trustReadOnly")
        self.read_only.setToolTip(
            tr(
                "The server itself says which of its tools only read. Tick this only for a server you trust: "
                "a dishonest one could mark a tool that changes or sends your data as read-only, and it would "
                "then run without asking you. Tools not marked read-only always ask."
            )
        )
        form.addRow(tr("Command:"), self.command)
        form.addRow(tr("Arguments:"), self.args)
        form.addRow(tr("Environment:"), self.env)
        form.addRow(tr("Working folder:"), self.cwd)
        form.addRow(tr("URL:"), self.url)
        form.addRow(tr("Headers:"), self.headers)
        form.addRow(tr("Call timeout:"), self.timeout)
        form.addRow("", self.enabled)
        form.addRow("", self.read_only)
        self.error = QLabel(self)
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setStyleSheet(f"color: {colours().error};")
        self.error.hide()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.save_button = QPushButton(tr("Save"), self)
        self.save_button.setObjectName("save")
        cancel = QPushButton(tr("Cancel"), self)
        buttons.addWidget(self.save_button)
        buttons.addWidget(cancel)
        self.save_button.clicked.connect(self.save)
        cancel.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.stdio.toggled.connect(self._kind_changed)
        self._fill(existing)
        self.resize(560, 480)

    def _fill(self, config: ServerConfig | None) -> None:
        from desktop_app.mcp.config import DEFAULT_CALL_TIMEOUT

        self.enabled.setChecked(config is None or not config.disabled)
        self.timeout.setValue(config.timeout if config else DEFAULT_CALL_TIMEOUT)
        self.stdio.setChecked(config is None or not config.url)
        self.http.setChecked(config is not None and bool(config.url))
        self._kind_changed()
        if config is None:
            return
        self.name.setText(config.name)
        self.command.setText(config.command)
        self.args.setText(shlex.join(config.args))
        self.env.setPlainText(_pairs_text(config.env, "="))
        self.cwd.setText(config.cwd)
        self.url.setText(config.url)
        self.headers.setPlainText(_pairs_text(config.headers, ": "))
        self.read_only.setChecked(config.trust_read_only_hints)

    def _kind_changed(self) -> None:
        stdio = self.stdio.isChecked()
        for widget in (self.command, self.args, self.env, self.cwd):
            widget.setEnabled(stdio)
        for widget in (self.url, self.headers):
            widget.setEnabled(not stdio)

    def entry(self) -> dict[str, Any]:
        """The `mcpServers` entry the fields describe (raises ValueError on a malformed line)."""
        entry: dict[str, Any] = {"timeout": self.timeout.value()}
        if self.stdio.isChecked():
            try:
                args = shlex.split(self.args.text())
            except ValueError as exc:
                raise ValueError(tr("Arguments: %1").replace("%1", str(exc))) from None
            entry.update(
                command=self.command.text().strip(),
                args=args,
                env=_parse_pairs(self.env.toPlainText(), "=", tr("Environment")),
            )
            if self.cwd.text().strip():
                entry["cwd"] = self.cwd.text().strip()
        else:
            entry.update(
                url=self.url.text().strip(), headers=_parse_pairs(self.headers.toPlainText(), ":", tr("Headers"))
            )
            if self._kind in ("http", "sse"):
                entry["type"] = self._kind
        if not self.enabled.isChecked():
            entry["disabled"] = True
        if self.read_only.isChecked():
            entry["trustReadOnlyHints"] = True
        return entry

    def save(self) -> None:
        """Check the entry exactly as the config file would be checked; show the one-line error."""
        from desktop_app.mcp.config import McpConfigError, app_config_path, parse_server

        name = self.name.text().strip()
        try:
            if name in self._taken:
                raise ValueError(tr("A server named %1 already exists.").replace("%1", name))
            self.config = parse_server(name, self.entry(), app_config_path())
        except (McpConfigError, ValueError) as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.accept()


class McpSettings(QWidget):
    """The MCP servers page: a live list from the bridge, edits saved to the app's `mcp.json`."""

    def __init__(self, bridge: McpBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpSettings")
        self.bridge = bridge
        self.editor: ServerEditor | None = None
        self.review: DefinitionChangeDialog | None = None
        self.logs: list[LogDialog] = []
        layout = QVBoxLayout(self)
        self.note = QLabel(self)
        self.note.setObjectName("note")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.note)
        self.list = QListWidget(self)
        self.list.setObjectName("servers")
        self.list.setAccessibleName(tr("MCP servers"))
        layout.addWidget(self.list, 1)
        self.details = QPlainTextEdit(self)
        self.details.setObjectName("details")
        self.details.setAccessibleName(tr("Server details"))
        self.details.setReadOnly(True)
        self.details.setFixedHeight(130)
        layout.addWidget(self.details)
        self.account = SignInControls(bridge, self.selected_config, self)
        layout.addWidget(self.account.progress)
        layout.addLayout(self._buttons())
        bridge.statusChanged.connect(self._refresh)
        bridge.pendingChanged.connect(self._refresh)
        bridge.started.connect(self._refresh)
        self.list.currentRowChanged.connect(self._show_details)
        self._refresh()

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
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
        self.buttons: dict[str, QPushButton] = {}
        for name, text, slot in specs:
            button = QPushButton(text, self)
            button.setObjectName(name)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            row.addWidget(button)
            self.buttons[name] = button
        for button in (self.account.sign_in, self.account.sign_out):
            row.insertWidget(row.count() - 2, button)  # before Show log and Review changes…
            self.buttons[button.objectName()] = button
        row.addStretch(1)
        return row

    # ---------------------------------------------------------------- the list
    def _configs(self) -> list[ServerConfig]:
        """Every configured server (the app's file and --mcp-config), as the manager knows them."""
        from desktop_app.mcp.config import McpConfigError, load_servers

        try:
            return load_servers(self.bridge.mcp_config)
        except McpConfigError:
            return self._app_servers()

    def _app_servers(self) -> list[ServerConfig]:
        from desktop_app.mcp.config import McpConfigError, app_config_path, read_config_file

        try:
            return read_config_file(app_config_path(), missing_ok=True)
        except McpConfigError as exc:
            self.note.setText(str(exc))
            return []

    def _refresh(self, *_: Any) -> None:
        current = self.selected()
        self.list.clear()
        names = [c.name for c in self._configs()]
        names += [n for n in self.bridge.statuses if n not in names]
        for name in names:
            status = self.bridge.statuses.get(name)
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
            return f"{make_visible(name)} — " + (tr("starting…") if self.bridge.running else tr("not started"))
        text = f"{make_visible(name)} — {state_label(status.state)} ({status.transport})"
        if status.state == "ready":
            text += " · " + tr("%n tool(s)", None, len(status.tools))
        if status.held_back:
            text += " · " + tr("%n changed tool(s) blocked", None, len(status.held_back))
        if status.state == "failed":
            text += ": " + make_visible(status.reason)[:160]
        return text

    def _update_note(self) -> None:
        from desktop_app.mcp.config import app_config_path

        extra = self.bridge.mcp_config
        text = tr("Servers are saved in %1; changes apply at once.").replace("%1", str(app_config_path()))
        if extra:
            text += " " + tr("Servers from %1 are shown but edited in that file.").replace("%1", extra)
        self.note.setText(text)
        self.buttons["review"].setEnabled(bool(self.bridge.pending))

    def selected(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def selected_config(self) -> ServerConfig | None:
        return next((c for c in self._configs() if c.name == self.selected()), None)

    def _show_details(self, *_: Any) -> None:
        status = self.bridge.statuses.get(self.selected())
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
                tr("%1 comes from %2: edit it there.").replace("%1", name).replace("%2", self.bridge.mcp_config or "?")
            )
        return found

    def add(self) -> ServerEditor:
        return self._open_editor(None)

    def add_from_gallery(self) -> GalleryDialog:
        """A vetted travel connector, added to the app's mcp.json (it connects at once)."""
        from desktop_app.ui.mcp.gallery_dialog import GalleryDialog

        dialog = GalleryDialog({s.name for s in self._app_servers()}, self)
        dialog.chosen.connect(lambda c: self._save([*(s for s in self._app_servers() if s.name != c.name), c.server()]))
        self.gallery = dialog
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
        self.editor = editor
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
        from dataclasses import replace

        config = self._editable(self.selected())
        if config is not None:
            flipped = replace(config, disabled=not config.disabled)
            self._save([flipped if s.name == config.name else s for s in self._app_servers()])

    def _save(self, servers: list[ServerConfig]) -> None:
        """Write the app's file, then hand the whole configuration to the manager."""
        from desktop_app.mcp.config import McpConfigError, save_servers

        try:
            save_servers(servers)
        except OSError as exc:
            QMessageBox.warning(self, tr("MCP servers"), tr("Could not save: %1").replace("%1", str(exc)))
            return
        try:
            configs = self._configs()
        except McpConfigError as exc:
            self.note.setText(str(exc))
            return
        if self.bridge.running:
            self.bridge.update(configs)
        self._refresh()

    def restart(self) -> None:
        if self.selected() and self.bridge.running:
            self.bridge.restart(self.selected())

    def show_log(self) -> LogDialog | None:
        status = self.bridge.statuses.get(self.selected())
        if status is None or not status.log_path:
            return None
        dialog = LogDialog(status.name, status.log_path, self)
        dialog.finished.connect(lambda _r: self.logs.remove(dialog) if dialog in self.logs else None)
        self.logs.append(dialog)
        dialog.show()
        return dialog

    def review_changes(self) -> DefinitionChangeDialog | None:
        return open_review(self.bridge, self)


def open_review(bridge: McpBridge, parent: QWidget) -> DefinitionChangeDialog | None:
    """The first held-back tool in a dialog; Approve pins it, then the next one is offered."""
    if not bridge.pending:
        return None
    dialog = DefinitionChangeDialog(bridge.pending[0], parent)

    def answered(_result: int) -> None:
        if dialog.approved:
            bridge.approve(dialog.change.name)
        dialog.deleteLater()

    dialog.finished.connect(answered)
    dialog.open()
    return dialog
