"""Well-known services for the Settings dialog: a base URL and a sensible default model each."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

TOOL_CALL_MODES = ("native", "recover", "off")


@dataclass(frozen=True)
class Preset:
    """One service; OpenAI-compatible ones use the `openai` provider (and its key slot)."""

    id: str
    label: str
    provider: str
    base_url: str
    model: str
    needs_key: bool = True


PRESETS: tuple[Preset, ...] = (
    Preset("openai", "OpenAI", "openai", "https://api.openai.com/v1", "gpt-4o-mini"),
    Preset("anthropic", "Anthropic", "anthropic", "https://api.anthropic.com", "claude-sonnet-4-5"),
    Preset("deepseek", "DeepSeek", "openai", "https://api.deepseek.com/v1", "deepseek-chat"),
    Preset(
        "qwen",
        "Qwen (DashScope)",
        "openai",
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        "qwen-plus",
    ),
    Preset("moonshot", "Moonshot (Kimi)", "openai", "https://api.moonshot.cn/v1", "moonshot-v1-8k"),
    # local servers, OpenAI-compatible, no key: calls a small model writes as text are recovered
    Preset("ollama", "Ollama (local)", "openai", "http://localhost:11434/v1", "qwen2.5:7b", False),
    Preset("lmstudio", "LM Studio (local)", "openai", "http://localhost:1234/v1", "qwen2.5-7b-instruct", False),
    Preset("llamacpp", "llama.cpp llama-server (local)", "openai", "http://localhost:8080/v1", "qwen2.5", False),
    Preset(
        "llama-cpp-python",
        "llama-cpp-python (local)",
        "openai",
        "http://localhost:8000/v1",
        "qwen2.5-7b-instruct",
        False,
    ),
    Preset("vllm", "vLLM (local)", "openai", "http://localhost:8000/v1", "Qwen/Qwen2.5-7B-Instruct", False),
    Preset("localai", "LocalAI (local)", "openai", "http://localhost:8080/v1", "qwen2.5-7b-instruct", False),
    Preset("jan", "Jan (local)", "openai", "http://localhost:1337/v1", "qwen2.5-7b-instruct", False),
)


def preset(preset_id: str) -> Preset | None:
    """The preset with this id, if any."""
    return next((p for p in PRESETS if p.id == preset_id), None)


def matching_preset(provider: str, base_url: str) -> Preset | None:
    """The preset a saved provider + base URL corresponds to (for showing it selected)."""
    url = base_url.rstrip("/")
    for p in PRESETS:
        if p.provider == provider and (p.base_url == url or (not url and p.id == provider)):
            return p
    return None


def is_local(base_url: str) -> bool:
    """A server on this machine or a private network: loopback, RFC 1918/4193 addresses, `.local`."""
    try:
        host = (urlsplit(base_url if "//" in base_url else f"//{base_url}").hostname or "").lower()
    except ValueError:
        return False
    if host == "localhost" or host.endswith((".localhost", ".local", ".lan", ".internal")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def tool_calls_mode(provider: str, base_url: str, model: str, chosen: Mapping[str, str]) -> str:
    """native / recover / off for this model: the setting for the model, base URL or provider, else
    "recover" for local servers and "native" (calls as text are text) for cloud services."""
    url = base_url.rstrip("/")
    for key in (model, url, provider):
        if key and chosen.get(key) in TOOL_CALL_MODES:
            return chosen[key]
    local = bool(url) and (is_local(url) or any(p.base_url == url and not p.needs_key for p in PRESETS))
    return "recover" if provider == "openai" and local else "native"
