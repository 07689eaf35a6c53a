"""What the window does with its MCP servers: resources to attach, `/server:prompt`, bundles to
install (File menu or a dropped `.mcpb`), the review of changed tool definitions."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QDropEvent

from desktop_app.ui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from PySide6.QtWidgets import QMainWindow, QWidget

    from desktop_app.mcp.bundles import Installed
    from desktop_app.ui.approval import ApprovalDialogs
    from desktop_app.ui.chat.attachments import Attachment, AttachmentChip
    from desktop_app.ui.chat.composer import Composer
    from desktop_app.ui.mcp.resources_dialog import ResourceBrowser
    from desktop_app.ui.mcp.servers import McpServers

PROMPT_COMMAND = re.compile(r"^/([^\s:/]+):(\S+)$")  # `/server:prompt`


class McpActions(QObject):
    """The window's MCP actions; `send` puts an expanded prompt in the conversation."""

    promptOpened = Signal(object)  # a `/server:prompt` form is showing (its PromptDialog)

    def __init__(
        self,
        window: QMainWindow,
        mcp: McpServers,
        composer: Composer,
        attach_chip: AttachmentChip,
        send: Callable[[str], bool],
        approver: ApprovalDialogs | None = None,
    ) -> None:
        super().__init__(window)
        self.window, self.mcp, self.approver = window, mcp, approver
        self.composer, self.attach_chip, self.send = composer, attach_chip, send
        self.resource_browser: ResourceBrowser | None = None
        self.bundle_dialog: QWidget | None = None

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    # ---------------------------------------------------------------- resources
    def browse_resources(self) -> ResourceBrowser:
        """File → MCP resources…: browse the servers' resources, attach one to the next message."""
        from desktop_app.ui.mcp.resources_dialog import ResourceBrowser

        self.resource_browser = ResourceBrowser(self.mcp, self.window)
        self.resource_browser.attached.connect(self.attach)
        self.resource_browser.open()
        return self.resource_browser

    def open_resource(self, server: str, uri: str, name: str) -> ResourceBrowser:
        """A resource link in a tool result: the browser, with that resource read and selected."""
        browser = self.browse_resources()
        browser.show_resource(server, uri, name)
        return browser

    def attach(self, attachment: Attachment) -> None:
        """A resource from the browser goes with the next message."""
        self.attach_chip.add(attachment)
        self.composer.setFocus()

    # ---------------------------------------------------------------- bundles
    def install_bundle(self, path: Path | None = None) -> QWidget:
        """File → Install MCP bundle… (or a dropped `.mcpb`): what it is and runs, its options, Install."""
        from desktop_app.ui.mcp.bundle_dialog import choose_bundle_file, open_bundle_dialog

        if path is None:
            self.bundle_dialog = choose_bundle_file(self.window, self.install_bundle)
        else:
            self.bundle_dialog = open_bundle_dialog(path, self.window, self._bundle_installed)
        return self.bundle_dialog

    def _bundle_installed(self, done: Installed) -> None:
        """The bundle is in mcp.json: the window's servers follow at once (its tools pinned on first connect)."""
        from desktop_app.mcp.setup import McpConfigError, load_servers

        name = done.server.name
        if done.trust_dropped and self.approver is not None:  # another publisher's: the old one's allowances go
            for scope, tool in self.approver.allowances():
                if tool.startswith(f"{name}__"):
                    self.approver.revoke(scope, tool)
        self.window.statusBar().showMessage(tr("Installed the MCP bundle %1.").replace("%1", name))
        if self.mcp.running:
            try:
                self.mcp.update(load_servers(self.mcp.mcp_config))
            except McpConfigError as exc:
                self.window.statusBar().showMessage(str(exc))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The window's drags: a `.mcpb` is accepted and, dropped, installed (after a confirmation)."""
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.Drop) and isinstance(event, QDropEvent):
            from desktop_app.ui.mcp.bundle_dialog import bundle_path  # the `.mcpb` among the dropped files

            if (path := bundle_path(event.mimeData().urls())) is not None:
                event.acceptProposedAction()
                if kind == QEvent.Type.Drop:
                    self.install_bundle(path)
                return True
        return super().eventFilter(watched, event)

    # ---------------------------------------------------------------- prompts
    def run_typed_prompt(self, text: str) -> bool:
        """`/server:prompt` typed in the message box: True when taken (servers running)."""
        prompt = PROMPT_COMMAND.match(text.strip())
        if not prompt or not self.mcp.running:
            return False
        self.mcp.listing("prompts").add_done_callback(lambda f: self._prompt_listed(prompt[1], prompt[2], f))
        return True

    def _prompt_listed(self, server: str, name: str, future: Any) -> None:
        found = [] if future.cancelled() or future.exception() else future.result()[0]
        prompt = next((p for p in found if (p["server"], p["name"]) == (server, name)), None)
        if prompt is None:
            self._say(tr("No MCP prompt /%1:%2").replace("%1", server).replace("%2", name))
            return
        self.run_prompt(prompt)

    def run_prompt(self, prompt: dict[str, Any]) -> None:
        """`/server:prompt` typed or chosen in the Prompts menu: its arguments asked first, if any."""
        server, name = prompt["server"], prompt["name"]
        if not prompt["arguments"]:
            self._expand(server, name, {})
            return
        from desktop_app.ui.mcp.resources_dialog import PromptDialog

        dialog = PromptDialog(prompt, self.window)
        dialog.accepted.connect(lambda: self._expand(server, name, dialog.arguments()))
        dialog.open()
        self.promptOpened.emit(dialog)

    def _expand(self, server: str, name: str, arguments: dict[str, str]) -> None:
        def expanded(future: Any) -> None:
            messages, problems = ([], ["failed"]) if future.cancelled() or future.exception() else future.result()
            if problems or not messages:
                self._say("; ".join(problems) or tr("The prompt was empty."))
                return
            self.send("\n\n".join(m["text"] for m in messages))

        self.mcp.prompt(server, name, arguments).add_done_callback(expanded)

    # ---------------------------------------------------------------- changed definitions
    def review_changes(self) -> Any:
        """Old and new definition of the first held-back tool, side by side."""
        from desktop_app.ui.mcp.settings import open_review

        return open_review(self.mcp, self.window)
