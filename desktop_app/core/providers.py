"""The providers a run can use, one record each: the CLI's choices, the settings' rules, the keyring's
names, the environment variables, the version report and the model factory all read these records.
Adding a provider: a record here and its adapter in `llm/` (about two files)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Provider:
    name: str  # the id everywhere: settings, --provider, the keyring's user name
    label: str  # for people: "OpenAI"
    key_env: str = ""  # its API key's environment variable ("" = no key)
    base_url_env: str = ""  # its base-URL variable, for compatible services
    sdk: str = ""  # the distribution named in `--version --verbose`
    model: str = ""  # "module:Class" of its ChatModel, imported only when a run uses it
    export_format: str = ""  # `history export --format` flavour ("" = none)
    api_name: str = ""  # what the 时序图 calls the other side


PROVIDERS: tuple[Provider, ...] = (
    Provider("offline", "Offline demo", model="desktop_app.planner.model:OfflineModel"),
    Provider(
        "openai",
        "OpenAI",
        key_env="OPENAI_API_KEY",
        base_url_env="OPENAI_BASE_URL",
        sdk="openai",
        model="desktop_app.llm.openai:OpenAIModel",
        export_format="python-openai",
        api_name="OpenAI API",
    ),
    Provider(
        "anthropic",
        "Anthropic",
        key_env="ANTHROPIC_API_KEY",
        base_url_env="ANTHROPIC_BASE_URL",
        sdk="anthropic",
        model="desktop_app.llm.anthropic:AnthropicModel",
        export_format="python-anthropic",
        api_name="Anthropic API",
    ),
)


def names() -> tuple[str, ...]:
    return tuple(p.name for p in PROVIDERS)


def keyed() -> tuple[str, ...]:
    """The providers that take an API key (the keyring and `keys set` know exactly these)."""
    return tuple(p.name for p in PROVIDERS if p.key_env)


def get(name: str) -> Provider | None:
    return next((p for p in PROVIDERS if p.name == name), None)
