"""User settings as a small JSON file (keys never go here: they live in the keyring)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
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
    mcp_grace_s: float = 1.5  # a run waits at most this long for MCP servers; late ones join from the next turn
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

    def mcp_grace(self) -> float:
        """`mcp_grace_s` kept within 0 to 60 s (1.5 s when the file holds something else)."""
        value: object = self.mcp_grace_s
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            return 1.5
        return float(min(max(value, 0.0), 60.0))

    def save(self) -> None:
        """Atomic write: a full disk or a crash leaves the old file intact."""
        from desktop_app.store.atomic import write_json_atomic  # only when saving: not needed to open the window

        write_json_atomic(self.path(), asdict(self))
