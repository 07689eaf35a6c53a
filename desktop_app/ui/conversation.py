"""The conversation controller: send, stop, retry, new and open, and what a run's start and end
change in the window. It owns the saved conversation's read state; the window only builds and wires."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.ui.chat.attachments import with_attachments
from desktop_app.ui.chat.status import announcement
from desktop_app.ui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtWidgets import QStatusBar, QWidget

    from desktop_app.core import events as ev
    from desktop_app.core.messages import Message
    from desktop_app.store.history import HistoryStore
    from desktop_app.ui.approval import ApprovalDialogs
    from desktop_app.ui.chat.attachments import AttachmentChip
    from desktop_app.ui.chat.chat_view import ChatView
    from desktop_app.ui.chat.composer import Composer
    from desktop_app.ui.chat.find_bar import FindBar
    from desktop_app.ui.chat.history_panel import HistoryPanel
    from desktop_app.ui.chat.skills_ui import ActiveSkill
    from desktop_app.ui.inspector.dock import InspectorDock
    from desktop_app.ui.mcp.servers import McpServers
    from desktop_app.ui.mcp.window_mcp import McpActions
    from desktop_app.ui.run_setup import ModelStatus
    from desktop_app.ui.session import AgentSession
    from desktop_app.ui.trip.dock import TripDock

READ_AT_OPEN = 120  # messages read when a conversation opens (the chat shows the last TAIL of them)


class Parts(Protocol):
    """What the controller works on: the window's panes, its session and approver (built by it)."""

    history: HistoryStore | None
    session: AgentSession
    approver: ApprovalDialogs
    mcp: McpServers
    mcp_actions: McpActions
    history_panel: HistoryPanel
    chat: ChatView
    composer: Composer
    skill: ActiveSkill
    attach_chip: AttachmentChip
    find_bar: FindBar
    status: ModelStatus
    dock: InspectorDock
    trip_dock: TripDock

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name
    def focusWidget(self) -> QWidget: ...  # noqa: N802 - Qt's name


def saved_events(run: ev.RunStartedEvent, read: Sequence[Message]) -> list[ev.Event]:
    """A saved conversation as the events a live run gives the inspector: who answered, then each
    call read and its result (paired by id), in one turn finished as "saved" (a later run never
    marks it failed)."""
    from desktop_app.core import events as ev
    from desktop_app.core.messages import AssistantMessage, ToolResultMessage

    events: list[ev.Event] = []
    for msg in read:
        if isinstance(msg, AssistantMessage):
            events.extend(ev.call_event(call) for call in msg.tool_calls)
        elif isinstance(msg, ToolResultMessage):
            events.append(ev.ToolResultEvent(msg.tool_call_id, msg.name, msg.content, msg.is_error, 0.0))
    return [run, *events, ev.TurnFinishedEvent(1, "saved")] if events else [run]


