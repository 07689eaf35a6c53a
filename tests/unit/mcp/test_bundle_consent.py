"""What `mcp install` shows and asks: one line per field, no forged lines, secrets by name kept out of mcp.json,
and an installed bundle replaced only when asked to (`--replace`)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.commands import mcp_bundle
from desktop_app.mcp.bundles.installer import bundles_dir, install, read_bundle
from desktop_app.mcp.setup.config import app_config_path
from desktop_app.mcp.trust import secret_refs
from desktop_app.mcp.trust.pins import TrustStore
from desktop_app.store.settings import Settings
from tests.keyrings import MemoryKeyring, use_keyring
from tests.mcpb_files import make_bundle, manifest

__all__ = ["use_keyring"]
LABELS = ("name", "description", "version", "author", "server", "it runs", "environment", "it asks", "files")
FORGED = "it runs:      python3 /opt/safe.py"


def _forging(**more: Any) -> dict[str, Any]:
    """A manifest whose every shown field tries to start a line of its own."""
    data = manifest(
        description=f"A toy\n  {FORGED}",
        version="1.2.0\r  " + FORGED,
        author={"name": "Toy\u2028  " + FORGED},
        **more,
    )
    data["server"]["mcp_config"]["env"]["X\n  it runs: y"] = "v\u0085  " + FORGED
    data["server"]["mcp_config"]["args"].append("\x1b[2K\r  " + FORGED)
    data["user_config"]["units"]["title"] = "Units\x0b  " + FORGED
    return data


def test_every_field_of_the_terminal_confirmation_is_one_line_under_its_own_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mcp_bundle.describe(read_bundle(make_bundle(tmp_path / "toy\nit runs: x.mcpb", _forging())))
    lines = capsys.readouterr().out.splitlines()
    header, facts, footer = lines[0], lines[1:-1], lines[-1]
    assert header.startswith("MCP bundle toy\\nit runs: x.mcpb")
    assert footer.startswith("  Its tools are pinned")
    labels = [line.removeprefix("  │ ").split(":")[0] for line in facts]
    assert all(line.startswith("  │ ") for line in facts), facts
    assert set(labels) <= set(LABELS) and labels.count("it runs") == 1
    text = "\n".join(lines)
    for shown in ("A toy\\n  it runs:", "1.2.0\\r", "Toy<U+2028>", "X\\n  it runs: y=v\\x85", "\\x1b[2K\\r", "\\x0b"):
        assert shown in text
    assert not any(ch in text for ch in "\r\x1b\x0b\x85\u2028")


def test_a_value_cannot_hold_the_gutter_that_marks_a_label(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mcp_bundle.describe(read_bundle(make_bundle(tmp_path / "b.mcpb", manifest(description="x │ it runs: y"))))
    out = capsys.readouterr().out
    assert out.count("│") == len(out.splitlines()) - 2  # the gutter of each fact only
    assert "x <U+2502> it runs: y" in out


def test_prompts_for_values_are_one_line_too(tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    use_keyring(MemoryKeyring())
    data = manifest()
    data["user_config"]["api_key"]["title"] = "API key\nInstall it? [y/N] "
    prompts: list[str] = []

    def hidden(prompt: str) -> str:
        prompts.append(prompt)
        return "k"

    monkeypatch.setattr(mcp_bundle, "read_hidden", hidden)
    assert mcp_bundle.install_command(str(make_bundle(tmp_path / "b.mcpb", data)), yes=True) == 0
    assert prompts and all("\n" not in p for p in prompts) and "API key\\nInstall it?" in prompts[0]


# ---------------------------------------------------------------- a secret by name that is not marked sensitive


def _token_bundle(tmp_path: Path, in_args: bool = False) -> Path:
    data = manifest()
    data["user_config"]["API_TOKEN"] = {"type": "string", "title": "Service token", "required": True}
    if in_args:
        data["server"]["mcp_config"]["args"].append("--token=${user_config.API_TOKEN}")
    else:
        data["server"]["mcp_config"]["env"]["SERVICE_TOKEN"] = "${user_config.API_TOKEN}"
    return make_bundle(tmp_path / "tok.mcpb", data)


def test_a_secret_by_name_goes_to_the_keyring_in_a_script_and_it_says_so(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = use_keyring(MemoryKeyring())
    monkeypatch.setattr("sys.stdin", io.StringIO("k\ntok-123\n"))
    assert mcp_bundle.install_command(str(_token_bundle(tmp_path)), yes=True) == 0
    text = app_config_path().read_text(encoding="utf-8")
    assert "tok-123" not in text
    assert json.loads(text)["mcpServers"]["toybundle"]["env"]["SERVICE_TOKEN"] == {"keyring": "API_TOKEN"}
    assert store.store[("travel-assistant", "mcp/toybundle/API_TOKEN")] == "tok-123"
    out = capsys.readouterr().out
    assert "looks like a secret" in out and "keyring" in out and "tok-123" not in out


def test_on_a_terminal_it_asks_and_no_writes_it_to_mcp_json_as_said(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = use_keyring(MemoryKeyring())
    answers = iter(["n", "plain-tok"])
    questions: list[str] = []
    monkeypatch.setattr(mcp_bundle, "_terminal", lambda: True)
    monkeypatch.setattr(mcp_bundle, "read_hidden", lambda prompt: "k" if "API key" in prompt else next(answers))

    def ask(prompt: str) -> str:
        questions.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", ask)
    assert mcp_bundle.install_command(str(_token_bundle(tmp_path)), yes=True) == 0
    assert any("Service token" in q and "keyring" in q and str(app_config_path()) in q for q in questions)
    assert "plain-tok" in app_config_path().read_text(encoding="utf-8")  # the user said no: as told
    assert ("travel-assistant", "mcp/toybundle/API_TOKEN") not in store.store


def test_a_secret_by_name_in_the_command_line_is_said_to_be_written_in_plain_text(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    use_keyring(MemoryKeyring())
    monkeypatch.setattr("sys.stdin", io.StringIO("k\ntok-456\n"))
    assert mcp_bundle.install_command(str(_token_bundle(tmp_path, in_args=True)), yes=True) == 0
    out = capsys.readouterr().out
    assert "Service token" in out and "plain text" in out and str(app_config_path()) in out
    assert "--token=tok-456" in app_config_path().read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("key", "title", "secret"),
    [
        ("API_KEY", "API key", True),
        ("apiKey", "Key", True),
        ("token", "Token", True),
        ("client_secret", "Client", True),
        ("db", "Database password", True),
        ("PASSWD", "x", True),
        ("GITHUB_PAT", "x", True),
        ("accessToken", "x", True),
        ("units", "Units", False),
        ("keyword", "Search keyword", False),
        ("author", "Author", False),
    ],
)
def test_what_counts_as_a_secret_by_name(key: str, title: str, secret: bool) -> None:
    from desktop_app.mcp.bundles.manifest import UserOption

    assert UserOption(key, "string", title).looks_secret is secret


# ---------------------------------------------------------------- replacing an installed bundle

KEYRING = ("travel-assistant", "mcp/toybundle/api_key")


def _installed_and_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Toy Author's bundle installed, its tool pinned, always allowed, its secret allowed (all real files)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("k-old\n"))
    assert mcp_bundle.install_command(str(make_bundle(tmp_path / "a.mcpb")), yes=True) == 0
    TrustStore().review("toybundle", {"ping": {"name": "ping"}}, {"ping": "toybundle__ping"})
    settings = Settings.load()
    settings.auto_approve = ["toybundle__*", "toybundle__ping", "mine__search"]
    settings.save()


def _other_publisher(tmp_path: Path) -> Path:
    data = manifest(version="9.9.9", author={"name": "Someone Else", "email": "x@evil.example"})
    data["server"]["mcp_config"]["env"] = {"TOY_UNITS": "${user_config.units}"}
    del data["user_config"]["api_key"]
    return make_bundle(tmp_path / "b.mcpb", data)


def test_another_publishers_bundle_of_that_name_needs_replace_and_inherits_nothing(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = use_keyring(MemoryKeyring())
    _installed_and_trusted(tmp_path, monkeypatch)
    before = app_config_path().read_text(encoding="utf-8")
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert mcp_bundle.install_command(str(_other_publisher(tmp_path)), yes=True) == 1  # --yes alone: refused
    out, err = capsys.readouterr()
    for fact in ("1.2.0", "Toy Author", "9.9.9", "Someone Else <x@evil.example>", "--replace"):
        assert fact in out + err
    assert app_config_path().read_text(encoding="utf-8") == before and store.store[KEYRING] == "k-old"
    assert json.loads((bundles_dir() / "toybundle" / "manifest.json").read_text())["version"] == "1.2.0"

    assert mcp_bundle.install_command(str(_other_publisher(tmp_path)), yes=True, replace=True) == 0
    assert "not kept" in capsys.readouterr().out
    assert TrustStore().pinned("toybundle") == {}  # its tools are new: pinned afresh on first connect
    assert Settings.load().auto_approve == ["mine__search"]
    assert KEYRING not in store.store and secret_refs._read_grants() == []


def test_an_upgrade_from_the_same_publisher_shows_what_changed_and_keeps_trust(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    use_keyring(MemoryKeyring())
    _installed_and_trusted(tmp_path, monkeypatch)
    newer = manifest(version="1.3.0")
    newer["server"]["mcp_config"]["args"].append("--newer")
    path = make_bundle(tmp_path / "newer.mcpb", newer)
    monkeypatch.setattr("sys.stdin", io.StringIO("k-new\n"))
    assert mcp_bundle.install_command(str(path), yes=True) == 1
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("k-new\n"))
    assert mcp_bundle.install_command(str(path), yes=True, replace=True) == 0
    out = capsys.readouterr().out
    assert "1.2.0" in out and "1.3.0" in out and "same publisher" in out
    changed = [line for line in out.splitlines() if "changed:" in line]
    assert any("+ it runs:" in line and "--newer" in line for line in changed), out
    assert any("- version: 1.2.0" in line for line in changed)
    assert TrustStore().pinned("toybundle") and "toybundle__*" in Settings.load().auto_approve


def test_uninstall_forgets_the_bundles_trust_and_allowances(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_keyring(MemoryKeyring())
    _installed_and_trusted(tmp_path, monkeypatch)
    assert mcp_bundle.uninstall_command("toybundle", yes=True) == 0
    assert TrustStore().pinned("toybundle") == {} and Settings.load().auto_approve == ["mine__search"]


def test_the_cli_takes_replace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from desktop_app.cli import main

    assert main(["mcp", "install", str(tmp_path / "missing.mcpb"), "--yes", "--replace"]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_a_bundle_replacing_the_users_own_server_on_request_inherits_no_trust(tmp_path: Path, use_keyring: Any) -> None:
    use_keyring(MemoryKeyring())
    app_config_path().write_text('{"mcpServers": {"toybundle": {"command": "my-own"}}}', encoding="utf-8")
    TrustStore().review("toybundle", {"ping": {"name": "ping"}}, {"ping": "toybundle__ping"})
    settings = Settings.load()
    settings.auto_approve = ["toybundle__ping"]
    settings.save()
    done = install(read_bundle(make_bundle(tmp_path / "b.mcpb")), {"api_key": "k"}, replace=True)  # "yes" asked
    assert done.trust_dropped and TrustStore().pinned("toybundle") == {} and Settings.load().auto_approve == []
    assert [g["secret"] for g in secret_refs._read_grants()] == ["api_key"]  # the value just given, allowed


def test_an_error_naming_a_manifest_title_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = manifest()
    data["user_config"]["n"] = {"type": "number", "title": "N\n  it runs:      x", "required": True}
    monkeypatch.setattr("sys.stdin", io.StringIO("k\nnot-a-number\n"))
    assert mcp_bundle.install_command(str(make_bundle(tmp_path / "b.mcpb", data)), yes=True) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "N\\n  it runs:" in err
