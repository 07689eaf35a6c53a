"""MCP servers in Claude Desktop's `mcpServers` format (and the shapes other clients write)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from desktop_app import jsonsafe
from desktop_app.errors import UsageError
from desktop_app.paths import config_dir
from desktop_app.store.atomic import write_json_atomic

DEFAULT_CALL_TIMEOUT = 60.0
DEFAULT_CONNECT_TIMEOUT = 30.0
MAX_SECONDS = 86400.0  # a timeout longer than a day is a mistake (or Infinity)
_KIND_KEYS = ("type", "transport", "transportType")  # the transport, as other clients name it
# Keys with a meaning here; other clients' keys are read, ignored and named in one warning.
_KNOWN_KEYS = {
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "serverUrl",
    "headers",
    "disabled",
    "timeout",
    "connectTimeout",
    "trustReadOnlyHints",
    *_KIND_KEYS,
}
# Approvals written for another client: an untrusted file must never grant them silently.
_APPROVAL_KEYS = ("autoApprove", "alwaysAllow")
_HTTP_SPELLINGS = ("http", "streamable-http", "streamable_http", "streamablehttp")
_KINDS = {"stdio": "stdio", "sse": "sse", **dict.fromkeys(_HTTP_SPELLINGS, "http")}


class McpConfigError(ValueError):
    """A configuration file the user must fix: the message names the file and the problem."""

    def __init__(self, message: str, *, path: Path | str = "", where: str = "", problem: str = "") -> None:
        super().__init__(message)
        self.path, self.where, self.problem = str(path), where, problem

    def at_line(self, line: int) -> McpConfigError:
        """The same problem, with the line of the file it is on."""
        return _fail(self.path, self.where, self.problem, line) if self.path and line else self


# A value in `headers` or `env` may be {"keyring": "secret name"} instead of the secret itself.
SecretRef = dict[str, str]


@dataclass(frozen=True)
class ServerConfig:
    """One MCP server: launched over stdio (`command`) or reached over HTTP (`url`)."""

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
    kind: str = ""  # "http" or "sse" when the entry says so; "" lets the URL decide
    source: str = ""  # the file it came from, for messages
    refused: str = ""  # why this server is not started (an ambiguous name, a broken entry)
    warnings: tuple[str, ...] = field(default=(), compare=False)  # keys read but ignored
    raw: Any = field(default=None, compare=False)  # a broken entry, written back unchanged

    @property
    def transport(self) -> str:
        """The wire: "stdio", "sse" (asked for, or a URL ending in /sse) or "http" (streamable HTTP)."""
        if not self.url:
            return "stdio"
        if self.kind == "sse" or (not self.kind and urlparse(self.url).path.rstrip("/").endswith("/sse")):
            return "sse"
        return "http"

    @property
    def may_fall_back_to_sse(self) -> bool:
        """A bare URL: tried as streamable HTTP first, then as legacy SSE if it answers like one."""
        return bool(self.url) and not self.kind and self.transport == "http"

    @property
    def uses_oauth(self) -> bool:
        """A URL server without a static Authorization header (that header means the user chose a key)."""
        return bool(self.url) and not any(k.lower() == "authorization" for k in self.headers)

    def to_json(self) -> dict[str, Any]:
        """The entry as it is written back to `mcp.json` (defaults left out)."""
        if self.raw is not None:
            return dict(self.raw)
        if self.url:
            out: dict[str, Any] = {"url": self.url}
            given: tuple[tuple[str, Any], ...] = (("type", self.kind), ("headers", dict(self.headers)))
        else:
            out = {"command": self.command}
            given = (("args", list(self.args)), ("env", dict(self.env)), ("cwd", self.cwd))
        out.update((key, value) for key, value in given if value)  # empty ones left out
        defaults = (
            ("disabled", self.disabled, False),
            ("timeout", self.timeout, DEFAULT_CALL_TIMEOUT),
            ("connectTimeout", self.connect_timeout, DEFAULT_CONNECT_TIMEOUT),
            ("trustReadOnlyHints", self.trust_read_only_hints, False),
        )
        out.update((key, value) for key, value, default in defaults if value != default)
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


def _fail(path: Path | str, where: str, problem: str, line: int = 0) -> McpConfigError:
    at = f" line {line}" if line else ""
    key = f" ({where})" if where else ""
    return McpConfigError(f"MCP config {path}{at}{key}: {problem}", path=path, where=where, problem=problem)


def _text(value: Any) -> str | None:
    """A string, or a number written without quotes (other clients accept `"PORT": 8080`)."""
    if isinstance(value, str):
        return value
    if jsonsafe.number_in(value, -1e300, 1e300) is not None:  # a number, not a bool
        return str(value)
    return None  # NaN, Infinity, 1e400: not a value to pass on


def _string_map(value: Any, path: Path | str, where: str) -> dict[str, str | SecretRef]:
    """`env` / `headers`: strings (or numbers), or {"keyring": NAME} references to a kept secret."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(path, where, "must be an object of names to strings")
    out: dict[str, str | SecretRef] = {}
    for key, item in value.items():
        text = _text(item)
        if text is not None:
            out[str(key)] = text
        elif isinstance(item, dict) and set(item) == {"keyring"} and isinstance(item["keyring"], str):
            out[str(key)] = {"keyring": item["keyring"]}
        else:
            raise _fail(path, f"{where}.{key}", 'must be a string or {"keyring": "secret name"}')
    return out


