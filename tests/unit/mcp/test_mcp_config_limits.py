"""mcp.json from outside under jsonsafe's policy: numbers finite and in range (one line naming the
entry, the other servers kept), nesting and size limited before json5 (which recurses) sees it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app import jsonsafe
from desktop_app.cli import main
from desktop_app.mcp.setup.config import McpConfigError, app_config_path, read_config_file


def _servers(path: Path, entry: str) -> Path:
    path.write_text('{\n  "mcpServers": {\n    "ok": {"command": "x"},\n    "a": ' + entry + "\n  }\n}\n", "utf-8")
    return path


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "1e30", "0", "true", "1" + "0" * 400])
@pytest.mark.parametrize("key", ["timeout", "connectTimeout"])
def test_a_timeout_out_of_range_refuses_that_server_in_one_line(tmp_path: Path, key: str, number: str) -> None:
    path = _servers(tmp_path / "mcp.json", f'{{"command": "x", "{key}": {number}}}')
    ok, bad = read_config_file(path)
    assert not ok.refused and ok.connect_timeout == 30.0
    assert f"(mcpServers.a.{key}): must be a positive number of seconds" in bad.refused
    assert "\n" not in bad.refused


@pytest.mark.parametrize("number", ["NaN", "Infinity", "1e400"])
def test_a_non_finite_env_value_or_argument_is_refused(tmp_path: Path, number: str) -> None:
    for entry, where in (
        (f'{{"command": "x", "env": {{"PORT": {number}}}}}', "mcpServers.a.env.PORT"),
        (f'{{"command": "x", "args": [{number}]}}', "mcpServers.a.args"),
    ):
        _ok, bad = read_config_file(_servers(tmp_path / "mcp.json", entry))
        assert f"({where})" in bad.refused


@pytest.mark.parametrize(
    "text",
    [
        '{"mcpServers": {"a": {"command": "x", "env": {"K": ' + "[" * 3000 + "]" * 3000 + "}}}}",
        "[" * 100_000 + "]" * 100_000,
        # brackets hidden from a JSON-only scan by a single-quoted '"' (JSON5)
        "{'q': '\"', mcpServers: {a: {command: 'x', env: {K: " + "[" * 5000 + "]" * 5000 + "}}}, 'r': '\"'}",
        "// " + "{" * 300 + "\n{'mcpServers': {a: {command: 'x', cwd: " + "{" * 3000 + "}" * 3000 + "}}}",
    ],
    ids=["3000-deep", "100000-deep", "json5-quotes", "json5-comment"],
)
def test_a_file_nested_too_deep_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(McpConfigError) as info:
        read_config_file(path)
    assert "nested deeper than 128 levels" in str(info.value) and "\n" not in str(info.value)


def test_comments_with_brackets_and_quotes_still_parse(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text(
        "// a note: [[[[ ' \"\n{mcpServers: {a: {command: 'x', args: ['[[[', \"'\"]}}, /* ]]]] */}", "utf-8"
    )
    (a,) = read_config_file(path)
    assert not a.refused and a.args == ("[[[", "'")


def test_a_huge_file_is_one_line_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonsafe, "MAX_DOCUMENT_BYTES", 1000)
    path = _servers(tmp_path / "mcp.json", json.dumps({"command": "x", "cwd": "y" * 2000}))
    with pytest.raises(McpConfigError, match="is larger than"):
        read_config_file(path)


def test_the_cli_says_one_line_for_a_deep_mcp_json(app_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As for any broken mcp.json: one line naming the file, the same as `{not json`."""
    app_config_path().write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    main(["tools", "--json"])
    err = capsys.readouterr().err
    assert "Traceback" not in err and "RecursionError" not in err
    assert err.count("\n") == 1 and "nested deeper" in err and str(app_config_path()) in err
