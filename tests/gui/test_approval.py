"""The confirmation dialog through the real window: allow, deny with a reason, close, timeout."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop_app.core.messages import AssistantMessage, ToolCall, ToolResultMessage
from desktop_app.llm.fake import FakeModel
from desktop_app.store.settings import Settings
from desktop_app.tools.registry import tool
from tests.gui.conftest import scripted_factory

BOOKED: list[str] = []


@tool(risk="write")
def book_hotel(hotel: str, nights: int) -> dict[str, Any]:
    """Books a hotel (a write: needs the user's confirmation).

    Args:
        hotel: hotel name
        nights: how many nights
    """
    BOOKED.append(hotel)
    return {"booked": hotel, "nights": nights}


def booking_model(*calls: ToolCall) -> FakeModel:
    return FakeModel(
        [
            AssistantMessage(tool_calls=calls, stop_reason="tool_calls"),
            AssistantMessage("finished"),
        ]
    )


def call(hotel: str = "三亚湾海景酒店", cid: str = "call_book1") -> ToolCall:
    args = {"hotel": hotel, "nights": 3}
    return ToolCall(cid, "book_hotel", args, json.dumps(args, ensure_ascii=False))


def start(qtbot: Any, make_window: Any, *calls: ToolCall, **kw: Any) -> tuple[Any, FakeModel]:
    BOOKED.clear()
    model = booking_model(*calls)
    window = make_window(scripted_factory(model, [book_hotel]), **kw)
    with qtbot.waitSignal(window.approver.dialogShown, timeout=10000):
        window.conversation.send("book it")
    return window, model


def tool_result_sent(model: FakeModel) -> ToolResultMessage:
    return next(m for m in model.requests[-1].messages if isinstance(m, ToolResultMessage))


def test_allow_once_runs_the_tool(qtbot: Any, make_window: Any) -> None:
    window, _model = start(qtbot, make_window, call())
    dialog = window.approver.dialog
    assert "三亚湾海景酒店" in dialog.arguments.toPlainText()
    qtbot.waitUntil(lambda: window.chat.chip("call_book1").status == "waiting")  # the run's approval_waiting
    with qtbot.waitSignal(window.runDone, timeout=10000):
        qtbot.mouseClick(dialog.allow_once, Qt.MouseButton.LeftButton)
    assert BOOKED == ["三亚湾海景酒店"]
    assert window.chat.chip("call_book1").status == "done"
    record = window.approver.log.records()[-1]
    assert (record.decision, record.scope, record.tool) == ("approved", "once", "book_hotel")


def test_deny_with_reason_never_runs_and_tells_the_model(qtbot: Any, make_window: Any) -> None:
    window, model = start(qtbot, make_window, call())
    dialog = window.approver.dialog
    dialog.reason.setText("too expensive")
    with qtbot.waitSignal(window.runDone, timeout=10000):
        qtbot.mouseClick(dialog.deny, Qt.MouseButton.LeftButton)
    assert BOOKED == []
    result = tool_result_sent(model)
    assert result.is_error and "too expensive" in result.content
    assert window.chat.chip("call_book1").status == "denied"


def test_closing_the_dialog_denies(qtbot: Any, make_window: Any) -> None:
    window, model = start(qtbot, make_window, call())
    with qtbot.waitSignal(window.runDone, timeout=10000):
        window.approver.dialog.close()
    assert BOOKED == []
    assert "closed the confirmation dialog" in tool_result_sent(model).content
    assert window.approver.log.records()[-1].scope == "dismissed"


def test_escape_denies(qtbot: Any, make_window: Any) -> None:
    window, model = start(qtbot, make_window, call())
    # until the dialog is the active window, Escape is the main window's (it stops the run: denied as cancelled)
    qtbot.waitUntil(window.approver.dialog.isActiveWindow, timeout=5000)
    with qtbot.waitSignal(window.runDone, timeout=10000):
        qtbot.keyClick(window.approver.dialog, Qt.Key.Key_Escape)
    assert BOOKED == []
    assert tool_result_sent(model).is_error


def test_timeout_denies(qtbot: Any, make_window: Any) -> None:
    window, model = start(qtbot, make_window, call(), timeout_s=0.2)
    qtbot.waitSignal(window.runDone, timeout=10000).wait()
    assert BOOKED == []
    assert "no answer within 0.2 s" in tool_result_sent(model).content
    assert window.approver.dialog is None  # the dialog went away with the timeout


def test_several_calls_are_queued_one_decision_each(qtbot: Any, make_window: Any) -> None:
    window, _model = start(qtbot, make_window, call("A", "call_a"), call("B", "call_b"))
    first = window.approver.dialog
    assert first.queue_label.isVisible() and "1 more" in first.queue_label.text()
    with qtbot.waitSignal(window.approver.dialogShown, timeout=5000) as shown:
        first.allow_once.click()
    second = shown.args[0]
    assert second is not first and '"B"' in second.arguments.toPlainText()
    assert not second.queue_label.isVisible()
    with qtbot.waitSignal(window.runDone, timeout=10000):
        second.deny.click()
    assert BOOKED == ["A"]
    assert [r.decision for r in window.approver.log.records()] == ["approved", "denied"]


def test_allow_for_conversation_then_revoke_in_settings(qtbot: Any, make_window: Any) -> None:
    window, _model = start(qtbot, make_window, call("A", "call_a"), call("B", "call_b"))
    with qtbot.waitSignal(window.approver.dialogShown, timeout=5000) as shown:
        window.approver.dialog.allow_conversation.click()
    queued = shown.args[0]  # already waiting when A was allowed: the user still sees B's arguments
    assert '"B"' in queued.arguments.toPlainText()
    with qtbot.waitSignal(window.runDone, timeout=10000):
        queued.allow_once.click()
    assert BOOKED == ["A", "B"]
    scopes = [r.scope for r in window.approver.log.records()]
    assert scopes == ["conversation", "once"]
    dialog = window.open_settings()
    assert dialog.allowances.count() == 1
    assert dialog.decisions.rowCount() == 2
    dialog.allowances.setCurrentRow(0)
    dialog.revoke.click()
    assert dialog.allowances.count() == 0
    assert window.approver.policy.allowances() == []
    dialog.reject()


def test_allowed_for_the_conversation_a_later_call_runs_without_asking(qtbot: Any, make_window: Any) -> None:
    BOOKED.clear()
    model = FakeModel(
        [
            AssistantMessage(tool_calls=(call("A", "call_a"),), stop_reason="tool_calls"),
            AssistantMessage(tool_calls=(call("C", "call_c"),), stop_reason="tool_calls"),
            AssistantMessage("finished"),
        ]
    )
    window = make_window(scripted_factory(model, [book_hotel]))
    shown: list[Any] = []
    window.approver.dialogShown.connect(shown.append)
    with qtbot.waitSignal(window.approver.dialogShown, timeout=10000):
        window.conversation.send("book it")
    with qtbot.waitSignal(window.runDone, timeout=10000):
        window.approver.dialog.allow_conversation.click()
    assert BOOKED == ["A", "C"] and len(shown) == 1  # C came after the allowance: not asked
    assert [r.scope for r in window.approver.log.records()] == ["conversation", "conversation"]


def test_invisible_characters_are_made_visible(qtbot: Any, make_window: Any) -> None:
    window, _model = start(qtbot, make_window, call("Evil\u202etxt.exe\u200b"))
    dialog = window.approver.dialog
    text = dialog.arguments.toPlainText()
    assert "\u202e" not in text and "U+202E" in text and "U+200B" in text
    assert dialog.warning.isVisible()
    with qtbot.waitSignal(window.runDone, timeout=10000):
        dialog.deny.click()


def test_always_allowed_in_settings_skips_the_dialog(qtbot: Any, make_window: Any) -> None:
    BOOKED.clear()
    model = booking_model(call())
    window = make_window(scripted_factory(model, [book_hotel]), settings=Settings(auto_approve=["book_hotel"]))
    shown: list[Any] = []
    window.approver.dialogShown.connect(shown.append)
    with qtbot.waitSignal(window.runDone, timeout=10000):
        window.conversation.send("book it")
    assert shown == [] and BOOKED == ["三亚湾海景酒店"]
    assert window.approver.log.records()[-1].scope == "always"


def test_stop_while_waiting_closes_the_dialog(qtbot: Any, make_window: Any) -> None:
    window, _model = start(qtbot, make_window, call())
    with qtbot.waitSignal(window.runDone, timeout=5000) as blocker:
        window.conversation.stop()
    assert blocker.args == ["cancelled"]
    assert window.approver.dialog is None and BOOKED == []


def test_offline_save_itinerary_asks_first_and_saves_only_when_allowed(qtbot: Any, make_window: Any) -> None:
    from desktop_app.paths import documents_dir

    window = make_window()
    with qtbot.waitSignal(window.runDone, timeout=15000):
        window.conversation.send("我在北京，下周想去三亚玩三天，帮我查一下天气、机票和酒店")
    with qtbot.waitSignal(window.approver.dialogShown, timeout=15000) as shown:
        window.conversation.send("帮我把这个行程保存下来")
    dialog = shown.args[0]
    assert "save_itinerary" in dialog.findChild(type(dialog.queue_label), "toolName").text()
    assert "¥4,600" in dialog.arguments.toPlainText()  # the exact markdown to be written
    assert not documents_dir().exists() or not any(documents_dir().iterdir())
    with qtbot.waitSignal(window.runDone, timeout=15000):
        dialog.allow_once.click()
    saved = list(documents_dir().glob("*.md"))
    assert len(saved) == 1 and "¥4,600" in saved[0].read_text(encoding="utf-8")


def test_the_dialog_and_the_chip_say_a_call_was_recovered_from_text(qtbot: Any, make_window: Any) -> None:
    """Who asked (issue 39/40): a call read out of the model's text is not "exactly as the model sent it"."""
    from dataclasses import replace

    recovered = replace(call(cid="call_txt_1"), recovered=True, raw_text="<tool_call>…", origin="recovered_from_text")
    window, _model = start(qtbot, make_window, recovered)
    dialog = window.approver.dialog
    asked = dialog.findChild(QLabel, "askedBy")
    assert asked is not None and "recovered from text" in asked.text()
    assert any(label.text() == "Arguments, as read from the model's text:" for label in dialog.findChildren(QLabel))
    chip = window.chat.chip("call_txt_1").chip()
    assert chip is not None and chip.findChild(QLabel, "origin") is not None
    with qtbot.waitSignal(window.runDone, timeout=10000):
        dialog.deny.click()


def test_the_dialog_names_the_app_view_that_asked(qtbot: Any) -> None:
    from desktop_app.ui.approval import ApprovalDialog

    view_call = ToolCall("app-1", "shop__buy", {"item": "x"}, origin="app_view", asked_by="shop")
    dialog = ApprovalDialog(view_call, book_hotel, 60, None)
    qtbot.addWidget(dialog)
    asked = dialog.findChild(QLabel, "askedBy")
    assert asked is not None and asked.text() == "an App view of MCP server shop"
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Arguments, exactly as the App view sent them:" in labels
    assert "Arguments, exactly as the model sent them:" not in labels
