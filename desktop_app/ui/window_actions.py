"""What a person can do in the window (buttons, menus, shortcuts): send, stop, retry, start or open
a conversation, move the focus. MainWindow builds the parts named here and wires them to these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.chat.composer import Composer
from desktop_app.ui.chat.history_panel import HistoryPanel
from desktop_app.ui.chat.skills_ui import ActiveSkill
from desktop_app.ui.i18n import tr
from desktop_app.ui.inspector.dock import InspectorDock
from desktop_app.ui.run_setup import ModelStatus

if TYPE_CHECKING:  # the engine side imports asyncio: only after the first paint
    from desktop_app.store.history import HistoryStore
    from desktop_app.ui.approval import DialogApprover
    from desktop_app.ui.inspector.inspector import Inspector
    from desktop_app.ui.mcp.bridge import McpBridge
    from desktop_app.ui.session import AgentSession


class WindowActions(QMainWindow):
    """The actions, on the parts MainWindow builds (declared here so each action is type-checked)."""

    approver: DialogApprover  # these three exist once complete() ran
    session: AgentSession
    mcp: McpBridge
    completed: bool
    history: HistoryStore | None
    history_panel: HistoryPanel
    chat: ChatView
    composer: Composer
    skill: ActiveSkill
    status: ModelStatus
    dock: InspectorDock

    @property
    def inspector(self) -> Inspector:
        """The inspector dock's widget, built on first use (its import is ~0.1 s of start-up)."""
        return self.dock.inspector()

    def send(self, text: str) -> bool:
        """Send a message as if typed; False while a run is going (or before complete())."""
        if not self.completed or self.session.busy or not text.strip():
            return False
        skill, message = self.skill.split_command(text)
        if skill:
            self.skill.set(skill)
        self.composer.clear()
        if skill and not message:  # `/skill-name` alone: the chip shows it, the next message uses it
            return True
        self.chat.add_user(text)
        self.session.send(message)
        return True

    @property
    def active_skill(self) -> str:
        return self.skill.name

    def retry(self) -> None:
        if self.session.busy or not self.session.last_user_text:
            return
        self.chat.drop_last_answer()
        self.session.retry()

    def stop(self) -> None:
        """Stop button and Esc: withdraw waiting confirmations, cancel the run at once."""
        self.approver.cancel_all()
        self.mcp.interaction.cancel_all()  # a server's form or sampling request waiting on the run
        self.session.cancel()

    def new_conversation(self) -> None:
        self.session.new_conversation()
        self.skill.set("")
        self.chat.clear()
        self.inspector.clear()
        self.status.reset()
        self.history_panel.list.clearSelection()
        self.composer.setFocus()

    def focus_composer(self) -> None:
        """Ctrl+L: back to the message box from anywhere in the window."""
        self.activateWindow()
        self.composer.setFocus()

    def show_inspector_tab(self, index: int) -> None:
        """Alt+1..3: the inspector's tab, shown and focused (arrow keys then move through calls)."""
        self.dock.show()
        inspector = self.inspector
        inspector.tabs.setCurrentIndex(index)
        target = (inspector.timeline, inspector.sequence, inspector.tool_defs.list)[index]
        target.setFocus()

    def open_conversation(self, conversation_id: str) -> None:
        """Show a saved conversation; the next message continues it."""
        if self.history is None or conversation_id == self.session.conversation_id:
            return
        try:
            messages = self.history.messages(conversation_id)
        except Exception as exc:  # noqa: BLE001 - shown, never a crash
            self.statusBar().showMessage(tr("Could not open: %1").replace("%1", str(exc)))
            return
        from desktop_app.agent.messages import message_to_dict
        from desktop_app.ui.inspector.run_trace import events_from_history

        dicts = [message_to_dict(m) for m in messages]
        last_user = next((d["content"] for d in reversed(dicts) if d["role"] == "user"), "")
        self.session.open_conversation(conversation_id, last_user)
        self.skill.set("")
        self.approver.set_conversation(conversation_id)
        self.chat.load_messages(dicts)
        self.inspector.load_events(events_from_history(dicts))
        self.status.reset()
