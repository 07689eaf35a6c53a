"""Confirmation dialogs: the window's side of its Approver (the policy decides on the engine
thread, engine_side.UiApprover), shown without blocking, never exec()."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from desktop_app.agent.approval import ApprovalPolicy, confirm_each_call
from desktop_app.engine_thread import EngineThread
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import fixed_font, plain_label, read_only_text
from desktop_app.ui.palette import colours
from desktop_app.ui.text import hidden_characters, make_visible, pretty_json

if TYPE_CHECKING:
    from collections.abc import Callable

    from desktop_app.agent.approval import Choice, Decision, Pending
    from desktop_app.core.messages import ToolCall
    from desktop_app.engine_side import UiApprover
    from desktop_app.store.approval_log import ApprovalLog
    from desktop_app.store.settings import Settings
    from desktop_app.tools.registry import ToolDef


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


class ApprovalDialogs(QObject):
    """The window's side of its approvals: the dialogs. The policy and its state are the engine
    thread's (`on_engine`); a click that reads or changes them is done there. The policy reads
    Settings' always-list and timeout, values the window replaces whole, never changes in place."""

    queueChanged = Signal(int)  # calls waiting (shown and queued)
    dialogShown = Signal(object)  # the ApprovalDialog now on screen

    def __init__(self, settings: Settings, log: ApprovalLog, parent_widget: QWidget | None = None) -> None:
        super().__init__(parent_widget)
        self.settings = settings
        self.log = log
        self._parent_widget = parent_widget
        self._timeout: float | None = None  # tests shorten it; else Settings' approval_timeout_s
        self.conversation_id = ""
        self.policy = ApprovalPolicy(lambda: self.settings.auto_approve, lambda: self.timeout_s)
        self.dialog: ApprovalDialog | None = None
        self._showing: Pending | None = None
        self._gone: Pending | None = None  # answered or withdrawn here: a late line naming it is stale
        self._waiting = 0
        self._engine = EngineThread()  # not started: the policy is touched here until `on_engine`
        self._side: UiApprover | None = None
        self.events_first: Callable[[], None] = lambda: None  # the run's events so far, before a dialog

    @property
    def timeout_s(self) -> float:
        return float(self._timeout if self._timeout is not None else self.settings.approval_timeout_s)

    def on_engine(self, engine: EngineThread) -> UiApprover:
        """The Approver the engine's runs are handed: it decides on `engine`'s thread, asks here."""
        from desktop_app.engine_side import UiApprover

        self._engine, self._side = engine, UiApprover(self, engine)
        return self._side

    async def decide(self, call: ToolCall, tool: ToolDef) -> Decision:
        """A call the window makes itself (an MCP App view's): decided on the engine thread all the same."""
        assert self._side is not None, "on_engine() first"
        self._engine.start()
        return await self._engine.run(self._side.decide_in(self.conversation_id, call, tool))

    # ---------------------------------------------------------------- the line, from the engine
    def show_line(self, asking: Pending | None, waiting: int) -> None:
        """On the UI loop: the question to show (None: none) and how many calls wait."""
        asking = None if asking is self._gone else asking
        self._waiting = waiting
        self.queueChanged.emit(waiting)
        if asking is not self._showing:
            self._close_dialog()
            if asking is not None:
                self.events_first()  # its call's chip is in the chat before the dialog asks about it
                self._show(asking)
        elif self.dialog is not None:
            self.dialog.set_queue(waiting - 1)

    def _show(self, pending: Pending) -> None:
        """First in line: its dialog, non-modal (Stop and the inspector stay usable while it waits)."""
        dialog = ApprovalDialog(pending.call, pending.tool, self.timeout_s, self._parent_widget)
        dialog.set_queue(self._waiting - 1)
        dialog.finished.connect(lambda _result: self._answered(pending, dialog))
        self.dialog, self._showing = dialog, pending
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        self.dialogShown.emit(dialog)

    def _answered(self, pending: Pending, dialog: ApprovalDialog) -> None:
        """The person answered (or closed it): the dialog goes, the answer crosses to the engine."""
        choice: Choice = dialog.choice or "dismissed"
        reason = dialog.reason.text().strip()
        self._close_dialog()
        self._waiting -= 1
        self.queueChanged.emit(self._waiting)
        assert self._side is not None, "a dialog is shown only for the engine side's questions"
        self._engine.call_soon(self._side.answer, pending, choice, reason)

    def _close_dialog(self) -> None:
        """The dialog on screen (if any) goes away without answering."""
        if self.dialog is not None:
            dialog, self.dialog, self._gone, self._showing = self.dialog, None, self._showing, None
            try:
                dialog.finished.disconnect()
                dialog.close()
                dialog.deleteLater()
            except RuntimeError:  # the window (and the dialog with it) is already gone
                pass

    # ---------------------------------------------------------------- clicks on the policy's state
    def allowances(self) -> list[tuple[str, str]]:
        """(scope, tool): `always` from the settings and this session's per-conversation ones."""
        return self._engine.call_now(self.policy.allowances)

    def revoke(self, scope: str, tool: str) -> None:
        """Withdraw one allowance; the next call to that tool asks again."""
        if scope == "always":
            self.settings.auto_approve = [n for n in self.settings.auto_approve if n != tool]
        elif scope.startswith("conversation:"):
            self._engine.call_now(self.policy.revoke_conversation, scope.split(":", 1)[1], tool)

    def cancel_all(self) -> None:
        """The run was stopped: every waiting call is withdrawn and its dialog closed now."""
        self._close_dialog()
        self._engine.call_soon(self.policy.cancel_all)

    def dismiss_all(self) -> None:
        """Deny every waiting call (the window is closing)."""
        self._engine.call_soon(self.policy.dismiss_all, "the window was closed")
