"""Through the real MainWindow: the seed's question, streaming, Stop, history, retry."""

from __future__ import annotations

import asyncio
import json
from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop_app.core.events import Event, ToolCallEvent, ToolResultEvent
from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage, Usage
from desktop_app.llm.base import Completed
from desktop_app.llm.fake import FakeModel
from desktop_app.store.history import HistoryStore
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import tool
from tests.gui.conftest import scripted_factory

SEED_QUESTION = "我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店"
STARTED: list[str] = []


@tool()
async def slow_lookup(city: str) -> dict[str, Any]:
    """Takes a long time (for Stop).

    Args:
        city: a city
    """
    STARTED.append(city)
    await asyncio.sleep(30)
    return {"city": city}


def inspector_calls(window: Any) -> list[dict[str, Any]]:
    """The tool_call events the inspector holds, read through its public export."""
    return [e for e in json.loads(window.inspector.export_json())["events"] if e["type"] == "tool_call"]


def run_and_wait(qtbot: Any, window: Any, text: str, timeout: int = 15000) -> str:
    with qtbot.waitSignal(window.runDone, timeout=timeout) as blocker:
        window.composer.setFocus()
        window.composer.insertPlainText(text)  # QTest types ASCII only; Enter is a real key press
        qtbot.keyClick(window.composer, Qt.Key.Key_Return)
    return str(blocker.args[0])


