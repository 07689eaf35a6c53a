"""Try it: call the selected tool yourself, from a form generated from its schema; the result is
shown in the same JSON views as a model's call."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from desktop_app.ui.i18n import marked, tr
from desktop_app.ui.inspector.call_details import plain_label
from desktop_app.ui.inspector.json_view import JsonPane
from desktop_app.ui.inspector.timeline_model import STATUS_COLOURS
from desktop_app.ui.layout import bold, hbox
from desktop_app.ui.schema_form import SchemaForm


class TryPanel(QWidget):
    """A form for one tool's arguments, a Call button and the result; `tryRequested(name, args)`."""

    tryRequested = Signal(str, object)  # tool name, arguments (dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tryPanel")
        self.name = ""
        self.heading = bold(plain_label(self))
        self.note = plain_label(self)
        self.form = SchemaForm({}, self)
        self._form_box = QVBoxLayout()
        self._form_box.addWidget(self.form)
        self.call_button = QPushButton(self)
        self.call_button.setObjectName("tryCall")
        self.status = plain_label(self)
        self.result = JsonPane(marked("Result"), self)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 4, 0, 0)
        box.addWidget(self.heading)
        box.addWidget(self.note)
        box.addLayout(self._form_box)
        box.addLayout(hbox(self.status, self.call_button))
        box.addWidget(self.result, 1)
        self.call_button.clicked.connect(self._call)
        self.retranslate()

    def retranslate(self) -> None:
        """The labels in the current language (what a call said stays as it was said)."""
        self.note.setText(tr("Runs the tool as you, like `tools call`; tools that write ask first."))
        self.call_button.setText(tr("Call"))
        self.call_button.setAccessibleName(tr("Call the tool with these arguments"))
        self.result.retranslate()
        if self.name:
            self.heading.setText(tr("Try {name}").format(name=self.name))

    def set_tool(self, listing: dict[str, Any]) -> None:
        """A fresh form for this tool (a held-back MCP tool cannot be called)."""
        self.name = str(listing.get("name", ""))
        self.heading.setText(tr("Try {name}").format(name=self.name))
        params = listing.get("parameters")
        self._form_box.removeWidget(self.form)
        self.form.deleteLater()
        self.form = SchemaForm(params if isinstance(params, dict) else {}, self)
        self._form_box.addWidget(self.form)
        usable = listing.get("status", "ok") == "ok"
        self.call_button.setEnabled(usable)
        self._say("" if usable else tr("This tool is held back until you approve its definition."))
        self.result.clear_value()

    def _call(self) -> None:
        missing = self.form.missing()
        if missing:
            self._say(tr("Please fill in: {names}").format(names=", ".join(missing)), error=True)
            return
        self.call_button.setEnabled(False)
        self._say(tr("Calling {name}…").format(name=self.name))
        self.tryRequested.emit(self.name, self.form.content())

    def show_result(self, content: str, is_error: bool) -> None:
        """The tool's answer (error results in red), and the button back."""
        self.call_button.setEnabled(True)
        self._say(tr("Error result") if is_error else tr("Result received"), error=is_error)
        self.result.title.setText(tr("Result (error)") if is_error else tr("Result"))
        self.result.set_json_text(content)

    def _say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {STATUS_COLOURS['error']};" if error else "")
