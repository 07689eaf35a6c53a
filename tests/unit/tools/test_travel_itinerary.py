"""save_itinerary: hostile titles stay in the folder, nothing is overwritten, errors are clear."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from desktop_app import paths
from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.llm.fake import FakeModel
from desktop_app.tools.registry import ToolOutput, ToolRegistry
from desktop_app.tools.travel import itinerary as it
from desktop_app.tools.travel import save_itinerary, travel_tools
from tests.approvers import RecordingApprover


async def save(title: str, markdown: str = "# 三亚三日游\n\n- Day 1\n") -> ToolOutput:
    args: dict[str, Any] = {"title": title, "markdown": markdown}
    return await ToolRegistry([save_itinerary]).execute(ToolCall("c1", "save_itinerary", args, ""))


def folder() -> Path:
    return paths.documents_dir()


def saved_files() -> list[str]:
    return sorted(p.name for p in folder().iterdir()) if folder().exists() else []


async def saved_path(title: str, markdown: str = "# trip\n") -> Path:
    out = await save(title, markdown)
    assert not out.is_error, out.content
    path = Path(json.loads(out.content)["path"])
    assert path.parent == folder() and path.is_file() and not path.is_symlink()
    return path


def test_documents_folder_is_under_the_test_home(app_home: Path) -> None:
    assert folder().is_relative_to(app_home)


async def test_saves_markdown_and_returns_the_path() -> None:
    out = await save("三亚三日游", "# 三亚三日游\n\n机票 ¥1,280")
    data = json.loads(out.content)
    assert not out.is_error
    path = Path(data["path"])
    assert path == folder() / "三亚三日游.md"
    assert path.read_text(encoding="utf-8") == "# 三亚三日游\n\n机票 ¥1,280\n"
    assert data["file_name"] == "三亚三日游.md" and data["bytes"] == path.stat().st_size
    if os.name == "posix":
        assert path.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("../../x", "x.md"),
        ("..", "itinerary.md"),
        ("../..", "itinerary.md"),
        ("/etc/passwd", "etc-passwd.md"),
        ("C:\\Windows\\system32\\drivers", "C--Windows-system32-drivers.md"),
        ("\\\\server\\share\\x", "server-share-x.md"),
        ("CON", "_CON.md"),
        ("con.txt", "_con.txt.md"),
        ("Lpt9", "_Lpt9.md"),
        ("nul ", "_nul.md"),
        ("a\x00b", "a b.md"),
        ("day 1\nday 2\r\n", "day 1 day 2.md"),
        ("\u202eevil\u200b", "evil.md"),
        ("trip.md", "trip.md"),
        ("   ", "itinerary.md"),
        ("", "itinerary.md"),
        ('a<b>c:d"e|f?g*h', "a-b-c-d-e-f-g-h.md"),
        (".hidden", "hidden.md"),
        ("~/x", "~-x.md"),
    ],
)
async def test_hostile_titles_stay_in_the_folder(title: str, expected: str) -> None:
    path = await saved_path(title)
    assert path.name == expected
    assert saved_files() == [expected]  # and nothing else: no temp files left behind


async def test_very_long_titles_are_cut_to_a_valid_name() -> None:
    for title in ("行" * 1000, "a" * 5000, "é" * 300 + "/../" * 50):
        path = await saved_path(title)
        assert len(path.name.encode("utf-8")) <= it.MAX_NAME_BYTES + len(".md")
    assert len(saved_files()) == 3


async def test_never_overwrites_adds_a_number() -> None:
    first = await saved_path("三亚", "# one\n")
    second = await saved_path("三亚", "# two\n")
    third = await saved_path("../三亚", "# three\n")
    assert [first.name, second.name, third.name] == ["三亚.md", "三亚-2.md", "三亚-3.md"]
    assert first.read_text(encoding="utf-8") == "# one\n"
    assert second.read_text(encoding="utf-8") == "# two\n"


async def test_an_existing_symlink_is_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    folder().mkdir(parents=True)
    (folder() / "trip.md").symlink_to(outside)
    path = await saved_path("trip", "# new\n")
    assert path.name == "trip-2.md"
    assert outside.read_text(encoding="utf-8") == "precious"


async def test_without_hard_links_it_still_never_overwrites(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_link(src: Any, dst: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_link)
    first = await saved_path("fat32", "# one\n")
    second = await saved_path("fat32", "# two\n")
    assert (first.name, second.name) == ("fat32.md", "fat32-2.md")
    assert first.read_text(encoding="utf-8") == "# one\n"
    assert saved_files() == ["fat32-2.md", "fat32.md"]


async def test_disk_full_is_a_clear_error_and_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    out = await save("三亚")
    assert out.is_error and "disk full" in json.loads(out.content)["error"]
    assert saved_files() == []


async def test_permission_error_is_clear(monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(**_: Any) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    out = await save("三亚")
    assert out.is_error and "permission denied" in json.loads(out.content)["error"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores permissions")
async def test_read_only_folder_is_a_clear_error() -> None:
    folder().mkdir(parents=True)
    folder().chmod(0o500)
    try:
        out = await save("三亚")
    finally:
        folder().chmod(0o700)
    assert out.is_error and "permission denied" in out.content


async def test_documents_path_that_is_a_file_is_a_clear_error() -> None:
    folder().parent.mkdir(parents=True)
    folder().write_text("not a folder", encoding="utf-8")
    out = await save("三亚")
    assert out.is_error and "is not a folder" in json.loads(out.content)["error"]
    assert folder().read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("markdown", ["", "  \n\t"])
async def test_empty_markdown_is_refused(markdown: str) -> None:
    out = await save("x", markdown)
    assert out.is_error and "empty" in out.content and saved_files() == []


async def test_oversized_markdown_is_refused() -> None:
    out = await save("x", "a" * (it.MAX_MARKDOWN_CHARS + 1))
    assert out.is_error and "too long" in out.content and saved_files() == []


def test_safe_file_stem_is_idempotent_and_never_a_path() -> None:
    for title in ("../../x", "/etc/passwd", "CON", "a\x00b", "..\\..\\y", "行" * 200, "....", "-"):
        stem = it.safe_file_stem(title)
        assert stem and "/" not in stem and "\\" not in stem and ".." not in stem
        assert not stem.startswith((".", " ")) and stem == stem.strip()
        assert it.safe_file_stem(stem) == stem


# ---------------------------------------------------------------- through the agent loop


async def run_agent_saving(approver: Any) -> list[Any]:

    save_call = ToolCall("call_save", "save_itinerary", {"title": "三亚", "markdown": "# 三亚\n"}, "")
    model = FakeModel([AssistantMessage(tool_calls=(save_call,), stop_reason="tool_calls"), AssistantMessage("ok")])
    agent = Agent(model, ToolRegistry(travel_tools()), approver)
    return [e for e in [e async for e in agent.run("save it")] if isinstance(e, ev.ToolResultEvent)]


async def test_the_loop_refuses_to_save_without_confirmation() -> None:
    (result,) = await run_agent_saving(PolicyApprover("none"))
    assert result.is_error and saved_files() == []


async def test_the_loop_saves_once_the_user_confirms() -> None:
    approver = RecordingApprover(approve=True)
    (result,) = await run_agent_saving(approver)
    assert not result.is_error and saved_files() == ["三亚.md"]
    assert [c.name for c in approver.asked] == ["save_itinerary"]
