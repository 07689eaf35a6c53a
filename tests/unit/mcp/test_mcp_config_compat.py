"""Configs copied from other MCP clients read as they are: JSONC, their keys, VS Code's layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop_app.mcp.setup.config import read_config_file, save_servers

CLAUDE_DESKTOP = """{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/username/Desktop"]
    }
  }
}"""

CURSOR = """{
  "mcpServers": {
    "server-name": {
      "command": "npx",
      "args": ["-y", "mcp-server"],
      "env": {"API_KEY": "value", "PORT": 8080}
    },
    "remote": {"url": "http://localhost:3000/mcp", "headers": {"API_KEY": "value"}}
  }
}"""

VSCODE = """{
  // 💡 Inputs are prompted on first server start, then stored securely by VS Code.
  "inputs": [
    {"type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true}
  ],
  "servers": {
    // https://github.com/ppl-ai/modelcontextprotocol/
    "Perplexity": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "server-perplexity-ask"],
      "env": {"PERPLEXITY_API_KEY": "${input:perplexity-key}"},
    },
    /* a hosted one */
    "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
  },
}"""

VSCODE_SETTINGS = """{
  "editor.fontSize": 14,
  "mcp": {"servers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}
}"""

WINDSURF = """{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github"],
      "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "<YOUR_TOKEN>"},
      "disabledTools": ["create_issue"]
    },
    "remote": {"serverUrl": "https://mcp.example.com/sse"}
  }
}"""

CLINE = """\ufeff{
  "mcpServers": {
    "weather": {
      "command": "node",
      "args": ["/home/me/weather/build/index.js", 3000],
      "env": {"OPENWEATHER_API_KEY": "key"},
      "alwaysAllow": ["get_forecast"],
      "autoApprove": ["get_alerts"],
      "disabled": false,
      "timeout": 60,
    },
    "old": {"command": "python", "args": ["old.py"], "disabled": true},
    "hosted": {"url": "https://mcp.example.com/mcp", "type": "streamableHttp"},
    "legacy": {"url": "https://mcp.example.com/events", "transportType": "sse"},
  },
}"""

CLAUDE_CODE = """{
  "mcpServers": {
    "sentry": {"type": "sse", "url": "https://mcp.sentry.dev/sse"},
    "linear": {"type": "http", "url": "https://mcp.linear.app/mcp", "headers": {"X-Team": "42"}}
  }
}"""

# file, {server: (transport, command or url, disabled, warning substring or "")}
CASES = {
    "claude-desktop": (
        CLAUDE_DESKTOP,
        {"filesystem": ("stdio", "npx", False, "")},
    ),
    "cursor": (
        CURSOR,
        {"server-name": ("stdio", "npx", False, ""), "remote": ("http", "http://localhost:3000/mcp", False, "")},
    ),
    "vscode": (
        VSCODE,
        {
            "Perplexity": ("stdio", "npx", False, "${input:…} values are not asked for"),
            "github": ("http", "https://api.githubcopilot.com/mcp/", False, ""),
        },
    ),
    "vscode-settings": (VSCODE_SETTINGS, {"time": ("stdio", "uvx", False, "")}),
    "windsurf": (
        WINDSURF,
        {
            "github": ("stdio", "npx", False, "ignored key(s) disabledTools"),
            "remote": ("sse", "https://mcp.example.com/sse", False, ""),
        },
    ),
    "cline": (
        CLINE,
        {
            "weather": ("stdio", "node", False, "autoApprove, alwaysAllow (a config file cannot grant approvals"),
            "old": ("stdio", "python", True, ""),
            "hosted": ("http", "https://mcp.example.com/mcp", False, ""),
            "legacy": ("sse", "https://mcp.example.com/events", False, ""),
        },
    ),
    "claude-code": (
        CLAUDE_CODE,
        {
            "sentry": ("sse", "https://mcp.sentry.dev/sse", False, ""),
            "linear": ("http", "https://mcp.linear.app/mcp", False, ""),
        },
    ),
}


@pytest.mark.parametrize("client", sorted(CASES))
def test_other_clients_configs_are_read(tmp_path: Path, client: str) -> None:
    text, expected = CASES[client]
    path = tmp_path / f"{client}.json"
    path.write_text(text, encoding="utf-8")
    servers = {s.name: s for s in read_config_file(path)}
    assert set(servers) == set(expected)
    for name, (transport, target, disabled, warning) in expected.items():
        server = servers[name]
        assert not server.refused, server.refused
        assert server.transport == transport
        assert (server.url or server.command) == target
        assert server.disabled == disabled
        if warning:
            (line,) = [w for w in server.warnings if warning in w]
            assert str(path) in line and "\n" not in line
        else:
            assert server.warnings == ()


def test_numbers_in_args_and_env_become_strings(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(CLINE, encoding="utf-8")
    weather = next(s for s in read_config_file(path) if s.name == "weather")
    assert weather.args == ("/home/me/weather/build/index.js", "3000")
    path.write_text(CURSOR, encoding="utf-8")
    assert read_config_file(path)[0].env == {"API_KEY": "value", "PORT": "8080"}


def test_approvals_from_a_file_are_never_honoured(tmp_path: Path) -> None:
    """autoApprove / alwaysAllow leave every tool needing confirmation: nothing in ServerConfig grants it."""
    path = tmp_path / "c.json"
    path.write_text(CLINE, encoding="utf-8")
    weather = next(s for s in read_config_file(path) if s.name == "weather")
    assert not weather.trust_read_only_hints
    assert "alwaysAllow" not in weather.to_json() and "autoApprove" not in weather.to_json()


def test_sse_kind_survives_a_save(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(CLINE, encoding="utf-8")
    servers = read_config_file(path)
    out = tmp_path / "saved.json"
    out.write_text('// kept keys survive\n{"other": 1,}', encoding="utf-8")
    save_servers(servers, out)
    again = {s.name: s for s in read_config_file(out)}
    assert again["legacy"].transport == "sse" and again["hosted"].transport == "http"
    assert out.read_text(encoding="utf-8").count('"other": 1') == 1
