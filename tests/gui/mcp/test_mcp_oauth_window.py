"""Settings → MCP servers: a remote server that asks for OAuth gets Sign in…; after it, its tools are ready."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from desktop_app.mcp.setup.config import ServerConfig, save_servers
from tests.gui.mcp.test_mcp_window import SERVER_WAIT_MS, wait_state
from tests.integration.mcp.test_oauth import Browser, oauth_server
from tests.keyrings import LockedKeyring, MemoryKeyring, use_keyring

__all__ = ["use_keyring"]
TOKENS = ("travel-assistant", "mcp-oauth/remote/tokens")


def _phase(name: str, *phases: str) -> Any:
    return lambda server, phase, _detail: server == name and phase in phases


def _page(window: Any, select: str) -> Any:
    dialog = window.open_settings()
    page = dialog.findChild(QWidget, "mcpSettings")
    assert page is not None
    rows = [page.list.item(i).data(256) for i in range(page.list.count())]
    page.list.setCurrentRow(rows.index(select))
    return dialog, page


def test_sign_in_connects_the_server_and_sign_out_forgets_the_tokens(
    qtbot: Any, make_window: Any, use_keyring: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = use_keyring(MemoryKeyring())
    browser = Browser()
    monkeypatch.setattr("webbrowser.open", browser)
    with oauth_server() as base:
        save_servers(
            [
                ServerConfig(name="remote", url=f"{base}/mcp"),
                ServerConfig(name="local", command="no-such-mcp-program-xyz"),
            ]
        )
        window = make_window()
        failed = wait_state(qtbot, window.mcp, "remote", "failed")
        assert failed.login_needed and "travel-assistant mcp login remote" in failed.reason and browser.opened == []
        dialog, page = _page(window, "local")
        assert not page.buttons["signin"].isEnabled()  # a local program has nothing to sign in to
        assert not page.buttons["signout"].isEnabled()
        page.list.setCurrentRow([page.list.item(i).data(256) for i in range(page.list.count())].index("remote"))
        assert page.buttons["signin"].isEnabled() and "sign in" in page.details.toPlainText()
        with qtbot.waitSignal(window.mcp.signIn, timeout=SERVER_WAIT_MS, check_params_cb=_phase("remote", "signed_in")):
            page.buttons["signin"].click()
            assert not page.buttons["signin"].isEnabled()  # one sign-in at a time
        assert "Signed in to remote" in page.account.progress.text()
        ready = wait_state(qtbot, window.mcp, "remote", "ready")
        assert ready.tools == ("remote__whoami",) and not ready.login_needed and len(browser.opened) == 1
        assert TOKENS in backend.store and page.buttons["signin"].isEnabled()

        with qtbot.waitSignal(
            window.mcp.signIn, timeout=SERVER_WAIT_MS, check_params_cb=_phase("remote", "signed_out")
        ):
            page.buttons["signout"].click()
        assert TOKENS not in backend.store and "Signed out of remote" in page.account.progress.text()
        again = wait_state(qtbot, window.mcp, "remote", "failed")
        assert again.login_needed and len(browser.opened) == 1  # no browser without a click
        dialog.reject()


def test_a_failed_sign_in_says_why_and_can_be_tried_again(
    qtbot: Any, make_window: Any, use_keyring: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_keyring(LockedKeyring())
    browser = Browser()
    monkeypatch.setattr("webbrowser.open", browser)
    save_servers([ServerConfig(name="remote", url="http://127.0.0.1:9/mcp")])
    window = make_window()
    wait_state(qtbot, window.mcp, "remote", "failed")
    dialog, page = _page(window, "remote")
    with qtbot.waitSignal(window.mcp.signIn, timeout=SERVER_WAIT_MS, check_params_cb=_phase("remote", "failed")):
        page.buttons["signin"].click()
    assert "Sign-in to remote failed" in page.account.progress.text() and browser.opened == []
    assert page.buttons["signin"].isEnabled()
    dialog.reject()
