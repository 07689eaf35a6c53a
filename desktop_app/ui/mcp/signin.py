"""Sign in… / Sign out for a remote MCP server that asks for OAuth (Settings → MCP servers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import button, plain_label
from desktop_app.ui.text import make_visible

if TYPE_CHECKING:
    from desktop_app.mcp.setup import ServerConfig
    from desktop_app.ui.mcp.servers import McpServers

DETAIL_MAX = 600  # an error or URL line from a server is shown this long at most


class SignInControls(QObject):
    """Two buttons and a progress line; the flow itself runs on the engine loop (McpServers.login)."""

    def __init__(
        self,
        servers: McpServers,
        selected: Callable[[], ServerConfig | None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.servers = servers
        self._selected = selected
        self.sign_in = button(tr("Sign in…"), "signin", parent, self.start)
        self.sign_in.setToolTip(tr("Sign in to this remote server in your browser (OAuth); tokens go to the keyring"))
        self.sign_out = button(tr("Sign out"), "signout", parent, self.forget)
        self.sign_out.setToolTip(tr("Forget this server's sign-in (its tokens in the keyring)"))
        self.progress = plain_label("", parent, "signinNote", selectable=True)
        self.progress.hide()
        servers.signIn.connect(self._on_sign_in)
        self.update_buttons()

    def update_buttons(self) -> None:
        """Both buttons for an OAuth candidate only; Sign in… waits for a sign-in under way."""
        config = self._selected()
        oauth = config is not None and config.uses_oauth and self.servers.running
        busy = config is not None and config.name in self.servers.signing_in
        self.sign_in.setEnabled(oauth and not busy)
        self.sign_out.setEnabled(oauth and not busy)

    def start(self) -> None:
        config = self._selected()
        if config is None or not config.uses_oauth or not self.servers.running:
            return
        self._show(tr("Signing in to %1: finish in your browser…").replace("%1", make_visible(config.name)))
        self.servers.login(config.name)
        self.update_buttons()

    def forget(self) -> None:
        config = self._selected()
        if config is not None and config.uses_oauth and self.servers.running:
            self.servers.logout(config.name)

    def _on_sign_in(self, name: str, phase: str, detail: str) -> None:
        server = make_visible(name)
        line = make_visible(detail)[:DETAIL_MAX]
        texts = {
            "progress": tr("Signing in to %1: finish in your browser…").replace("%1", server) + "\n" + line,
            "signed_in": tr("Signed in to %1; reconnecting with the new token.").replace("%1", server),
            "failed": tr("Sign-in to %1 failed: %2").replace("%1", server).replace("%2", line),
            "signed_out": tr("Signed out of %1; its tokens were removed from the keyring.").replace("%1", server),
            "no_login": tr("No sign-in was kept for %1.").replace("%1", server),
        }
        self._show(texts.get(phase, line))
        self.update_buttons()

    def _show(self, text: str) -> None:
        self.progress.setText(text)
        self.progress.show()
