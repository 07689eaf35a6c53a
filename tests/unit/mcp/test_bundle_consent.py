"""What `mcp install` shows and asks: one line per field, no forged lines, secrets by name kept out of mcp.json,
and an installed bundle replaced only when asked to (`--replace`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop_app.commands import mcp_bundle
from desktop_app.mcp.bundles import read_bundle
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


def test_prompts_for_values_are_one_line_too(
    tmp_path: Path, use_keyring: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_keyring(MemoryKeyring())
    data = manifest()
    data["user_config"]["api_key"]["title"] = "API key\nInstall it? [y/N] "
    prompts: list[str] = []
    monkeypatch.setattr(mcp_bundle, "read_hidden", lambda prompt: prompts.append(prompt) or "k")
    assert mcp_bundle.install_command(str(make_bundle(tmp_path / "b.mcpb", data)), yes=True) == 0
    assert prompts and all("\n" not in p for p in prompts) and "API key\\nInstall it?" in prompts[0]
