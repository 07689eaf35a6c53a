"""settings.json from outside: NaN, Infinity and 1e400 fall back key by key; a file too deep or
too large is set aside like any unreadable one, and the app still starts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app import jsonsafe
from desktop_app.cli import main
from desktop_app.runtime import RunOptions, build_model, weather_config
from desktop_app.store.settings import Settings

SAFE = Settings()
NOT_FINITE = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"]


def write_text(text: str) -> Path:
    path = Settings.path()
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("number", NOT_FINITE)
@pytest.mark.parametrize(
    "key", ["max_turns", "approval_timeout_s", "tool_timeout_s", "request_timeout_s", "mcp_grace_s", "mcp_wait_s"]
)
def test_a_non_finite_setting_is_one_line_and_its_default(app_home: Path, key: str, number: str) -> None:
    write_text(f'{{"model": "kept", "{key}": {number}}}')
    lines: list[str] = []
    loaded = Settings.load(lines.append)
    assert getattr(loaded, key) == getattr(SAFE, key) and loaded.model == "kept"
    assert len(lines) == 1 and repr(key) in lines[0] and "\n" not in lines[0]


@pytest.mark.parametrize("number", [*NOT_FINITE, "1" + "0" * 300, "-1", "true", '"3"'])
def test_extra_max_retries_out_of_range_is_one_line_and_runs_still_start(
    app_home: Path, number: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = f'{{"max_retries": {number}, "open_meteo_timeout_s": {number}, "x": 1}}'
    write_text(f'{{"provider": "openai", "extra": {extra}}}')
    lines: list[str] = []
    loaded = Settings.load(lines.append)
    assert len(lines) == 2 and "'extra.max_retries'" in lines[0] and "'extra.open_meteo_timeout_s'" in lines[1]
    assert loaded.extra == {"x": 1}
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-000000000000")
    model = build_model(loaded, RunOptions(provider="openai"))
    assert model.max_retries == 2  # type: ignore[attr-defined]
    assert weather_config(loaded).api.timeout_s == 6.0


def test_numbers_put_into_extra_after_loading_are_still_checked(app_home: Path) -> None:
    settings = Settings(extra={"max_retries": float("inf"), "open_meteo_timeout_s": float("nan")})
    assert settings.extra_number("max_retries", 2) == 2
    assert settings.extra_number("open_meteo_timeout_s", 6.0) == 6.0
    assert Settings(extra={"max_retries": 4}).extra_number("max_retries", 2) == 4


def _assert_set_aside(path: Path, lines: list[str], loaded: Settings, why: str) -> None:
    assert loaded == SAFE
    assert len(lines) == 1 and "default settings" in lines[0] and why in lines[0]
    assert len(list(path.parent.glob("settings.broken-*.json"))) == 1 and not path.exists()


def test_a_3000_deep_file_is_set_aside_and_the_cli_starts(app_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_text('{"extra": {"a": ' + "[" * 3000 + "]" * 3000 + "}}")
    lines: list[str] = []
    _assert_set_aside(path, lines, Settings.load(lines.append), "nested deeper")
    write_text('{"extra": ' + "[" * 3000 + "]" * 3000 + "}")
    assert main(["tools", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) and err.count("\n") == 1 and "settings.broken-" in err and "Traceback" not in err


def test_a_huge_file_is_set_aside_unread(app_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonsafe, "MAX_DOCUMENT_BYTES", 1000)
    path = write_text(json.dumps({"model": "x" * 2000}))
    lines: list[str] = []
    _assert_set_aside(path, lines, Settings.load(lines.append), "larger than")