def test_seed_question_answers_with_three_paired_tool_calls(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    events: list[Event] = []
    window.session.every_event(events.append)
    status = run_and_wait(qtbot, window, SEED_QUESTION)
    assert status == "done"
    assert "¥4,600" in window.chat.answer_text()
    calls = [e for e in events if isinstance(e, ToolCallEvent)]
    results = {e.id: e for e in events if isinstance(e, ToolResultEvent)}
    assert [c.name for c in calls] == ["get_weather", "get_flight_price", "get_hotel_price"]
    assert set(results) == {c.id for c in calls}  # every call id paired with its result id
    chips = window.chat.chips()
    assert [c.call_id for c in chips] == [c.id for c in calls]
    for chip, call in zip(chips, calls, strict=True):
        assert chip.status == "done"
        shown = json.loads(chip.json_text())
        assert shown["arguments"] == call.arguments
        assert shown["result"] == json.loads(results[call.id].content)
    inspected = inspector_calls(window)
    assert [e["id"] for e in inspected] == [c.id for c in calls]
    assert [e["arguments"] for e in inspected] == [c.arguments for c in calls]
    assert window.composer.toPlainText() == ""


def test_shift_enter_makes_a_new_line_and_does_not_send(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.composer.setFocus()
    qtbot.keyClicks(window.composer, "line one")
    qtbot.keyClick(window.composer, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(window.composer, "line two")
    assert window.composer.toPlainText() == "line one\nline two"
    assert not window.session.busy
    assert window.chat.message_count() == 0


def test_chip_click_expands_json_and_selects_in_inspector(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    run_and_wait(qtbot, window, SEED_QUESTION)
    chip = window.chat.chip_widget(window.chat.chips()[1].call_id)
    assert chip is not None
    selected: list[str] = []
    window.inspector.callSelected.connect(selected.append)
    with qtbot.waitSignal(window.chat.callSelected) as blocker:
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    assert blocker.args == [chip.row.call_id]
    assert chip.expanded()
    assert chip._details is not None and "北京" in chip._details.toPlainText()
    assert selected == [chip.row.call_id]  # the inspector selected the same call


def test_stop_cancels_within_100ms_and_leaves_no_dangling_call(qtbot: Any, make_window: Any) -> None:
    STARTED.clear()
    model = FakeModel(
        [
            AssistantMessage(
                tool_calls=(ToolCall("call_slow", "slow_lookup", {"city": "三亚"}),), stop_reason="tool_calls"
            ),
        ]
    )
    window = make_window(scripted_factory(model, [slow_lookup]))
    with qtbot.waitSignal(window.session.toolCall, timeout=10000):
        window.conversation.send("look it up slowly")
    qtbot.waitUntil(lambda: STARTED == ["三亚"], timeout=5000)
    assert window.chat.chip("call_slow").status == "running"
    with qtbot.waitSignal(window.runDone, timeout=2000) as blocker:  # the tool would take 30 s
        qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert blocker.args == ["cancelled"]
    assert window.chat.chip("call_slow").status == "cancelled"
    messages = HistoryStore().messages(window.session.conversation_id)
    call_ids = {c.id for m in messages if isinstance(m, AssistantMessage) for c in m.tool_calls}
    result_ids = {m.tool_call_id for m in messages if isinstance(m, ToolResultMessage)}
    assert call_ids == {"call_slow"} and result_ids == call_ids


def test_history_reopens_an_old_conversation_with_its_tool_calls(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    run_and_wait(qtbot, window, SEED_QUESTION)
    first_id = window.session.conversation_id
    first_calls = [c.call_id for c in window.chat.chips()]
    window.conversation.new()
    assert window.chat.message_count() == 0
    item = window.history_panel.list.item(0)
    assert item.data(Qt.ItemDataRole.UserRole) == first_id
    rect = window.history_panel.list.visualItemRect(item)
    qtbot.mouseClick(window.history_panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.conversation_id == first_id
    chips = window.chat.chips()
    assert [c.call_id for c in chips] == first_calls
    assert all(c.status == "done" and c.result is not None for c in chips)
    assert "¥4,600" in window.chat.answer_text()
    assert [e["id"] for e in inspector_calls(window)] == first_calls
    # the next message continues the same conversation
    run_and_wait(qtbot, window, "成都呢？")
    assert window.session.conversation_id == first_id
    assert window.history_panel.list.count() == 1


def test_rename_and_delete_with_confirmation(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    run_and_wait(qtbot, window, SEED_QUESTION)
    panel = window.history_panel
    panel.list.setCurrentRow(0)
    panel.list.item(0).setText("三亚之行")
    assert HistoryStore().list()[0].title == "三亚之行"
    panel.list.setCurrentRow(0)
    panel.delete_selected()
    assert panel.confirm is not None and panel.confirm.isVisible()
    panel.confirm.button(panel.confirm.StandardButton.No).click()
    assert len(HistoryStore().list()) == 1
    panel.list.setCurrentRow(0)
    panel.delete_selected()
    panel.confirm.button(panel.confirm.StandardButton.Yes).click()
    assert HistoryStore().list() == []
    assert window.session.conversation_id == ""
    assert window.chat.message_count() == 0


def test_search_filters_the_list(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    run_and_wait(qtbot, window, SEED_QUESTION)
    window.conversation.new()
    run_and_wait(qtbot, window, "成都天气怎么样")
    assert window.history_panel.list.count() == 2
    window.history_panel.search.setText("成都")
    assert window.history_panel.list.count() == 1


def test_retry_replaces_the_last_answer(qtbot: Any, make_window: Any) -> None:
    model = FakeModel([AssistantMessage("first answer"), AssistantMessage("second answer")])
    window = make_window(scripted_factory(model))
    run_and_wait(qtbot, window, "hello")
    assert window.chat.answer_text() == "first answer"
    with qtbot.waitSignal(window.runDone, timeout=10000):
        qtbot.mouseClick(window.retry_button, Qt.MouseButton.LeftButton)
    assert window.chat.answer_text() == "second answer"
    sent = [m.role for m in model.requests[1].messages]
    assert sent == ["user"]  # the replaced answer was not shown to the model


def test_copy_puts_the_markdown_on_the_clipboard(qtbot: Any, make_window: Any) -> None:
    from PySide6.QtGui import QGuiApplication

    model = FakeModel([AssistantMessage("**bold** answer")])
    window = make_window(scripted_factory(model))
    run_and_wait(qtbot, window, "hello")
    from desktop_app.ui.chat.bubbles import StreamBubble

    bubble = window.chat.findChildren(StreamBubble)[0]
    qtbot.mouseClick(bubble.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "**bold** answer"


def test_offline_banner_and_header(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    assert window.banner.isVisible()
    assert "offline" in window.header.text()
    qtbot.mouseClick(window.banner_button, Qt.MouseButton.LeftButton)
    dialog = window.settings_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.reject()


def test_a_key_in_the_environment_names_the_provider_runs_will_use(
    qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: OPENAI_API_KEY set and no provider chosen: runs go to OpenAI, so no offline banner."""
    from desktop_app.runtime import RunOptions, choose_provider

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    window = make_window()
    assert choose_provider(Settings(), RunOptions()) == "openai"  # what a run decides
    assert window.setup.provider() == "openai" and not window.banner.isVisible()
    assert "openai" in window.header.text()
    monkeypatch.delenv("OPENAI_API_KEY")
    window.status.show_model()
    assert window.setup.provider() == "offline" and window.banner.isVisible()


def test_usage_in_status_bar(qtbot: Any, make_window: Any) -> None:
    model = FakeModel([AssistantMessage("x" * 40)])
    window = make_window(scripted_factory(model))
    run_and_wait(qtbot, window, "hello there")
    inp, out = window.status.tokens
    assert inp > 0 and out > 0
    assert f"{out:,} out" in window.usage_label.text()


class PricedModel(FakeModel):
    """A scripted gpt-4o-mini that reports the usage of a small real run (164 in / 34 out)."""

    provider = "openai"

    def __init__(self) -> None:
        super().__init__([AssistantMessage("晴，33°C")])
        self.model = "gpt-4o-mini"

    async def stream(self, request: Any) -> Any:
        async for item in super().stream(request):
            yield Completed(item.message, Usage(164, 34)) if isinstance(item, Completed) else item


def test_a_small_runs_cost_keeps_its_significant_digits(qtbot: Any, make_window: Any) -> None:
    window = make_window(scripted_factory(PricedModel()))
    run_and_wait(qtbot, window, "三亚天气")
    assert window.status.tokens == [164, 34]
    assert window.usage_label.text().endswith("est. $0.000045")  # 164 × $0.15/M + 34 × $0.60/M


def test_an_engine_error_is_shown_not_raised(qtbot: Any, make_window: Any) -> None:
    from desktop_app.llm.base import ProviderError

    model = FakeModel([ProviderError("the service said no", "auth")])
    window = make_window(scripted_factory(model))
    assert run_and_wait(qtbot, window, "hello") == "error"
    from desktop_app.ui.chat.bubbles import MessageBubble

    errors = [b for b in window.chat.findChildren(MessageBubble) if b.role == "error"]
    assert errors and "the service said no" in errors[-1].markdown()
    assert not window.session.busy


def test_dock_layout_is_remembered(qtbot: Any, make_window: Any) -> None:
    first = make_window()
    assert first.dock.isVisible()
    first.inspector_action.trigger()  # View > Inspector: hide it
    assert not first.dock.isVisible()
    first.close()
    second = make_window()  # same QSettings file
    assert not second.dock.isVisible()
    second.inspector_action.trigger()
    assert second.dock.isVisible()


def test_slash_skill_in_the_input_box_activates_the_skill(qtbot: Any, make_window: Any) -> None:
    seen: list[Any] = []

    async def factory(settings: Any, options: Any, approver: Any, **kw: Any) -> Any:
        seen.append(options.skill)
        return await scripted_factory(FakeModel([AssistantMessage("ok")]))(settings, options, approver, **kw)

    window = make_window(factory)
    run_and_wait(qtbot, window, "/search_and_summarize 三亚 攻略")
    assert window.skill_chip.isVisible()  # active for the conversation until its chip is removed
    run_and_wait(qtbot, window, "/not-a-skill hello")
    qtbot.mouseClick(window.skill_chip.close_button, Qt.MouseButton.LeftButton)
    run_and_wait(qtbot, window, "/not-a-skill hello")
    assert seen == ["search_and_summarize", "search_and_summarize", ""]


def test_a_run_keeps_the_settings_it_started_with(qtbot: Any, make_window: Any) -> None:
    seen: list[Settings] = []
    inner = scripted_factory(FakeModel([AssistantMessage("ok")]))

    async def factory(settings: Settings, *args: Any, **kwargs: Any) -> Any:
        seen.append(settings)
        return await inner(settings, *args, **kwargs)

    window = make_window(factory, settings=Settings(model="chosen before the run", max_turns=7))

    def edit_during_the_run(_event: Any) -> None:  # on the UI thread while the engine runs
        window.settings.model = "edited in the window"
        window.settings.max_turns = 1

    window.session.runStarted.connect(edit_during_the_run)
    assert run_and_wait(qtbot, window, "hello") == "done"
    assert window.settings.model == "edited in the window"
    run_settings = seen[0]
    assert (run_settings.model, run_settings.max_turns) == ("chosen before the run", 7)
    with pytest.raises(FrozenInstanceError):
        run_settings.model = "changed by the run"


def test_open_question_and_follow_up_in_the_window(qtbot: Any, make_window: Any) -> None:
    """Issue 18: the inspector shows the parallel lookups of an open question; a follow-up continues it."""
    window = make_window()
    assert run_and_wait(qtbot, window, "12月想从上海去个暖和的地方，预算5000，有什么推荐") == "done"
    cities = {c["arguments"].get("city") or c["arguments"].get("destination") for c in inspector_calls(window)}
    assert len(cities) >= 3 and "个暖和" not in cities
    assert "推荐：" in window.chat.answer_text()
    before = len(inspector_calls(window))
    assert run_and_wait(qtbot, window, "换成成都呢") == "done"
    after = inspector_calls(window)[before:]
    routes = [{k: v for k, v in c["arguments"].items() if k in ("origin", "destination")} for c in after]
    assert {"origin": "上海", "destination": "成都"} in routes  # with the dates of 12月 beside them
