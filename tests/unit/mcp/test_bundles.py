"""MCP bundles (.mcpb): hostile zips refused before anything is written, install and uninstall complete."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import json5
import pytest

from desktop_app.commands import mcp_bundle
from desktop_app.errors import UsageError
from desktop_app.mcp.bundles import archive as bundle_zip
from desktop_app.mcp.bundles.installer import BundleError, NameTakenError, bundles_dir, install, read_bundle, uninstall
from desktop_app.mcp.setup.config import app_config_path, read_config_file
from desktop_app.mcp.setup.config_edit import EditError, without_server
from desktop_app.mcp.trust import secret_refs
from tests.keyrings import MemoryKeyring, use_keyring
from tests.mcpb_files import add_symlink, make_bundle, manifest

__all__ = ["use_keyring"]
KEY = ("travel-assistant", "mcp/toybundle/api_key")


def _nothing_written() -> None:
    assert not app_config_path().exists()
    assert not bundles_dir().exists() or [p for p in bundles_dir().iterdir()] == []


# ---------------------------------------------------------------- hostile zips


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("../x", "outside its folder"),
        ("server/../../x", "outside its folder"),
        ("/etc/x", "absolute path"),
        ("C:/x", "absolute path"),
        ("server\\..\\x", "backslash"),
        ("SERVER/toy_server.py", "two entries"),  # a case-only duplicate would overwrite on macOS/Windows
    ],
)
def test_hostile_names_are_refused_before_anything_is_written(tmp_path: Path, name: str, problem: str) -> None:
    path = make_bundle(tmp_path / "b.mcpb", extra=[(name, b"x")])
    with pytest.raises(BundleError, match=problem):
        read_bundle(path)
    _nothing_written()


def test_a_symlink_entry_is_refused(tmp_path: Path) -> None:
    path = make_bundle(tmp_path / "b.mcpb")
    add_symlink(path, "server/link", "/etc/passwd")
    with pytest.raises(BundleError, match="symbolic link"):
        read_bundle(path)


def test_a_duplicate_name_is_refused(tmp_path: Path) -> None:
    path = make_bundle(tmp_path / "b.mcpb")
    with pytest.warns(UserWarning), zipfile.ZipFile(path, "a") as zf:
        zf.writestr("manifest.json", "{}")
    with pytest.raises(BundleError, match=r"two entries named .manifest\.json."):
        read_bundle(path)


def test_too_many_entries_too_big_and_bombs_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bomb = make_bundle(tmp_path / "bomb.mcpb", extra=[("server/zeros.bin", b"\0" * (3 * 1024 * 1024))])
    with pytest.raises(BundleError, match="zip bomb"):
        read_bundle(bomb)
    monkeypatch.setattr(bundle_zip, "MAX_ENTRIES", 3)
    many = make_bundle(tmp_path / "many.mcpb", extra=[(f"f{i}", b"x") for i in range(3)])
    with pytest.raises(BundleError, match="5 entries"):
        read_bundle(many)
    monkeypatch.setattr(bundle_zip, "MAX_TOTAL", 10_000)
    big = make_bundle(tmp_path / "big.mcpb", extra=[("server/data.bin", bytes(range(256)) * 40)])
    with pytest.raises(BundleError, match="unpacks to"):
        read_bundle(big)


def test_not_a_zip_and_no_manifest(tmp_path: Path) -> None:
    (tmp_path / "x.mcpb").write_text("hello", encoding="utf-8")
    with pytest.raises(BundleError, match="not a zip"):
        read_bundle(tmp_path / "x.mcpb")
    with zipfile.ZipFile(tmp_path / "y.mcpb", "w") as zf:
        zf.writestr("server/main.py", "")
    with pytest.raises(BundleError, match=r"no manifest\.json"):
        read_bundle(tmp_path / "y.mcpb")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"manifest_version": "9.9"}, "not supported"),
        ({"name": "a__b"}, "cannot name a server"),
        ({"name": "../evil"}, "cannot name a server"),
        ({"author": "me"}, "author"),
        ({"server": {"type": "uv", "entry_point": "x.py"}}, "node, python or binary"),
        ({"server": {"type": "python", "mcp_config": {"args": []}}}, "command"),
        ({"server": {"type": "python", "entry_point": "nope.py", "mcp_config": {"command": "python"}}}, r"nope\.py"),
        ({"user_config": {"k": {"type": "color"}}}, "type must be one of"),
        ({"user_config": {"n": {"type": "number", "default": "many"}}}, "must be a number"),
        (
            {
                "server": {
                    "type": "python",
                    "mcp_config": {"command": "python", "args": ["--key=${user_config.api_key}"]},
                },
                "user_config": {"api_key": {"type": "string", "sensitive": True}},
            },
            "would be written to mcp.json",
        ),
    ],
)
def test_a_bad_manifest_is_one_line(tmp_path: Path, changes: dict[str, Any], problem: str) -> None:
    path = make_bundle(tmp_path / "b.mcpb", manifest(**changes))
    with pytest.raises(BundleError, match=problem):
        read_bundle(path)


def test_a_manifest_that_is_not_json(tmp_path: Path) -> None:
    with pytest.raises(BundleError, match="not valid JSON"):
        read_bundle(make_bundle(tmp_path / "b.mcpb", raw="{nope"))
    with pytest.raises(BundleError, match="not valid JSON"):
        read_bundle(make_bundle(tmp_path / "c.mcpb", raw="[" * 10_000 + "]" * 10_000))


def test_dxt_version_is_read_too(tmp_path: Path) -> None:
    data = manifest()
    data["dxt_version"] = data.pop("manifest_version")
    data["dxt_version"] = "0.2"
    assert read_bundle(make_bundle(tmp_path / "b.dxt", data)).manifest.manifest_version == "0.2"


# ---------------------------------------------------------------- install and uninstall


def test_install_substitutes_keeps_the_secret_in_the_keyring_and_uninstall_removes_all(
    tmp_path: Path, use_keyring: Any
) -> None:
    store = use_keyring(MemoryKeyring())
    bundle = read_bundle(make_bundle(tmp_path / "b.mcpb"))
    folder = bundles_dir() / "toybundle"
    assert bundle.command_line() == ["python3", f"{folder}/server/toy_server.py", "basic"]
    done = install(bundle, {"api_key": "s3cret-value"})
    assert done.changed and (folder / "server" / "toy_server.py").is_file() and (folder / "manifest.json").is_file()
    text = app_config_path().read_text(encoding="utf-8")
    assert "s3cret-value" not in text
    entry = json.loads(text)["mcpServers"]["toybundle"]
    assert entry == {
        "command": "python3",
        "args": [f"{folder}/server/toy_server.py", "basic"],
        "env": {"TOY_KEY": {"keyring": "api_key"}, "TOY_UNITS": "metric"},
        "cwd": str(folder),
    }
    assert store.store[KEY] == "s3cret-value"
    (server,) = read_config_file(app_config_path())
    assert secret_refs.resolve(server, {"keyring": "api_key"}, "env TOY_KEY") == "s3cret-value"  # allowed already
    assert [p.name for p in bundles_dir().iterdir()] == ["toybundle"]  # no temporary folder left

    removed = uninstall("toybundle")
    assert removed.folder and removed.entry and removed.secrets == ("api_key",)
    assert not folder.exists() and KEY not in store.store
    assert json.loads(app_config_path().read_text(encoding="utf-8")) == {"mcpServers": {}}
    assert secret_refs._read_grants() == []
    with pytest.raises(BundleError, match=r"no MCP bundle named .toybundle."):
        uninstall("toybundle")


def test_a_required_value_missing_installs_nothing(tmp_path: Path, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    with pytest.raises(BundleError, match="API key"):
        install(read_bundle(make_bundle(tmp_path / "b.mcpb")), {})
    _nothing_written()


def test_the_users_entry_is_never_replaced_and_its_comments_survive(tmp_path: Path, use_keyring: Any) -> None:
    store = use_keyring(MemoryKeyring())
    config = app_config_path()
    user_text = '// mine\n{\n  "mcpServers": {\n    /* by hand */\n    "toybundle": {"command": "my-own"},\n  },\n}\n'
    config.write_text(user_text, encoding="utf-8")
    bundle = read_bundle(make_bundle(tmp_path / "b.mcpb"))
    with pytest.raises(NameTakenError, match="yours is kept"):
        install(bundle, {"api_key": "k"})
    assert config.read_text(encoding="utf-8") == user_text and store.store == {}
    _nothing_written_but(config)
    with pytest.raises(BundleError, match="no MCP bundle"):  # uninstall never removes the user's own server
        uninstall("toybundle")
    assert config.read_text(encoding="utf-8") == user_text


def _nothing_written_but(config: Path) -> None:
    assert config.exists()
    assert not bundles_dir().exists() or list(bundles_dir().iterdir()) == []


def test_comments_survive_install_and_uninstall(tmp_path: Path, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    config = app_config_path()
    user_text = '// my servers\n{\n  "mcpServers": {\n    "mine": {"command": "my-server"}, // keep this\n  },\n}\n'
    config.write_text(user_text, encoding="utf-8")
    install(read_bundle(make_bundle(tmp_path / "b.mcpb")), {"api_key": "k"})
    text = config.read_text(encoding="utf-8")
    assert "// my servers" in text and "// keep this" in text
    assert list(json5.loads(text)["mcpServers"]) == ["mine", "toybundle"]
    uninstall("toybundle")
    after = config.read_text(encoding="utf-8")
    assert json5.loads(after) == json5.loads(user_text) and "// keep this" in after and "// my servers" in after


def test_reinstalling_a_new_version_replaces_the_bundles_own_entry(tmp_path: Path, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    install(read_bundle(make_bundle(tmp_path / "a.mcpb")), {"api_key": "k"})
    newer = manifest(version="1.3.0")
    newer["server"]["mcp_config"]["args"].append("--newer")
    with pytest.raises(BundleError, match="needs --replace"):  # never unasked (issue 40)
        install(read_bundle(make_bundle(tmp_path / "b.mcpb", newer)), {"api_key": "k2"})
    done = install(read_bundle(make_bundle(tmp_path / "b.mcpb", newer)), {"api_key": "k2"}, replace_bundle=True)
    assert done.changed and done.server.args[-1] == "--newer"
    assert json.loads((bundles_dir() / "toybundle" / "manifest.json").read_text())["version"] == "1.3.0"


def test_a_failing_keyring_leaves_nothing_behind(tmp_path: Path, use_keyring: Any) -> None:
    from desktop_app.store.secrets import SecretsError
    from tests.keyrings import LockedKeyring

    use_keyring(LockedKeyring())
    with pytest.raises(SecretsError):
        install(read_bundle(make_bundle(tmp_path / "b.mcpb")), {"api_key": "k"})
    _nothing_written()


def test_without_server_edits_only_that_entry() -> None:
    text = '{\n  "mcpServers": {\n    "a": {"command": "x"}, // a\n    "b": {"command": "y"} // b\n  }\n}\n'
    assert json5.loads(without_server(text, "b")) == {"mcpServers": {"a": {"command": "x"}}}
    assert "// a" in without_server(text, "b") and "// b" in without_server(text, "a")
    assert json5.loads(without_server('{"mcpServers": {"a": {}}}', "a")) == {"mcpServers": {}}
    with pytest.raises(EditError, match="no server named 'c'"):
        without_server(text, "c")


# ---------------------------------------------------------------- the commands


def test_install_command_with_yes_reads_the_secret_from_stdin(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = use_keyring(MemoryKeyring())
    path = make_bundle(tmp_path / "toy.mcpb")
    monkeypatch.setattr("sys.stdin", io.StringIO("piped-secret\n"))
    assert mcp_bundle.install_command(str(path), yes=True) == 0
    out = capsys.readouterr().out
    for fact in ("toybundle", "1.2.0", "Toy Author", "python3 ", "toy_server.py basic", "API key (api_key: hidden"):
        assert fact in out
    assert "piped-secret" not in out and store.store[KEY] == "piped-secret"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert mcp_bundle.uninstall_command("toybundle", yes=True) == 0
    assert "removed 'toybundle'" in capsys.readouterr().out and store.store == {}


def test_install_command_asks_unless_yes_and_errors_are_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = make_bundle(tmp_path / "toy.mcpb")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(UsageError, match="--yes"):
        mcp_bundle.install_command(str(path), yes=False)
    _nothing_written()
    with pytest.raises(UsageError, match=r"\.mcpb"):
        mcp_bundle.install_command(str(tmp_path / "x.zip"), yes=True)
    bad = make_bundle(tmp_path / "bad.mcpb", extra=[("../evil", b"x")])
    assert mcp_bundle.install_command(str(bad), yes=True) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "outside its folder" in err


def test_cli_wiring(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from desktop_app.cli import main

    assert main(["mcp", "uninstall", "nothing-here", "--yes"]) == 1
    assert "no MCP bundle named 'nothing-here'" in capsys.readouterr().err
    assert main(["mcp", "install", str(tmp_path / "missing.mcpb"), "--yes"]) == 1
    assert "cannot read" in capsys.readouterr().err
