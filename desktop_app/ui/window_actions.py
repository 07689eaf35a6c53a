"""What a person can do in the window (buttons, menus, shortcuts): send, stop, retry, start or open
a conversation, move the focus. MainWindow builds the parts named here and wires them to these."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMainWindow

from desktop_app.ui.chat.attachments import Attachment, AttachmentChip, with_attachments
from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.chat.composer import Composer
from desktop_app.ui.chat.find_bar import FindBar
from desktop_app.ui.chat.history_panel import HistoryPanel
from desktop_app.ui.chat.skills_ui import ActiveSkill
from desktop_app.ui.i18n import tr
from desktop_app.ui.icons import apply_icons
from desktop_app.ui.inspector.dock import InspectorDock
from desktop_app.ui.palette import apply_scheme, restyle
from desktop_app.ui.run_setup import ModelStatus
from desktop_app.ui.trip.dock import TripDock

READ_AT_OPEN = 120  # messages read when a conversation opens (the chat shows the last TAIL of them)
PROMPT_COMMAND = re.compile(r"^/([^\s:/]+):(\S+)$")  # `/server:prompt`

if TYPE_CHECKING:  # the engine side imports asyncio: only after the first paint
    from pathlib import Path

    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QWidget

    from desktop_app.core.events import TripEvent
    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.approval import DialogApprover
    from desktop_app.ui.i18n import Language
    from desktop_app.ui.inspector.inspector import Inspector
    from desktop_app.ui.mcp.bridge import McpBridge
    from desktop_app.ui.mcp.resources_dialog import PromptDialog, ResourceBrowser
    from desktop_app.ui.session import AgentSession


def saved_events(read: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The inspector's events for a saved conversation: its run_started, then the calls read."""
    from desktop_app.ui.inspector.run_trace import events_from_history

    return [read[0], *events_from_history(read[1:])]


