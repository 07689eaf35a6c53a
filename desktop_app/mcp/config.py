"""MCP servers in Claude Desktop's `mcpServers` format, plus `url` and `headers` for HTTP."""

from __future__ import annotations

import importlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop_app.paths import config_dir
from desktop_app.store.atomic import write_json_atomic

DEFAULT_CALL_TIMEOUT = 60.0
DEFAULT_CONNECT_TIMEOUT = 30.0
_KNOWN_KEYS = {
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "disabled",
    "timeout",
    "connectTimeout",
    "trustReadOnlyHints",
    "type",
    "transport",
}


class McpConfigError(ValueError):
    """A configuration file the user must fix: the message names the file and the problem."""


# A value in `headers` or `env` may be {"keyring": "secret name"} instead of the secret itself.
SecretRef = dict[str, str]


@dataclass(frozen=True)
class ServerConfig:
    """One MCP server: launched over stdio (`command`) or reached over streamable HTTP (`url`)."""

    name: str
    command: str = ""
    args: tuple[str, ...] = ()
    env: dict[str, str | SecretRef] = field(default_factory=dict)
    cwd: str = ""
    url: str = ""
    headers: dict[str, str | SecretRef] = field(default_factory=dict)
    disabled: bool = False
    timeout: float = DEFAULT_CALL_TIMEOUT
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
    trust_read_only_hints: bool = False
    source: str = ""  # the file it came from, for messages
    refused: str = ""  # why this server is not started (a name that could make tool names ambiguous)

    @property
    def transport(self) -> str:
        return "http" if self.url else "stdio"

    def to_json(self) -> dict[str, Any]:
        """The entry as it is written back to `mcp.json` (defaults left out)."""
        out: dict[str, Any] = {}
        if self.url:
            out["url"] = self.url
            if self.headers:
                out["headers"] = dict(self.headers)
        else:
            out["command"] = self.command
            if self.args:
                out["args"] = list(self.args)
            if self.env:
                out["env"] = dict(self.env)
            if self.cwd:
                out["cwd"] = self.cwd
        if self.disabled:
            out["disabled"] = True
        if self.timeout != DEFAULT_CALL_TIMEOUT:
            out["timeout"] = self.timeout
        if self.connect_timeout != DEFAULT_CONNECT_TIMEOUT:
            out["connectTimeout"] = self.connect_timeout
        if self.trust_read_only_hints:
            out["trustReadOnlyHints"] = True
        return out


def app_config_path() -> Path:
    """The app's own MCP file, edited by the window's Settings."""
    return config_dir() / "mcp.json"


# Letters, digits, "-" and single "_" inside: a server's name is its tools' prefix, used unchanged.
_SERVER_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_-]{0,30}[A-Za-z0-9])?")


def server_name_problem(name: str) -> str:
    """Why `name` cannot name a server ("" when it can): it must keep tool names unambiguous."""
    if _SERVER_NAME.fullmatch(name) and "__" not in name:
        return ""
    shown = repr(name[:40]) + ("…" if len(name) > 40 else "")
    return (
        f"server name {shown} is not allowed (use 1 to 32 letters, digits, '-' or single '_', "
        "starting and ending with a letter or digit), so the server is not started; rename it"
    )


def _fail(path: Path | str, where: str, problem: str) -> McpConfigError:
    at = f" ({where})" if where else ""
    return McpConfigError(f"MCP config {path}{at}: {problem}")


