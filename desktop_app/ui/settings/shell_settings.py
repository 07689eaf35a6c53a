"""Settings section for the shell tool (workspace, extra commands, sandbox) and the live web."""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import choice_box, hbox, plain_label
from desktop_app.ui.palette import colours
from desktop_app.ui.settings.key_status import key_row, key_status_text

if TYPE_CHECKING:
    from desktop_app.engine_thread import EngineThread
    from desktop_app.store.settings import Settings
    from desktop_app.tools.shell.sandbox import Sandbox

log = logging.getLogger(__name__)


def _warn_style() -> str:
    return f"color: {colours().error};"


def split_commands(text: str) -> list[str]:
    """`python3, curl  jq` -> ["python3", "curl", "jq"] (commas or spaces, duplicates dropped)."""
    return list(dict.fromkeys(c for c in re.split(r"[,\s]+", text) if c))


def risky_commands(names: list[str]) -> tuple[list[str], list[str]]:
    """The interpreters and the network tools among `names` (they can do anything)."""
    from desktop_app.tools.shell.policy import INTERPRETERS, NETWORK

    return [n for n in names if n in INTERPRETERS], [n for n in names if n in NETWORK]


def workspace_problem(raw: str) -> str:
    """Empty when the folder can be the workspace, else the engine's one-line reason."""
    from desktop_app.tools.shell.run import ShellConfigError, resolve_workspace

    try:
        resolve_workspace(raw)
    except ShellConfigError as exc:
        return str(exc)
    return ""


def sandbox_sentence(sandbox: Sandbox) -> str:
    """What the sandbox means for the user, in their language, then the engine's detail."""
    if sandbox.available:
        lead = tr(
            "Commands run in the %1 sandbox: system folders read-only, the workspace the only "
            "writable folder, an empty home folder, no network."
        ).replace("%1", sandbox.name)
    else:
        lead = tr(
            "No OS sandbox is available: commands run with your own permissions, so every "
            "command will need your confirmation."
        )
    return f"{lead}\n({sandbox.detail})" if sandbox.detail else lead