class WindowActions(QMainWindow):
    """The actions, on the parts MainWindow builds (declared here so each action is type-checked)."""

    promptOpened = Signal(object)  # a `/server:prompt` form is showing (its PromptDialog)

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
    trip_dock: TripDock
    language: Language | None
    settings: Settings
    attach_chip: AttachmentChip
    find_bar: FindBar
    prompt_dialog: PromptDialog
    resource_browser: ResourceBrowser
    bundle_dialog: QWidget
    _saved_read: list[dict[str, Any]] | None = None  # the opened conversation as read so far (inspector)
    _saved_trace: object = None  # the inspector's trace showing it, while it does

    @property
    def inspector(self) -> Inspector:
        """The inspector dock's widget, built on first use (its import is ~0.1 s of start-up)."""
        return self.dock.inspector()

    def send(self, text: str) -> bool:
        """Send a message as if typed; False while a run is going (or before complete())."""
        if not self.completed or self.session.busy or not text.strip():
            return False
        prompt = PROMPT_COMMAND.match(text.strip())
        if prompt and self.mcp.running:  # `/server:prompt`: the server's prompt, arguments asked first
            self.composer.clear()
            self.mcp.prompts().add_done_callback(lambda f: self._prompt_listed(prompt[1], prompt[2], f))
            return True
        skill, message = self.skill.split_command(text)
        if skill:
            self.skill.set(skill)
        self.composer.clear()
        if skill and not message:  # `/skill-name` alone: the chip shows it, the next message uses it
            return True
        attached = self.attach_chip.take()
        names = ", ".join(a.name or a.uri for a in attached)
        self.chat.add_user(f"{text}\n\n📎 {names}" if attached else text)
        self.session.send(with_attachments(message, attached))
        return True

    def browse_resources(self) -> ResourceBrowser:
        """File → MCP resources…: browse the servers' resources, attach one to the next message."""
        from desktop_app.ui.mcp.resources_dialog import ResourceBrowser

        self.resource_browser = ResourceBrowser(self.mcp, self)
        self.resource_browser.attached.connect(self.attach)
        self.resource_browser.open()
        return self.resource_browser

    def install_bundle(self, path: Path | None = None) -> QWidget:
        """File → Install MCP bundle… (or a dropped `.mcpb`): what it is and runs, its options, Install."""
        from desktop_app.ui.mcp.bundle_dialog import choose_bundle_file, open_bundle_dialog

        if path is None:
            self.bundle_dialog = choose_bundle_file(self, self.install_bundle)
        else:
            self.bundle_dialog = open_bundle_dialog(path, self, self._bundle_installed)
        return self.bundle_dialog

    def _bundle_installed(self, name: str) -> None:
        """The bundle is in mcp.json: the window's servers follow at once (its tools pinned on first connect)."""
        from desktop_app.mcp.config import McpConfigError, load_servers

        self.statusBar().showMessage(tr("Installed the MCP bundle %1.").replace("%1", name))
        if self.completed and self.mcp.running:
            try:
                self.mcp.update(load_servers(self.mcp.mcp_config))
            except McpConfigError as exc:
                self.statusBar().showMessage(str(exc))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        from desktop_app.ui.mcp.bundle_dialog import bundle_path

        if event.mimeData().hasUrls() and bundle_path(event.mimeData().urls()) is not None:
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        from desktop_app.ui.mcp.bundle_dialog import bundle_path

        path = bundle_path(event.mimeData().urls()) if event.mimeData().hasUrls() else None
        if path is None:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        self.install_bundle(path)

    def open_resource(self, server: str, uri: str, name: str) -> ResourceBrowser:
        """A resource link in a tool result: the browser, with that resource read and selected."""
        browser = self.browse_resources()
        browser.show_resource(server, uri, name)
        return browser

    def attach(self, attachment: Attachment) -> None:
        """A resource from the browser goes with the next message."""
        self.attach_chip.add(attachment)
        self.composer.setFocus()

    def _prompt_listed(self, server: str, name: str, future: Any) -> None:
        found = [] if future.cancelled() or future.exception() else future.result()[0]
        prompt = next((p for p in found if (p["server"], p["name"]) == (server, name)), None)
        if prompt is None:
            self.statusBar().showMessage(tr("No MCP prompt /%1:%2").replace("%1", server).replace("%2", name), 8000)
            return
        self.run_prompt(prompt)

    def run_prompt(self, prompt: dict[str, Any]) -> None:
        """`/server:prompt` typed or chosen in the Prompts menu: its arguments asked first, if any."""
        server, name = prompt["server"], prompt["name"]
        if not prompt["arguments"]:
            self._expand(server, name, {})
            return
        from desktop_app.ui.mcp.resources_dialog import PromptDialog

        self.prompt_dialog = PromptDialog(prompt, self)
        self.prompt_dialog.accepted.connect(lambda: self._expand(server, name, self.prompt_dialog.arguments()))
        self.prompt_dialog.open()
        self.promptOpened.emit(self.prompt_dialog)

    def _expand(self, server: str, name: str, arguments: dict[str, str]) -> None:
        def expanded(future: Any) -> None:
            messages, problems = ([], ["failed"]) if future.cancelled() or future.exception() else future.result()
            if problems or not messages:
                self.statusBar().showMessage("; ".join(problems) or tr("The prompt was empty."), 8000)
                return
            self.send("\n\n".join(m["text"] for m in messages))

        self.mcp.prompt(server, name, arguments).add_done_callback(expanded)

    @property
    def active_skill(self) -> str:
        return self.skill.name

    def retry(self) -> None:
        if self.session.busy or not self.session.last_user_text:
            return
        self.chat.drop_last_answer()
        self.session.retry()

    def stop(self) -> None:
        """Stop button and Esc: withdraw waiting confirmations, cancel the run at once (Esc in the
        find bar closes the bar instead)."""
        if self.find_bar.isVisible() and self.find_bar.isAncestorOf(self.focusWidget()):
            self.find_bar.close_bar()
            self.composer.setFocus()
            return
        self.approver.cancel_all()
        self.mcp.interaction.cancel_all()  # a server's form or sampling request waiting on the run
        self.session.cancel()

    def new_conversation(self) -> None:
        self.session.new_conversation()
        self.skill.set("")
        self.chat.clear()
        self.inspector.clear()
        self.trip_dock.clear()
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

    def ui_lang(self) -> str:
        """The UI's language as the trip exports name it: "zh" or "en"."""
        return "zh" if self.language is not None and self.language.current.startswith("zh") else "en"

    def show_trip_pane(self) -> None:
        """Alt+4 (View → Trip): the Trip tab, shown, in front, with the keyboard on its first control."""
        self.trip_dock.show()
        self.trip_dock.raise_()
        self.trip_dock.focus_first()

    def question_budget(self) -> int | None:
        """The budget the conversation's last question named, for the cost chart's line."""
        from desktop_app.runtime import question_budget

        return question_budget(self.session.last_user_text)

    def on_trip(self, event: TripEvent) -> None:
        """A run made or changed the conversation's trip: the Trip pane shows it all."""
        self.trip_dock.show_trip(event.detail, self.question_budget())

    def open_conversation(self, conversation_id: str) -> None:
        """Show a saved conversation; the next message continues it."""
        if self.history is None or conversation_id == self.session.conversation_id:
            return
        history = self.history
        try:  # only the end is read: a 10,000-message conversation opens like a short one
            messages, total = history.messages_tail(conversation_id, READ_AT_OPEN)
        except Exception as exc:  # noqa: BLE001 - shown, never a crash
            self.statusBar().showMessage(tr("Could not open: %1").replace("%1", str(exc)))
            return
        from desktop_app.core.messages import message_to_dict

        dicts = [message_to_dict(m) for m in messages]
        last_user = next((d["content"] for d in reversed(dicts) if d["role"] == "user"), "")
        self.session.open_conversation(conversation_id, last_user)
        self.skill.set("")
        self.approver.set_conversation(conversation_id)
        older = total - len(dicts)  # not read yet: the chat asks for them when the user does

        def read_older(start: int, end: int) -> list[dict[str, Any]]:
            return [message_to_dict(m) for m in history.messages_slice(conversation_id, start, end)]

        self.chat.load_messages(dicts, older=(older, read_older) if older > 0 else None)
        saved = history.info(conversation_id)  # who answered: the inspector's summary names them
        self._saved_read = [{"type": "run_started", "provider": saved.provider, "model": saved.model}, *dicts]
        self.inspector.load_events(saved_events(self._saved_read))  # the calls of what was read
        self._saved_trace = self.inspector.trace
        self.trip_dock.load_saved(history, conversation_id, self.question_budget())  # its stored trip
        self.status.reset()

    def _earlier_read(self, messages: list[dict[str, Any]]) -> None:
        """Older messages came into the chat: kept for the inspector, which loads them only when
        one of their calls is picked (a reload per page read would cost scrolling its frames)."""
        if self._saved_read is not None:
            self._saved_read[1:1] = messages

    def _saved_view_for(self, call_id: str) -> None:
        """A call read after opening was picked: the inspector's saved view takes every call read
        (not over a run made since opening, or a run file opened in it)."""
        inspector = self.inspector
        if self._saved_read is None or inspector.trace is not self._saved_trace or inspector.live:
            return
        if inspector.trace.find_call(call_id) is None:
            inspector.load_events(saved_events(self._saved_read))
            self._saved_trace = inspector.trace

    def review_mcp_changes(self) -> Any:
        """Old and new definition of the first held-back tool, side by side."""
        from desktop_app.ui.mcp.settings import open_review

        return open_review(self.mcp, self)

    def _select_in_inspector(self, call_id: str) -> None:
        self.dock.show()
        self.dock.raise_()  # in front of the Trip tab beside it
        self._saved_view_for(call_id)
        self.inspector.select_call(call_id)

    def _scheme_changed(self) -> None:
        """The OS switched its colour scheme: follow it, unless Settings forced one."""
        if self.settings.color_scheme not in ("light", "dark"):  # a forced scheme stays, whatever the OS does
            apply_scheme("")
            restyle(self)
            apply_icons(self)
