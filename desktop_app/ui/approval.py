"""Confirmation dialogs: the window's Approver, awaited through a Future, never exec()."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app import jsonsafe
from desktop_app.agent.approval import ApprovalPolicy, confirm_each_call
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import fixed_font, plain_label, read_only_text
from desktop_app.ui.palette import colours
from desktop_app.ui.text import hidden_characters, make_visible, pretty_json

if TYPE_CHECKING:
    from desktop_app.agent.approval import Choice, Decision, Pending, Waiting
    from desktop_app.core.messages import ToolCall
    from desktop_app.store.settings import Settings
    from desktop_app.tools.registry import ToolDef

LOG_KEEP = 500  # decisions kept in the log file


@dataclass
class DecisionRecord:
    """One decision, as listed in Settings: who allowed or denied what, and how."""

    tool: str
    call_id: str
    decision: str  # approved | denied
    scope: str  # once | conversation | always | dismissed | timeout | cancelled
    reason: str = ""
    conversation_id: str = ""
    source: str = ""
    risk: str = ""
    arguments: str = ""
    at: float = field(default_factory=time.time)


class ApprovalLog:
    """Every decision as a JSON line (the newest LOG_KEEP kept in the file)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._records: list[DecisionRecord] = self._read()

    def _read(self) -> list[DecisionRecord]:
        if self.path is None:
            return []
        try:  # jsonsafe's policy: a file over its size limit is not read at all
            lines = jsonsafe.read_text(self.path).splitlines()[-LOG_KEEP:]
        except (OSError, ValueError):
            return []  # missing, unreadable or too large: the log starts again
        records = []
        for line in lines:
            try:
                records.append(DecisionRecord(**jsonsafe.loads(line)))
            except (TypeError, ValueError):
                continue  # a damaged line never stops the app
        return records

    def add(self, record: DecisionRecord) -> None:
        self._records = [*self._records[-(LOG_KEEP - 1) :], record]
        if self.path is not None:  # rewritten whole and atomically: a crash never leaves half a line
            from desktop_app.store.atomic import write_atomic

            self.path.parent.mkdir(parents=True, exist_ok=True)
            lines = [json.dumps(asdict(r), ensure_ascii=False) + "\n" for r in self._records]
            write_atomic(self.path, "".join(lines))

    def records(self) -> list[DecisionRecord]:
        return list(self._records)


def asked_by(call: ToolCall) -> str:
    """Who asked for the call, in the dialog, the chat chip and the inspector alike."""
    if call.recovered or call.origin == "recovered_from_text":
        return tr("the model, recovered from text (it wrote this call as text, not as a tool call)")
    if call.origin == "app_view":
        return tr("an App view of MCP server %1").replace("%1", make_visible(call.asked_by))
    return tr("the model")


def _arguments_heading(call: ToolCall) -> str:
    """Whose arguments these are: the model's, read out of its text, or an App view's."""
    if call.recovered or call.origin == "recovered_from_text":
        return tr("Arguments, as read from the model's text:")
    if call.origin == "app_view":
        return tr("Arguments, exactly as the App view sent them:")
    return tr("Arguments, exactly as the model sent them:")


