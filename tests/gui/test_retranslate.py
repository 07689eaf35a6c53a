"""A live language switch (Settings → 简体中文 → Save) retranslates every visible text of the window.

The check walks the widgets a person sees after the switch (labels, buttons, tab titles, group
titles, placeholders, tooltips, item-view headers and rows, the sequence diagram's lines) and
looks each text up in the .ts file: an English source that has a Chinese translation, still
shown, is a text that was not retranslated.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QEvent, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QTabBar,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from tests.gui.test_main_window import SEED_QUESTION, run_and_wait

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import update_translations  # noqa: E402

FIELD = re.compile(r"\{[^}]*\}|%n|%\d")
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def _pattern(text: str) -> re.Pattern[str]:
    """A UI string as a pattern: its fields (`{n}`, `%1`, `%n`) match a short text (a long one is data:
    a system prompt is not "%1 of %2")."""
    return re.compile(".{1,60}?".join(re.escape(part) for part in FIELD.split(text)), re.DOTALL)


def _patterns() -> list[tuple[str, re.Pattern[str], re.Pattern[str]]]:
    """Each English source whose translation differs: its pattern and its Chinese translation's."""
    table = update_translations.read_ts(update_translations.TS_DIR / "travel_assistant_zh_CN.ts")
    out = []
    for source, chinese in table.items():
        if chinese == source or not re.search(r"[A-Za-z]{2}", FIELD.sub("", source)):
            continue  # the same in both languages, or nothing English to see
        out.append((source, _pattern(source), _pattern(chinese)))
    return out


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    return 1 if isinstance(model, QAbstractListModel) else model.columnCount(parent)


def _item_texts(model: QAbstractItemModel, parent: QModelIndex, depth: int = 0) -> Iterator[str]:
    """Header and row texts of an item view (two levels: turns and their calls)."""
    if depth == 0:
        for column in range(_columns(model, parent)):
            yield str(model.headerData(column, Qt.Orientation.Horizontal) or "")
    for row in range(min(model.rowCount(parent), 50)):
        for column in range(_columns(model, parent)):
            index = model.index(row, column, parent)
            yield str(index.data() or "")
        if depth < 1:
            yield from _item_texts(model, model.index(row, 0, parent), depth + 1)


def _texts(widget: QWidget) -> Iterator[str]:
    """What a person reads on one widget (and hears: its tooltip)."""
    yield widget.toolTip()
    if isinstance(widget, (QLabel, QAbstractButton)):
        yield widget.text()
    if isinstance(widget, QGroupBox):
        yield widget.title()
    if isinstance(widget, (QLineEdit, QTextEdit, QPlainTextEdit)):
        yield widget.placeholderText()
    if isinstance(widget, QTabWidget):
        yield from (widget.tabText(i) for i in range(widget.count()))
    if isinstance(widget, QTabBar):
        yield from (widget.tabText(i) for i in range(widget.count()))
    if isinstance(widget, QDockWidget):
        yield widget.windowTitle()
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        yield from _item_texts(widget.model(), QModelIndex())
    rows = getattr(widget, "rows", None)  # the sequence diagram: its painted lines
    if callable(rows) and widget.metaObject().className() == "SequenceView":
        for row in rows():
            yield row.label
            yield row.sub


def english_left(window: QMainWindow, patterns: list[tuple[str, re.Pattern[str], re.Pattern[str]]]) -> list[str]:
    """Every visible text that is still an English source with a Chinese translation (a line
    holding a translation, "(stop) · 输入 0 / 输出 0 tokens", is translated)."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # widgets replaced, not yet gone
    chinese = [zh for _s, _en, zh in patterns if CJK.search(FIELD.sub("", zh.pattern))]
    left = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        for text in _texts(widget):
            for line in filter(None, (t.strip() for t in text.replace("&", "").split("\n"))):
                hit = next((source for source, en, _zh in patterns if en.fullmatch(line)), None)
                if hit is not None and not any(zh.search(line) for zh in chinese):
                    left.append(f"{type(widget).__name__} {widget.objectName()!r}: {line!r} (from {hit!r})")
    return left


def test_switching_to_chinese_retranslates_every_visible_text(qtbot: Any, make_window: Any) -> None:
    window = make_window(language="en")
    run_and_wait(qtbot, window, SEED_QUESTION)
    window.inspector.select_call(window.inspector.trace.calls[0].id)
    window.find_bar.open_bar()
    window.find_bar.field.setText("nothing like this")  # "No match"
    patterns = _patterns()
    assert english_left(window, patterns), "the walk must see English before the switch"
    dialog = window.open_settings()
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    dialog.save()
    qtbot.waitUntil(lambda: window.send_button.text() == "发送")
    left: list[str] = []
    for index in range(window.inspector.tabs.count()):  # each inspector tab in front in turn
        window.dock.show_tab(index)
        left += english_left(window, patterns)
    window.dock.show_tab(0)
    inspector = window.inspector
    inspector.timeline.setCurrentIndex(inspector.model.index(0, 0))  # a model turn's details
    left += english_left(window, patterns)
    window.trip_dock.present()
    left += english_left(window, patterns)
    assert sorted(set(left)) == [], "\n".join(sorted(set(left)))


def test_a_saved_conversation_stays_saved_after_the_switch(qtbot: Any, make_window: Any) -> None:
    """Tool definitions arriving after a conversation was opened do not make it a live run."""
    from desktop_app.core.events import ToolDefsEvent

    window = make_window(language="en")
    run_and_wait(qtbot, window, SEED_QUESTION)
    saved = window.session.conversation_id
    window.conversation.new()
    window.conversation.open(saved)
    window.inspector.handle_event(ToolDefsEvent(tuple(window.inspector.trace.tool_defs)))  # e.g. the warm-up's
    assert window.inspector.status_line.text() == "Saved calls, as recorded (no timings)"
    dialog = window.open_settings()
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    dialog.save()
    qtbot.waitUntil(lambda: window.send_button.text() == "发送")
    assert window.inspector.status_line.text() == "已保存的调用（按记录显示，无计时）"
    assert window.inspector.summary.text().endswith("0 ms")  # the definitions took no time of the saved run
