"""Every reader of JSON from outside under jsonsafe's one policy: a file or line nested too deep,
too large, or holding NaN/Infinity/1e400 is refused in one line (or set aside), never a crash."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app import jsonsafe
from desktop_app.commands.mcp_resources import prompt_arguments
from desktop_app.core.messages import ToolCall, ToolResultMessage
from desktop_app.errors import UsageError
from desktop_app.mcp.auth import oauth
from desktop_app.mcp.setup.gallery import GalleryError, load_gallery
from desktop_app.mcp.trust.pins import TrustStore
from desktop_app.planner.exchange import Exchange

DEEP = "[" * 3000 + "]" * 3000
VERY_DEEP = "[" * 100_000 + "]" * 100_000
V1 = {"a": {"name": "a", "description": "one", "input_schema": {}, "annotations": {}}}


# ---------------------------------------------------------------- the policy itself


def test_loads_refuses_size_depth_and_non_finite_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    for text, why in ((VERY_DEEP, "nested deeper"), ("[1e400]", "out of range"), ("[NaN]", "not JSON")):
        with pytest.raises(ValueError, match=why):
            jsonsafe.loads(text)
    assert jsonsafe.loads("[1e400]", finite=False) == [float("inf")]  # for callers that judge each value
    with pytest.raises(ValueError, match="nested deeper"):
        jsonsafe.loads(VERY_DEEP, finite=False)
    monkeypatch.setattr(jsonsafe, "MAX_DOCUMENT_BYTES", 100)
    with pytest.raises(ValueError, match="larger than"):
        jsonsafe.loads(json.dumps("x" * 200))


def test_read_file_reads_no_more_than_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonsafe, "MAX_DOCUMENT_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text(json.dumps("x" * 10_000), encoding="utf-8")
    with pytest.raises(ValueError, match="larger than"):
        jsonsafe.read_file(path)
    path.write_bytes(b'"\xff"')
    with pytest.raises(ValueError, match="not UTF-8"):
        jsonsafe.read_file(path)


@pytest.mark.parametrize(
    ("value", "counted"),
    [(12, 12), (12.0, 12), (float("nan"), 0), (float("inf"), 0), (-5, 0), (10**30, 0), (True, 0), ("7", 0), (None, 0)],
)
def test_a_count_we_are_told_is_whole_finite_and_in_range(value: Any, counted: int) -> None:
    assert jsonsafe.count(value) == counted


def test_json5_depth_sees_through_single_quotes_and_comments() -> None:
    hidden = "{'q': '\"', a: " + "[" * 200 + "]" * 200 + ", 'r': '\"'}"
    assert not jsonsafe.deep_spans(hidden, 128)  # a JSON-only scan is fooled
    assert jsonsafe.deep_spans(hidden, 128, jsonsafe.JSON5_TOKENS)
    assert not jsonsafe.deep_spans("// " + "[" * 300 + "\n{a: 1}", 128, jsonsafe.JSON5_TOKENS)


# ---------------------------------------------------------------- the readers


@pytest.mark.parametrize("content", [DEEP, VERY_DEEP, '{"version": 1, "servers": {}, "x": NaN}', '{"version": 1e400}'])
def test_trust_pins_too_deep_or_not_finite_fail_closed(tmp_path: Path, content: str) -> None:
    path = tmp_path / "mcp-trust.json"
    path.write_text(content, encoding="utf-8")
    store = TrustStore(path)
    held = store.review("srv", V1, {"a": "srv__a"})
    assert list(held) == ["srv__a"] and held["srv__a"].pins_lost
    (bad,) = tmp_path.glob("mcp-trust.json.bad-*")
    assert bad.read_text(encoding="utf-8") == content and "\n" not in store.notice and bad.name in store.notice


def test_trust_pins_too_large_fail_closed_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonsafe, "MAX_DOCUMENT_BYTES", 1000)
    path = tmp_path / "mcp-trust.json"
    path.write_text(json.dumps({"version": 1, "servers": {}, "pad": "x" * 2000}), encoding="utf-8")
    store = TrustStore(path)
    assert list(store.review("srv", V1, {"a": "srv__a"})) == ["srv__a"]
    assert "larger than" in store.notice and len(list(tmp_path.glob("mcp-trust.json.bad-*"))) == 1


@pytest.mark.parametrize("content", [DEEP, VERY_DEEP, '{"connectors": [], "n": 1e400}'])
def test_a_damaged_gallery_is_one_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "connectors.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(GalleryError, match="cannot be read") as info:
        load_gallery(path)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text", [DEEP, VERY_DEEP, '{"url": "https://h", "access_token": "t", "expires_in": 1e400}'])
def test_a_damaged_oauth_record_is_no_record(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(oauth, "keyring_secret", lambda _key: text)
    storage = oauth.KeyringTokenStorage("srv", "https://h")
    assert asyncio.run(storage._read("tokens")) == {}


@pytest.mark.parametrize("text", [VERY_DEEP, '{"a": ' + DEEP + "}", '{"n": NaN}'])
def test_prompt_arguments_from_the_command_line(text: str) -> None:
    with pytest.raises(UsageError, match="--args is not JSON"):
        prompt_arguments(text)


def test_a_deep_tool_result_is_text_to_the_offline_planner() -> None:
    result = ToolResultMessage(tool_call_id="c1", name="get_weather", content=VERY_DEEP)
    exchange = Exchange(ToolCall("c1", "get_weather", {}), result)
    assert exchange.data == VERY_DEEP


def test_the_approval_log_skips_damaged_lines_and_a_huge_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop_app.store.approval_log import ApprovalLog

    good = {"tool": "t", "call_id": "c", "decision": "approved", "scope": "once"}
    path = tmp_path / "approvals.jsonl"
    lines = [VERY_DEEP, json.dumps({**good, "at": 1}).replace("1}", "1e400}"), json.dumps(good)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [r.call_id for r in ApprovalLog(path).records()] == ["c"]
    monkeypatch.setattr(jsonsafe, "MAX_DOCUMENT_BYTES", 100)
    assert ApprovalLog(path).records() == []
