"""settings.json is checked on load: a wrong value falls back to its safe default, named in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.cli import main
from desktop_app.runtime import RunOptions, shell_request
from desktop_app.store.settings import RULES, Settings
from desktop_app.tools.shell.run import shell_tools

SAFE = Settings()

# (key, a wrong value): every security- or cost-relevant key, in the shapes people get wrong
WRONG: list[tuple[str, Any]] = [
    ("enable_shell", "false"),
    ("enable_shell", "true"),
    ("enable_shell", 1),
    ("enable_shell", [True]),
    ("auto_approve", "get_weather,execute_shell"),
    ("auto_approve", ["get_weather", 3]),
    ("auto_approve", {"execute_shell": True}),
    ("auto_approve", True),
    ("workspace", ["/"]),
    ("workspace", 0),
    ("shell_extra_commands", "rm -rf"),
    ("shell_extra_commands", [["curl"]]),
    ("live_weather", "yes"),
    ("live_weather", 1),
    ("live_web", "true"),
    ("live_web", None),
    ("web_search_provider", "google"),
    ("web_search_provider", 7),
    ("web_search_endpoint", {"url": "http://x"}),
    ("base_url", ["http://evil"]),
    ("provider", "opnai"),
    ("provider", None),
    ("language", "fr; rm"),
    ("approval_timeout_s", "300"),
    ("approval_timeout_s", True),
    ("approval_timeout_s", 0),
    ("approval_timeout_s", 10**9),
    ("max_turns", -1),
    ("max_turns", 2.5),
    ("max_turns", "10"),
    ("tool_timeout_s", "30"),
    ("tool_timeout_s", -5),
    ("request_timeout_s", "60"),
    ("request_timeout_s", 0),
    ("request_timeout_s", 1e9),
    ("extra", ["max_retries", 5]),
    ("tool_calls", "recover"),
    ("tool_calls", {"qwen2.5:1.5b": "yes"}),
    ("tool_calls", {"qwen2.5:1.5b": ["recover"]}),
]


def write(home: Path, data: Any) -> Path:
    path = Settings.path()
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("key", "value"), WRONG, ids=lambda v: repr(v)[:30])
def test_a_wrong_value_falls_back_to_the_safe_default_and_is_named(app_home: Path, key: str, value: Any) -> None:
    companion = {"model": "kept-model", "enable_shell": True} if key != "enable_shell" else {"model": "kept-model"}
    write(app_home, {**companion, key: value})
    lines: list[str] = []
    loaded = Settings.load(lines.append)
    assert getattr(loaded, key) == getattr(SAFE, key)
    assert len(lines) == 1 and repr(key) in lines[0] and "\n" not in lines[0]
    assert loaded.model == "kept-model"  # the other keys still load
    assert loaded.enable_shell is (key != "enable_shell")


def test_every_key_has_a_rule_and_the_defaults_pass_it() -> None:
    assert set(RULES) == set(vars(SAFE))
    for key, rule in RULES.items():
        assert rule.check(getattr(SAFE, key)) == "", key


def test_right_values_load_silently(app_home: Path) -> None:
    good = {
        "provider": "openai",
        "enable_shell": True,
        "workspace": str(app_home),
        "auto_approve": ["get_weather"],
        "live_weather": True,
        "approval_timeout_s": 60,
        "tool_timeout_s": 5,
        "request_timeout_s": 1,
        "extra": {"max_retries": 0},
        "tool_calls": {"qwen2.5:1.5b": "recover", "http://10.0.0.5:8000/v1": "native", "openai": "off"},
    }
    write(app_home, good)
    lines: list[str] = []
    loaded = Settings.load(lines.append)
    assert lines == []
    assert loaded.enable_shell is True and loaded.auto_approve == ["get_weather"]
    assert loaded.tool_timeout_s == 5.0 and isinstance(loaded.tool_timeout_s, float)


def test_the_shell_stays_off_when_enable_shell_is_the_string_false(app_home: Path) -> None:
    write(app_home, {"enable_shell": "false", "workspace": str(app_home)})
    assert shell_tools(shell_request(Settings.load(lambda _line: None), RunOptions())) == []


def test_auto_approve_as_a_string_allows_nothing(app_home: Path) -> None:
    write(app_home, {"auto_approve": "get_weather_and_execute_shell"})
    loaded = Settings.load(lambda _line: None)
    assert "execute_shell" not in loaded.auto_approve and loaded.auto_approve == []


def test_unknown_keys_are_a_warning_not_fatal(app_home: Path) -> None:
    write(app_home, {"future_option": 1, "enable_shell": False, "model": "m"})
    lines: list[str] = []
    loaded = Settings.load(lines.append)
    assert loaded.model == "m"
    assert len(lines) == 1 and "future_option" in lines[0]


@pytest.mark.parametrize("text", ['{"enable_shell": true,', "[1, 2]", '"just a string"', "\xff\xfe{}"])
def test_a_broken_file_means_defaults_one_line_and_the_file_kept_aside(app_home: Path, text: str) -> None:
    path = Settings.path()
    path.write_bytes(text.encode("latin-1"))
    lines: list[str] = []
    assert Settings.load(lines.append) == SAFE
    assert len(lines) == 1 and "default settings" in lines[0]
    kept = list(path.parent.glob("settings.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == text.encode("latin-1")
    assert str(kept[0]) in lines[0]
    assert not path.exists()


def test_headless_commands_print_the_line_on_stderr(app_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(app_home, {"enable_shell": "false", "workspace": str(app_home)})
    assert main(["tools", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "execute_shell" not in {t["name"] for t in json.loads(out)}
    assert "'enable_shell'" in err and "Traceback" not in err
