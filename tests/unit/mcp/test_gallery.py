"""The connector gallery: vetted entries, strict about its own file, keys only in the keyring."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.commands import mcp_gallery
from desktop_app.mcp.setup.config import ServerConfig, app_config_path, read_config_file, save_servers
from desktop_app.mcp.setup.gallery import GalleryError, add_connector, find_connector, live_data_note, load_gallery
from tests.keyrings import MemoryKeyring, use_keyring

__all__ = ["use_keyring"]

CONTRACT_KEYS = ["name", "title", "description", "command", "args", "needs_key", "sends", "homepage"]


def test_the_shipped_gallery_covers_stays_flights_weather_and_maps() -> None:
    gallery = load_gallery()
    assert len(gallery) >= 5
    assert {"stays", "flights", "weather", "maps"} <= {c.covers for c in gallery}
    for c in gallery:
        assert c.argv[:3] == ["npx", "-y", f"{c.package}@{c.version}"] and c.version.count(".") == 2
        assert c.sends and c.data_from and c.licence and c.homepage.startswith("https://")
        listing = c.listing()
        assert list(listing)[: len(CONTRACT_KEYS)] == CONTRACT_KEYS and listing["needs_key"] == (c.key is not None)


def test_a_key_is_written_as_a_keyring_reference_never_the_value(tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    save_servers([ServerConfig(name="mine", command="my-server")], config)
    add_connector(find_connector("variflight"), config)
    assert add_connector(find_connector("variflight"), config) is False  # the same entry again: unchanged
    data = json.loads(config.read_text(encoding="utf-8"))
    assert list(data["mcpServers"]) == ["mine", "variflight"]
    assert data["mcpServers"]["variflight"]["env"] == {"VARIFLIGHT_API_KEY": {"keyring": "variflight-api-key"}}


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("name", "a__b", "not a valid server name"),
        ("version", "^1.0.0", "exact version"),
        ("package", "evil pkg; rm -rf ~", "exact version"),
        ("args", ["--ok", "/etc/passwd"], "--flags"),
        ("args", ["--port=80 && curl x"], "--flags"),
        ("key", {"env": "lower", "keyring": "k", "where": "x"}, "env variable"),
        ("sends", "", "short text"),
    ],
)
def test_a_damaged_or_hostile_entry_is_refused(tmp_path: Path, field: str, value: Any, problem: str) -> None:
    entry = {**next(e for e in _shipped() if e["name"] == "airbnb"), field: value}
    path = tmp_path / "connectors.json"
    path.write_text(json.dumps({"connectors": [entry]}), encoding="utf-8")
    with pytest.raises(GalleryError, match=problem):
        load_gallery(path)


def test_unreadable_gallery_and_unknown_names_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "connectors.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(GalleryError, match="cannot be read"):
        load_gallery(path)
    with pytest.raises(GalleryError, match="no connector named 'nosuch'"):
        find_connector("nosuch")


def test_the_model_is_told_which_tools_are_live_only_for_gallery_servers() -> None:
    meteo = ServerConfig(name="meteo", command="npx", args=("-y", "open-meteo-mcp-server@2.1.0"))
    mine = ServerConfig(name="weather", command="my-own-weather")  # a gallery name, not its package
    note = live_data_note([meteo, mine])
    assert "meteo__*" in note and "weather__*" not in note and "sample data" in note
    assert live_data_note([mine]) == ""


def test_add_asks_first_and_stores_a_piped_key_in_the_keyring(
    use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = use_keyring(MemoryKeyring())
    monkeypatch.setattr("sys.stdin", io.StringIO("vf-secret-123\n"))
    assert mcp_gallery.add_command("variflight", yes=True) == 0
    out = capsys.readouterr().out
    assert "npx -y @variflight-ai/variflight-mcp@1.0.3" in out and "mcp.variflight.com" in out
    assert store.store == {("travel-assistant", "mcp/variflight/variflight-api-key"): "vf-secret-123"}
    assert "vf-secret-123" not in app_config_path().read_text(encoding="utf-8")
    assert [s.name for s in read_config_file(app_config_path())] == ["variflight"]


def test_add_without_a_terminal_and_without_yes_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop_app.errors import UsageError

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(UsageError, match="--yes"):
        mcp_gallery.add_command("airbnb", yes=False)
    assert not app_config_path().exists()


def _shipped() -> list[dict[str, Any]]:
    from desktop_app.paths import resources_dir

    data = json.loads((resources_dir() / "data" / "connectors.json").read_text(encoding="utf-8"))
    return list(data["connectors"])


USER_FILE = """// my MCP servers: written by hand
{
  "mcpServers": {
    /* the weather server I wrote myself */
    "openmeteo": {"command": "my-weather", "args": ["--fast"]}, // keep this
    "mine": {command: 'my-server'},
  },
}
"""


def test_add_keeps_the_files_comments_and_layout(tmp_path: Path) -> None:
    import json5

    config = tmp_path / "mcp.json"
    config.write_text(USER_FILE, encoding="utf-8")
    assert add_connector(find_connector("airbnb"), config) is True
    text = config.read_text(encoding="utf-8")
    assert text.startswith(USER_FILE.split('    "mine"')[0])  # everything before is byte for byte the same
    for comment in ("// my MCP servers: written by hand", "/* the weather server I wrote myself */", "// keep this"):
        assert comment in text
    data = json5.loads(text)
    assert list(data["mcpServers"]) == ["openmeteo", "mine", "airbnb"]
    assert data["mcpServers"]["airbnb"] == find_connector("airbnb").server().to_json()
    assert data["mcpServers"]["openmeteo"] == {"command": "my-weather", "args": ["--fast"]}


def test_add_never_replaces_the_users_entry_with_yes(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = app_config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(USER_FILE, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert mcp_gallery.add_command("openmeteo", yes=True) == 1
    err = capsys.readouterr().err
    assert config.read_text(encoding="utf-8") == USER_FILE  # not a byte changed
    assert len(err.strip().splitlines()) == 1 and "mcp add openmeteo --name openmeteo-2" in err
    assert mcp_gallery.add_command("openmeteo", yes=True, as_name="openmeteo-2") == 0
    servers = {s.name: s for s in read_config_file(config)}
    assert servers["openmeteo"].command == "my-weather" and servers["openmeteo-2"].command == "npx"
    assert "// keep this" in config.read_text(encoding="utf-8")


def test_on_a_terminal_replacing_the_users_entry_is_asked(
    app_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = app_config_path()
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(USER_FILE, encoding="utf-8")
    answers = iter(["y", "n"])
    questions: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)

    def ask(question: str) -> str:
        questions.append(question)
        return next(answers)

    monkeypatch.setattr("builtins.input", ask)
    assert mcp_gallery.add_command("openmeteo", yes=False) == 1
    assert "already has a server named 'openmeteo'" in questions[1] and config.read_text(encoding="utf-8") == USER_FILE
    answers = iter(["y", "y"])
    assert mcp_gallery.add_command("openmeteo", yes=False) == 0
    assert {s.name: s for s in read_config_file(config)}["openmeteo"].command == "npx"
    text = config.read_text(encoding="utf-8")
    assert "// keep this" in text and "/* the weather" in text


def test_add_through_a_symlinked_mcp_json_keeps_the_link(app_home: Path, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "mcp.json"
    real.parent.mkdir()
    real.write_text(USER_FILE, encoding="utf-8")
    link = app_config_path()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(real)
    add_connector(find_connector("airbnb"))
    assert link.is_symlink() and "airbnb" in real.read_text(encoding="utf-8")
