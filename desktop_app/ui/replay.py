"""Try a tool, and replay or edit a recorded call: the conversation forks at that call into a new
one (the original is kept), the new result replaces the recorded one, and the model turn is re-run."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from desktop_app import jsonsafe
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import fixed_font, plain_label

if TYPE_CHECKING:
    from desktop_app.tools.registry import ToolOutput

log = logging.getLogger(__name__)


class EditDialog(QDialog):
    """A JSON text to edit (arguments must stay a JSON object); `edited(text)` on OK."""

    edited = Signal(str)

    def __init__(self, title: str, about: str, text: str, need_object: bool, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("replayEditDialog")
        self.setWindowTitle(title)
        self.need_object = need_object
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(about, self))
        self.editor = QPlainTextEdit(self)
        self.editor.setObjectName("replayEditor")
        self.editor.setAccessibleName(title)
        fixed_font(self.editor)
        self.editor.setPlainText(text)
        layout.addWidget(self.editor, 1)
        self.error = plain_label("", self, error=True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 380)

    def _ok(self) -> None:
        text = self.editor.toPlainText()
        if self.need_object:
            try:
                value = jsonsafe.loads(text, jsonsafe.MAX_ARGUMENT_DEPTH)
            except ValueError as exc:
                self.error.setText(tr("Not valid JSON: %1").replace("%1", str(exc)))
                return
            if not isinstance(value, dict):
                self.error.setText(tr("The arguments must be a JSON object ({…})."))
                return
        self.accept()
        self.edited.emit(text)


def pretty(text: str) -> str:
    """JSON text indented for editing; other text as it is."""
    try:
        return jsonsafe.indented(jsonsafe.loads(text))
    except ValueError:
        return text


class ReplayController(QObject):
    """The window's side of Try it and of the inspector's replay buttons."""

    forked = Signal(str)  # the new conversation's id, once it is saved and its model turn started
    tried = Signal(str, bool)  # a Try it result: its content, is_error
    toolsListed = Signal()  # Tool definitions filled before the first run

    def __init__(self, window: Any) -> None:  # the MainWindow (not imported: it imports this module)
        super().__init__(window)
        self.window = window
        self.dialog: EditDialog | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    def connect_window(self) -> None:
        """The inspector's Try it and replay buttons, and File → Export → as Python."""
        window = self.window
        window.dock.replayRequested.connect(self.replay)
        window.dock.tryRequested.connect(self.try_tool)
        for name, fmt in (("export_openai", "python-openai"), ("export_anthropic", "python-anthropic")):
            window.menus.actions[name].triggered.connect(lambda _=False, f=fmt: self.export_python(f))

    def export_python(self, fmt: str) -> None:
        """The open conversation (else the one selected in the list) as a script."""
        panel = self.window.history_panel
        panel.export_python(self.window.session.conversation_id or panel.selected_id(), fmt)

    # ---------------------------------------------------------------- Try it
    def load_tools(self) -> None:
        """Fill Tool definitions before the first run, so Try it works at once."""

        def show(listings: tuple[dict[str, Any], ...] | BaseException) -> None:
            if isinstance(listings, tuple) and self.window.inspector.trace.tool_defs_event is None:
                from desktop_app.core.events import ToolDefsEvent

                self.window.dock.handle_event(ToolDefsEvent(listings))
            self.toolsListed.emit()

        self._keep(self.window.session.list_tools(), show)

    def try_tool(self, name: str, arguments: dict[str, Any]) -> None:
        """Call a tool as the user; the result goes to the Try it panel."""
        task = self.window.session.call_tool(name, arguments)
        self._keep(task, self._tried)

    def _tried(self, out: ToolOutput | BaseException) -> None:
        content, is_error = _content(out)
        self.window.inspector.tool_defs.try_panel.show_result(content, is_error)
        self.tried.emit(content, is_error)

    # ---------------------------------------------------------------- replay
    def replay(self, call_id: str, mode: str) -> None:
        """Run again / Edit arguments and run / Edit result and continue, for one recorded call."""
        record = self.window.inspector.trace.find_call(call_id)
        if record is None or not self._can_fork():
            return
        if mode == "again":
            self._run_then_fork(call_id, record.name, dict(record.arguments), None)
        elif mode == "edit_arguments":
            self._edit(
                tr("Edit arguments of %1").replace("%1", record.name),
                tr("The tool runs with these arguments; the model then continues in a new conversation."),
                json.dumps(record.arguments, ensure_ascii=False, indent=2),
                True,
                lambda text: self._run_then_fork(call_id, record.name, jsonsafe.loads(text), jsonsafe.loads(text)),
            )
        elif mode == "edit_result":
            recorded = str((record.result or {}).get("content", ""))
            self._edit(
                tr("Edit result of %1").replace("%1", record.name),
                tr("The model reads this result instead of the recorded one, in a new conversation."),
                pretty(recorded),
                False,
                lambda text: self.fork(call_id, result=(text, False)),
            )

    def _can_fork(self) -> bool:
        window = self.window
        if window.session.busy or window.history is None or not window.session.conversation_id:
            window.statusBar().showMessage(tr("Replay needs a saved conversation and no run going."), 8000)
            return False
        return True

    def _edit(self, title: str, about: str, text: str, need_object: bool, then: Any) -> None:
        dialog = EditDialog(title, about, text, need_object, self.window)
        dialog.edited.connect(then)
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()

    def _run_then_fork(self, call_id: str, name: str, arguments: dict[str, Any], edited: Any) -> None:
        self.window.statusBar().showMessage(tr("Running %1 again…").replace("%1", name))
        task = self.window.session.call_tool(name, arguments)

        def done(out: ToolOutput | BaseException) -> None:
            content, is_error = _content(out)
            self.fork(call_id, arguments=edited, result=(content, is_error))

        self._keep(task, done)

    def fork(
        self, call_id: str, *, arguments: dict[str, Any] | None = None, result: tuple[str, bool] | None = None
    ) -> str:
        """Save the fork, open it, re-run the model turn; "" when it could not be made."""
        from desktop_app.store.history_rows import fork_messages

        window, history = self.window, self.window.history
        original = window.session.conversation_id
        if history is None or window.session.busy:
            return ""
        try:
            messages = fork_messages(history.stored_messages(original), call_id, arguments=arguments, result=result)
            fork_id: str = history.fork(original, messages)
        except Exception as exc:  # noqa: BLE001 - shown, never a crash
            window.statusBar().showMessage(tr("Could not fork: %1").replace("%1", str(exc)), 8000)
            return ""
        window.conversation.open(fork_id)
        window.history_panel.refresh()
        window.history_panel.select(fork_id)
        window.session.resume(fork_id)
        window.statusBar().showMessage(tr("Forked into a new conversation; the original is kept."), 8000)
        self.forked.emit(fork_id)
        return fork_id

    def _keep(self, task: asyncio.Task[Any], then: Any) -> None:
        self._tasks.add(task)

        def finished(done: asyncio.Task[Any]) -> None:
            self._tasks.discard(done)
            if done.cancelled():
                return
            exc = done.exception()
            if exc is not None:
                log.error("tool call failed", exc_info=exc)
            then(exc if exc is not None else done.result())

        task.add_done_callback(finished)


def _content(out: ToolOutput | BaseException) -> tuple[str, bool]:
    if isinstance(out, BaseException):
        return json.dumps({"error": str(out)}, ensure_ascii=False), True
    return out.content, out.is_error
