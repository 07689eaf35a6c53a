"""User settings as a small JSON file (keys never go here: they live in the keyring).

A wrong value is reported in one line and replaced by its default, always the safe one. No pydantic:
`load` runs before the window's first paint, which must not import it."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from copy import deepcopy
from dataclasses import FrozenInstanceError, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.providers import names as provider_names
from desktop_app.paths import config_dir
from desktop_app.visible import for_terminal

Report = Callable[[str], None]


@dataclass
class Settings:
    """Everything the user can choose; unknown keys in the file are reported and ignored."""

    provider: str = ""  # "" = offline unless a key is configured
    model: str = ""
    base_url: str = ""
    live_weather: bool = False
    language: str = ""  # "" follows the system, else "zh_CN" / "en"
    color_scheme: str = ""  # "" follows the system, else "light" / "dark"
    enable_shell: bool = False
    workspace: str = ""
    shell_extra_commands: list[str] = field(default_factory=list)
    live_web: bool = False  # read_page may fetch public http(s) pages (each read is confirmed)
    web_search_provider: str = ""  # "" = the local guide library; "brave" or "tavily" (keyring key)
    web_search_endpoint: str = ""  # override of the search API's URL (self-hosted proxies, tests)
    auto_approve: list[str] = field(default_factory=list)
    approval_timeout_s: int = 300
    max_turns: int = 10
    tool_timeout_s: float = 30.0
    request_timeout_s: float = 60.0  # the whole wait for a model's answer, retries included
    mcp_grace_s: float = (
        1.5  # a window's run waits at most this long for MCP servers; late ones join from the next turn
    )
    mcp_wait_s: float = 30.0  # a headless run (`ask`) waits at most this long for every server to connect or fail
    # Tool calls a model writes as text, per model, base URL or provider (most specific first):
    # "native" (structured calls only), "recover" (also read out of the text), "off" (no tools offered).
    # Unset: "recover" for local servers (presets, loopback, private networks), "native" for cloud services.
    tool_calls: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls, report: Report | None = None) -> Settings:
        """Defaults for what is missing or wrong; each problem is one line to `report` (stderr)."""
        say = report or _to_stderr
        path = cls.path()
        raw = _read(path, say)
        if raw is None:
            return cls()
        values = {}
        for key, value in raw.items():
            rule = RULES.get(key)
            if rule is None:
                say(f"{path.name}: unknown setting {key!r} ignored")
                continue
            problem = rule.check(value)
            if problem:
                say(f"{path.name}: {key!r} {problem} (got {_shown(value)}); using the default {_default(key)}")
            else:
                values[key] = rule.clean(value)
        if "extra" in values:
            values["extra"] = _checked_extra(values["extra"], path.name, say)
        return cls(**values)

    def extra_number(self, key: str, default: float) -> float:
        """A number from `extra` (EXTRA_RULES' range), `default` when unset or anything else."""
        rule = EXTRA_RULES[key]
        extra = self.extra if isinstance(self.extra, dict) else {}
        value = jsonsafe.number_in(extra.get(key), rule.low or 0.0, rule.high or 0.0)
        return default if value is None else value

    def snapshot(self) -> Settings:
        """A deep copy for one run: the window may edit its own settings while the run goes on."""
        frozen = object.__new__(_FrozenSettings)
        for f in fields(self):
            object.__setattr__(frozen, f.name, deepcopy(getattr(self, f.name)))
        return frozen

    def mcp_grace(self) -> float:
        """`mcp_grace_s` kept within 0 to 60 s (1.5 s when the file holds something else)."""
        return _bounded(self.mcp_grace_s, 1.5, 60.0)

    def mcp_wait(self) -> float:
        """`mcp_wait_s` kept within 0 to 600 s (30 s when the file holds something else)."""
        return _bounded(self.mcp_wait_s, 30.0, 600.0)

    def save(self) -> None:
        """Atomic write: a full disk or a crash leaves the old file intact."""
        from desktop_app.store.atomic import write_json_atomic  # only when saving: not needed to open the window

        write_json_atomic(self.path(), asdict(self))


def _bounded(value: object, default: float, high: float) -> float:
    """A number kept within 0 to `high`; `default` for anything that is not a finite number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return default
    return float(min(max(value, 0.0), high))


class _FrozenSettings(Settings):
    """A run's snapshot: assigning to it raises, so a run cannot drift from what it started with."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to {name!r}: a run's settings are a frozen snapshot")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete {name!r}: a run's settings are a frozen snapshot")


# ---------------------------------------------------------------- the schema

_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "str": (lambda v: isinstance(v, str), "a string"),
    "int": (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    "float": (lambda v: isinstance(v, int | float) and not isinstance(v, bool) and v == v, "a number"),
    "str_list": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of strings"),
    "dict": (lambda v: isinstance(v, dict), "a JSON object"),
    "str_map": (
        lambda v: isinstance(v, dict) and all(isinstance(x, str) for x in v.values()),
        "a JSON object of strings",
    ),
}