class ApprovalDialog(QDialog):
    """Shows one call exactly; `choice` is once / conversation / deny, or None when dismissed."""

    def __init__(self, call: ToolCall, tool: ToolDef, timeout_s: float, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("approvalDialog")
        self.setWindowTitle(tr("Allow this tool call?"))
        self.choice: Choice | None = None
        self._deadline = time.monotonic() + timeout_s
        layout = QVBoxLayout(self)
        self.queue_label = QLabel(self)
        self.queue_label.setObjectName("queue")
        layout.addWidget(self.queue_label)
        self.tool_warnings = self._tool_warnings(tool)
        layout.addWidget(self.tool_warnings)
        layout.addLayout(self._facts(call, tool))
        self.command = self._command(call)
        if self.command is not None:
            layout.addWidget(self.command)
        arguments_label = QLabel(_arguments_heading(call), self)
        layout.addWidget(arguments_label)
        raw = call.arguments if call.arguments is not None else call.arguments_raw
        self.arguments = read_only_text(self, "arguments", pretty_json(raw))
        arguments_label.setBuddy(self.arguments)  # its screen-reader name
        layout.addWidget(self.arguments, 1)
        hidden = hidden_characters(json.dumps(raw, ensure_ascii=False))
        self.warning = plain_label("", self, "warning")
        if hidden:
            self.warning.setText(
                tr("Warning: the arguments contain invisible or direction-changing characters: ") + ", ".join(hidden)
            )
        self.warning.setVisible(bool(hidden))
        layout.addWidget(self.warning)
        self.reason = QLineEdit(self)
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText(tr("Reason (optional, told to the model when you deny)"))
        self.reason.setAccessibleName(tr("Reason for denying"))
        self.reason.setAccessibleDescription(tr("Optional; told to the model when you deny"))
        layout.addWidget(self.reason)
        layout.addLayout(self._buttons())
        self.allow_conversation.setVisible(not confirm_each_call(tool))  # no allowance may skip the question
        self.reason.setFocus()  # not the arguments box, which eats Enter: Enter denies, Tab reaches Allow once
        self.countdown = QLabel(self)
        self.countdown.setObjectName("countdown")
        layout.addWidget(self.countdown)
        self._tick = QTimer(self)
        self._tick.timeout.connect(self._update_countdown)
        self._tick.start(1000)  # once a second
        self._update_countdown()
        hint = self.sizeHint()
        self.resize(max(560, hint.width()), max(420, hint.height()))

    def _tool_warnings(self, tool: ToolDef) -> QLabel:
        """The tool's own warnings (e.g. no OS sandbox for the shell), at the top, in red."""
        label = plain_label("", self, "toolWarnings")
        c = colours()
        label.setStyleSheet(
            f"background: {c.warn_box_bg}; color: {c.warn_box_text}; border: 1px solid {c.warn_box_border}; "
            "border-radius: 6px; padding: 8px; font-weight: bold;"
        )
        lines = [make_visible(str(w)) for w in tool.warnings]
        if tool.meta.get("sandbox_available") is False:  # the shell without an OS sandbox
            lines.insert(0, tr("No OS sandbox: this command runs with your own permissions."))
        label.setText("\n".join("⚠ " + line for line in lines))
        label.setVisible(bool(lines))
        return label

    def _command(self, call: ToolCall) -> QLabel | None:
        """execute_shell: the exact command line, large, as it will be split and run."""
        if call.name != "execute_shell":
            return None
        command = (call.arguments or {}).get("command")
        text = command if isinstance(command, str) else call.arguments_raw
        label = plain_label("$ " + make_visible(str(text)), self, "command", selectable=True)
        fixed_font(label)
        c = colours()
        label.setStyleSheet(
            f"background: {c.command_bg}; color: {c.command_text}; border-radius: 6px; padding: 8px; font-size: 14px;"
        )
        return label

    def _facts(self, call: ToolCall, tool: ToolDef) -> QFormLayout:
        form = QFormLayout()
        name = QLabel(make_visible(call.name), self)
        name.setObjectName("toolName")
        form.addRow(tr("Tool:"), name)
        asker = plain_label(asked_by(call), self, "askedBy")
        form.addRow(tr("Asked by:"), asker)
        form.addRow(tr("Source:"), QLabel(make_visible(tool.source), self))
        risk = QLabel(tool.risk, self)
        risk.setObjectName("risk")
        risk.setProperty("risk", tool.risk)
        form.addRow(tr("Risk:"), risk)
        form.addRow(tr("Call id:"), QLabel(make_visible(call.id), self))
        summary = make_visible((tool.description or "").strip().split("\n")[0][:200])
        form.addRow(tr("What it does:"), plain_label(summary, self))
        return form

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.allow_once = QPushButton(tr("&Allow once"), self)  # Alt+A, Alt+C, Alt+D (Enter: deny)
        self.allow_conversation = QPushButton(tr("Allow for this &conversation"), self)
        self.deny = QPushButton(tr("&Deny"), self)
        self.deny.setDefault(True)
        choices: tuple[tuple[QPushButton, Choice], ...] = (
            (self.allow_once, "once"),
            (self.allow_conversation, "conversation"),
            (self.deny, "deny"),
        )
        for button, choice in choices:
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, c=choice: self._answer(c))
            row.addWidget(button)
        row.insertStretch(2, 1)
        return row

    def _answer(self, choice: Choice) -> None:
        self.choice = choice
        self.accept()

    def set_queue(self, waiting: int) -> None:
        """How many calls wait behind this one."""
        self.queue_label.setVisible(waiting > 0)
        self.queue_label.setText(tr("%n more call(s) waiting for your decision", None, waiting))

    def _update_countdown(self) -> None:
        left = max(0, int(self._deadline - time.monotonic()))
        self.countdown.setText(
            tr("Denied automatically in %1:%2").replace("%1", str(left // 60)).replace("%2", f"{left % 60:02d}")
        )


class DialogApprover(QObject):
    """The window's Approver: the engine's ApprovalPolicy, its questions asked as dialogs."""

    decided = Signal(object)  # a DecisionRecord, after it was logged
    queueChanged = Signal(int)  # calls waiting (shown and queued)
    dialogShown = Signal(object)  # the ApprovalDialog now on screen

    def __init__(
        self,
        settings: Settings,
        log: ApprovalLog,
        parent_widget: QWidget | None = None,
        timeout_s: float | None = None,
    ) -> None:
        super().__init__(parent_widget)
        self.settings = settings
        self.log = log
        self._parent_widget = parent_widget
        self._timeout = timeout_s
        self.conversation_id = ""
        self.policy = ApprovalPolicy(lambda: self.settings.auto_approve, lambda: self.timeout_s)
        self.dialog: ApprovalDialog | None = None
        self._showing: Pending | None = None

    @property
    def timeout_s(self) -> float:
        return float(self._timeout if self._timeout is not None else self.settings.approval_timeout_s)

    async def decide(self, call: ToolCall, tool: ToolDef, waiting: Waiting = None) -> Decision:
        """The policy's allowances first, then the user through a dialog; dismissed or late = deny."""
        verdict = self.policy.settled(tool, self.conversation_id)
        if verdict is None:
            if waiting is not None:  # the run's approval_waiting event: the chat's chip and the inspector
                waiting()
            try:
                verdict = await self.policy.ask(call, tool, self.conversation_id, self)
            except asyncio.CancelledError:
                self._record(call, tool, "denied", "cancelled", "the run was stopped")
                raise
        approved = "approved" if verdict.approved else "denied"
        self._record(call, tool, approved, verdict.scope, verdict.reason)
        return verdict.decision()

    def _record(self, call: ToolCall, tool: ToolDef, decision: str, scope: str, reason: str) -> None:
        record = DecisionRecord(
            tool=call.name,
            call_id=call.id,
            decision=decision,
            scope=scope,
            reason=reason,
            conversation_id=self.conversation_id,
            source=tool.source,
            risk=tool.risk,
            arguments=json.dumps(call.arguments, ensure_ascii=False)[:2000],
        )
        self.log.add(record)
        self.decided.emit(record)

    # ---------------------------------------------------------------- the policy's Asker
    def show(self, pending: Pending) -> None:
        """First in line: its dialog, non-modal (Stop and the inspector stay usable while it waits)."""
        dialog = ApprovalDialog(pending.call, pending.tool, self.timeout_s, self._parent_widget)
        dialog.set_queue(len(self.policy.queue) - 1)
        dialog.finished.connect(lambda _result: self._answered(pending, dialog))
        self.dialog, self._showing = dialog, pending
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        self.dialogShown.emit(dialog)

    def _answered(self, pending: Pending, dialog: ApprovalDialog) -> None:
        self.policy.answer(pending, dialog.choice or "dismissed", dialog.reason.text().strip())

    def withdraw(self, pending: Pending) -> None:
        """Its answer came (or the timeout, or Stop): the dialog goes away."""
        if self._showing is pending and self.dialog is not None:
            dialog, self.dialog, self._showing = self.dialog, None, None
            try:
                dialog.finished.disconnect()
                dialog.close()
                dialog.deleteLater()
            except RuntimeError:  # the window (and the dialog with it) is already gone
                pass

    def queue_changed(self, waiting: int) -> None:
        self.queueChanged.emit(waiting)
        if self.dialog is not None:
            self.dialog.set_queue(waiting - 1)

    # ---------------------------------------------------------------- allowances
    def revoke(self, scope: str, tool: str) -> None:
        """Withdraw one allowance; the next call to that tool asks again."""
        if scope == "always":
            self.settings.auto_approve = [n for n in self.settings.auto_approve if n != tool]
        elif scope.startswith("conversation:"):
            self.policy.revoke_conversation(scope.split(":", 1)[1], tool)

    def cancel_all(self) -> None:
        """The run was stopped: every waiting call is withdrawn and its dialog closed now."""
        self.policy.cancel_all()
        if self._showing is not None:
            self.withdraw(self._showing)

    def dismiss_all(self) -> None:
        """Deny every waiting call (the window is closing)."""
        self.policy.dismiss_all("the window was closed")
