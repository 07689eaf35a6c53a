"""MCP dialogs: a server's form (elicitation), its completion request (sampling), changed tools, logs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QDialog, QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from desktop_app.mcp.trust import PendingChange, approved_text, pretty_definition
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import button, fixed_font, hbox, plain_label, read_only_text, tint
from desktop_app.ui.palette import colours
from desktop_app.ui.schema_form import SchemaForm
from desktop_app.ui.text import make_visible
from desktop_app.visible import one_line

if TYPE_CHECKING:
    from desktop_app.mcp.client import SamplingRequest
    from desktop_app.mcp.trust import SecretSend

LOG_TAIL_BYTES = 256_000


def _button_row(parent: QWidget, *buttons: tuple[str, str]) -> tuple[QHBoxLayout, dict[str, QPushButton]]:
    made = {name: button(text, name, parent) for name, text in buttons}
    row = hbox(*made.values(), grow=None)
    row.insertStretch(0, 1)
    return row, made


class _ApprovalDialog(QDialog):
    """A request answered by one approving button (`approved` after it) or by closing it."""

    approved = False

    def _answer_row(
        self, layout: QVBoxLayout, approve: tuple[str, str], refuse: tuple[str, str]
    ) -> tuple[QPushButton, QPushButton]:
        """The approving and the refusing button; refusing is the default, so Enter never approves."""
        row, buttons = _button_row(self, approve, refuse)
        approve_button, refuse_button = buttons.values()
        refuse_button.setDefault(True)
        approve_button.clicked.connect(self._approve)
        refuse_button.clicked.connect(self.reject)
        layout.addLayout(row)
        return approve_button, refuse_button

    def _approve(self) -> None:
        self.approved = True
        self.accept()


class ElicitationDialog(QDialog):
    """A form generated from a server's flat JSON schema; `action` is accept / decline / cancel."""

    def __init__(self, server: str, message: str, schema: dict[str, Any], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("elicitationDialog")
        self.setWindowTitle(tr("An MCP server asks for information"))
        self.action = "cancel"
        layout = QVBoxLayout(self)
        who = tr("Server: %1").replace("%1", make_visible(server))
        layout.addWidget(plain_label(who, self, "server"))
        layout.addWidget(plain_label(message, self, "message"))
        self.form = SchemaForm(schema, self)
        layout.addWidget(self.form)
        layout.addWidget(plain_label(tr("* required. Only what you enter here is sent to the server."), self))
        layout.addStretch(1)  # spare height below the form, not between its labels
        self.error = plain_label("", self, "error", error=True)
        self.error.hide()
        layout.addWidget(self.error)
        row, buttons = _button_row(self, ("accept", tr("Send")), ("decline", tr("Decline")), ("cancel", tr("Cancel")))
        self.accept_button, self.decline_button, self.cancel_button = buttons.values()
        self.accept_button.clicked.connect(self._send)
        self.decline_button.clicked.connect(lambda: self._finish("decline"))
        self.cancel_button.clicked.connect(lambda: self._finish("cancel"))
        layout.addLayout(row)
        self.resize(480, 200 + 36 * len(self.form.fields))

    def _send(self) -> None:
        missing = self.form.missing()
        if missing:
            self.error.setText(tr("Please fill in: %1").replace("%1", ", ".join(missing)))
            self.error.show()
            return
        self._finish("accept")

    def _finish(self, action: str) -> None:
        self.action = action
        self.done(QDialog.DialogCode.Accepted if action == "accept" else QDialog.DialogCode.Rejected)


class SamplingDialog(_ApprovalDialog):
    """A server's completion request, shown in full; `approved` after Approve."""

    def __init__(self, request: SamplingRequest, model: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("samplingDialog")
        self.setWindowTitle(tr("An MCP server asks to use your model"))
        layout = QVBoxLayout(self)
        about = tr("Server %1 wants this sent to %2 (on your account). Approve only if you expect it.")
        layout.addWidget(
            plain_label(about.replace("%1", make_visible(request.server)).replace("%2", model), self, "about")
        )
        self.request_text = read_only_text(self, "request", _sampling_text(request))
        layout.addWidget(self.request_text, 1)
        if request.warnings:
            layout.addWidget(plain_label(tr("Warnings: ") + "; ".join(request.warnings), self, "warnings", True))
        answers = ("approve", tr("Approve and send")), ("deny", tr("Deny"))
        self.approve_button, self.deny_button = self._answer_row(layout, *answers)
        self.resize(560, 420)


class SecretSendDialog(_ApprovalDialog):
    """A stored secret's first trip to a server: which secret, as what, to where; Send only on a click."""

    def __init__(self, send: SecretSend, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("secretSendDialog")
        self.setWindowTitle(tr("Send a stored secret to an MCP server?"))
        layout = QVBoxLayout(self)
        intro = tr("MCP server %1 asks for the secret %2, stored in the keyring for it.")
        about = intro.replace("%1", make_visible(send.server)).replace("%2", make_visible(send.secret))
        layout.addWidget(plain_label(about, self, "about"))
        layout.addWidget(plain_label(tr("It would be sent as %1 to:").replace("%1", one_line(send.field)), self))
        target = plain_label(make_visible(send.to), self, "destination", selectable=True)
        fixed_font(target)
        layout.addWidget(target)
        if send.changed:  # e.g. "env PYTHONPATH added": what an edit of the entry slipped in
            changed = tr("Changed since you allowed it: %1").replace("%1", one_line(send.changed))
            layout.addWidget(plain_label(changed, self, "changed", error=True))
        ask = tr("Send it only if you expect this server to need it. You are asked again if it changes.")
        layout.addWidget(plain_label(ask, self))
        answers = ("send", tr("Send it")), ("keep", tr("Don't send"))
        self.send_button, self.keep_button = self._answer_row(layout, *answers)


def _sampling_text(request: SamplingRequest) -> str:
    lines = []
    if request.system_prompt:
        lines += ["[system]", request.system_prompt, ""]
    for role, text in request.messages:
        lines += [f"[{role}]", text, ""]
    facts = [f"max_tokens: {request.max_tokens}"]
    if request.temperature is not None:
        facts.append(f"temperature: {request.temperature}")
    if request.model_hints:
        facts.append(f"model hints: {', '.join(request.model_hints)}")
    return "\n".join(lines + facts)


class DefinitionChangeDialog(_ApprovalDialog):
    """Old and new definition of a held-back tool side by side; Approve pins the new one."""

    def __init__(self, change: PendingChange, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("definitionChangeDialog")
        self.setWindowTitle(tr("A tool's definition changed"))
        self.change = change
        layout = QVBoxLayout(self)
        what = (
            tr("Tool %1 is new on server %2, which you already trusted.")
            if change.old is None
            else tr("Tool %1 on server %2 changed since you approved it.")
        )
        intro = what.replace("%1", make_visible(change.name)).replace("%2", make_visible(change.server))
        layout.addWidget(plain_label(intro + " " + tr("It stays blocked until you approve it."), self, "intro"))
        sides = QHBoxLayout()
        self.old_text = self._side(sides, tr("Approved before"), approved_text(change), "old")
        self.new_text = self._side(sides, tr("Offered now"), pretty_definition(change.new), "new")
        layout.addLayout(sides, 1)
        self.changed_lines = mark_differences(self.old_text, self.new_text)
        self.warnings = plain_label(
            tr("Warnings: ") + "; ".join(change.warnings) if change.warnings else "", self, "warnings", True
        )
        self.warnings.setVisible(bool(change.warnings))
        layout.addWidget(self.warnings)
        answers = ("approve", tr("Approve new definition")), ("keep", tr("Keep blocked"))
        self.approve_button, self.keep_button = self._answer_row(layout, *answers)
        self.resize(900, 520)

    def _side(self, row: QHBoxLayout, title: str, text: str, name: str) -> QPlainTextEdit:
        column = QVBoxLayout()
        column.addWidget(plain_label(title, self))
        view = read_only_text(self, name, text)
        column.addWidget(view, 1)
        row.addLayout(column, 1)
        return view


def mark_differences(old: QPlainTextEdit, new: QPlainTextEdit) -> tuple[list[int], list[int]]:
    """Tint the lines that differ (removed on the old side, added on the new; difflib's line
    diff), so a one-word change in a long description cannot hide. Returns the line numbers."""
    import difflib

    from PySide6.QtGui import QTextCursor

    before, after = old.toPlainText().splitlines(), new.toPlainText().splitlines()
    removed: list[int] = []
    added: list[int] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag != "equal":
            removed += range(i1, i2)
            added += range(j1, j2)
    for view, lines, colour in ((old, removed, colours().diff_removed_bg), (new, added, colours().diff_added_bg)):
        cursors = [QTextCursor(view.document().findBlockByLineNumber(line)) for line in lines]
        tint(view, cursors, colour, whole=True)
    return removed, added


class LogDialog(QDialog):
    """The end of a server's log file (its stderr and our notes), read-only, reloadable."""

    def __init__(self, server: str, path: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpLogDialog")
        self.setWindowTitle(tr("Log of MCP server %1").replace("%1", server))
        self.path = Path(path)
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(str(self.path), self, "path"))
        self.text = read_only_text(self, "log")
        layout.addWidget(self.text, 1)
        row, buttons = _button_row(self, ("reload", tr("Reload")), ("close", tr("Close")))
        buttons["reload"].clicked.connect(self.reload)
        buttons["close"].clicked.connect(self.accept)
        layout.addLayout(row)
        self.resize(760, 480)
        self.reload()

    def reload(self) -> None:
        from desktop_app.mcp.client import read_tail

        try:
            text = read_tail(self.path, LOG_TAIL_BYTES)
        except OSError as exc:
            text = tr("The log cannot be read: %1").replace("%1", exc.strerror or str(exc))
        self.text.setPlainText(text or tr("(the log is empty)"))
        self.text.moveCursor(self.text.textCursor().MoveOperation.End)
