"""The headless CLI: `ask --json` events, exit codes, one-line errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.cli import main

SEED_ZH = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict[str, Any]], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err


def test_ask_json_events_follow_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, events, _ = run_json(capsys, "ask", "--provider", "offline", "--json", "--no-save", SEED_ZH)
    assert code == 0
    assert all(next(iter(e)) == "type" for e in events)  # `type` first
    types = [e["type"] for e in events]
    assert types[0] == "run_started" and types[-1] == "final"
    assert "model_request" not in types  # only with --wire
    calls = [e for e in events if e["type"] == "tool_call"]
    results = [e for e in events if e["type"] == "tool_result"]
    assert [c["name"] for c in calls] == ["get_weather", "get_flight_price", "get_hotel_price"]
    assert {c["id"] for c in calls} == {r["id"] for r in results}
    assert all(set(r) >= {"id", "name", "content", "is_error", "duration_ms"} for r in results)
    assert "¥4,600" in events[-1]["text"] and events[-1]["turns"] == 2


def test_wire_flag_adds_model_request_and_response(capsys: pytest.CaptureFixture[str]) -> None:
    _, events, _ = run_json(capsys, "ask", "--provider", "offline", "--json", "--wire", "--no-save", SEED_ZH)
    types = [e["type"] for e in events]
    assert types.count("model_request") == 2 and types.count("model_response") == 2


def test_ask_json_offline_prints_how_it_read_the_question(capsys: pytest.CaptureFixture[str]) -> None:
    _, events, _ = run_json(capsys, "ask", "--provider", "offline", "--json", "--no-save", SEED_ZH)
    types = [e["type"] for e in events]
    assert types.count("reading") == 1 and types.index("reading") < types.index("tool_call")
    reading = events[types.index("reading")]
    assert list(reading) == ["type", "frame"]  # without --wire too: it is not a wire body
    frame = reading["frame"]
    assert frame["origin"] == "beijing" and [s["city"] for s in frame["stops"]] == ["sanya"]
    assert frame["dates"] == {"kind": "week", "start": "2026-12-07", "end": "2026-12-13"}
    assert frame["nights"] == 3 and frame["words"]["dates"] == "下周"


def test_turn_limit_exits_1_with_error_event(capsys: pytest.CaptureFixture[str]) -> None:
    code, events, _ = run_json(
        capsys, "ask", "--provider", "offline", "--json", "--no-save", "--max-turns", "1", SEED_ZH
    )
    assert code == 1
    assert events[-1]["type"] == "error" and events[-1]["kind"] == "max_turns"


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["ask", "--provider", "nope", "hi"])
    assert exc.value.code == 2
    assert main(["ask", "--no-save", "--max-turns", "0", "hi"]) == 2
    err = capsys.readouterr().err
    assert "--max-turns" in err and "Traceback" not in err


def test_tools_json_lists_schema_source_risk(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    names = {t["name"] for t in listing}
    assert {"get_weather", "get_flight_price", "get_hotel_price"} <= names
    weather = next(t for t in listing if t["name"] == "get_weather")
    assert weather["parameters"]["required"] == ["city"]
    assert weather["source"] == "builtin" and weather["risk"] == "read" and weather["status"] == "ok"


def test_tools_call_prints_result_and_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tools", "call", "get_weather", "--args", '{"city": "三亚"}']) == 0
    assert "33°C" in json.loads(capsys.readouterr().out)["content"]["temperature"]
    assert main(["tools", "call", "get_weathr", "--args", "{}"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["is_error"] and "available tools" in out["content"]["error"]
    assert main(["tools", "call", "get_weather", "--args", "{not json"]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_the_window_launch_is_parsed_by_the_gui_parser_alone(capsys: pytest.CaptureFixture[str]) -> None:
    from desktop_app.cli import parse_args

    bare = parse_args([])  # a double-click: the window with its defaults
    assert (bare.command, bare.provider, bare.prompt, bare.exit_when_done) == ("gui", None, "", False)
    scripted = parse_args(["gui", "--prompt", "三亚", "--exit-when-done", "--provider", "offline"])
    assert (scripted.prompt, scripted.exit_when_done, scripted.provider) == ("三亚", True, "offline")
    assert not scripted.install_desktop_entry
    assert parse_args(["history", "list"]).history_command == "list"  # other commands: the full parser
    with pytest.raises(SystemExit) as exc:
        parse_args(["gui", "--bogus"])
    assert exc.value.code == 2
    assert "travel-assistant gui: error" in capsys.readouterr().err


def test_approve_warns_once_about_names_that_match_no_tool(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["ask", "--provider", "offline", "--no-save", "--approve", "save_itinerary,get_wether,nosrv__*", "hi"])
    _, err = capsys.readouterr()
    assert code == 0
    warnings = [line for line in err.splitlines() if "--approve" in line]
    assert warnings == [
        "travel-assistant: --approve: no tool matches 'get_wether', 'nosrv__*' (`travel-assistant tools` lists them)"
    ]