def _string_map(value: Any, path: Path | str, where: str) -> dict[str, str | SecretRef]:
    """`env` / `headers`: strings, or {"keyring": NAME} references to a kept secret."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(path, where, "must be an object of names to strings")
    out: dict[str, str | SecretRef] = {}
    for key, item in value.items():
        if isinstance(item, str):
            out[str(key)] = item
        elif isinstance(item, dict) and set(item) == {"keyring"} and isinstance(item["keyring"], str):
            out[str(key)] = {"keyring": item["keyring"]}
        else:
            raise _fail(path, f"{where}.{key}", 'must be a string or {"keyring": "secret name"}')
    return out


def _number(value: Any, default: float, path: Path | str, where: str) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise _fail(path, where, "must be a positive number of seconds")
    return float(value)


def _flag(value: Any, path: Path | str, where: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _fail(path, where, "must be true or false")
    return value


def _transport_fields(name: str, entry: dict[str, Any], path: Path | str) -> dict[str, Any]:
    """`command` (+ args, env, cwd) or `url` (+ headers): exactly one of them."""
    where = f"mcpServers.{name}"
    command, url = entry.get("command"), entry.get("url")
    if bool(command) == bool(url):
        raise _fail(path, where, 'needs either "command" (a program to run) or "url" (an HTTP server)')
    if url:
        if not isinstance(url, str) or not re.match(r"^https?://", url):
            raise _fail(path, f"{where}.url", "must be an http:// or https:// URL")
        return {"url": url, "headers": _string_map(entry.get("headers"), path, f"{where}.headers")}
    if not isinstance(command, str):
        raise _fail(path, f"{where}.command", "must be a string")
    args = entry.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise _fail(path, f"{where}.args", "must be a list of strings")
    cwd = entry.get("cwd", "")
    if not isinstance(cwd, str):
        raise _fail(path, f"{where}.cwd", "must be a string")
    return {
        "command": command,
        "args": tuple(args),
        "env": _string_map(entry.get("env"), path, f"{where}.env"),
        "cwd": os.path.expanduser(cwd) if cwd else "",
    }


def parse_server(name: str, entry: Any, path: Path | str) -> ServerConfig:
    """One `mcpServers` entry, checked; raises McpConfigError naming the file and the key."""
    problem = server_name_problem(name)
    if problem:
        raise _fail(path, "mcpServers", problem)
    return _parse_entry(name, entry, path)


def _parse_entry(name: str, entry: Any, path: Path | str, refused: str = "") -> ServerConfig:
    """The entry's fields; `refused` marks a server that is kept (and saved) but never started."""
    where = f"mcpServers.{name}"
    if not isinstance(entry, dict):
        raise _fail(path, where, "must be an object")
    unknown = sorted(set(entry) - _KNOWN_KEYS)
    if unknown:
        raise _fail(path, where, f"unknown key(s) {', '.join(unknown)}")
    return ServerConfig(
        name=name,
        disabled=_flag(entry.get("disabled"), path, f"{where}.disabled"),
        timeout=_number(entry.get("timeout"), DEFAULT_CALL_TIMEOUT, path, f"{where}.timeout"),
        connect_timeout=_number(entry.get("connectTimeout"), DEFAULT_CONNECT_TIMEOUT, path, f"{where}.connectTimeout"),
        trust_read_only_hints=_flag(entry.get("trustReadOnlyHints"), path, f"{where}.trustReadOnlyHints"),
        source=str(path),
        refused=refused,
        **_transport_fields(name, entry, path),
    )


def parse_config(data: Any, path: Path | str) -> list[ServerConfig]:
    """The servers of one parsed file (`{"mcpServers": {...}}`)."""
    if not isinstance(data, dict) or not isinstance(data.get("mcpServers", {}), dict):
        raise _fail(path, "", 'expected an object like {"mcpServers": {"name": {...}}}')
    servers = data.get("mcpServers", {}).items()
    return [_parse_entry(str(n), e, path, server_name_problem(str(n))) for n, e in servers]


def read_config_file(path: Path | str, *, missing_ok: bool = False) -> list[ServerConfig]:
    """Servers from one file; a missing file is an error unless `missing_ok` (the app's own)."""
    p = Path(path).expanduser()
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        if missing_ok:
            return []
        raise _fail(p, "", "file not found") from None
    except OSError as exc:
        raise _fail(p, "", f"cannot be read: {exc.strerror or exc}") from None
    if not text.strip():
        return []
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise _fail(p, "", f"is not valid JSON: {exc}") from None
    return parse_config(data, p)


def load_servers(extra_file: str = "") -> list[ServerConfig]:
    """The app's `mcp.json`, then `--mcp-config FILE` (same-named servers in FILE win)."""
    servers = {s.name: s for s in read_config_file(app_config_path(), missing_ok=True)}
    if extra_file:
        servers.update({s.name: s for s in read_config_file(extra_file)})
    return list(servers.values())


def save_servers(servers: list[ServerConfig], path: Path | None = None) -> Path:
    """Write servers back as `mcpServers` (atomic); other top-level keys of the file are kept."""
    target = path or app_config_path()
    try:
        existing = json.loads(target.read_text(encoding="utf-8"))
        if not isinstance(existing, dict):
            existing = {}
    except (OSError, ValueError):
        existing = {}
    existing["mcpServers"] = {s.name: s.to_json() for s in servers}
    write_json_atomic(target, existing)
    return target


def resolve_secret(value: str | SecretRef, what: str) -> str:
    """A header/env value, taking `{"keyring": NAME}` from the app's keyring (never a file)."""
    if isinstance(value, str):
        return value
    name = value["keyring"]
    try:
        secret = _read_secret(name)
    except Exception as exc:  # noqa: BLE001 - any keyring backend failure is the user's to read
        raise McpConfigError(f"{what}: cannot read secret {name!r} from the keyring ({exc})") from None
    if not secret:
        raise McpConfigError(
            f"{what}: secret {name!r} is not in the keyring (service 'travel-assistant'); store it there first"
        )
    return str(secret)


def _read_secret(name: str) -> str | None:
    """Through the app's secret store (which refuses plaintext keyrings), else keyring itself."""
    try:
        store = importlib.import_module("desktop_app.store.secrets")
    except ImportError:
        import keyring

        value: str | None = keyring.get_password("travel-assistant", name)
        return value
    getter = getattr(store, "get_secret", None)
    if getter is not None:
        return getter(name)  # type: ignore[no-any-return]
    usable, why = store.keyring_usable()
    if not usable:
        raise RuntimeError(why)
    return store._keyring_get(name)  # type: ignore[no-any-return]
