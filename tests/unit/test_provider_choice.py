"""Which provider a run gets: flag, then settings, offline (with one hint line) without a key."""

from __future__ import annotations

import pytest

from desktop_app.errors import UsageError
from desktop_app.llm.anthropic import AnthropicModel
from desktop_app.llm.openai import OpenAIModel
from desktop_app.llm.presets import PRESETS, matching_preset, preset
from desktop_app.runtime import RunOptions, build_model
from desktop_app.store.settings import Settings


@pytest.fixture(autouse=True)
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys only from the environment in these tests."""
    monkeypatch.setattr("desktop_app.store.secrets._keyring_get", lambda provider: None)


def test_nothing_configured_is_offline_with_one_hint(capsys: pytest.CaptureFixture[str]) -> None:
    model = build_model(Settings(), RunOptions())
    assert model.provider == "offline"
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "keys set openai" in captured.err


def test_explicit_offline_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_model(Settings(), RunOptions(provider="offline")).provider == "offline"
    assert build_model(Settings(provider="offline"), RunOptions()).provider == "offline"
    assert capsys.readouterr().err == ""


def test_settings_provider_without_key_falls_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_model(Settings(provider="anthropic"), RunOptions()).provider == "offline"
    assert "offline" in capsys.readouterr().err


def test_settings_provider_with_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env-000000000000")
    settings = Settings(provider="anthropic", model="claude-x", base_url="http://h:1")
    model = build_model(settings, RunOptions())
    assert isinstance(model, AnthropicModel)
    assert (model.model, model.base_url) == ("claude-x", "http://h:1")


def test_flag_wins_and_ignores_the_other_providers_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = Settings(provider="anthropic", model="claude-x", base_url="http://h:1")
    model = build_model(settings, RunOptions(provider="openai"))
    assert isinstance(model, OpenAIModel)  # no key: the call itself will say how to add one
    assert model.model == "gpt-4o-mini" and model.base_url == "https://api.openai.com/v1"


def test_openai_base_url_env_and_local_server_without_key(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:11434/v1")
    model = build_model(Settings(provider="openai", model="qwen2.5:7b"), RunOptions())
    assert isinstance(model, OpenAIModel)
    assert (model.model, model.base_url) == ("qwen2.5:7b", "http://localhost:11434/v1")
    assert capsys.readouterr().err == ""


def test_key_configured_but_no_provider_chosen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env-0000000000000000")
    assert build_model(Settings(), RunOptions()).provider == "openai"  # a key picks its provider
    assert capsys.readouterr().err == ""
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env-000000000000")
    assert build_model(Settings(), RunOptions()).provider == "anthropic"
    assert build_model(Settings(provider="offline"), RunOptions()).provider == "offline"


def test_unknown_provider() -> None:
    with pytest.raises(UsageError):
        build_model(Settings(provider="gemini"), RunOptions())


def test_presets() -> None:
    ids = {p.id for p in PRESETS}
    assert {"deepseek", "qwen", "moonshot", "ollama", "lmstudio", "vllm"} <= ids
    assert all(p.provider in ("openai", "anthropic") and p.model for p in PRESETS)
    assert all(p.base_url.startswith(("https://", "http://localhost")) for p in PRESETS)
    assert preset("ollama") is not None and not preset("ollama").needs_key  # type: ignore[union-attr]
    assert matching_preset("openai", "https://api.deepseek.com/v1/") == preset("deepseek")
    assert matching_preset("openai", "") == preset("openai")


def test_anthropic_base_url_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://proxy.local:8080")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://not-for-anthropic/v1")
    model = build_model(Settings(), RunOptions(provider="anthropic"))
    assert isinstance(model, AnthropicModel) and model.base_url == "http://proxy.local:8080"
