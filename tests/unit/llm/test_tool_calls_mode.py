"""native / recover / off per model: recover for local servers (also via --base-url), native for cloud."""

from __future__ import annotations

import pytest

from desktop_app.llm.openai import OpenAIModel
from desktop_app.llm.presets import PRESETS, is_local, preset, tool_calls_mode
from desktop_app.runtime import RunOptions, build_model
from desktop_app.store.settings import Settings

LOCAL = {
    "ollama": "http://localhost:11434/v1",
    "lmstudio": "http://localhost:1234/v1",
    "llamacpp": "http://localhost:8080/v1",
    "llama-cpp-python": "http://localhost:8000/v1",
    "vllm": "http://localhost:8000/v1",
    "localai": "http://localhost:8080/v1",
    "jan": "http://localhost:1337/v1",
}


@pytest.mark.parametrize(("preset_id", "url"), sorted(LOCAL.items()))
def test_local_presets_need_no_key_and_recover(preset_id: str, url: str) -> None:
    found = preset(preset_id)
    assert found is not None and found.base_url == url and not found.needs_key and found.provider == "openai"
    assert tool_calls_mode("openai", url, found.model, {}) == "recover"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/v1",
        "http://[::1]:8080/v1",
        "http://192.168.1.20:8080/v1",
        "http://10.0.0.5/v1",
        "http://172.16.3.4:8000/v1",
        "http://gpu-box.local:8080/v1",
        "localhost:11434/v1",
    ],
)
def test_loopback_and_private_networks_are_local(url: str) -> None:
    assert is_local(url)
    assert tool_calls_mode("openai", url, "m", {}) == "recover"


@pytest.mark.parametrize(
    "url", ["https://api.openai.com/v1", "https://api.deepseek.com/v1", "http://8.8.8.8/v1", "", "http://[bad"]
)
def test_cloud_services_do_not_recover(url: str) -> None:
    assert tool_calls_mode("openai", url, "m", {}) == "native"


def test_cloud_presets_are_native() -> None:
    for p in PRESETS:
        if p.needs_key:
            assert tool_calls_mode(p.provider, p.base_url, p.model, {}) == "native", p.id


def test_the_setting_wins_most_specific_first() -> None:
    url = "http://127.0.0.1:8080/v1"
    assert tool_calls_mode("openai", url, "qwen", {"qwen": "off", url: "native"}) == "off"
    assert tool_calls_mode("openai", url + "/", "other", {"qwen": "off", url: "native"}) == "native"
    assert tool_calls_mode("openai", "https://api.openai.com/v1", "gpt", {"openai": "recover"}) == "recover"
    assert tool_calls_mode("openai", url, "m", {"m": "bogus"}) == "recover"


def test_a_base_url_flag_on_loopback_builds_a_recovering_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("desktop_app.store.secrets._keyring_get", lambda provider: None)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    model = build_model(Settings(), RunOptions(provider="openai", base_url="http://127.0.0.1:8080/v1"))
    assert isinstance(model, OpenAIModel) and model.tool_text == "recover"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-000000000000000")
    cloud = build_model(Settings(), RunOptions(provider="openai"))
    assert isinstance(cloud, OpenAIModel) and cloud.tool_text == "native"
    chosen = build_model(Settings(tool_calls={"gpt-x": "off"}), RunOptions(provider="openai", model="gpt-x"))
    assert isinstance(chosen, OpenAIModel) and chosen.tool_text == "off"