def _number(value: Any, default: float, path: Path | str, where: str) -> float:
    """Seconds: finite, above 0, at most a day (Infinity or 1e400 would wait forever or overflow)."""
    if value is None:
        return default
    seconds = jsonsafe.number_in(value, 0.0, MAX_SECONDS)
    if not seconds:
        raise _fail(path, where, f"must be a positive number of seconds, at most {MAX_SECONDS:g}")
    return seconds


def _flag(value: Any, path: Path | str, where: str) -> bool:
    if value is not None and not isinstance(value, bool):
        raise _fail(path, where, "must be true or false")
    return bool(value)


def _kind(entry: dict[str, Any], path: Path | str, where: str) -> str:
    """`type` / `transport` / `transportType` as "stdio", "http", "sse" or "" (not given)."""
    for key in _KIND_KEYS:
        value = entry.get(key)
        if value is None:
            continue
        kind = _KINDS.get(str(value).lower()) if isinstance(value, str) else None
        if kind is None:
            raise _fail(path, f"{where}.{key}", 'must be "stdio", "http", "streamable-http" or "sse"')
        return kind
    return ""


def _transport_fields(entry: dict[str, Any], path: Path | str, where: str) -> dict[str, Any]:
    """`command` (+ args, env, cwd) or `url`/`serverUrl` (+ headers): exactly one of them."""
    command, url = entry.get("command"), entry.get("url") or entry.get("serverUrl")
    if bool(command) == bool(url) or ("url" in entry and "serverUrl" in entry):
        raise _fail(path, where, 'needs either "command" (a program to run) or "url" (an HTTP server)')
    kind = _kind(entry, path, where)
    if url:
        if kind == "stdio":
            raise _fail(path, where, 'says "type": "stdio" but gives a URL instead of a "command"')
        if not isinstance(url, str) or not re.match(r"^https?://", url):
            raise _fail(path, f"{where}.url", "must be an http:// or https:// URL")
        return {"url": url, "kind": kind, "headers": _string_map(entry.get("headers"), path, f"{where}.headers")}
    if kind in ("http", "sse"):
        raise _fail(path, where, f'says "type": "{kind}" but gives a "command" instead of a "url"')
    if not isinstance(command, str):
        raise _fail(path, f"{where}.command", "must be a string")
    args = entry.get("args", [])
    texts = [_text(a) for a in args] if isinstance(args, list) else [None]
    if any(t is None for t in texts):
        raise _fail(path, f"{where}.args", "must be a list of strings")
    cwd = entry.get("cwd", "")
    if not isinstance(cwd, str):
        raise _fail(path, f"{where}.cwd", "must be a string")
    return {
        "command": command,
        "args": tuple(t for t in texts if t is not None),
        "env": _string_map(entry.get("env"), path, f"{where}.env"),
        "cwd": os.path.expanduser(cwd) if cwd else "",
    }


def parse_server(name: str, entry: Any, path: Path | str) -> ServerConfig:
    """One `mcpServers` entry, checked; raises McpConfigError naming the file and the key."""
    if problem := server_name_problem(name):
        raise _fail(path, "mcpServers", problem)
    return _parse_entry(name, entry, path)


def _entry_warnings(entry: dict[str, Any], path: Path | str, where: str) -> tuple[str, ...]:
    """The keys of `entry` that mean nothing here, named in one line, and VS Code inputs left unasked."""
    approvals = [k for k in _APPROVAL_KEYS if k in entry]
    ignored = sorted(str(k) for k in set(entry) - _KNOWN_KEYS - set(_APPROVAL_KEYS))
    if approvals:
        why = "a config file cannot grant approvals: use --approve or confirm in the window"
        ignored.insert(0, f"{', '.join(approvals)} ({why})")
    out = [f"MCP config {path} ({where}): ignored key(s) {', '.join(ignored)}"] if ignored else []
    if "${input:" in repr(entry):
        out.append(f"MCP config {path} ({where}): VS Code ${{input:…}} values are not asked for; sent as written")
    return tuple(out)


def _parse_entry(name: str, entry: Any, path: Path | str, refused: str = "", where: str = "") -> ServerConfig:
    """The entry's fields; `refused` marks a server that is kept (and saved) but never started."""
    where = where or f"mcpServers.{name}"
    if not isinstance(entry, dict):
        raise _fail(path, where, "must be an object")
    return ServerConfig(
        name=name,
        disabled=_flag(entry.get("disabled"), path, f"{where}.disabled"),
        timeout=_number(entry.get("timeout"), DEFAULT_CALL_TIMEOUT, path, f"{where}.timeout"),
        connect_timeout=_number(entry.get("connectTimeout"), DEFAULT_CONNECT_TIMEOUT, path, f"{where}.connectTimeout"),
        trust_read_only_hints=_flag(entry.get("trustReadOnlyHints"), path, f"{where}.trustReadOnlyHints"),
        source=str(path),
        refused=refused,
        warnings=_entry_warnings(entry, path, where),
        **_transport_fields(entry, path, where),
    )


