"""An MCP bundle's `manifest.json` (MCPB manifest 0.2–0.4, and `.dxt`'s `dxt_version`), checked.

Its `${...}` variables are substituted when the entry is made; a sensitive value may only be a whole
`env` value, which becomes `{"keyring": KEY}`."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from desktop_app.mcp.bundles.archive import BundleError
from desktop_app.mcp.setup.config import ServerConfig, server_name_problem
from desktop_app.mcp.trust.secret_refs import ref_problem

VERSIONS = ("0.2", "0.3", "0.4")
SERVER_TYPES = ("node", "python", "binary")
OPTION_TYPES = ("string", "number", "boolean", "directory", "file")
_VAR = re.compile(r"\$\{([^{}]*)\}")
_WHOLE_OPTION = re.compile(r"\$\{user_config\.([^{}]+)\}")
_PLATFORM = {"win32": "win32", "darwin": "darwin"}.get(sys.platform, "linux")
# An option named like a secret (API_KEY, apiKey, token, client_secret, password …) that is not marked sensitive.
_SECRET_NAME = re.compile(
    r"token|secret|passw(?:or)?d|passphrase|credential|private.?key|api.?key|access.?key|auth|bearer"
    r"|(?:^|[\W_])(?:key|pat|pwd)$",
    re.IGNORECASE,
)
_NOT_SECRET = re.compile(r"author", re.IGNORECASE)
Value = str | float | bool | list[str]


@dataclass(frozen=True)
class UserOption:
    """One `user_config` entry: what the user is asked for."""

    key: str
    type: str
    title: str
    description: str = ""
    required: bool = False
    default: Value | None = None
    multiple: bool = False
    sensitive: bool = False
    min: float | None = None
    max: float | None = None

    @property
    def looks_secret(self) -> bool:
        """A text option named like a secret but not marked sensitive: offered the keyring, never silently in a file."""
        names = _NOT_SECRET.sub("", f"{self.key}\n{self.title}")
        return not self.sensitive and self.type == "string" and any(map(_SECRET_NAME.search, names.split("\n")))

    def check(self, value: Any) -> Value:
        """The value in its type, or BundleError naming the option."""
        where = f"{self.title} ({self.key})"
        if self.type == "boolean":
            if isinstance(value, bool):
                return value
            if str(value).strip().lower() in ("true", "yes", "y", "1", "false", "no", "n", "0"):
                return str(value).strip().lower() in ("true", "yes", "y", "1")
            raise BundleError(f"{where} must be true or false")
        if self.type == "number":
            try:
                number = float(value)
            except (TypeError, ValueError):
                raise BundleError(f"{where} must be a number") from None
            if number != number or number in (float("inf"), float("-inf")):
                raise BundleError(f"{where} must be a number")
            if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
                raise BundleError(f"{where} must be between {self.min} and {self.max}")
            return number
        if self.multiple and isinstance(value, list):
            return [str(v) for v in value]
        return str(value)


@dataclass(frozen=True)
class Manifest:
    name: str
    version: str
    description: str
    author: str
    server_type: str
    entry_point: str
    command: str
    args: tuple[str, ...]
    env: dict[str, str]
    options: tuple[UserOption, ...]
    manifest_version: str
    author_email: str = ""
    author_url: str = ""

    @property
    def publisher(self) -> str:
        """Who the manifest says published it (`name <email> url`): unsigned, so a claim, compared as a whole."""
        return " ".join(
            p for p in (self.author, f"<{self.author_email}>" if self.author_email else "", self.author_url) if p
        )

    def asked(self) -> list[UserOption]:
        """The options the user must answer: the sensitive ones, and required ones without a default."""
        return [o for o in self.options if o.sensitive or (o.required and o.default is None)]

    def keyring_able(self, key: str) -> bool:
        """Whether option `key` can live in the keyring: used only as whole `env` values, with a keyring name."""
        try:
            _sensitive_uses(self.args, self.env, self.command, {key})
        except BundleError:
            return False
        return not ref_problem(key)

    def server(
        self, folder: Path, values: dict[str, Value], keep: frozenset[str] = frozenset()
    ) -> tuple[ServerConfig, dict[str, str]]:
        """Its `mcp.json` entry (run in `folder`) and the values to keep in the keyring (sensitive, or `keep`)."""
        if unable := sorted(k for k in keep if not self.keyring_able(k)):
            raise BundleError(f"{unable[0]!r} is used in the command line, so it cannot be kept in the keyring")
        chosen = self._values(values)
        hidden = [o for o in self.options if o.sensitive or o.key in keep]
        secrets = {o.key: str(chosen[o.key]) for o in hidden if chosen.get(o.key, "") != ""}
        args: list[str] = []
        for arg in self.args:
            whole = _WHOLE_OPTION.fullmatch(arg)
            value = chosen.get(whole.group(1), "") if whole else None
            if isinstance(value, list):
                args.extend(str(v) for v in value)
            elif value != "":  # an optional value left empty: the argument is left out
                args.append(_substitute(arg, folder, chosen))
        env: dict[str, str | dict[str, str]] = {}
        for key, template in self.env.items():
            whole = _WHOLE_OPTION.fullmatch(template)
            if whole and whole.group(1) in secrets:
                env[key] = {"keyring": whole.group(1)}
            elif not (whole and chosen.get(whole.group(1), "") == ""):
                env[key] = _substitute(template, folder, chosen)
        command = self._command(folder, chosen)
        return ServerConfig(name=self.name, command=command, args=tuple(args), env=env, cwd=str(folder)), secrets

    def _command(self, folder: Path, values: dict[str, Value]) -> str:
        command = _substitute(self.command, folder, values)
        if self.server_type == "binary" and "/" in command and not os.path.isabs(command):
            command = str(folder / command)  # "server/my-server": inside the bundle
        return command

    def command_line(self, folder: Path) -> list[str]:
        """The program and arguments before any value is given (`${user_config.KEY}` left as written)."""
        return [self._command(folder, {}), *(_substitute(a, folder, {}) for a in self.args)]

    def _values(self, given: dict[str, Value]) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for option in self.options:
            raw = given.get(option.key)
            if raw in (None, "", []) and option.default is not None:
                raw = _default(option.default)
            if raw in (None, "", []) and option.required:
                raise BundleError(f"{option.title} ({option.key}) is required")
            out[option.key] = "" if raw in (None, "", []) else option.check(raw)
        return out


def _default(value: Value) -> Value:
    if isinstance(value, str):
        return _expand_places(value)
    if isinstance(value, list):
        return [_expand_places(v) for v in value]
    return value


def _places() -> dict[str, str]:
    home = str(Path.home())
    return {
        "HOME": home,
        "DESKTOP": str(Path(home) / "Desktop"),
        "DOCUMENTS": str(Path(home) / "Documents"),
        "DOWNLOADS": str(Path(home) / "Downloads"),
        "/": os.sep,
        "pathSeparator": os.sep,
    }


def _expand_places(text: str) -> str:
    places = _places()
    return _VAR.sub(lambda m: places.get(m.group(1), m.group(0)), text)


def _text_of(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(value)
    if isinstance(value, list):
        return ",".join(value)
    return value


def _substitute(text: str, folder: Path, values: dict[str, Value]) -> str:
    places = {**_places(), "__dirname": str(folder)}

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("user_config."):
            key = name.removeprefix("user_config.")
            return _text_of(values[key]) if key in values else match.group(0)
        return places.get(name, match.group(0))

    return _VAR.sub(one, text)


# ---------------------------------------------------------------- reading the manifest


def _str(data: dict[str, Any], key: str, where: str = "", *, required: bool = True, limit: int = 2000) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > limit:
        raise BundleError(f"manifest.json: {where}{key} must be a text of at most {limit} characters")
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) > 200:
        raise BundleError(f"manifest.json: {where} must be a list of texts")
    return tuple(value)


def _env(value: Any, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BundleError(f"manifest.json: {where} must be an object of names to texts")
    return dict(value)


def _option(key: str, raw: Any) -> UserOption:
    where = f"user_config.{key}"
    if not isinstance(raw, dict):
        raise BundleError(f"manifest.json: {where} must be an object")
    kind = raw.get("type")
    if kind not in OPTION_TYPES:
        raise BundleError(f"manifest.json: {where}.type must be one of {', '.join(OPTION_TYPES)}")
    flags = {f: raw.get(f, False) for f in ("required", "multiple", "sensitive")}
    if not all(isinstance(v, bool) for v in flags.values()):
        raise BundleError(f"manifest.json: {where}: required, multiple and sensitive must be true or false")
    limits = {f: raw.get(f) for f in ("min", "max")}
    for name, limit in limits.items():
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int | float)):
            raise BundleError(f"manifest.json: {where}.{name} must be a number")
    if flags["sensitive"] and (problem := ref_problem(key)):
        raise BundleError(f"manifest.json: {where}: a sensitive option needs a keyring name ({problem})")
    option = UserOption(
        key=key,
        type=str(kind),
        title=_str(raw, "title", f"{where}.", required=False, limit=200) or key,
        description=_str(raw, "description", f"{where}.", required=False),
        required=flags["required"],
        multiple=flags["multiple"] and kind in ("directory", "file"),
        sensitive=flags["sensitive"],
        min=limits["min"],
        max=limits["max"],
    )
    default = raw.get("default")
    if default is not None:
        if isinstance(default, list) and not option.multiple:
            raise BundleError(f"manifest.json: {where}.default must be one value")
        if isinstance(default, dict):
            raise BundleError(f"manifest.json: {where}.default must be a value")
        option.check(default)
        option = replace(option, default=default)
    return option


def _sensitive_uses(args: tuple[str, ...], env: dict[str, str], command: str, sensitive: set[str]) -> None:
    """A sensitive value may only be a whole env value (then a keyring reference): never in a file."""
    for text in (command, *args, *(v for v in env.values() if not _WHOLE_OPTION.fullmatch(v))):
        for match in _VAR.finditer(text):
            key = match.group(1).removeprefix("user_config.")
            if match.group(1).startswith("user_config.") and key in sensitive:
                raise BundleError(
                    f"manifest.json: the sensitive value {key!r} is used in the command line or inside a longer "
                    "env value, so it would be written to mcp.json: refused"
                )


def parse_manifest(data: Any) -> Manifest:
    """The checked manifest; BundleError with one line naming the first problem."""
    if not isinstance(data, dict):
        raise BundleError("manifest.json must be one JSON object")
    version = str(data.get("manifest_version") or data.get("dxt_version") or "")
    if version not in VERSIONS:
        raise BundleError(f"manifest.json: manifest_version {version[:20]!r} is not supported (0.2 to 0.4)")
    name = _str(data, "name", limit=100)
    if problem := server_name_problem(name):
        raise BundleError(f"manifest.json: name {name[:40]!r} cannot name a server here ({problem})")
    author = data.get("author")
    if not isinstance(author, dict):
        raise BundleError("manifest.json: author must be an object with a name")
    server = data.get("server")
    if not isinstance(server, dict):
        raise BundleError("manifest.json: server must be an object")
    kind = server.get("type")
    if kind not in SERVER_TYPES:
        shown = str(kind)[:20]
        raise BundleError(f"manifest.json: server.type {shown!r} is not supported here (node, python or binary)")
    config = server.get("mcp_config")
    if not isinstance(config, dict):
        raise BundleError("manifest.json: server.mcp_config must be an object")
    overrides = config.get("platform_overrides") or {}
    override = overrides.get(_PLATFORM) if isinstance(overrides, dict) else None
    if override is not None and not isinstance(override, dict):
        raise BundleError(f"manifest.json: server.mcp_config.platform_overrides.{_PLATFORM} must be an object")
    merged = {**config, **(override or {})}
    env = {**_env(config.get("env"), "server.mcp_config.env"), **_env((override or {}).get("env"), "its override env")}
    raw_options = data.get("user_config") or {}
    if not isinstance(raw_options, dict) or len(raw_options) > 100:
        raise BundleError("manifest.json: user_config must be an object of options")
    options = tuple(_option(str(k), v) for k, v in raw_options.items())
    command = _str(merged, "command", "server.mcp_config.", limit=1000)
    args = _strings(merged.get("args"), "server.mcp_config.args")
    _sensitive_uses(args, env, command, {o.key for o in options if o.sensitive})
    own_version = _str(data, "version", limit=100)
    _str(data, "display_name", required=False, limit=200)  # checked, though only `name` is shown here
    return Manifest(
        name=name,
        version=own_version,
        description=_str(data, "description", required=False),
        author=_str(author, "name", "author.", limit=200),
        server_type=str(kind),
        entry_point=_str(server, "entry_point", "server.", required=False, limit=1000),
        command=command,
        args=args,
        env=env,
        options=options,
        manifest_version=version,
        author_email=_str(author, "email", "author.", required=False, limit=200),
        author_url=_str(author, "url", "author.", required=False, limit=500),
    )
