"""Skills: discovery, front-matter errors with lines, injection order, tool restriction, limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.agent.approval import PolicyApprover
from desktop_app.agent.loop import Agent
from desktop_app.cli import main
from desktop_app.core import events as ev
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.errors import UsageError
from desktop_app.llm.fake import FakeModel
from desktop_app.paths import config_dir
from desktop_app.runtime import RunOptions, open_run, system_prompt
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import ToolRegistry
from desktop_app.tools.skills import (
    SKILL_PREFIX,
    SkillError,
    activate_skill,
    discover,
    find_skill,
    load_skill,
    parse_front_matter,
)
from desktop_app.tools.travel import get_flight_price, get_weather
from desktop_app.tools.web import WebConfig, WebTools


def write_skill(root: Path, name: str, text: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "SKILL.md"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """---
name: {name}
description: "Plan a day: use the weather"   # a comment
allowed-tools:
  - get_weather
limits: {{get_weather: 2, token_budget: 500}}
---
# {name}
Call get_weather, then answer.
"""


def test_bundled_search_and_summarize_is_found() -> None:
    skill = find_skill("search_and_summarize")
    assert skill.source == "bundled"
    assert skill.allowed_tools == ("web_search", "read_page", "get_weather")
    assert skill.limits == {"web_search": 5, "read_page": 3}
    assert skill.token_budget == 10000
    for heading in ("## 行为步骤", "## 输出格式", "## 限制"):
        assert heading in skill.instructions


def test_user_skills_are_discovered_and_override(tmp_path: Path) -> None:
    user = config_dir() / "skills"
    write_skill(user, "day_planner", GOOD.format(name="day_planner"))
    skill = find_skill("/day_planner")  # as typed in the input box
    assert skill.source == "user" and skill.allowed_tools == ("get_weather",)
    assert skill.limits == {"get_weather": 2} and skill.token_budget == 500
    assert "day_planner" in discover().skills and "search_and_summarize" in discover().skills


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("no front matter\n", 1, "must start with '---'"),
        ("---\nname: x\n", 2, "not closed"),
        ("---\nname: broken\n  description: y\n---\nbody\n", 3, "mapping values are not allowed here"),
        ("---\nname: broken\ndescription: [a, b\n---\nbody\n", 3, "expected ',' or ']'"),
        ("---\nname: broken\n\tdescription: y\n---\nbody\n", 3, "found character '\\t'"),
        ("---\nname: broken\nx: &a [1, 2]\ny: [*a, *a]\n---\nbody\n", 4, "aliases are not allowed"),
        ("---\nname: broken\n7: seven\n---\nbody\n", 3, "a key must be text"),
        ("---\n- name\n- broken\n---\nbody\n", 2, "must be 'key: value' lines"),
        ("---\nname: broken\nx: !!python/object:os.system {}\n---\nbody\n", 3, "could not determine a constructor"),
        ("---\nname: broken\nname: again\n---\nbody\n", 3, "duplicate key"),
        ("---\ndescription: d\n---\nbody\n", 1, "'name' is required"),
        ("---\nname: other\ndescription: d\n---\nbody\n", 2, "does not match its folder"),
        ("---\nname: broken\n---\nbody\n", 1, "'description' is required"),
        ("---\nname: broken\ndescription: d\nlimits: {web_search: five}\n---\nb\n", 4, "limit"),
        ("---\nname: broken\ndescription: d\nallowed_tools: 5\n---\nb\n", 4, "tool names"),
        ("---\nname: broken\ndescription: d\n---\n\n", 4, "no instructions"),
    ],
)
def test_front_matter_errors_name_file_and_line(tmp_path: Path, text: str, line: int, words: str) -> None:
    path = write_skill(tmp_path, "broken", text)
    with pytest.raises(SkillError) as info:
        load_skill(path)
    message = str(info.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert words in message


def test_broken_skills_are_listed_not_fatal(tmp_path: Path) -> None:
    write_skill(tmp_path, "good", GOOD.format(name="good"))
    write_skill(tmp_path, "bad", "---\nname: bad\n")
    catalog = discover([("user", tmp_path)])
    assert list(catalog.skills) == ["good"]
    assert len(catalog.problems) == 1 and "bad/SKILL.md:2:" in catalog.problems[0]
    with pytest.raises(SkillError, match="cannot be loaded"):
        find_skill("bad", [("user", tmp_path)])


def test_the_front_matter_is_yaml() -> None:
    meta, body, start = parse_front_matter(
        "---\n"
        "name: 'it''s'\n"
        "count: 3\n"
        "ratio: 0.5\n"
        "flag: true\n"
        "empty:\n"
        "items: [a, 'b, c', {k: 1}]\n"
        "nested:\n"
        "  inner:\n"
        "    - x\n"
        "    - y  # comment\n"
        '  other: "q # not a comment"\n'
        "rows:\n"
        "  - key: 1\n"
        "    other: [2]\n"
        "folded: >\n"
        "  one\n"
        "  two\n"
        "---\n"
        "Body here\n"
    )
    assert meta == {
        "name": "it's",
        "count": 3,
        "ratio": 0.5,
        "flag": True,
        "empty": None,
        "items": ["a", "b, c", {"k": 1}],
        "nested": {"inner": ["x", "y"], "other": "q # not a comment"},
        "rows": [{"key": 1, "other": [2]}],
        "folded": "one two",
    }
    assert body == "Body here" and start == 20


def _call(name: str, args: dict[str, object], n: int) -> ToolCall:
    return ToolCall(f"call_{name}_{n}", name, args, json.dumps(args))


def _agent(model: FakeModel) -> Agent:
    registry = ToolRegistry([get_weather, *WebTools(WebConfig()).tools()])
    agent = Agent(model=model, registry=registry, approver=PolicyApprover("none"), system=("BASE",))
    activate_skill(agent, find_skill("search_and_summarize"), registry.names())
    return agent


async def test_injection_order_and_tool_restriction() -> None:
    model = FakeModel(
        [
            AssistantMessage(
                tool_calls=(_call("get_flight_price", {"origin": "北京", "destination": "三亚"}, 0),),
                stop_reason="tool_calls",
            ),
            AssistantMessage("done"),
        ]
    )
    agent = _agent(model)
    agent.registry.add(get_flight_price)
    events = [e async for e in agent.run("三亚旅游攻略")]
    request = model.requests[0]
    assert request.system[0] == "BASE"
    assert request.system[1].startswith(SKILL_PREFIX + "---\nname: search_and_summarize")
    assert len(request.system) == 2
    assert sorted(t.name for t in request.tools) == ["get_weather", "read_page", "web_search"]
    result = next(e for e in events if isinstance(e, ev.ToolResultEvent))
    assert result.is_error and "not allowed by the active skill" in result.content


async def test_call_limits_are_enforced_by_the_engine() -> None:
    searches = tuple(_call("web_search", {"query": f"三亚 {i}"}, i) for i in range(6))
    reads = tuple(_call("read_page", {"url": "guide://sanya"}, i) for i in range(4))
    more = (_call("web_search", {"query": "三亚"}, 9),)
    model = FakeModel(
        [
            AssistantMessage(tool_calls=searches, stop_reason="tool_calls"),
            AssistantMessage(tool_calls=reads, stop_reason="tool_calls"),
            AssistantMessage(tool_calls=more, stop_reason="tool_calls"),
            AssistantMessage("done"),
        ]
    )
    events = [e async for e in _agent(model).run("三亚")]
    results = {e.id: e for e in events if isinstance(e, ev.ToolResultEvent)}
    over = [r for r in results.values() if r.is_error]
    assert sorted(r.id for r in over) == ["call_read_page_3", "call_web_search_5", "call_web_search_9"]
    assert "at most 5 web_search calls" in results["call_web_search_5"].content
    assert "at most 3 read_page calls" in results["call_read_page_3"].content
    assert not results["call_read_page_0"].is_error
    assert isinstance(events[-1], ev.FinalEvent)


async def test_token_budget_is_enforced_by_the_engine() -> None:
    call = _call("web_search", {"query": "三亚"}, 0)
    model = FakeModel([AssistantMessage(tool_calls=(call,), stop_reason="tool_calls")])
    agent = _agent(model)
    events = [e async for e in agent.run("三亚" + "很长的问题" * 9000)]
    error = events[-1]
    assert isinstance(error, ev.ErrorEvent) and error.kind == "budget"
    assert "token budget" in error.message and "10000" in error.message
    assert not any(isinstance(e, ev.ToolResultEvent) for e in events)  # the call did not run
    assert agent.messages[-1].is_error  # type: ignore[union-attr]


async def test_open_run_activates_and_rejects_unknown_skills() -> None:
    run = await open_run(
        Settings(), RunOptions(provider="offline", skill="search_and_summarize"),
        PolicyApprover("none"), save=False,
    )  # fmt: skip
    try:
        assert next(iter(run.agent.system)) == system_prompt()
        assert tuple(run.agent.system)[1].startswith(SKILL_PREFIX)
        assert run.agent.allowed_tools == ("web_search", "read_page", "get_weather")
        assert run.agent.guard is not None
    finally:
        await run.close()
    with pytest.raises(UsageError, match="available skills: search_and_summarize"):
        await open_run(Settings(), RunOptions(provider="offline", skill="nope"),
                       PolicyApprover("none"), save=False)  # fmt: skip


def test_cli_unknown_skill_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "hi", "--provider", "offline", "--skill", "nope", "--no-save"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown skill 'nope'" in err


def test_cli_offline_skill_gives_the_five_sections(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["ask", "三亚旅游攻略", "--provider", "offline", "--skill",
                 "search_and_summarize", "--no-save", "--json"])  # fmt: skip
    assert code == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    calls = [e["name"] for e in events if e["type"] == "tool_call"]
    assert calls.count("web_search") <= 5 and 1 <= calls.count("read_page") <= 3
    final = next(e for e in events if e["type"] == "final")["text"]
    for section in ("天气", "景点", "美食", "交通", "预算"):
        assert section in final
    assert "亚龙湾" in final and "清补凉" in final  # pulled from the guide page


def test_slash_command_in_the_input_box() -> None:
    from desktop_app.tools.skills import split_skill_command

    names = discover().skills
    assert split_skill_command("/search_and_summarize 三亚旅游攻略", names) == (
        "search_and_summarize",
        "三亚旅游攻略",
    )
    assert split_skill_command("/unknown hi", names) == ("", "/unknown hi")
    assert split_skill_command("三亚 /search_and_summarize", names)[0] == ""
