"""What the window starts a run with, and how it names the model in use (header, banner, tokens)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QLabel

from desktop_app.ui.chat.status import OfflineBanner, check_summary, header_text, usage_text

if TYPE_CHECKING:  # the engine side imports asyncio: only after the first paint
    from desktop_app.llm.base import ChatModel
    from desktop_app.mcp.client import McpManager
    from desktop_app.runtime import RunOptions
    from desktop_app.store.settings import Settings


class RunSetup:
    """The settings (the window's own object, edited in place by Settings), the command line's
    overrides and the active skill, turned into each run's options; sampling uses the same."""

    def __init__(self, settings: Settings, overrides: dict[str, str], skill: Callable[[], str]) -> None:
        self.settings = settings
        self.overrides = overrides
        self._skill = skill
        self.mcp_manager: Callable[[], McpManager | None] | None = None  # the window's, once it runs
        self.keys_ready = False  # after the warm-up the keyring is asked too (before: the environment only)

    def provider(self) -> str:
        """The provider a run will use: the engine's own decision (a key in the environment or keyring
        picks it when none was chosen), so the header and banner never disagree with the runs."""
        from desktop_app.store.provider_choice import decide, env_key

        has_key: Callable[[str], bool] = env_key
        if self.keys_ready:
            from desktop_app.store.secrets import lookup_key

            has_key = lambda p: bool(lookup_key(p))  # noqa: E731 - one line, where it is used
        flag = self.overrides.get("provider", "")
        try:
            return decide(self.settings, flag, self.overrides.get("base_url", ""), has_key)
        except Exception:  # noqa: BLE001 - a broken keyring reads as "no key": the banner says offline
            return flag or self.settings.provider or "offline"

    def options(self) -> RunOptions:
        from desktop_app.runtime import RunOptions

        return RunOptions(
            provider=self.overrides.get("provider", ""),
            model=self.overrides.get("model", ""),
            base_url=self.overrides.get("base_url", ""),
            mcp_config=self.overrides.get("mcp_config", ""),
            max_turns=self.settings.max_turns,
            skill=self._skill(),
            mcp_grace_s=self.settings.mcp_grace(),  # a run never waits longer on a slow MCP server
            mcp_manager=self.mcp_manager,  # asked on the engine loop: runs attach to it, start no server
        )

    def sampling_model(self) -> ChatModel:
        """The configured model answers a server's sampling request (after the user approved it)."""
        from desktop_app.runtime import build_model

        return build_model(self.settings, self.options())

    def roots(self) -> list[Path]:
        """The shell's workspace when the shell is on: the folder MCP servers may be told about."""
        from desktop_app.runtime import shell_roots

        return shell_roots(self.settings, self.options())

    def sampling_model_name(self) -> str:
        provider = self.provider()
        model = self.overrides.get("model") or (self.settings.model if self.settings.provider == provider else "")
        return f"{provider}:{model}" if model else provider


class ModelStatus:
    """The header (provider · model), the offline banner and the token line with its cost."""

    def __init__(self, setup: RunSetup, header: QLabel, banner: OfflineBanner, usage: QLabel) -> None:
        self.setup = setup
        self.header, self.banner, self.usage = header, banner, usage
        self.model = ("", "")  # provider and model the last run reported
        self.tokens = [0, 0]
        self.checks: dict[tuple[str, str], dict[str, Any]] = {}  # (base URL, model) -> Settings' Check, this session

    def remember_check(self, base_url: str, model: str, report: dict[str, Any]) -> None:
        """A successful Check in Settings: shown beside the model's name while it is in use."""
        for name in {model, str(report.get("model", ""))} - {""}:
            self.checks[(base_url.rstrip("/"), name)] = report
        self.show_model()

    def base_url(self) -> str:
        """The base URL runs use now (the command line's, else the settings' for their provider)."""
        settings = self.setup.settings
        same = settings.provider == self.setup.provider()
        return (self.setup.overrides.get("base_url") or (settings.base_url if same else "")).rstrip("/")

    def keys_ready(self) -> None:
        """The keyring is warm: a key kept there now names the provider in the header and banner."""
        self.setup.keys_ready = True
        self.show_model()

    def show_model(self, provider: str = "", model: str = "") -> None:
        """After a run started (its provider and model), a settings change or a language switch."""
        if provider:
            self.model = (provider, model)
        in_use = self.model[0] or self.setup.provider()
        settings = self.setup.settings
        model = self.model[1] or self.setup.overrides.get("model") or settings.model
        report = self.checks.get((self.base_url(), model)) if in_use != "offline" else None
        self.header.setText(header_text(in_use, model, check_summary(report) if report else ""))
        self.banner.setVisible(self.setup.provider() == "offline")

    def add(self, input_tokens: int, output_tokens: int) -> None:
        self.tokens[0] += input_tokens
        self.tokens[1] += output_tokens
        self.show_usage()

    def reset(self) -> None:
        self.tokens = [0, 0]
        self.show_usage()

    def show_usage(self) -> None:
        provider, model = self.model if self.model[0] else (self.setup.provider(), "")
        self.usage.setText(usage_text(provider, model, *self.tokens))
