"""The main window: conversations | chat | inspector dock, built and wired here (the session's events: Conversation).

Start-up is in two steps. `__init__` builds what the first paint shows (the final layout, no
content) and imports nothing it does not need: no asyncio, and not Qt's `Qt` namespace, whose
~90 enums take ~20 ms to create (so this module writes `QtCore.Qt` at the point of use).
`complete()` adds the rest right after that paint: the engine side, shortcuts, the history list.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QSettings, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter, QWidget

from desktop_app.ui.chat.history_panel import HistoryPanel
from desktop_app.ui.chat.pane import ChatColumn
from desktop_app.ui.chat.skills_ui import ActiveSkill, SkillsMenu
from desktop_app.ui.i18n import Language, tr
from desktop_app.ui.icons import apply_icons
from desktop_app.ui.inspector.dock import InspectorDock
from desktop_app.ui.inspector.tabs import TABS
from desktop_app.ui.mcp.notice import McpNotice
from desktop_app.ui.mcp.prompts_menu import PromptsMenu
from desktop_app.ui.palette import apply_scheme, colours, restyle, stylesheet
from desktop_app.ui.run_setup import ModelStatus, RunSetup
from desktop_app.ui.settings.opener import SettingsOpener
from desktop_app.ui.trip.dock import TripDock
from desktop_app.ui.window_fit import PaneFolding
from desktop_app.ui.window_menus import WindowMenus
from desktop_app.ui.window_state import restore_layout, save_layout

if TYPE_CHECKING:  # the engine side imports asyncio: complete() imports it after the first paint
    from collections.abc import Callable

    from PySide6.QtGui import QCloseEvent, QPaintEvent, QResizeEvent, QShortcut

    from desktop_app.engine_side import RunFactory
    from desktop_app.store.approval_log import ApprovalLog
    from desktop_app.store.history import HistoryStore
    from desktop_app.store.settings import Settings
    from desktop_app.ui.approval import ApprovalDialogs
    from desktop_app.ui.conversation import Conversation
    from desktop_app.ui.inspector.inspector import Inspector
    from desktop_app.ui.mcp.servers import McpServers
    from desktop_app.ui.mcp.window_mcp import McpActions
    from desktop_app.ui.mcp_app.controller import AppController
    from desktop_app.ui.replay import ReplayController
    from desktop_app.ui.session import AgentSession
    from desktop_app.ui.settings.settings_dialog import SettingsDialog

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """Builds the panes and wires them: what a person does lives in `conversation` (send, stop,
    retry, new, open) and `mcp_actions` (resources, prompts, bundles); no globals."""

    escape: QShortcut
    replay: ReplayController
    approver: ApprovalDialogs  # these exist once complete() ran
    session: AgentSession
    mcp: McpServers
    apps: AppController
    conversation: Conversation
    mcp_actions: McpActions
    firstPainted = Signal()  # the window's first paint (emitted inside it: probes stamp its time)
    runDone = Signal(str)  # a run ended: done / error / cancelled, after the view settled
    closed = Signal()  # the window was closed
    announced = Signal(str)  # what was said to screen readers (a run's answer or end)

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
        self.painted = False  # until the first paint (probes and the app wait on firstPainted)
        self.setup = RunSetup(settings, self.overrides, lambda: self.skill.name)
        self.setWindowTitle(tr("Travel Assistant"))
        self.setStyleSheet(stylesheet(colours()))
        self._run_factory = run_factory
        self.completed = False  # until complete() the window shows its layout but does nothing
        self._build()
        if language is not None:  # a signal, not a changeEvent override called for every change before the paint
            language.changed.connect(self.retranslate)
        restore_layout(self, self.qsettings, self.dock, self.trip_dock)
        self.status.show_model()
        if not defer:
            self.complete(approval_log)

    def set_history(self, history: HistoryStore | None) -> None:
        """The conversation store (the app opens it after the first paint; complete() lists it)."""
        self.history = history
        self.history_panel.store = history

    def complete(self, approval_log: ApprovalLog | None = None) -> None:
        """Everything the first paint does not show: the session, approver and MCP servers
        (their modules import asyncio), the Esc shortcut, the history list, every connection.
        The app calls this right after the first paint (`defer=True`), tests at once."""
        if self.completed:
            return
        from PySide6.QtGui import QKeySequence, QShortcut

        from desktop_app.store.approval_log import ApprovalLog
        from desktop_app.ui.approval import ApprovalDialogs
        from desktop_app.ui.conversation import Conversation
        from desktop_app.ui.mcp.servers import McpServers
        from desktop_app.ui.mcp.window_mcp import McpActions
        from desktop_app.ui.mcp_app.controller import AppController
        from desktop_app.ui.replay import ReplayController
        from desktop_app.ui.session import AgentSession

        self.approver = ApprovalDialogs(self.settings, approval_log or ApprovalLog(None), self)
        self.session = AgentSession(self.settings, self.approver, self.setup.options, self._run_factory, self)
        setup = self.setup
        self.mcp = McpServers(
            self.overrides.get("mcp_config", ""), setup.sampling_model, setup.sampling_model_name, self, setup.roots
        )
        setup.mcp_manager = lambda: self.mcp.manager  # runs use the window's servers, start none of their own
        self.prompts_menu.mcp = self.mcp
        self.escape = QShortcut(QKeySequence(QtCore.Qt.Key.Key_Escape), self)
        self.escape.setContext(QtCore.Qt.ShortcutContext.WindowShortcut)
        self.conversation = Conversation(self, self)
        self.mcp_actions = McpActions(
            self, self.mcp, self.composer, self.attach_chip, self.conversation.send, self.approver
        )
        self.replay = ReplayController(self)  # Try it and the inspector's replay buttons
        self.apps = AppController(self, self.app_slot)  # MCP Apps: a tool's ui:// view under the answer
        self.history_panel.refresh()
        self.menus.bind(self._menu_handlers())
        apply_icons(self)  # after the first paint: drawing them is not the first paint's work
        self._connect_signals()
        self.completed = True
        if self.painted:
            QTimer.singleShot(0, self._warm_up)
        else:
            self.firstPainted.connect(self._warm_up)

    # ---------------------------------------------------------------- building
    def _build(self) -> None:
        self.history_panel = HistoryPanel(self.history, self)
        col = self.column = ChatColumn(self)
        self.chat, self.composer, self.find_bar, self.app_slot = col.chat, col.composer, col.find_bar, col.app_slot
        self.skill_chip, self.attach_chip = col.skill_chip, col.attach_chip
        self.header, self.banner = col.header, col.banner
        self.run_buttons, self.settings_button = col.buttons, col.settings_button
        self.send_button, self.stop_button, self.retry_button = col.buttons.send, col.buttons.stop, col.buttons.retry
        self.banner_text, self.banner_button = self.banner.text, self.banner.button
        splitter = self.splitter = QSplitter(parent=self)  # horizontal; QSplitter(self) would create Qt's namespace
        splitter.setObjectName("mainSplitter")
        splitter.addWidget(self.history_panel)
        splitter.addWidget(col)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([220, 640])
        self.setCentralWidget(splitter)
        self.dock = InspectorDock(self)  # the inspector itself is built right after the first paint
        self.dock.callSelected.connect(self.chat.select)
        self.trip_dock = TripDock(self.ui_lang, self)  # a tab beside the inspector: the trip's plan
        self.inspector_action = self.dock.toggleViewAction()  # its text follows the dock's title
        self.skills_menu = SkillsMenu(self)
        self.prompts_menu = PromptsMenu(self)  # every ready server's `/server:prompt`, once complete
        self.menus = WindowMenus(self.menuBar(), self.inspector_action, (self.skills_menu, self.prompts_menu))
        self.skill = ActiveSkill(self.skills_menu, self.skill_chip, self._say)
        self.usage_label = QLabel(self)
        self.usage_label.setObjectName("usage")
        self.mcp_notice = McpNotice(self)
        self.statusBar().addPermanentWidget(self.mcp_notice)
        self.statusBar().addPermanentWidget(self.usage_label)
        self.status = ModelStatus(self.setup, self.header, self.banner, self.usage_label)
        self._settings = SettingsOpener(self, self.apply_settings, self.status.remember_check, self.status.checks)
        self.status.show_usage()
        self.folding = PaneFolding(self.dock, self.splitter, self.trip_dock)  # narrow windows fold the side panes
        self.composer.setFocus()  # typing starts at once: keys must not land on "New conversation"

    def retranslate(self) -> None:
        """Every label of the window's frame in the current language (after a switch)."""
        self.setWindowTitle(tr("Travel Assistant"))
        parts = (self.column, self.dock, self.trip_dock, self.menus, self.history_panel, self.skills_menu)
        for part in (*parts, self.prompts_menu):
            part.retranslate()
        if self.completed:
            self.mcp_notice.show_pending(self.mcp.pending)
        self.status.show_model()
        self.status.show_usage()

    def _connect_signals(self) -> None:
        """Every signal-slot connection of the window, in one place (the session's in the conversation)."""
        conv, s = self.conversation, self.session
        conv.connect_session()
        conv.finished.connect(self.runDone)
        conv.announced.connect(self.announced)
        s.busyChanged.connect(self._set_busy)
        self.composer.submitted.connect(conv.send)
        self.composer.edgeRequested.connect(self.chat.go_to_edge)
        self.send_button.clicked.connect(self.composer.submit)
        self.stop_button.clicked.connect(conv.stop)
        self.escape.activated.connect(conv.stop)
        self.retry_button.clicked.connect(conv.retry)
        self.settings_button.clicked.connect(self.open_settings)
        self.banner_button.clicked.connect(self.open_settings)
        self.chat.callSelected.connect(conv.select_in_inspector)
        self.trip_dock.callSelected.connect(conv.select_in_inspector)
        self.trip_dock.optionPicked.connect(conv.pick_option)
        self.trip_dock.exported.connect(lambda path: self._say(tr("Saved %1").replace("%1", path)))
        self.trip_dock.problem.connect(self.statusBar().showMessage)
        self.chat.resourceOpened.connect(self.mcp_actions.open_resource)
        self.apps.connect_session()
        self.apps.opened.connect(lambda _id: self.inspector.call_details.app_traffic.attach(self.apps.log))
        self.history_panel.newRequested.connect(self.apps.clear)
        self.history_panel.opened.connect(lambda _id: self.apps.clear())
        self.history_panel.problem.connect(self.statusBar().showMessage)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)  # live, as the OS switches
        self.mcp.pendingChanged.connect(self.mcp_notice.show_pending)
        self.mcp.problem.connect(self.statusBar().showMessage)
        self.mcp_notice.clicked.connect(self.mcp_actions.review_changes)
        self.skills_menu.chosen.connect(self.skill.set)
        self.prompts_menu.chosen.connect(self.mcp_actions.run_prompt)
        self.skill_chip.removed.connect(lambda: self.skill.set(""))
        self.setAcceptDrops(True)  # a .mcpb dropped on the window installs it (after a confirmation)
        self.installEventFilter(self.mcp_actions)
        self.replay.connect_window()  # Try it, replay, File → Export → as Python

    def _menu_handlers(self) -> dict[str, Callable[[], object]]:
        """File, View and Help: each action's handler (WindowMenus gives them their shortcuts)."""
        tabs = {tab.name: (lambda i=index: self.dock.show_tab(i)) for index, tab in enumerate(TABS)}
        return {
            "new": self.conversation.new,
            "focus": self.focus_composer,
            "settings": self.open_settings,
            "resources": self.mcp_actions.browse_resources,
            "install_bundle": self.mcp_actions.install_bundle,
            "find": self.find_bar.open_bar,
            "quit": self.close,
            "shortcuts": lambda: self.menus.show_shortcuts(self),
            "trip": self.trip_dock.present,
            **tabs,
        }

    @property
    def settings_dialog(self) -> SettingsDialog | None:
        return self._settings.dialog

    def open_settings(self) -> SettingsDialog:
        """Open the Settings dialog without blocking (it is awaited through its signals)."""
        return self._settings.open(self.settings, self.approver, self.mcp, self.session.engine)

    def apply_settings(self, new: Settings) -> None:
        """Take saved settings over in place (the session and approver share the object)."""
        if new.color_scheme != self.settings.color_scheme:
            self._restyle(new.color_scheme)
        for name, value in vars(new).items():
            setattr(self.settings, name, value)
        if self.language is not None and self.language.current != new.language:
            used = self.language.apply(new.language)
            self._say(tr("Language: %1 (messages already shown keep their language)").replace("%1", used))
        self.status.show_model()
        if self.completed and self.mcp.running:  # the shell on or off, or its folder moved: MCP roots follow
            self.mcp.set_roots(self.setup.roots())

    def _warm_up(self) -> None:
        """After the first paint: preload the engine (its thread), then build the inspector."""
        warm = self.session.warm_up(self.setup.provider(), self.mcp.mcp_config)
        warm.add_done_callback(lambda _f: self.status.keys_ready())
        self.mcp.start(self.session.engine)  # queued after the warm-up, before any run
        QTimer.singleShot(0, self._build_late)

    def _build_late(self) -> None:
        self.chat.warm_up()
        self.trip_dock.warm_up()
        _ = self.inspector
        self.replay.load_tools()

    def _set_busy(self, busy: bool) -> None:
        self.run_buttons.set_busy(busy, can_retry=bool(self.session.last_user_text))

    # ---------------------------------------------------------------- the parts, by keyboard
    @property
    def inspector(self) -> Inspector:
        """The inspector dock's widget, built on first use (its import is ~0.1 s of start-up)."""
        return self.dock.inspector()

    def ui_lang(self) -> str:
        """The UI's language as the trip exports name it: "zh" or "en"."""
        return "zh" if self.language is not None and self.language.current.startswith("zh") else "en"

    def focus_composer(self) -> None:
        """Ctrl+L: back to the message box from anywhere in the window."""
        self.activateWindow()
        self.composer.setFocus()

    def _say(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _scheme_changed(self) -> None:
        """The OS switched its colour scheme: follow it, unless Settings forced one."""
        if self.settings.color_scheme not in ("light", "dark"):  # a forced scheme stays, whatever the OS does
            self._restyle("")

    def _restyle(self, scheme: str) -> None:
        apply_scheme(scheme)
        restyle(self)
        apply_icons(self)

    # ---------------------------------------------------------------- window life
    def save_layout(self) -> None:
        save_layout(self, self.qsettings, self.folding.dock_folded)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.folding.update(event.size().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            self.firstPainted.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        if self.completed:
            self.approver.dismiss_all()
            self.apps.clear()  # MCP Apps' views: torn down, their pages deleted before their profiles
            self.mcp.interaction.cancel_all()
            self.mcp.close()  # server processes end before the engine thread does
            self.session.shutdown()
        super().closeEvent(event)
        self.closed.emit()
