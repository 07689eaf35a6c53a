"""Well-known services for the Settings dialog: a base URL and a sensible default model each."""

from __future__ import annotations

from dataclasses import dataclass


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
    Preset("ollama", "Ollama (local)", "openai", "http://localhost:11434/v1", "qwen2.5:7b", False),
    Preset(
        "lmstudio",
        "LM Studio (local)",
        "openai",
        "http://localhost:1234/v1",
        "qwen2.5-7b-instruct",
        False,
    ),
    Preset(
        "vllm",
        "vLLM (local)",
        "openai",
        "http://localhost:8000/v1",
        "Qwen/Qwen2.5-7B-Instruct",
        False,
    ),
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