def _servers_object(data: Any, path: Path | str) -> tuple[str, dict[str, Any]]:
    """The servers' object and its key: `mcpServers` (Claude, Cursor, …) or VS Code's `servers`."""
    if isinstance(data, dict) and isinstance(data.get("mcp"), dict) and "servers" in data["mcp"]:
        data = data["mcp"]  # VS Code's settings.json: {"mcp": {"servers": {...}}}
    if not isinstance(data, dict):
        raise _fail(path, "", 'expected an object like {"mcpServers": {"name": {...}}}')
    key = next((k for k in ("mcpServers", "servers") if k in data), "")
    servers = data.get(key, {}) if key else {}
    if not isinstance(servers, dict) or (not key and set(data) - {"inputs"}):
        raise _fail(path, key, 'expected an object like {"mcpServers": {"name": {...}}} (or VS Code\'s "servers")')
    return key, servers


def line_of(text: str, name: str) -> int:
    """The line where a server's entry starts (its quoted name followed by a colon), 0 if unknown."""
    match = re.search(r"[\"']" + re.escape(name) + r"[\"']\s*:", text)
    return text.count("\n", 0, match.start()) + 1 if match else 0


def parse_config(data: Any, path: Path | str, text: str = "") -> list[ServerConfig]:
    """The servers of one parsed file; a broken entry disables that server, never the file."""
    key, servers = _servers_object(data, path)
    out = []
    for raw_name, entry in servers.items():
        name = str(raw_name)
        try:
            out.append(_parse_entry(name, entry, path, server_name_problem(name), f"{key}.{name}"))
        except McpConfigError as exc:  # that server alone is not started (a disabled one stays quietly disabled)
            disabled = isinstance(entry, dict) and entry.get("disabled") is True
            refused = str(exc.at_line(line_of(text, name)))
            out.append(ServerConfig(name=name, disabled=disabled, source=str(path), refused=refused, raw=entry))
    return out


def parse_text(text: str, path: Path | str) -> Any:
    """JSON as other clients write it: a BOM, comments, trailing commas (JSON5, via `json5`)."""
    import json5

    text = text.lstrip("\ufeff")
    big = jsonsafe.too_big(len(text))
    if big:
        raise _fail(path, "", f"is {big}")
    if jsonsafe.deep_spans(text, jsonsafe.MAX_DOCUMENT_DEPTH, jsonsafe.JSON5_TOKENS):  # json5 recurses
        raise _fail(path, "", f"is nested deeper than {jsonsafe.MAX_DOCUMENT_DEPTH} levels")
    try:  # NaN and Infinity parse as floats; each entry's numbers are checked where they are used
        return json5.loads(text)
    except ValueError as exc:
        found = re.match(r"<string>:(\d+) (.*)", str(exc))
        line, message = (int(found.group(1)), found.group(2)) if found else (0, str(exc))
        raise _fail(path, "", f"is not valid JSON: {message}", line) from None
    except RecursionError:
        raise _fail(path, "", "is not valid JSON: nested too deeply") from None


def read_config_file(path: Path | str, *, missing_ok: bool = False) -> list[ServerConfig]:
    """Servers from one file; a missing file is an error unless `missing_ok` (the app's own)."""
    p = Path(path).expanduser()
    try:
        text = jsonsafe.read_text(p)
    except FileNotFoundError:
        if missing_ok:
            return []
        raise _fail(p, "", "file not found") from None
    except ValueError as exc:  # larger than jsonsafe's limit, or not UTF-8
        raise _fail(p, "", f"is {exc}") from None
    except OSError as exc:
        raise _fail(p, "", f"cannot be read: {exc.strerror or exc}") from None
    if not text.strip("\ufeff \t\r\n"):
        return []
    return parse_config(parse_text(text, p), p, text)


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
        existing = parse_text(target.read_text(encoding="utf-8"), target)
        if not isinstance(existing, dict):
            existing = {}
    except (OSError, ValueError):
        existing = {}
    existing["mcpServers"] = {s.name: s.to_json() for s in servers}
    write_json_atomic(target, existing)
    return target


def load_or_usage_error(mcp_config: str = "") -> list[ServerConfig]:
    """`load_servers` for a command: a configuration to fix is a UsageError (one line, exit 2)."""
    try:
        return load_servers(mcp_config)
    except McpConfigError as exc:
        raise UsageError(str(exc)) from None


def configured_server(name: str, mcp_config: str = "", *, with_url: bool = False) -> ServerConfig:
    """The configured server called `name`, for the commands that act on one; UsageError (one line,
    exit 2) naming the servers there are when it is not configured."""
    servers = load_or_usage_error(mcp_config)
    found = next((s for s in servers if s.name == name), None)
    if found is None:
        known = ", ".join(s.name for s in servers if s.url or not with_url) or "none"
        kind = "servers with a url" if with_url else "servers"
        raise UsageError(f"no MCP server named {name!r} ({kind}: {known})")
    return found
