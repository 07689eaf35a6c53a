"""`ask` saves by default, `--no-save` does not; `history list / show / export` per CONTRACT.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.cli import main
from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, UserMessage
from desktop_app.store.history import HistoryStore

LIST_KEYS = {"id", "title", "created_at", "updated_at", "message_count", "provider", "model"}
MESSAGE_KEYS = {"role", "content", "tool_calls", "tool_call_id", "name", "is_error", "incomplete"}
QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"


def _json_out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> object:
    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def _saved_trip() -> str:
    with HistoryStore() as store:
        conv = store.new_conversation(title="三亚 trip", provider="offline", model="planner")
        conv.append(UserMessage(QUESTION))
        conv.append(AssistantMessage("", (ToolCall("call_1", "get_weather", {"city": "三亚"}),)))
        conv.append(ToolResultMessage("call_1", "get_weather", '{"weather": "晴"}'))
        conv.append(AssistantMessage("晴，33°C", incomplete=True, stop_reason="error"))
        return conv.id


def test_ask_saves_the_conversation_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "--provider", "offline", QUESTION]) == 0
    listing = _json_out(capsys, ["history", "list", "--json"])
    assert isinstance(listing, list) and len(listing) == 1
    item = listing[0]
    assert LIST_KEYS <= set(item)
    assert item["provider"] == "offline" and item["title"] == QUESTION[:60]
    shown = _json_out(capsys, ["history", "show", item["id"], "--json"])
    assert isinstance(shown, dict) and set(shown) == {"id", "title", "messages"}
    msgs = shown["messages"]
    assert item["message_count"] == len(msgs) >= 2
    assert msgs[0]["role"] == "user" and msgs[0]["content"] == QUESTION
    assert msgs[-1]["role"] == "assistant" and not msgs[-1].get("tool_calls")
    assert not msgs[-1].get("incomplete")
    calls = [c["id"] for m in msgs for c in m.get("tool_calls", [])]
    results = [m["tool_call_id"] for m in msgs if m["role"] == "tool"]
    assert calls == results  # whatever the planner did, every call was answered


def test_ask_no_save_keeps_nothing(capsys: pytest.CaptureFixture[str], app_home: Path) -> None:
    assert main(["ask", "--provider", "offline", "--no-save", QUESTION]) == 0
    assert _json_out(capsys, ["history", "list", "--json"]) == []
    assert main(["ask", "--provider", "offline", "--json", QUESTION]) == 0  # the control
    assert len(_json_out(capsys, ["history", "list", "--json"])) == 1  # type: ignore[arg-type]


def test_show_json_has_the_contract_message_shape(capsys: pytest.CaptureFixture[str]) -> None:
    conv_id = _saved_trip()
    shown = _json_out(capsys, ["history", "show", conv_id, "--json"])
    assert isinstance(shown, dict)
    assert shown["id"] == conv_id and shown["title"] == "三亚 trip"
    msgs = shown["messages"]
    for m in msgs:
        assert set(m) - {"created_at"} <= MESSAGE_KEYS
        assert isinstance(m["created_at"], float)
    assert msgs[1]["tool_calls"] == [{"id": "call_1", "name": "get_weather", "arguments": {"city": "三亚"}}]
    assert {k: msgs[2][k] for k in ("role", "tool_call_id", "name", "is_error")} == {
        "role": "tool",
        "tool_call_id": "call_1",
        "name": "get_weather",
        "is_error": False,
    }
    assert msgs[3]["incomplete"] is True


def test_human_list_is_aligned_and_newest_first(capsys: pytest.CaptureFixture[str]) -> None:
    first = _saved_trip()
    with HistoryStore() as store:
        conv = store.new_conversation(title="Paris", provider="openai", model="gpt-4.1-mini")
        conv.append(UserMessage("Paris?"))
    capsys.readouterr()
    assert main(["history", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["ID", "UPDATED", "MSGS", "MODEL", "TITLE"]
    assert lines[1].startswith(conv.id) and lines[2].startswith(first)
    title_col = lines[0].index("TITLE")
    assert lines[1][title_col:] == "Paris" and lines[2][title_col:] == "三亚 trip"
    msgs_end = lines[0].index("MSGS") + len("MSGS")
    assert lines[1][msgs_end - 1] == "1" and lines[2][msgs_end - 1] == "4"  # right-aligned


def test_human_show_is_the_markdown_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    conv_id = _saved_trip()
    capsys.readouterr()
    assert main(["history", "show", conv_id[:10]]) == 0  # a unique prefix is enough
    out = capsys.readouterr().out
    assert out.startswith("# 三亚 trip") and "get_weather" in out and '"weather": "晴"' in out


@pytest.mark.parametrize("fmt", ["md", "json"])
def test_export_to_a_file(fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    conv_id = _saved_trip()
    target = tmp_path / "out" / f"trip.{fmt}"
    target.parent.mkdir()
    target.write_text("old contents")
    assert main(["history", "export", conv_id, "--format", fmt, "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert list(target.parent.iterdir()) == [target]  # no temporary file left behind
    capsys.readouterr()
    assert main(["history", "export", conv_id, "--format", fmt]) == 0
    assert capsys.readouterr().out == text
    if fmt == "json":
        assert json.loads(text)["messages"][1]["tool_calls"][0]["name"] == "get_weather"
    else:
        assert "```json" in text and "get_weather" in text


def test_unknown_id_and_unwritable_output_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conv_id = _saved_trip()
    capsys.readouterr()
    for argv in (
        ["history", "show", "nosuchid"],
        ["history", "show", "nosuchid", "--json"],
        ["history", "export", "nosuchid", "--format", "md"],
        ["history", "export", conv_id, "--format", "md", "-o", str(tmp_path / "no/dir/x.md")],
    ):
        assert main(argv) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith("travel-assistant: ")
        assert "Traceback" not in err


def test_a_broken_history_file_is_a_one_line_error(app_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (app_home / "data").mkdir(parents=True)
    (app_home / "data" / "history.sqlite3").write_bytes(b"not sqlite at all" * 100)
    assert main(["history", "list"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a history database" in err


def test_ask_with_an_unusable_history_fails_in_one_line(app_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (app_home / "data").mkdir(parents=True)
    (app_home / "data" / "history.sqlite3").write_bytes(b"not sqlite at all" * 100)
    assert main(["ask", "--provider", "offline", QUESTION]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a history database" in err and "unexpected" not in err
    assert main(["ask", "--provider", "offline", "--no-save", QUESTION]) == 0
