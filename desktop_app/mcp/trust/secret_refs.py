"""`{"keyring": NAME}` in an MCP entry: only a secret stored *for that server*, sent where the user allowed.

A config file is untrusted: it could name the OpenAI key or another server's OAuth token and send it to
any URL. So a reference is scoped: entry S naming NAME reads the keyring entry `mcp/S/NAME`, which only
`mcp add`, the gallery, the window or `mcp secret set S NAME` write. Provider keys (`openai`, …) and OAuth
records (`mcp-oauth/…`) live outside that namespace and cannot be named. And the first time a secret goes
to a destination (an HTTP origin, or the whole launch of an stdio server: its program, arguments, folder
and environment, since `PYTHONPATH`, `LD_PRELOAD` or `NODE_OPTIONS` load other code) the user is shown it
and asked; the answer is kept in `mcp-secrets.json` (names and destinations only, never a secret).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from desktop_app import jsonsafe
from desktop_app.mcp.setup.config import McpConfigError, SecretRef, ServerConfig
from desktop_app.paths import config_dir
from desktop_app.store.atomic import write_json_atomic
from desktop_app.store.secrets import SecretsError, delete_secret, keyring_secret, store_secret
from desktop_app.visible import one_line

PREFIX = "mcp"
_REF = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_MAX_FILE = 1_000_000


class SecretNotAllowedError(McpConfigError):
    """A secret would go to a destination the user has not allowed yet (they must be asked first)."""

    def __init__(self, message: str, send: SecretSend) -> None:
        super().__init__(message)
        self.send = send


@dataclass(frozen=True)
class SecretSend:
    """One secret an entry would send: which, as what, and to where."""

    server: str
    secret: str
    field: str  # "header Authorization" / "env API_KEY"
    to: str  # an origin (https://host:port) or the launch: program, arguments, folder and environment
    changed: str = ""  # what differs from where it was allowed before

    def question(self) -> str:
        """What the user is asked before the first send (one line, for a terminal or a dialog)."""
        since = f" (changed since you allowed it: {self.changed})" if self.changed else ""
        return one_line(  # a variable's name from the file cannot start a line of its own
            f"MCP server {self.server!r} will send the keyring secret {self.secret!r} (stored for it) "
            f"as {self.field} to {self.to}{since}"
        )

    def key(self) -> dict[str, str]:
        return {"server": self.server, "secret": self.secret, "to": self.to}


def ref_problem(name: str) -> str:
    """Why `name` cannot name a server's secret ("" when it can): no slashes, nothing outside its scope."""
    if _REF.fullmatch(name):
        return ""
    return f"secret name {name[:40]!r} is not allowed (1 to 64 letters, digits, '.', '_' or '-')"


def scoped(server: str, name: str) -> str:
    """The keyring entry (service travel-assistant) that holds secret `name` of `server`."""
    return f"{PREFIX}/{server}/{name}"


def destination(config: ServerConfig) -> str:
    """Where an entry's secrets go: the URL's origin, or the whole launch (any variable may load other code)."""
    if config.url:
        parts = urlsplit(config.url)
        host = (parts.hostname or "").lower()
        port = f":{parts.port}" if parts.port else ""
        return f"{parts.scheme.lower()}://{host}{port}"
    launch: dict[str, Any] = {"run": [config.command, *config.args]}
    if config.cwd:
        launch["cwd"] = config.cwd
    if config.env:  # names, plain values, and secrets by their reference only
        launch["env"] = dict(sorted(config.env.items()))
    return json.dumps(launch)


def changes(before: str, after: str) -> str:
    """What differs between two launches (`env PYTHONPATH added`, `folder`), or "" when not both are launches."""
    old, new = _launch(before), _launch(after)
    if old is None or new is None:
        return ""
    said = [
        label for key, label in (("run", "program or arguments"), ("cwd", "folder")) if old.get(key) != new.get(key)
    ]
    old_env, new_env = old.get("env") or {}, new.get("env") or {}
    for name in sorted({*old_env, *new_env}):
        if old_env.get(name) != new_env.get(name):
            state = "added" if name not in old_env else "removed" if name not in new_env else "changed"
            said.append(f"env {name} {state}")
    return ", ".join(said)


def _launch(to: str) -> dict[str, Any] | None:
    try:
        data = jsonsafe.loads(to)
    except ValueError:
        return None
    env = data.get("env") if isinstance(data, dict) else None
    return data if isinstance(data, dict) and "run" in data and isinstance(env, dict | None) else None


def sends(config: ServerConfig) -> list[SecretSend]:
    """Every keyring reference of an entry, as the send it would make."""
    fields = [("header", config.headers), ("env", config.env)]
    to = destination(config)
    return [
        SecretSend(config.name, value["keyring"], f"{kind} {key}", to)
        for kind, mapping in fields
        for key, value in mapping.items()
        if isinstance(value, dict)
    ]