@dataclass(frozen=True)
class Rule:
    """What one key accepts: a JSON type, optionally a closed set of strings or a number range."""

    kind: str
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None

    def check(self, value: Any) -> str:
        """Why `value` is not acceptable, or "" when it is."""
        accepts, text = _TYPES[self.kind]
        if self.kind in ("float", "int") and jsonsafe.has_non_finite(value):
            return "must be a finite number"
        if not accepts(value):
            return f"must be {text}"
        wrong = [v for v in (value.values() if self.kind == "str_map" else [value]) if v not in self.choices]
        if self.choices and wrong:
            return "must be one of " + ", ".join(json.dumps(c) for c in self.choices)
        if self.low is not None and self.high is not None and not self.low <= value <= self.high:
            return f"must be between {self.low:g} and {self.high:g}"
        return ""

    def clean(self, value: Any) -> Any:
        """A private copy in the field's own type (an int is a fine float)."""
        if self.kind == "float":
            return float(value)
        if self.kind in ("str_list", "dict", "str_map"):
            return json.loads(json.dumps(value))
        return value


RULES: dict[str, Rule] = {
    "provider": Rule("str", ("", *provider_names())),
    "model": Rule("str"),
    "base_url": Rule("str"),
    "live_weather": Rule("bool"),
    "language": Rule("str", ("", "zh_CN", "en")),
    "color_scheme": Rule("str", ("", "light", "dark")),
    "enable_shell": Rule("bool"),
    "workspace": Rule("str"),
    "shell_extra_commands": Rule("str_list"),
    "live_web": Rule("bool"),
    "web_search_provider": Rule("str", ("", "brave", "tavily")),
    "web_search_endpoint": Rule("str"),
    "auto_approve": Rule("str_list"),
    "approval_timeout_s": Rule("int", low=5, high=3600),
    "max_turns": Rule("int", low=1, high=100),
    "tool_timeout_s": Rule("float", low=0.1, high=3600),
    "request_timeout_s": Rule("float", low=0.1, high=600),
    "mcp_grace_s": Rule("float", low=0, high=60),
    "mcp_wait_s": Rule("float", low=0, high=600),
    "tool_calls": Rule("str_map", ("native", "recover", "off")),
    "extra": Rule("dict"),
}
# the numbers read from `extra` (tests, mirrors): checked like the keys above
EXTRA_RULES: dict[str, Rule] = {
    "max_retries": Rule("int", low=0, high=10),
    "open_meteo_timeout_s": Rule("float", low=0.1, high=120),
}


def _checked_extra(extra: dict[str, Any], name: str, say: Report) -> dict[str, Any]:
    """`extra` without the numbers EXTRA_RULES refuses (one line each): their defaults apply."""
    out = {}
    for key, value in extra.items():
        rule = EXTRA_RULES.get(key)
        problem = rule.check(value) if rule else ""
        if not problem and jsonsafe.has_non_finite(value):
            problem = "must not hold NaN or Infinity"
        if problem:
            say(f"{name}: 'extra.{key}' {problem} (got {_shown(value)}); using the default")
        else:
            out[key] = value
    return out


def _to_stderr(line: str) -> None:
    print(for_terminal(f"travel-assistant: {line}"), file=sys.stderr)


def _shown(value: Any) -> str:
    """A hostile value as a short, single-line, ASCII-escaped quote."""
    text = json.dumps(value, ensure_ascii=True)  # NaN and Infinity shown as written
    return text if len(text) <= 60 else text[:59] + "…"


def _default(key: str) -> str:
    return json.dumps(getattr(Settings(), key))


def _read(path: Path, say: Report) -> dict[str, Any] | None:
    """The file's JSON object; None (after one line, the bad file moved aside) when there is none."""
    try:  # jsonsafe's size and depth policy; NaN/Infinity are judged key by key
        raw = jsonsafe.read_file(path, finite=False)
    except FileNotFoundError:
        return None
    except OSError as exc:
        say(f"cannot read {path} ({exc.strerror or exc}); using the default settings")
        return None
    except ValueError as exc:
        _set_aside(path, f"it is not valid JSON: {' '.join(str(exc).split())}", say)
        return None
    if not isinstance(raw, dict):
        _set_aside(path, "it is not a JSON object", say)
        return None
    return raw


def _set_aside(path: Path, why: str, say: Report) -> None:
    """Keep a broken settings file for the user under a new name, so a save cannot lose it."""
    aside = path.with_name(f"{path.stem}.broken-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    try:
        os.replace(path, aside)
        kept = f"the file was kept as {aside}"
    except OSError as exc:
        kept = f"it could not be moved aside ({exc.strerror or exc})"
    say(f"{path} was not used ({why}); using the default settings; {kept}")
