"""Model text in the chat: HTML is shown as text, links open only on a click and only on the web."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QUrl

from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.rich_text import label_markdown

HOSTILE = 'Hi <img src="file:///etc/passwd"> <b>bold</b> [click](file:///home/me/.ssh/id_rsa) `a <b> c`'


def test_tags_become_text_but_code_stays_as_written(qapp: Any) -> None:
    out, rich = label_markdown(HOSTILE, qapp.font())
    assert rich and "<img" not in out and "&lt;img" in out and "&lt;b&gt;bold" in out
    assert "a &lt;b&gt; c" in out and "&lt;div&gt;" in label_markdown("```\n<div>\n```", qapp.font())[0]


@pytest.mark.parametrize("streamed", [False, True], ids=["saved", "streamed"])
def test_a_model_s_link_opens_only_when_it_is_a_web_link(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, streamed: bool
) -> None:
    opened: list[str] = []

    def open_url(url: Any) -> bool:
        opened.append(url.toString())
        return True

    monkeypatch.setattr("PySide6.QtGui.QDesktopServices.openUrl", open_url)
    chat = ChatView()
    qtbot.addWidget(chat)
    if streamed:
        chat.append_delta(HOSTILE + "\n\n")
        chat.flush()
        qtbot.waitUntil(lambda: not chat.drawing(), timeout=2000)
        body = chat._stream.widget.body  # type: ignore[union-attr]
        assert not body.openLinks() and not body.openExternalLinks()
        assert "<img" not in body.toHtml().split("<body")[1].replace("&lt;img", "")
        body.anchorClicked.emit(QUrl("file:///home/me/.ssh/id_rsa"))
        body.anchorClicked.emit(QUrl("https://example.com/x"))
    else:
        bubble = chat.reveal(chat.add_message("assistant", HOSTILE))
        assert not bubble.body.openExternalLinks()  # type: ignore[attr-defined]
        bubble.body.linkActivated.emit("file:///home/me/.ssh/id_rsa")  # type: ignore[attr-defined]
        bubble.body.linkActivated.emit("https://example.com/x")  # type: ignore[attr-defined]
    assert opened == ["https://example.com/x"]
