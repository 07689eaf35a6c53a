"""Settings → MCP servers → Add/Edit: one server's entry (command or URL, env, headers), checked."""

from __future__ import annotations

import json
import shlex
from typing import Any, TypeVar

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app import jsonsafe
from desktop_app.mcp.setup import DEFAULT_CALL_TIMEOUT, McpConfigError, ServerConfig, app_config_path, parse_server
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label

E = TypeVar("E", QLineEdit, QPlainTextEdit)


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
            expected = tr("%1, line %2: expected NAME%3VALUE").replace("%1", what).replace("%2", str(number))
            raise ValueError(expected.replace("%3", sep))
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
        self.name = self._row(form, tr("Name:"), QLineEdit(self), "name")
        self.stdio = QRadioButton(tr("Program (stdio)"), self)
        self.http = QRadioButton(tr("URL (streamable HTTP or SSE)"), self)
        group = QButtonGroup(self)
        for button in (self.stdio, self.http):
            group.addButton(button)
        form.addRow(tr("Kind:"), hbox(self.stdio, self.http, grow=None))
        self.command = self._row(form, tr("Command:"), QLineEdit(self), "command", "npx")
        args_hint = "-y @modelcontextprotocol/server-filesystem ~/Trips"
        self.args = self._row(form, tr("Arguments:"), QLineEdit(self), "args", args_hint)
        env_hint = 'NAME=value\nTOKEN={"keyring": "secret name"}'
        self.env = self._row(form, tr("Environment:"), QPlainTextEdit(self), "env", env_hint)
        self.cwd = self._row(form, tr("Working folder:"), QLineEdit(self), "cwd")
        self.url = self._row(form, tr("URL:"), QLineEdit(self), "url", "https://mcp.example.com/mcp")
        headers_hint = 'Authorization: {"keyring": "remote-token"}'
        self.headers = self._row(form, tr("Headers:"), QPlainTextEdit(self), "headers", headers_hint)
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
        form.addRow(tr("Call timeout:"), self.timeout)
        form.addRow("", self.enabled)
        form.addRow("", self.read_only)
        self.error = plain_label("", self, "error", error=True)
        self.error.hide()
        self.save_button = QPushButton(tr("Save"), self)
        self.save_button.setObjectName("save")
        cancel = QPushButton(tr("Cancel"), self)
        buttons = hbox(self.save_button, cancel, grow=None)
        buttons.insertStretch(0, 1)
        self.save_button.clicked.connect(self.save)
        cancel.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.stdio.toggled.connect(self._kind_changed)
        self._fill(existing)
        self.resize(560, 480)

    def _row(self, form: QFormLayout, label: str, edit: E, name: str, hint: str = "") -> E:
        """One text field of the entry in its form row (several lines: NAME/VALUE pairs)."""
        edit.setObjectName(name)
        edit.setPlaceholderText(hint)
        if isinstance(edit, QPlainTextEdit):
            edit.setFixedHeight(64)
        form.addRow(label, edit)
        return edit

    def _fill(self, config: ServerConfig | None) -> None:
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
