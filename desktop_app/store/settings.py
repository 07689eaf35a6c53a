"""User settings as a small JSON file (keys never go here: they live in the keyring)."""

from __future__ import annotations

import json
from copy import deepcopy
from dataclasses import FrozenInstanceError, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from desktop_app.paths import config_dir


@dataclass
class Settings:
    """Everything the user can choose; unknown keys in the file are kept but ignored."""

    provider: str = ""  # "" = offline unless a key is configured
    model: str = ""
    base_url: str = ""
    live_weather: bool = False
    language: str = ""  # "" follows the system, else "zh_CN" / "en"
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
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Defaults when the file is missing or unreadable (a broken file never stops the app)."""
        try:
            raw = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in raw.items() if k in known} if isinstance(raw, dict) else {}
        try:
            return cls(**values)
        except TypeError:
            return cls()

    def snapshot(self) -> Settings:
        """A deep copy for one run: the window may edit its own settings while the run goes on."""
        frozen = object.__new__(_FrozenSettings)
        for f in fields(self):
            object.__setattr__(frozen, f.name, deepcopy(getattr(self, f.name)))
        return frozen

    def save(self) -> None:
        """Atomic write: a full disk or a crash leaves the old file intact."""
        from desktop_app.store.atomic import write_json_atomic  # only when saving: not needed to open the window

        write_json_atomic(self.path(), asdict(self))


class _FrozenSettings(Settings):
    """A run's snapshot: assigning to it raises, so a run cannot drift from what it started with."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to {name!r}: a run's settings are a frozen snapshot")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete {name!r}: a run's settings are a frozen snapshot")
