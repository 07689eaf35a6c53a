"""`mcpServers` parsing: every mistake is one message naming the file and the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.mcp.setup.config import (
    McpConfigError,
    ServerConfig,
    app_config_path,
    load_servers,
    read_config_file,
    save_servers,
)


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_claude_desktop_format_and_http(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "c.json",
        {
            "mcpServers": {
                "files": {"command": "npx", "args": ["-y", "pkg"], "env": {"A": "1"}, "cwd": "~"},
                "remote": {
                    "url": "https://mcp.example/mcp",
                    "headers": {"Authorization": {"keyring": "remote-token"}},
                    "timeout": 120,
                    "trustReadOnlyHints": True,
                },
                "off": {"command": "x", "disabled": True},
            }
        },
    )
    files, remote, off = read_config_file(path)
    assert files.transport == "stdio" and files.args == ("-y", "pkg") and files.env == {"A": "1"}
    assert files.cwd == str(Path.home()) and files.timeout == 60.0
    assert remote.transport == "http" and remote.headers == {"Authorization": {"keyring": "remote-token"}}
    assert remote.timeout == 120.0 and remote.trust_read_only_hints
    assert off.disabled


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "line 1: is not valid JSON"),
        ('{\n"mcpServers": {\n"a": {"command": "x"\n}', "line 4: is not valid JSON"),
        ('{"mcpServers": []}', 'expected an object like {"mcpServers"'),
        ('{"other": {}}', 'expected an object like {"mcpServers"'),
        ("[1]", 'expected an object like {"mcpServers"'),
    ],
)
def test_broken_file_names_file_line_and_problem(tmp_path: Path, text: str, problem: str) -> None:
    path = _write(tmp_path / "bad.json", text)
    with pytest.raises(McpConfigError) as info:
        read_config_file(path)
    assert str(path) in str(info.value) and problem in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("{}", '(mcpServers.a): needs either "command"'),
        ('{"command": "x", "url": "http://h"}', "needs either"),
        ('{"command": "x", "args": [{}]}', "(mcpServers.a.args): must be a list"),
        ('{"url": "ftp://h"}', "(mcpServers.a.url): must be an http"),
        ('{"command": "x", "timeout": -1}', "positive number of seconds"),
        ('{"command": "x", "env": {"K": [1]}}', "(mcpServers.a.env.K)"),
        ('{"command": "x", "type": "websocket"}', '(mcpServers.a.type): must be "stdio"'),
        ('{"command": "x", "type": "sse"}', 'gives a "command" instead of a "url"'),
        ('{"url": "http://h", "type": "stdio"}', 'gives a URL instead of a "command"'),
        ('"npx"', "(mcpServers.a): must be an object"),
    ],
)
def test_bad_entry_disables_that_server_only(tmp_path: Path, entry: str, problem: str) -> None:
    text = '{\n  "mcpServers": {\n    "ok": {"command": "x"},\n    "a": ' + entry + "\n  }\n}\n"
    path = _write(tmp_path / "bad.json", text)
    ok, bad = read_config_file(path)
    assert ok.name == "ok" and not ok.refused
    assert bad.name == "a" and f"MCP config {path} line 4 " in bad.refused and problem in bad.refused
    assert "\n" not in bad.refused
    assert bad.to_json() == json.loads(entry) if entry.startswith("{") else True  # kept as written


def test_broken_but_disabled_entry_stays_quiet(tmp_path: Path) -> None:
    (off,) = read_config_file(_write(tmp_path / "c.json", {"mcpServers": {"off": {"disabled": True}}}))
    assert off.disabled and off.to_json() == {"disabled": True}


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(McpConfigError, match="file not found"):
        read_config_file(tmp_path / "nope.json")
    assert read_config_file(tmp_path / "nope.json", missing_ok=True) == []


def test_app_file_then_flag_file_wins(app_home: Path, tmp_path: Path) -> None:
    _write(app_config_path(), {"mcpServers": {"a": {"command": "one"}, "b": {"command": "b"}}})
    flag = _write(tmp_path / "f.json", {"mcpServers": {"a": {"command": "two"}}})
    servers = {s.name: s.command for s in load_servers(str(flag))}
    assert servers == {"a": "two", "b": "b"}


def test_save_round_trip_keeps_other_keys(app_home: Path) -> None:
    _write(app_config_path(), {"other": 1, "mcpServers": {}})
    servers = [
        ServerConfig(name="t", command="uvx", args=("mcp-server-time",), timeout=90),
        ServerConfig(name="r", url="http://localhost:1/mcp", headers={"X": {"keyring": "k"}}),
    ]
    save_servers(servers)
    data = json.loads(app_config_path().read_text(encoding="utf-8"))
    assert data["other"] == 1
    assert data["mcpServers"]["t"] == {"command": "uvx", "args": ["mcp-server-time"], "timeout": 90}
    loaded = read_config_file(app_config_path())
    assert [(s.name, s.args, s.headers) for s in loaded] == [(s.name, s.args, s.headers) for s in servers]