class ShellWebSettings(QWidget):
    """One tab of the Settings dialog; `apply(draft)` puts its choices into a Settings copy."""

    sandboxShown = Signal(str)  # the sandbox sentence, once the (possibly slow) probe is done

    def __init__(self, settings: Settings, parent: QWidget | None = None, engine: EngineThread | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shellWebSettings")
        self._settings = settings
        self._engine = engine  # the window's engine thread: the sandbox probe runs there
        self._folder_dialog: QFileDialog | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self._shell_group())
        layout.addWidget(self._web_group())
        layout.addStretch(1)
        self._check_workspace()
        self._check_extra()
        self._refresh_search_key()
        self._start_sandbox_probe()

    # ---------------------------------------------------------------- shell
    def _shell_group(self) -> QGroupBox:
        box = QGroupBox(tr("Shell tool"), self)
        form = QFormLayout(box)
        self.enable_shell = QCheckBox(tr("Let the assistant run commands in a workspace folder (execute_shell)"), box)
        self.enable_shell.setObjectName("enableShell")
        self.enable_shell.setChecked(self._settings.enable_shell)
        form.addRow(self.enable_shell)
        self.workspace = QLineEdit(self._settings.workspace, box)
        self.workspace.setObjectName("workspace")
        self.workspace.setPlaceholderText(tr("a folder used only for this, e.g. ~/travel-notes"))
        self.choose_workspace = QPushButton(tr("Choose…"), box)
        self.choose_workspace.setObjectName("chooseWorkspace")
        form.addRow(tr("Workspace:"), hbox(self.workspace, self.choose_workspace))
        self.workspace_status = plain_label("", box, "workspaceStatus")
        form.addRow("", self.workspace_status)
        self.extra_commands = QLineEdit(", ".join(self._settings.shell_extra_commands), box)
        self.extra_commands.setObjectName("extraCommands")
        self.extra_commands.setPlaceholderText(tr("more commands to allow, comma separated"))
        form.addRow(tr("Extra commands:"), self.extra_commands)
        self.extra_warning = plain_label("", box, "extraWarning", error=True)
        form.addRow("", self.extra_warning)
        self.sandbox_status = plain_label("", box, "sandboxStatus")
        self.sandbox_status.setText(tr("Checking the OS sandbox…"))
        form.addRow(tr("Sandbox:"), self.sandbox_status)
        self.enable_shell.toggled.connect(self._check_workspace)
        self.workspace.textChanged.connect(self._check_workspace)
        self.extra_commands.textChanged.connect(self._check_extra)
        self.choose_workspace.clicked.connect(self.open_folder_dialog)
        return box

    def open_folder_dialog(self) -> QFileDialog:
        """A folder chooser opened with open() (never exec): the choice arrives as a signal."""
        if self._folder_dialog is not None:
            self._folder_dialog.raise_()
            return self._folder_dialog
        dialog = QFileDialog(self, tr("Choose the shell workspace folder"), self.workspace.text().strip())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self._folder_chosen)
        dialog.finished.connect(self._folder_dialog_closed)
        self._folder_dialog = dialog
        dialog.open()
        return dialog

    def _folder_chosen(self, path: str) -> None:
        if path:
            self.workspace.setText(path)

    def _folder_dialog_closed(self) -> None:
        if self._folder_dialog is not None:
            self._folder_dialog.deleteLater()
        self._folder_dialog = None

    def _check_workspace(self) -> None:
        raw = self.workspace.text().strip()
        problem = workspace_problem(raw) if raw or self.enable_shell.isChecked() else ""
        fine = tr("Commands run in this folder and cannot read or write outside it.") if raw else ""
        self.workspace_status.setStyleSheet(_warn_style() if problem else "")
        self.workspace_status.setText(problem or fine)

    def _check_extra(self) -> None:
        interpreters, network = risky_commands(split_commands(self.extra_commands.text()))
        warnings = (
            (interpreters, tr("Warning: %1 can run any program, so they can do anything your account can.")),
            (network, tr("Warning: %1 can reach the network.")),
        )
        lines = [text.replace("%1", ", ".join(names)) for names, text in warnings if names]
        if lines:
            lines.append(tr("Each use of an extra command needs your confirmation."))
        self.extra_warning.setText("\n".join(lines))
        self.extra_warning.setVisible(bool(lines))

    def _start_sandbox_probe(self) -> None:
        """The first probe runs `true` in bubblewrap: on the engine thread, as Check this model does
        (a dialog without the window's engine, in tests, probes at once)."""
        from desktop_app.tools.shell.sandbox import detect_sandbox

        if self._engine is None:
            self._show_sandbox(detect_sandbox())
            return
        self._engine.start()
        future = self._engine.submit(asyncio.to_thread(detect_sandbox))
        future.add_done_callback(self._sandbox_probed)

    def _sandbox_probed(self, future: asyncio.Future[Any]) -> None:
        from shiboken6 import isValid

        if not isValid(self) or future.cancelled():
            return
        exc = future.exception()
        if exc is not None:
            self.sandbox_status.setText(tr("Could not check the sandbox: %1").replace("%1", str(exc)))
            return
        self._show_sandbox(future.result())

    def _show_sandbox(self, sandbox: Sandbox) -> None:
        text = sandbox_sentence(sandbox)
        self.sandbox_status.setStyleSheet(f"color: {colours().ok};" if sandbox.available else _warn_style())
        self.sandbox_status.setText(text)
        self.sandboxShown.emit(text)

    # ---------------------------------------------------------------- live web
    def _web_group(self) -> QGroupBox:
        box = QGroupBox(tr("Web pages and search"), self)
        form = QFormLayout(box)
        self.live_web = QCheckBox(tr("read_page may fetch public web pages (each fetch needs your confirmation)"), box)
        self.live_web.setObjectName("liveWeb")
        self.live_web.setChecked(self._settings.live_web)
        form.addRow(self.live_web)
        searches = ((tr("Local guide library (offline)"), ""), ("Brave Search", "brave"), ("Tavily", "tavily"))
        self.search_provider = choice_box(box, "searchProvider", searches, self._settings.web_search_provider)
        form.addRow(tr("web_search uses:"), self.search_provider)
        self.search_endpoint = QLineEdit(self._settings.web_search_endpoint, box)
        self.search_endpoint.setObjectName("searchEndpoint")
        self.search_endpoint.setPlaceholderText(tr("the service's own address (leave empty)"))
        form.addRow(tr("Search API URL:"), self.search_endpoint)
        names = ("searchKey", "storeSearchKey", "searchKeyStatus")
        row = key_row(form, tr("Search API key:"), names, self.search_provider_name)
        self.search_key, self.store_search_key, self.search_key_status = row
        self.search_provider.currentIndexChanged.connect(self._refresh_search_key)
        return box

    def search_provider_name(self) -> str:
        return str(self.search_provider.currentData() or "")

    def _refresh_search_key(self) -> None:
        provider = self.search_provider_name()
        keyed = bool(provider)
        for widget in (self.search_key, self.store_search_key, self.search_endpoint):
            widget.setEnabled(keyed)
        if not keyed:
            self.search_key_status.setText(tr("the local guide library needs no key"))
            return
        self.search_key_status.setText(key_status_text(provider))

    # ---------------------------------------------------------------- result
    def apply(self, draft: Settings) -> Settings:
        """`draft` with this section's choices (the caller saves it)."""
        return replace(
            draft,
            enable_shell=self.enable_shell.isChecked(),
            workspace=self.workspace.text().strip(),
            shell_extra_commands=split_commands(self.extra_commands.text()),
            live_web=self.live_web.isChecked(),
            web_search_provider=self.search_provider_name(),
            web_search_endpoint=self.search_endpoint.text().strip(),
        )