class Conversation(QObject):
    """One conversation's life in the window; `finished` and `announced` follow each run's end."""

    finished = Signal(str)  # a run ended: done / error / cancelled, after the view settled
    announced = Signal(str)  # what was said to screen readers (a run's answer or end)

    def __init__(self, parts: Parts, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.w = parts
        self._answers_before = 0
        self._saved_run: ev.RunStartedEvent | None = None  # the opened conversation: who answered it
        self._saved_read: list[Message] = []  # and its messages as read so far
        self._saved_trace: object = None  # the inspector's trace showing it, while it does

    def connect_session(self) -> None:
        """The session's events to the chat, inspector and Trip pane; its start and end to this."""
        w, s = self.w, self.w.session
        s.every_event(w.dock.handle_event)  # first: the inspector sees each event before the views react
        s.runStarted.connect(self._on_run_started)
        s.textDelta.connect(lambda event: w.chat.append_delta(event.text))
        s.toolCall.connect(w.chat.add_tool_call)
        s.approvalWaiting.connect(lambda event: w.chat.set_waiting(event.id))
        s.approvalDecided.connect(w.chat.on_approval)
        s.toolResult.connect(w.chat.on_result)
        s.final.connect(w.chat.on_final)
        s.trip.connect(self.on_trip)
        s.error.connect(w.chat.on_error)
        s.usage.connect(lambda event: w.status.add(event.input_tokens, event.output_tokens))
        s.runFinished.connect(self._on_run_finished)
        w.approver.queueChanged.connect(self._on_queue)
        w.chat.earlierRead.connect(self._earlier_read)
        w.history_panel.opened.connect(self.open)
        w.history_panel.newRequested.connect(self.new)
        w.history_panel.deleted.connect(self._on_deleted)

    # ---------------------------------------------------------------- what a person does
    def send(self, text: str) -> bool:
        """Send a message as if typed; False while a run is going or the text is blank."""
        w = self.w
        if w.session.busy or not text.strip():
            return False
        if w.mcp_actions.run_typed_prompt(text):  # `/server:prompt`: its arguments asked first
            w.composer.clear()
            return True
        skill, message = w.skill.split_command(text)
        if skill:
            w.skill.set(skill)
        w.composer.clear()
        if skill and not message:  # `/skill-name` alone: the chip shows it, the next message uses it
            return True
        attached = w.attach_chip.take()
        names = ", ".join(a.name or a.uri for a in attached)
        w.chat.add_user(f"{text}\n\n📎 {names}" if attached else text)
        w.session.send(with_attachments(message, attached))
        return True

    def retry(self) -> None:
        """Run the last question again, its old answer dropped."""
        if self.w.session.busy or not self.w.session.last_user_text:
            return
        self.w.chat.drop_last_answer()
        self.w.session.retry()

    def stop(self) -> None:
        """Stop button and Esc: withdraw waiting confirmations, cancel the run at once (Esc in the
        find bar closes the bar instead)."""
        w = self.w
        if w.find_bar.isVisible() and w.find_bar.isAncestorOf(w.focusWidget()):
            w.find_bar.close_bar()
            w.composer.setFocus()
            return
        w.approver.cancel_all()
        w.mcp.interaction.cancel_all()  # a server's form or sampling request waiting on the run
        w.session.cancel()

    def new(self) -> None:
        """An empty conversation: the next message starts a new one."""
        w = self.w
        w.session.new_conversation()
        w.skill.set("")
        w.chat.clear()
        w.dock.inspector().clear()
        w.trip_dock.clear()
        w.status.reset()
        w.history_panel.list.clearSelection()
        w.composer.setFocus()

    def open(self, conversation_id: str) -> None:
        """Show a saved conversation; the next message continues it."""
        w = self.w
        if w.history is None or conversation_id == w.session.conversation_id:
            return
        history = w.history
        try:  # only the end is read: a 10,000-message conversation opens like a short one
            messages, total = history.messages_tail(conversation_id, READ_AT_OPEN)
        except Exception as exc:  # noqa: BLE001 - shown, never a crash
            w.statusBar().showMessage(tr("Could not open: %1").replace("%1", str(exc)))
            return
        from desktop_app.core.events import RunStartedEvent

        last_user = next((m.content for m in reversed(messages) if m.role == "user"), "")
        w.session.open_conversation(conversation_id, last_user)
        w.skill.set("")
        w.approver.conversation_id = conversation_id
        older = total - len(messages)  # not read yet: the chat asks for them when the user does

        def read_older(start: int, end: int) -> list[Message]:
            return history.messages_slice(conversation_id, start, end)

        w.chat.load_messages(messages, older=(older, read_older) if older > 0 else None)
        saved = history.info(conversation_id)  # who answered: the inspector's summary names them
        self._saved_run = RunStartedEvent(saved.provider, saved.model, conversation_id)
        self._saved_read = list(messages)
        inspector = w.dock.inspector()
        inspector.load_events(saved_events(self._saved_run, self._saved_read))  # the calls of what was read
        self._saved_trace = inspector.trace
        w.trip_dock.load_saved(history, conversation_id, self.question_budget())  # its stored trip
        w.status.reset()

    def select_in_inspector(self, call_id: str) -> None:
        """A call picked in the chat or the Trip pane: the inspector, in front, on that call."""
        self.w.dock.show()
        self.w.dock.raise_()  # in front of the Trip tab beside it
        self._saved_view_for(call_id)
        self.w.dock.inspector().select_call(call_id)

    # ---------------------------------------------------------------- the trip
    def question_budget(self) -> int | None:
        """The budget the conversation's last question named, for the cost chart's line."""
        from desktop_app.runtime import question_budget

        return question_budget(self.w.session.last_user_text)

    def pick_option(self, key: str) -> None:
        """The traveller chose one option of a comparison: it becomes the plan, saved and shown."""
        from desktop_app.trips.record import pick_option

        w = self.w
        if w.history is None or not w.session.conversation_id:
            return
        trip = pick_option(w.history, w.session.conversation_id, key)
        if trip is not None:
            w.trip_dock.show_trip(trip.to_dict(), self.question_budget())

    def on_trip(self, event: ev.TripEvent) -> None:
        """A run made or changed the conversation's trip: the Trip pane shows it all."""
        self.w.trip_dock.show_trip(event.detail, self.question_budget())

    # ---------------------------------------------------------------- a run's start and end
    def _on_run_started(self, event: ev.RunStartedEvent) -> None:
        w = self.w
        self._answers_before = len(w.chat.answer_text())  # what is new at the end is this run's answer
        w.approver.conversation_id = event.conversation_id
        w.status.show_model(event.provider, event.model)
        w.history_panel.show_current(w.session.conversation_id)

    def _on_run_finished(self, status: str) -> None:
        w = self.w
        w.chat.end_stream()
        w.chat.stop_spinners("cancelled")
        if status == "cancelled":
            w.chat.add_error(tr("Stopped."))
        w.history_panel.show_current(w.session.conversation_id)
        QTimer.singleShot(0, self, lambda: self._announce(status))  # a loop turn of its own: no late frame at the end
        self.finished.emit(status)

    def _announce(self, status: str) -> None:
        """Tell screen readers the run ended, with the answer (Qt's announcement event, polite)."""
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        chat = self.w.chat
        text = announcement(status, chat.answer_text()[self._answers_before :])
        chat.setAccessibleDescription(text)  # also there for a reader that ignores announcements
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(chat, text))
        self.announced.emit(text)

    def _on_queue(self, waiting: int) -> None:
        if waiting:
            self.w.statusBar().showMessage(tr("%n call(s) waiting for your decision", None, waiting))
        else:
            self.w.statusBar().clearMessage()

    def _on_deleted(self, conversation_id: str) -> None:
        if conversation_id == self.w.session.conversation_id:
            self.new()

    # ---------------------------------------------------------------- the saved conversation's calls
    def _earlier_read(self, messages: list[Message]) -> None:
        """Older messages came into the chat: kept for the inspector, which loads them only when
        one of their calls is picked (a reload per page read would cost scrolling its frames)."""
        if self._saved_run is not None:
            self._saved_read[:0] = messages

    def _saved_view_for(self, call_id: str) -> None:
        """A call read after opening was picked: the inspector's saved view takes every call read
        (not over a run made since opening, or a run file opened in it)."""
        inspector = self.w.dock.inspector()
        if self._saved_run is None or inspector.trace is not self._saved_trace or inspector.live:
            return
        if inspector.trace.find_call(call_id) is None:
            inspector.load_events(saved_events(self._saved_run, self._saved_read))
            self._saved_trace = inspector.trace
