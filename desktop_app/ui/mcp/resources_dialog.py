"""Browse the MCP servers' resources and attach one to the conversation; fill a prompt's arguments.

Server text is shown plain with hidden characters made visible; nothing is sent before Attach or Run."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.chat.attachments import Attachment
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox, plain_label, read_only_text
from desktop_app.ui.mcp.servers import McpServers
from desktop_app.ui.schema_form import SchemaForm
from desktop_app.ui.text import make_visible, plain_tip


class ResourceBrowser(QDialog):
    """Left: every ready server's resources; right: the selected one's text; Attach sends it along
    with the next message (it then shows in the inspector's request body, as the model saw it)."""

    attached = Signal(object)  # an Attachment
    loaded = Signal()  # the list arrived (tests wait on it)
    shown = Signal()  # a resource's text arrived
    templatesLoaded = Signal()  # the resource templates arrived

    def __init__(self, mcp: McpServers, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resourceBrowser")
        self.setWindowTitle(tr("MCP resources"))
        self.resize(860, 520)
        self.mcp = mcp
        self.list = QListWidget(self)
        self.list.setObjectName("resourceList")
        self.list.setAccessibleName(tr("Resources"))
        self.uri = QLineEdit(self)
        self.uri.setObjectName("resourceUri")
        self.uri.setAccessibleName(tr("Resource URI"))
        self.uri.setPlaceholderText(tr("Choose a resource, or a template and fill in its {placeholders}"))
        self.open_button = QPushButton(tr("Open"), self)
        self.open_button.setEnabled(False)
        self.text = read_only_text(self, "resourceText", mono=False)
        self.text.setAccessibleName(tr("The resource's text"))
        self.status = plain_label(tr("Loading…"), self)
        self.attach_button = QPushButton(tr("Attach to conversation"), self)
        self.attach_button.setObjectName("attachResource")
        self.attach_button.setEnabled(False)
        close = QPushButton(tr("Close"), self)
        split = QHBoxLayout()
        split.addWidget(self.list, 2)
        right = QVBoxLayout()
        right.addLayout(hbox(self.uri, self.open_button))
        right.addWidget(self.text, 1)
        split.addLayout(right, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(split, 1)
        layout.addLayout(hbox(self.status, self.attach_button, close))
        self._current: Attachment | None = None
        self.list.currentItemChanged.connect(self._selected)
        self.attach_button.clicked.connect(self._attach)
        self.open_button.clicked.connect(self._open_typed)
        self.uri.returnPressed.connect(self._open_typed)
        close.clicked.connect(self.reject)
        mcp.listing("resources").add_done_callback(self._listed)
        mcp.listing("templates").add_done_callback(self._templates_listed)

    def _listed(self, future: Any) -> None:
        if future.cancelled() or future.exception() is not None:
            self.status.setText(tr("Could not list resources."))
            return
        found, problems = future.result()
        for entry in found:
            if self._row(entry["server"], entry["uri"]) is not None:
                continue  # already shown (a link from a tool result opened it)
            label = f"{entry['server']} · {entry['name'] or entry['uri']}"
            self.list.addItem(_item(label, f"{entry['uri']}\n{entry['description']}", entry))
        none = tr("No server offers resources.") if not found else ""
        self.status.setText(" · ".join([none, *problems]).strip(" ·") or tr("%n resource(s)", None, len(found)))
        self.loaded.emit()

    def _templates_listed(self, future: Any) -> None:
        """Templates go at the end, marked: choosing one puts its URI in the box to be completed."""
        found = [] if future.cancelled() or future.exception() is not None else future.result()[0]
        for entry in found:
            label = tr("%1 · %2 (template)").replace("%1", entry["server"]).replace("%2", entry["name"])
            self.list.addItem(_item(label, f"{entry['uriTemplate']}\n{entry['description']}", entry))
        self.templatesLoaded.emit()

    def _open_typed(self) -> None:
        """Read the URI in the box from the selected row's server (a completed template, say)."""
        item = self.list.currentItem()
        uri = self.uri.text().strip()
        if item is not None and uri:
            self.show_resource(item.data(Qt.ItemDataRole.UserRole)["server"], uri, "")

    def _row(self, server: str, uri: str) -> int | None:
        for row in range(self.list.count()):
            entry = self.list.item(row).data(Qt.ItemDataRole.UserRole)
            if (entry["server"], entry.get("uri")) == (server, uri):
                return row
        return None

    def show_resource(self, server: str, uri: str, name: str) -> None:
        """Select (and read) one resource, e.g. a link a tool returned: templates' URIs are not listed."""
        row = self._row(server, uri)
        if row is None:
            entry = {"server": server, "uri": uri, "name": name, "mimeType": "", "description": ""}
            self.list.insertItem(0, _item(f"{server} · {name or uri}", uri, entry))
            row = 0
        self.list.setCurrentRow(row)

    def _selected(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None = None) -> None:
        self.attach_button.setEnabled(False)
        if item is None:
            return
        entry = item.data(Qt.ItemDataRole.UserRole)
        self.open_button.setEnabled(True)
        if "uriTemplate" in entry:  # nothing to read until the person fills it in
            self.uri.setText(entry["uriTemplate"])
            self.text.setPlainText(make_visible(entry["description"]))
            self.uri.setFocus()
            return
        self.uri.setText(entry["uri"])
        self.text.setPlainText(tr("Loading…"))
        self.mcp.read(entry["server"], entry["uri"]).add_done_callback(lambda f: self._read(entry, f))

    def _read(self, entry: dict[str, Any], future: Any) -> None:
        from desktop_app.mcp.client import contents_text

        item = self.list.currentItem()
        if item is None or item.data(Qt.ItemDataRole.UserRole) != entry:
            return  # the person has moved on: an answer for an earlier choice is not shown
        if future.cancelled() or future.exception() is not None:
            self.text.setPlainText(tr("Could not read this resource."))
            return
        contents, problems = future.result()
        text = contents_text(contents) if contents else "\n".join(problems)
        self.text.setPlainText(make_visible(text))
        if contents:
            self._current = Attachment(entry["server"], entry["uri"], entry["name"], text)
            self.attach_button.setEnabled(True)
        self.shown.emit()

    def _attach(self) -> None:
        if self._current is not None:
            self.attached.emit(self._current)
            self.accept()


def _item(label: str, tip: str, entry: dict[str, Any]) -> QListWidgetItem:
    """A list row for a server's resource or template: its text shortened, hidden characters shown."""
    item = QListWidgetItem(make_visible(label)[:200])
    item.setToolTip(plain_tip(make_visible(tip)[:1000]))
    item.setData(Qt.ItemDataRole.UserRole, entry)
    return item


def prompt_schema(arguments: list[dict[str, Any]]) -> dict[str, Any]:
    """A prompt's arguments (all strings in MCP) as the JSON Schema SchemaForm draws."""
    properties = {a["name"]: {"type": "string", "description": a["description"]} for a in arguments}
    return {"type": "object", "properties": properties, "required": [a["name"] for a in arguments if a["required"]]}


class PromptDialog(QDialog):
    """`/server:prompt`: the prompt's arguments as a small form; Run expands it into the message."""

    def __init__(self, prompt: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("promptDialog")
        self.setWindowTitle(tr("Prompt %1").replace("%1", make_visible(f"/{prompt['server']}:{prompt['name']}")))
        about = plain_label(make_visible(prompt["description"])[:500], self)
        self.form = SchemaForm(prompt_schema(prompt["arguments"]), self)
        buttons = QDialogButtonBox(self)
        self.run_button = buttons.addButton(tr("Run"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._run)
        buttons.rejected.connect(self.reject)
        self.problem = QLabel("", self)
        layout = QVBoxLayout(self)
        for widget in (about, self.form, self.problem, buttons):
            layout.addWidget(widget)

    def arguments(self) -> dict[str, str]:
        return {k: str(v) for k, v in self.form.content().items()}

    def _run(self) -> None:
        missing = self.form.missing()
        if missing:
            self.problem.setText(tr("Required: %1").replace("%1", ", ".join(missing)))
            return
        self.accept()
