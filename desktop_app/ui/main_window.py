"""The main window: conversations | chat | inspector dock; every connection in one method.

Start-up is in two steps. `__init__` builds what the first paint shows (the final layout, no
content) and imports nothing it does not need: no asyncio, and not Qt's `Qt` namespace, whose
~90 enums take ~20 ms to create (so this module writes `QtCore.Qt` at the point of use).
`complete()` adds the rest right after that paint: the engine side, shortcuts, the history list.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QByteArray, QEvent, QSettings, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.chat_view import ChatView
from desktop_app.ui.composer import Composer
from desktop_app.ui.heartbeat import Heartbeat
from desktop_app.ui.history_panel import HistoryPanel
from desktop_app.ui.i18n import Language, tr
from desktop_app.ui.pricing import estimate_cost, format_cost
from desktop_app.ui.skills_ui import SkillChip, SkillsMenu

if TYPE_CHECKING:  # the engine side imports asyncio: complete() imports it after the first paint
    from PySide6.QtGui import QCloseEvent, QPaintEvent, QShortcut

    from desktop_app.llm.base import ChatModel
    from desktop_app.runtime import RunOptions
    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.approval import ApprovalLog, DialogApprover
    from desktop_app.ui.inspector import Inspector
    from desktop_app.ui.mcp_bridge import McpBridge
    from desktop_app.ui.session import AgentSession, RunFactory
    from desktop_app.ui.settings_dialog import SettingsDialog

log = logging.getLogger(__name__)
LAYOUT_VERSION = 1  # saved with the dock layout; bump when the set of docks changes
INSPECTOR_WIDTH = 530  # the inspector dock's width before any saved layout (its own size hint)

STYLE = """
#userBubble { background: #e8f0fe; border: 1px solid #c6d6f5; border-radius: 8px; }
#assistantBubble { background: #ffffff; border: 1px solid #dedede; border-radius: 8px; }
#errorBubble { background: #fdecea; border: 1px solid #f5c2bd; border-radius: 8px; }
#caption { color: #666; font-size: 11px; font-weight: bold; }
#toolChip { background: #f4f4f4; border: 1px solid #d0d0d0; border-radius: 12px; }
#toolChip[status="running"] { border-color: #7aa7e0; }
#toolChip[status="waiting"] { background: #fff6e0; border-color: #e0b050; }
#toolChip[status="done"] { border-color: #9ccc9c; }
#toolChip[status="error"] { background: #fdecea; border-color: #e09c96; }
#toolChip[status="denied"] { background: #fdecea; border-color: #c0392b; }
#toolChip[selected="true"] { border: 2px solid #1a73e8; }
#toolChip #title { font-family: monospace; }
#toolChip #state { color: #666; }
#chatInner { background: #fafafa; }
#offlineBanner { background: #fff4ce; border: 1px solid #e6c65c; border-radius: 6px; }
#header { font-weight: bold; }
#skillChip { background: #e6f4ea; border: 1px solid #81c995; border-radius: 12px; }
#skillChip #skillLabel { color: #137333; font-weight: bold; }
"""


class MainWindow(QMainWindow):
    """Owns the session, the approver and the panes it is given; no globals."""

    approver: DialogApprover  # these five exist once complete() ran
    session: AgentSession
    mcp: McpBridge
    heartbeat: Heartbeat
    escape: QShortcut
    firstPainted = Signal()  # the window's first paint (start-up benchmark, scripted demo)
    runDone = Signal(str)  # a run ended: done / error / cancelled, after the view settled
    closed = Signal()  # the window was closed

    def __init__(
        self,
        settings: Settings,
        history: HistoryStore | None,
        qsettings: QSettings,
        language: Language | None = None,
        run_factory: RunFactory | None = None,
        overrides: dict[str, str] | None = None,
        approval_log: ApprovalLog | None = None,
        parent: QWidget | None = None,
        defer: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings
        self.history = history
        self.qsettings = qsettings
        self.language = language
        self.overrides = overrides or {}
        self._painted = False
        self._skill = ""  # the active skill (Skills menu, chip, or `/skill-name` typed)
        self.first_paint_epoch = 0.0  # wall clock and process CPU time at the first paint (benchmark)
        self.first_paint_cpu = 0.0
        self._tokens = [0, 0]
        self._model = ("", "")
        self.settings_dialog: SettingsDialog | None = None
        self.setWindowTitle(tr("Travel Assistant"))
        self.setStyleSheet(STYLE)
        self._run_factory = run_factory
        self.completed = False  # until complete() the window shows its layout but does nothing
        self._build()
        self._restore_layout()
        self._update_provider()
        if not defer:
            self.complete(approval_log)

    def set_history(self, history: HistoryStore | None) -> None:
        """The conversation store (the app opens it after the first paint; complete() lists it)."""
        self.history = history
        self.history_panel.store = history

    def complete(self, approval_log: ApprovalLog | None = None) -> None:
        """Everything the first paint does not show: the session, approver and MCP bridge
        (their modules import asyncio), the Esc shortcut, the history list, every connection.
        The app calls this right after the first paint (`defer=True`), tests at once."""
        if self.completed:
            return
        from PySide6.QtGui import QKeySequence, QShortcut

        from desktop_app.ui.approval import ApprovalLog, DialogApprover
        from desktop_app.ui.mcp_bridge import McpBridge
        from desktop_app.ui.session import AgentSession

        self.heartbeat = Heartbeat(5, self)
        self.approver = DialogApprover(self.settings, approval_log or ApprovalLog(None), self)
        self.session = AgentSession(self.settings, self.approver, self._run_options, self._run_factory, self)
        self.mcp = McpBridge(
            self.overrides.get("mcp_config", ""), self._sampling_model, self._sampling_model_name, self
        )
        self.escape = QShortcut(QKeySequence(QtCore.Qt.Key.Key_Escape), self)
        self.escape.setContext(QtCore.Qt.ShortcutContext.WindowShortcut)
        self.history_panel.refresh()
        self._connect_signals()
        self.completed = True
        if self._painted:
            QTimer.singleShot(0, self._warm_up)
        else:
            self.firstPainted.connect(self._warm_up)

    # ---------------------------------------------------------------- building
    def _build(self) -> None:
        self.history_panel = HistoryPanel(self.history, self)
        self.chat = ChatView(self)
        self.composer = Composer(self)
        self.skill_chip = SkillChip(self)
        self.send_button = QPushButton(tr("Send"), self)
        self.stop_button = QPushButton(tr("Stop"), self)
        self.stop_button.setToolTip(tr("Stop the run (Esc)"))
        self.retry_button = QPushButton(tr("Retry"), self)
        self.retry_button.setToolTip(tr("Ask again for the last answer"))
        self.settings_button = QPushButton(tr("Settings…"), self)
        self.header = QLabel(self)
        self.header.setObjectName("header")
        self.banner = self._make_banner()
        splitter = QSplitter(parent=self)  # horizontal; QSplitter(self) would create Qt's namespace
        splitter.setObjectName("mainSplitter")
        splitter.addWidget(self.history_panel)
        splitter.addWidget(self._chat_pane(splitter))
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 640])
        self.splitter = splitter
        self.setCentralWidget(splitter)
        self._inspector: Inspector | None = None  # built right after the first paint
        self._inspector_backlog: list[dict[str, Any]] = []
        self.dock = QDockWidget(tr("Inspector"), self)
        self.dock.setObjectName("inspectorDock")
        placeholder = QWidget(self.dock)  # the inspector replaces it after the first paint
        placeholder.setMinimumWidth(INSPECTOR_WIDTH)  # so the first launch does not reflow then
        self.dock.setWidget(placeholder)
        self.dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.inspector_action = self.dock.toggleViewAction()
        self.inspector_action.setText(tr("Inspector"))
        self.view_menu = self.menuBar().addMenu(tr("View"))
        self.view_menu.addAction(self.inspector_action)
        self.skills_menu = SkillsMenu(self)
        self.menuBar().addMenu(self.skills_menu)
        self.usage_label = QLabel(self)
        self.usage_label.setObjectName("usage")
        self.mcp_notice = QPushButton(self)
        self.mcp_notice.setObjectName("mcpNotice")
        self.mcp_notice.setFlat(True)
        self.mcp_notice.setStyleSheet("color: #b05a00; font-weight: bold;")
        self.mcp_notice.hide()
        self.statusBar().addPermanentWidget(self.mcp_notice)
        self.statusBar().addPermanentWidget(self.usage_label)
        self.stop_button.setEnabled(False)
        self.retry_button.setEnabled(False)
        self._show_usage()
        self.resize(1280, 800)

    @property
    def inspector(self) -> Inspector:
        """The inspector dock's widget, built on first use (its import is ~0.1 s of start-up)."""
        if self._inspector is None:
            from desktop_app.ui.inspector import Inspector

            self._inspector = Inspector(self.dock)
            self.dock.setWidget(self._inspector)
            self._inspector.callSelected.connect(self.chat.select)  # its one outgoing signal
            backlog, self._inspector_backlog = self._inspector_backlog, []
            for event in backlog:
                self._inspector.handle_event(event)
        return self._inspector

    def _inspector_event(self, event: dict[str, Any]) -> None:
        """Engine events for the inspector; kept until it exists."""
        if self._inspector is None:
            self._inspector_backlog.append(event)
        else:
            self._inspector.handle_event(event)

    def retranslate(self) -> None:
        """Every label of the window's frame in the current language (after a switch)."""
        self.setWindowTitle(tr("Travel Assistant"))
        self.send_button.setText(tr("Send"))
        self.stop_button.setText(tr("Stop"))
        self.stop_button.setToolTip(tr("Stop the run (Esc)"))
        self.retry_button.setText(tr("Retry"))
        self.retry_button.setToolTip(tr("Ask again for the last answer"))
        self.settings_button.setText(tr("Settings…"))
        self.dock.setWindowTitle(tr("Inspector"))
        self.inspector_action.setText(tr("Inspector"))
        self.view_menu.setTitle(tr("View"))
        self.banner_text.setText(
            tr(
                "Offline demo: no API key is set, so a built-in planner answers "
                "(sample data, no network). Add a key in Settings to use a real model."
            )
        )
        self.banner_button.setText(tr("Open Settings"))
        self.composer.retranslate()
        self.history_panel.retranslate()
        if self.completed:
            self._on_mcp_pending(self.mcp.pending)
        self.skills_menu.retranslate()
        self.skill_chip.retranslate()
        self._update_provider()
        self._show_usage()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Qt sends LanguageChange to every window when a translator comes or goes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _make_banner(self) -> QFrame:
        banner = QFrame(self)
        banner.setObjectName("offlineBanner")
        row = QHBoxLayout(banner)
        row.setContentsMargins(10, 6, 10, 6)
        self.banner_text = QLabel(
            tr(
                "Offline demo: no API key is set, so a built-in planner answers "
                "(sample data, no network). Add a key in Settings to use a real model."
            ),
            banner,
        )
        self.banner_text.setWordWrap(True)
        self.banner_button = QPushButton(tr("Open Settings"), banner)
        row.addWidget(self.banner_text, 1)
        row.addWidget(self.banner_button)
        return banner

    def _chat_pane(self, parent: QWidget) -> QWidget:
        pane = QWidget(parent)
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(6, 6, 6, 6)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.settings_button)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.chat, 1)
        chip_row = QHBoxLayout()
        chip_row.addWidget(self.skill_chip)
        chip_row.addStretch(1)  # the chip keeps its own width
        layout.addLayout(chip_row)
        layout.addWidget(self.composer)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.retry_button, self.stop_button, self.send_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        return pane

    def _connect_signals(self) -> None:
        """Every signal-slot connection of the window, in one place."""
        s = self.session
        self.composer.submitted.connect(self.send)
        self.send_button.clicked.connect(self.composer.submit)
        self.stop_button.clicked.connect(self.stop)
        self.escape.activated.connect(self.stop)
        self.retry_button.clicked.connect(self.retry)
        self.settings_button.clicked.connect(self.open_settings)
        self.banner_button.clicked.connect(self.open_settings)
        s.runStarted.connect(self._on_run_started)
        s.textDelta.connect(self.chat.append_delta)
        s.toolCall.connect(self.chat.add_tool_call)
        s.approvalDecided.connect(self.chat.on_approval)
        s.toolResult.connect(self.chat.on_result)
        s.final.connect(self._on_final)
        s.error.connect(self._on_error)
        s.usage.connect(self._on_usage)
        s.event.connect(self._inspector_event)
        s.busyChanged.connect(self._set_busy)
        s.runFinished.connect(self._on_run_finished)
        self.approver.waiting.connect(self.chat.set_waiting)
        self.approver.queueChanged.connect(self._on_queue)
        self.chat.callSelected.connect(self._select_in_inspector)
        self.history_panel.opened.connect(self.open_conversation)
        self.history_panel.newRequested.connect(self.new_conversation)
        self.history_panel.deleted.connect(self._on_deleted)
        self.history_panel.problem.connect(self.statusBar().showMessage)
        self.mcp.pendingChanged.connect(self._on_mcp_pending)
        self.mcp.problem.connect(self.statusBar().showMessage)
        self.mcp_notice.clicked.connect(self.review_mcp_changes)
        self.skills_menu.chosen.connect(self.set_skill)
        self.skill_chip.removed.connect(lambda: self.set_skill(""))

    # ---------------------------------------------------------------- actions
    def send(self, text: str) -> bool:
        """Send a message as if typed; False while a run is going (or before complete())."""
        if not self.completed or self.session.busy or not text.strip():
            return False
        skill, message = self._skill_command(text)
        if skill:
            self.set_skill(skill)
        self.composer.clear()
        if skill and not message:  # `/skill-name` alone: the chip shows it, the next message uses it
            return True
        self.chat.add_user(text)
        self.session.send(message)
        return True

    @property
    def active_skill(self) -> str:
        return self._skill

    def set_skill(self, name: str) -> bool:
        """Activate a skill for this conversation's next runs ("" deactivates); False if unknown."""
        catalog = self.skills_menu.catalog
        if name and (catalog is None or name not in catalog.skills):
            self.skills_menu.refresh()
            catalog = self.skills_menu.catalog
        skill = catalog.skills.get(name) if catalog is not None and name else None
        if name and skill is None:
            self.statusBar().showMessage(tr("Unknown skill: %1").replace("%1", name), 8000)
            return False
        self._skill = name
        self.skill_chip.show_skill(skill)
        self.skills_menu.set_active(name)
        return True

    def _skill_command(self, text: str) -> tuple[str, str]:
        """`/search_and_summarize 三亚` -> the skill and the message; ("", text) otherwise."""
        if not text.startswith("/"):
            return "", text
        from desktop_app.tools.skills import split_skill_command

        self.skills_menu.refresh()
        names = self.skills_menu.catalog.skills if self.skills_menu.catalog is not None else {}
        skill, rest = split_skill_command(text, names)
        return (skill, rest) if skill else ("", text)

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
        self.set_skill("")
        self.chat.clear()
        self.inspector.clear()
        self._tokens = [0, 0]
        self._show_usage()
        self.history_panel.list.clearSelection()
        self.composer.setFocus()

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

        dicts = [message_to_dict(m) for m in messages]
        last_user = next((d["content"] for d in reversed(dicts) if d["role"] == "user"), "")
        self.session.open_conversation(conversation_id, last_user)
        self.set_skill("")
        self.approver.set_conversation(conversation_id)
        self.chat.load_messages(dicts)
        self.inspector.load_events(_events_from_history(dicts))
        self._tokens = [0, 0]
        self._show_usage()

    def open_settings(self) -> SettingsDialog:
        """Open the Settings dialog without blocking (it is awaited through its signals)."""
        from desktop_app.ui.settings_dialog import SettingsDialog

        if self.settings_dialog is not None:
            self.settings_dialog.raise_()
            return self.settings_dialog
        dialog = SettingsDialog(self.settings, self.approver, self)
        from desktop_app.ui.mcp_settings import McpSettings

        dialog.tabs.addTab(McpSettings(self.mcp, dialog), tr("MCP servers"))
        dialog.saved.connect(self.apply_settings)
        dialog.finished.connect(self._settings_closed)
        self.settings_dialog = dialog
        dialog.open()
        return dialog

    def _settings_closed(self) -> None:
        if self.settings_dialog is not None:
            self.settings_dialog.deleteLater()
        self.settings_dialog = None

    def apply_settings(self, new: Settings) -> None:
        """Take saved settings over in place (the session and approver share the object)."""
        for name, value in vars(new).items():
            setattr(self.settings, name, value)
        if self.language is not None and self.language.current != new.language:
            used = self.language.apply(new.language)
            self.statusBar().showMessage(
                tr("Language: %1 (messages already shown keep their language)").replace("%1", used), 8000
            )
        self._update_provider()

    # ---------------------------------------------------------------- session events
    def _on_run_started(self, event: dict[str, Any]) -> None:
        self._model = (str(event.get("provider", "")), str(event.get("model", "")))
        self.approver.set_conversation(str(event.get("conversation_id", "")))
        self._update_provider()
        self.history_panel.refresh()
        self.history_panel.select(self.session.conversation_id)

    def _on_final(self, _event: dict[str, Any]) -> None:
        self.chat.end_stream()

    def _on_error(self, event: dict[str, Any]) -> None:
        self.chat.add_error(str(event.get("message", "")))

    def _on_usage(self, input_tokens: int, output_tokens: int) -> None:
        self._tokens[0] += input_tokens
        self._tokens[1] += output_tokens
        self._show_usage()

    def _on_run_finished(self, status: str) -> None:
        self.chat.end_stream()
        self.chat.stop_spinners("cancelled")
        if status == "cancelled":
            self.chat.add_error(tr("Stopped."))
        self.history_panel.refresh()
        self.history_panel.select(self.session.conversation_id)
        self.runDone.emit(status)

    def _on_queue(self, waiting: int) -> None:
        if waiting:
            self.statusBar().showMessage(tr("%n call(s) waiting for your decision", None, waiting))
        else:
            self.statusBar().clearMessage()

    def _on_deleted(self, conversation_id: str) -> None:
        if conversation_id == self.session.conversation_id:
            self.new_conversation()

    def _warm_up(self) -> None:
        """After the first paint: preload the engine (its thread), then build the inspector."""
        self.session.warm_up()
        self.mcp.start(self.session.engine_thread())  # queued after the warm-up, before any run
        QTimer.singleShot(0, self._build_late)

    def _build_late(self) -> None:
        self.chat.warm_up()
        _ = self.inspector
        if self.skills_menu.catalog is None:
            self.skills_menu.refresh()

    def _select_in_inspector(self, call_id: str) -> None:
        self.dock.show()
        self.inspector.select_call(call_id)

    def _set_busy(self, busy: bool) -> None:
        self.send_button.setEnabled(not busy)
        self.stop_button.setEnabled(busy)
        self.retry_button.setEnabled(not busy and bool(self.session.last_user_text))
        if busy:
            self.heartbeat.start()
        else:
            self.heartbeat.stop()

    # ---------------------------------------------------------------- header and status
    def provider_in_use(self) -> str:
        return self.overrides.get("provider") or self.settings.provider or "offline"

    def _update_provider(self) -> None:
        provider = self._model[0] or self.provider_in_use()
        model = self._model[1] or self.overrides.get("model") or self.settings.model
        if provider == "offline":
            model = model or "offline-planner"
        self.header.setText(
            tr("Provider: %1 · Model: %2").replace("%1", provider).replace("%2", model or tr("default"))
        )
        self.banner.setVisible(self.provider_in_use() == "offline")

    def _show_usage(self) -> None:
        inp, out = self._tokens
        provider, model = self._model if self._model[0] else (self.provider_in_use(), "")
        cost = estimate_cost(provider, model, inp, out)
        money = tr("cost unknown") if cost is None else tr("est. $%1").replace("%1", format_cost(cost))
        self.usage_label.setText(
            tr("Tokens: %1 in / %2 out · %3").replace("%1", f"{inp:,}").replace("%2", f"{out:,}").replace("%3", money)
        )

    def tokens(self) -> tuple[int, int]:
        return self._tokens[0], self._tokens[1]

    def _run_options(self) -> RunOptions:
        from desktop_app.runtime import RunOptions

        return RunOptions(
            provider=self.overrides.get("provider", ""),
            model=self.overrides.get("model", ""),
            base_url=self.overrides.get("base_url", ""),
            mcp_config=self.overrides.get("mcp_config", ""),
            max_turns=self.settings.max_turns,
            skill=self._skill,
        )

    # ---------------------------------------------------------------- MCP
    def _on_mcp_pending(self, pending: list[Any]) -> None:
        """A non-modal notice while changed tool definitions wait for the user's review."""
        self.mcp_notice.setVisible(bool(pending))
        self.mcp_notice.setText(tr("%n MCP tool(s) changed: review", None, len(pending)))
        self.mcp_notice.setToolTip(", ".join(p.name for p in pending))

    def review_mcp_changes(self) -> Any:
        """Old and new definition of the first held-back tool, side by side."""
        from desktop_app.ui.mcp_settings import open_review

        return open_review(self.mcp, self)

    def _sampling_model(self) -> ChatModel:
        """The configured model answers a server's sampling request (after the user approved it)."""
        from desktop_app.runtime import build_model

        return build_model(self.settings, self._run_options())

    def _sampling_model_name(self) -> str:
        provider = self.provider_in_use()
        model = self.overrides.get("model") or (self.settings.model if self.settings.provider == provider else "")
        return f"{provider}:{model}" if model else provider

    # ---------------------------------------------------------------- window life
    def _restore_layout(self) -> None:
        """Geometry and docks as the user left them; the first time, the inspector on the right."""
        geometry = self.qsettings.value("window/geometry")
        state = self.qsettings.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and self.restoreState(state, LAYOUT_VERSION):
            return  # a state we saved places the (not yet added) dock itself
        self.addDockWidget(QtCore.Qt.DockWidgetArea.RightDockWidgetArea, self.dock)

    def save_layout(self) -> None:
        self.qsettings.setValue("window/geometry", self.saveGeometry())
        self.qsettings.setValue("window/state", self.saveState(LAYOUT_VERSION))
        self.qsettings.sync()

    @property
    def painted(self) -> bool:
        return self._painted

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_paint_epoch = time.time()
            self.first_paint_cpu = time.process_time()
            self.firstPainted.emit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.save_layout()
        if self.completed:
            self.approver.dismiss_all()
            self.mcp.interaction.cancel_all()
            self.mcp.close()  # server processes end before the engine thread does
            self.session.shutdown()
        super().closeEvent(event)
        self.closed.emit()


def _events_from_history(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Inspector events rebuilt from a saved conversation (calls and results, paired by id)."""
    events: list[dict[str, Any]] = []
    for msg in messages:
        for call in msg.get("tool_calls") or []:
            events.append({"type": "tool_call", **call})
        if msg["role"] == "tool":
            events.append(
                {
                    "type": "tool_result",
                    "id": msg.get("tool_call_id", ""),
                    "name": msg.get("name", ""),
                    "content": msg.get("content", ""),
                    "is_error": bool(msg.get("is_error")),
                    "duration_ms": 0.0,
                }
            )
    return events
