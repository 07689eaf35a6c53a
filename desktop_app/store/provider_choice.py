"""Which provider a run uses: one decision for the CLI, the window's header and its offline banner."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from desktop_app.core.providers import PROVIDERS
from desktop_app.store.secrets import ENV_VARS, KEY_PROVIDERS

if TYPE_CHECKING:
    from desktop_app.store.settings import Settings

BASE_URL_ENV = {p.name: p.base_url_env for p in PROVIDERS if p.base_url_env}


def base_url_for(settings: Settings, flag_base_url: str, provider: str) -> str:
    """--base-url, then the settings' (for the provider they name), then OPENAI_/ANTHROPIC_BASE_URL."""
    if flag_base_url:
        return flag_base_url
    if settings.base_url and settings.provider == provider:
        return settings.base_url
    env = BASE_URL_ENV.get(provider, "")
    return os.environ.get(env, "") if env else ""


def decide(settings: Settings, flag_provider: str, flag_base_url: str, has_key: Callable[[str], bool]) -> str:
    """Flag, then settings, then the provider whose key is configured, else offline (CONTRACT.md)."""
    provider = flag_provider or settings.provider or ""
    named = not flag_provider and provider in KEY_PROVIDERS
    if named and not has_key(provider) and not base_url_for(settings, flag_base_url, provider):
        return "offline"  # the settings name a provider whose key is gone
    return provider or next((p for p in KEY_PROVIDERS if has_key(p)), "offline")


def env_key(provider: str) -> bool:
    """A key in the environment (cheap: no keyring), for the window's first paint."""
    return bool(os.environ.get(ENV_VARS.get(provider, ""), "").strip())
