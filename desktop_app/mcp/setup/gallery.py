"""The gallery of vetted travel connectors (MCP servers from npm), and adding one to `mcp.json`.

Each entry pins an exact package version; a key is written only as `{"keyring": NAME}`. The shipped
file is checked strictly, so a damaged or hostile file cannot add a command the gallery never vetted."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop_app import jsonsafe
from desktop_app.mcp.setup.config import ServerConfig, app_config_path, read_config_file, server_name_problem
from desktop_app.mcp.setup.config_edit import edit_file, with_server
from desktop_app.paths import resources_dir
from desktop_app.store.atomic import write_atomic

PACKAGE = re.compile(r"(?:@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*")
VERSION = re.compile(r"\d+\.\d+\.\d+")  # exact: a new upstream release is vetted before it is listed
ENV_NAME = re.compile(r"[A-Z][A-Z0-9_]{1,63}")
ARG = re.compile(r"--[a-z][a-z0-9-]*")  # flags only: nothing that could name a file or a URL
TEXT_FIELDS = ("title", "covers", "what", "data_from", "sends", "limits", "licence", "homepage")


class GalleryError(Exception):
    """The gallery file is damaged, or a name is not in it."""


@dataclass(frozen=True)
class ConnectorKey:
    """A key the connector needs: the env variable it reads, its keyring entry, where to get one."""

    env: str
    keyring: str
    where: str


@dataclass(frozen=True)
class Connector:
    name: str
    title: str
    covers: str
    package: str
    version: str
    args: tuple[str, ...]
    what: str
    data_from: str
    sends: str
    limits: str
    key: ConnectorKey | None
    licence: str
    homepage: str
    tools: tuple[str, ...]

    @property
    def argv(self) -> list[str]:
        """The exact command that runs it (shown before anything is added)."""
        return ["npx", "-y", f"{self.package}@{self.version}", *self.args]

    def server(self, name: str = "") -> ServerConfig:
        """Its `mcp.json` entry (under `name`, its own by default): the key, if any, from the keyring only."""
        env: dict[str, str | dict[str, str]] = {}
        if self.key is not None:
            env[self.key.env] = {"keyring": self.key.keyring}
        return ServerConfig(name=name or self.name, command="npx", args=tuple(self.argv[1:]), env=env)

    def listing(self) -> dict[str, Any]:
        """One entry of `mcp gallery --json`: CONTRACT.md's keys first, then the rest of the vetting."""
        key = None if self.key is None else {"env": self.key.env, "keyring": self.key.keyring, "where": self.key.where}
        contract: dict[str, Any] = {"name": self.name, "title": self.title, "description": self.what}
        contract |= {"command": self.argv[0], "args": self.argv[1:], "needs_key": self.key is not None}
        texts = ("sends", "homepage", "covers", "data_from", "limits", "licence", "package", "version")
        return {**contract, **{f: getattr(self, f) for f in texts}, "key": key, "tools": list(self.tools)}


def _text(entry: dict[str, Any], field: str, limit: int = 600) -> str:
    value = entry.get(field)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise GalleryError(f"connector {entry.get('name')!r}: {field} must be a short text")
    return value


def _key(entry: dict[str, Any]) -> ConnectorKey | None:
    raw = entry.get("key")
    if raw is None:
        return None
    if not isinstance(raw, dict) or not ENV_NAME.fullmatch(str(raw.get("env", ""))):
        raise GalleryError(f"connector {entry.get('name')!r}: key needs an env variable name")
    if server_name_problem(str(raw.get("keyring", ""))):
        raise GalleryError(f"connector {entry.get('name')!r}: key needs a keyring name")
    return ConnectorKey(str(raw["env"]), str(raw["keyring"]), _text(raw, "where", 200))


def _connector(entry: Any) -> Connector:
    if not isinstance(entry, dict):
        raise GalleryError("every connector must be an object")
    name = str(entry.get("name", ""))
    if server_name_problem(name):
        raise GalleryError(f"connector name {name[:40]!r} is not a valid server name")
    package, version = str(entry.get("package", "")), str(entry.get("version", ""))
    if not PACKAGE.fullmatch(package) or not VERSION.fullmatch(version):
        raise GalleryError(f"connector {name!r}: package and an exact version (1.2.3) are needed")
    args = entry.get("args", [])
    tools = entry.get("tools", [])
    if not isinstance(args, list) or not all(isinstance(a, str) and ARG.fullmatch(a) for a in args):
        raise GalleryError(f"connector {name!r}: args may only be --flags")
    if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
        raise GalleryError(f"connector {name!r}: tools must be a list of names")
    texts = {f: _text(entry, f) for f in TEXT_FIELDS}
    return Connector(
        name=name, package=package, version=version, args=tuple(args), key=_key(entry), tools=tuple(tools), **texts
    )


