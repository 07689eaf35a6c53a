"""Settings → MCP servers → Add from gallery…: a connector is added without editing a file."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.mcp.setup.config import app_config_path
from desktop_app.ui.mcp.gallery_dialog import GalleryDialog
from desktop_app.ui.mcp.servers import McpServers
from desktop_app.ui.mcp.settings import McpSettings
from tests.keyrings import MemoryKeyring, use_keyring

__all__ = ["use_keyring"]


@pytest.fixture
def page(qtbot: Any) -> McpSettings:
    servers = McpServers("", lambda: None, lambda: "offline")  # type: ignore[arg-type,return-value]
    settings = McpSettings(servers)  # the bridge is not running: adding only writes mcp.json
    qtbot.addWidget(settings)
    return settings


def _choose(dialog: GalleryDialog, name: str) -> None:
    dialog.list.setCurrentRow(next(i for i, c in enumerate(dialog.connectors) if c.name == name))


def test_the_dialog_shows_what_leaves_the_machine_and_the_exact_command(page: McpSettings) -> None:
    dialog = page.add_from_gallery()
    assert isinstance(dialog, GalleryDialog) and not dialog.add_button.isEnabled()
    _choose(dialog, "airbnb")
    text = dialog.details.toPlainText()
    assert "airbnb.com" in text and "npx -y @openbnb/mcp-server-airbnb@0.3.0" in text
    assert dialog.add_button.isEnabled() and dialog.key.isHidden()  # no key for this one


def test_adding_writes_the_server_and_a_key_goes_to_the_keyring_only(
    qtbot: Any, page: McpSettings, use_keyring: Any
) -> None:
    store = use_keyring(MemoryKeyring())
    dialog = page.add_from_gallery()
    _choose(dialog, "googlemaps")
    assert not dialog.key.isHidden() and "GOOGLE_MAPS_API_KEY" in dialog.key.placeholderText()
    dialog.key.setText("gm-key-42")
    with qtbot.waitSignal(dialog.chosen, timeout=5000):
        dialog.add_button.click()
    text = app_config_path().read_text(encoding="utf-8")
    entry = json.loads(text)["mcpServers"]["googlemaps"]
    assert entry["args"] == ["-y", "@cablate/mcp-google-map@0.0.63", "--stdio"]
    assert entry["env"] == {"GOOGLE_MAPS_API_KEY": {"keyring": "google-maps-api-key"}} and "gm-key-42" not in text
    assert store.store == {("travel-assistant", "mcp/googlemaps/google-maps-api-key"): "gm-key-42"}  # its own scope
    assert "googlemaps" in [page.list.item(i).text().split()[0] for i in range(page.list.count())]


def test_adding_never_replaces_the_users_own_server_and_keeps_comments(
    qtbot: Any, page: McpSettings, use_keyring: Any
) -> None:
    store = use_keyring(MemoryKeyring())
    path = app_config_path()
    mine = '{\n  // my own weather server\n  "mcpServers": {\n    "googlemaps": {"command": "my-maps"}\n  }\n}\n'
    path.write_text(mine, encoding="utf-8")
    dialog = page.add_from_gallery()
    _choose(dialog, "googlemaps")
    dialog.key.setText("gm-key-7")
    with qtbot.waitSignal(dialog.chosen, timeout=5000):
        dialog.add_button.click()
    text = path.read_text(encoding="utf-8")
    assert "// my own weather server" in text and '"command": "my-maps"' in text  # untouched
    import json5

    servers = json5.loads(text)["mcpServers"]
    assert servers["googlemaps"] == {"command": "my-maps"} and "googlemaps-2" in servers
    assert "googlemaps-2" in page.note.text()
    assert store.store == {("travel-assistant", "mcp/googlemaps-2/google-maps-api-key"): "gm-key-7"}