# ---------------------------------------------------------------- grants (the user's "yes")


def grants_path() -> Path:
    return config_dir() / "mcp-secrets.json"


def _read_grants() -> list[dict[str, str]]:
    try:
        text = grants_path().read_text(encoding="utf-8")[:_MAX_FILE]
        data = jsonsafe.loads(text)
    except (OSError, ValueError, UnicodeDecodeError):
        return []  # missing or damaged: nothing is allowed, so every send is asked again (fails closed)
    grants = data.get("grants") if isinstance(data, dict) else None
    if not isinstance(grants, list):
        return []
    return [
        g for g in grants if isinstance(g, dict) and all(isinstance(g.get(k), str) for k in ("server", "secret", "to"))
    ]


def allowed(send: SecretSend) -> bool:
    return send.key() in [{k: g[k] for k in ("server", "secret", "to")} for g in _read_grants()]


def allow(send: SecretSend) -> None:
    """Remember the user's yes for this secret, server and destination."""
    grants = [g for g in _read_grants() if {k: g[k] for k in ("server", "secret", "to")} != send.key()]
    write_json_atomic(grants_path(), {"grants": [*grants, send.key()]})


def forget_server(server: str) -> None:
    """Drop the allowances of a removed server (a new entry of that name is asked again)."""
    grants = _read_grants()
    kept = [g for g in grants if g["server"] != server]
    if kept != grants:
        write_json_atomic(grants_path(), {"grants": kept})


def pending(configs: list[ServerConfig]) -> list[SecretSend]:
    """The sends of enabled servers the user has not allowed yet (asked before they connect)."""
    return [with_changes(s) for c in configs if not c.disabled and not c.refused for s in sends(c) if not allowed(s)]


def with_changes(send: SecretSend) -> SecretSend:
    """The send, saying what changed since this secret of this server was last allowed (if it was)."""
    before = [g["to"] for g in _read_grants() if (g["server"], g["secret"]) == (send.server, send.secret)]
    return replace(send, changed=changes(before[-1], send.to)) if before else send


# ---------------------------------------------------------------- store and read


def store_for(config: ServerConfig, name: str, value: str) -> None:
    """Keep a secret for one server and allow it to go where that entry sends it (the user chose both)."""
    if problem := ref_problem(name):
        raise SecretsError(problem)
    store_secret(scoped(config.name, name), value)
    for send in sends(config):
        if send.secret == name:
            allow(send)


def delete_for(server: str, name: str) -> bool:
    return delete_secret(scoped(server, name))


def resolve(config: ServerConfig, value: str | SecretRef, what: str) -> str:
    """The value to send: plain text as written, or the server's own secret once the send is allowed."""
    if isinstance(value, str):
        return value
    name = value["keyring"]
    where = f"MCP server {config.name!r} ({what})"
    if problem := ref_problem(name):
        raise McpConfigError(f"{where}: {problem}; a config can only name secrets stored for its own server")
    secret = _read(config, name, where)
    send = SecretSend(config.name, name, what, destination(config))
    if not allowed(send):
        send = with_changes(send)
        hint = f"allow it with `travel-assistant mcp secret allow {config.name}` or in Settings → MCP servers"
        raise SecretNotAllowedError(f"{where}: {send.question()} for the first time: {hint}", send)
    return secret


def _read(config: ServerConfig, name: str, where: str) -> str:
    try:
        secret = keyring_secret(scoped(config.name, name)) or _migrate_gallery_key(config, name)
    except SecretsError as exc:
        raise McpConfigError(f"{where}: cannot read secret {name!r} from the keyring ({exc})") from None
    if not secret:
        raise McpConfigError(
            f"{where}: secret {name!r} is not stored for this server; store it with "
            f"`travel-assistant mcp secret set {config.name} {name}`"
        )
    return secret


def _migrate_gallery_key(config: ServerConfig, name: str) -> str | None:
    """A key `mcp add` kept under its bare name before scoping: moved once, for the exact gallery entry only."""
    from desktop_app.mcp.setup.gallery import GalleryError, find_connector

    try:
        connector = find_connector(config.name)
    except GalleryError:
        return None
    vetted = connector.server()
    if (
        connector.key is None
        or connector.key.keyring != name
        or (vetted.command, vetted.args, vetted.env) != (config.command, config.args, config.env)
    ):
        return None
    secret = keyring_secret(name)
    if secret:
        store_for(config, name, secret)
        delete_secret(name)
    return secret


def describe(config: ServerConfig) -> list[dict[str, Any]]:
    """Each reference of an entry with whether it is stored and allowed (for `mcp secret list`)."""
    out = []
    for send in sends(config):
        try:
            stored = bool(keyring_secret(scoped(config.name, send.secret)))
        except SecretsError:
            stored = False
        out.append({**send.key(), "as": send.field, "stored": stored, "allowed": allowed(send)})
    return out