def load_gallery(path: Path | None = None) -> list[Connector]:
    """Every connector of the gallery file, checked; a damaged file is one GalleryError."""
    source = path or resources_dir() / "data" / "connectors.json"
    try:
        data = jsonsafe.read_file(source)
    except (OSError, ValueError) as exc:
        raise GalleryError(f"the connector gallery {source} cannot be read: {exc}") from None
    entries = data.get("connectors") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise GalleryError(f"the connector gallery {source} has no connectors list")
    connectors = [_connector(e) for e in entries]
    if len({c.name for c in connectors}) != len(connectors):
        raise GalleryError("two connectors share a name")
    return connectors


def find_connector(name: str, path: Path | None = None) -> Connector:
    gallery = load_gallery(path)
    found = next((c for c in gallery if c.name == name), None)
    if found is None:
        raise GalleryError(f"no connector named {name!r} in the gallery ({', '.join(c.name for c in gallery)})")
    return found


def configured_names(config: Path | None = None) -> set[str]:
    """Server names already in the app's `mcp.json`."""
    return {s.name for s in read_config_file(config or app_config_path(), missing_ok=True)}


class NameTakenError(Exception):
    """`mcp.json` already has a different server of that name: the user's own, never replaced unasked."""

    def __init__(self, name: str, free: str) -> None:
        super().__init__(f"mcp.json already has a server named {name!r} (yours is kept)")
        self.name, self.free = name, free


def free_name(taken: set[str], name: str) -> str:
    """`name-2`, `name-3`, … : the first that is not taken and is a valid server name."""
    for n in range(2, 1000):
        candidate = f"{name[:28]}-{n}"
        if candidate not in taken and not server_name_problem(candidate):
            return candidate
    return ""


def name_to_add(connector: Connector, servers: dict[str, ServerConfig]) -> str:
    """Its own name, unless the user's own different server has it: then the next free one."""
    same = servers.get(connector.name)
    if same is None or same.to_json() == connector.server().to_json():
        return connector.name
    return free_name(set(servers), connector.name)


def already_there(target: Path, server: ServerConfig, may_replace: Callable[[ServerConfig], bool]) -> bool:
    """True when `target` has this very entry; NameTakenError when a different server there has its
    name and `may_replace(that server)` is False (the user's own server is never replaced unasked)."""
    existing = {s.name: s for s in read_config_file(target, missing_ok=True)}
    same = existing.get(server.name)
    if same is None:
        return False
    if same.to_json() == server.to_json():
        return True
    if not may_replace(same):
        raise NameTakenError(server.name, free_name(set(existing), server.name))
    return False


def add_connector(connector: Connector, config: Path | None = None, *, name: str = "", replace: bool = False) -> bool:
    """Add the connector's server to the app's `mcp.json` as `name` (its own by default), editing the
    file's text; another server under that name is replaced only with `replace`, else NameTakenError.
    False when the very same entry is already there (nothing written)."""
    target = config or app_config_path()
    server = connector.server(name or connector.name)
    if already_there(target, server, lambda _user_server: replace):
        return False
    write_atomic(target, edit_file(target, lambda text: with_server(text, server.name, server.to_json())))
    return True


def is_from_gallery(server: ServerConfig, connector: Connector) -> bool:
    """The server runs the connector's package (under its own name, whatever version)."""
    return any(arg.startswith(f"{connector.package}@") or arg == connector.package for arg in server.args)


def live_data_note(servers: list[ServerConfig], path: Path | None = None) -> str:
    """For the system prompt, when gallery connectors are configured: which tools are live."""
    try:
        gallery = load_gallery(path)
    except GalleryError:
        return ""
    present = [(s.name, c) for s in servers if not s.disabled for c in gallery if is_from_gallery(s, c)]
    if not present:
        return ""
    lines = [f"- {name}__* ({c.title}: {c.covers})" for name, c in present]
    return (
        "Live travel data is available from these MCP connectors; prefer them for real prices, "
        "listings and forecasts:\n" + "\n".join(lines) + "\nThe built-in get_weather, get_flight_price and "
        "get_hotel_price tools return bundled sample data, not live data: say so if you use them."
    )
