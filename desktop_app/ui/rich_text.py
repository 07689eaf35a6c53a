"""Rich text from a model, a tool, a server or history, shown without reading anything local.

Qt's rich text loads what a text names (an image, a stylesheet) from disk: `![room](/dev/zero)` made
a label read /dev/zero whole. Labels have no hook, so Markdown is read here with raw HTML off and
pictures turned into their alt text before a label sees it; the app's own documents answer every
resource request with an empty picture (SafeDocument, SafeBrowser)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QLabel, QTextBrowser

from desktop_app.ui.i18n import tr
from desktop_app.ui.text import may_hold_resources, web_link

MARKDOWN = QTextDocument.MarkdownFeature.MarkdownDialectGitHub | QTextDocument.MarkdownFeature.MarkdownNoHTML
_BODY_STYLE = re.compile(r'<body style="[^"]*">')


@cache
def blank_picture() -> QImage:
    """What every resource request gets: a transparent pixel (a null one makes Qt try the file)."""
    blank = QImage(1, 1, QImage.Format.Format_ARGB32)
    blank.fill(QColor(0, 0, 0, 0))
    return blank


class SafeDocument(QTextDocument):
    """A document that never loads a resource: no file, no `qrc:`, no device."""

    def loadResource(self, type: int, name: QUrl | str) -> Any:  # noqa: N802 - Qt override
        return blank_picture()


class SafeBrowser(QTextBrowser):
    """A text browser that never loads a resource (its document asks the browser)."""

    def loadResource(self, type: int, name: QUrl | str) -> Any:  # noqa: N802 - Qt override
        return blank_picture()


def pictures_to_text(doc: QTextDocument, start: int = 0) -> int:
    """Replace every picture from `start` on by `[picture: alt]` (a link if it is on the web);
    returns how many there were."""
    found: list[tuple[int, int, str, str]] = []
    block = doc.findBlock(start)
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            fmt = fragment.charFormat()
            if fragment.isValid() and fmt.isImageFormat() and fragment.position() >= start:
                image = fmt.toImageFormat()
                alt = str(image.property(QTextCharFormat.Property.ImageAltText) or "")
                found.append((fragment.position(), fragment.length(), alt, image.name()))
            it += 1
        block = block.next()
    cursor = QTextCursor(doc)
    for position, length, alt, url in reversed(found):
        cursor.setPosition(position)
        cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
        plain = QTextCharFormat()
        if web_link(url):
            plain.setAnchor(True)
            plain.setAnchorHref(url)
            plain.setFontUnderline(True)
            plain.setForeground(QGuiApplication.palette().link())
        label = "[" + tr("picture: %1").replace("%1", " ".join(alt.split()) or "?") + "]"
        cursor.insertText(label * length, plain)
    return len(found)


def insert_markdown(cursor: QTextCursor, text: str) -> None:
    """`cursor.insertMarkdown`, with tags as text and pictures as their alt text."""
    start = cursor.position()
    cursor.insertMarkdown(text, MARKDOWN)
    if may_hold_resources(text):
        pictures_to_text(cursor.document(), start)


def label_markdown(text: str, font: QFont) -> tuple[str, bool]:
    """What a label shows for untrusted Markdown, and whether that is rich text (else Markdown):
    text that cannot name a resource goes as it is; any other is read here and handed over as
    HTML with no picture, stylesheet or background left in it."""
    if not may_hold_resources(text):
        return text, False
    doc = SafeDocument()
    doc.setDefaultFont(font)
    doc.setMarkdown(text, MARKDOWN)
    pictures_to_text(doc)
    return _BODY_STYLE.sub("<body>", doc.toHtml(), count=1), True


def find_all(doc: QTextDocument, needle: str, limit: int = 500) -> list[QTextCursor]:
    """Every occurrence of `needle` in `doc`, ignoring case (Ctrl+F's matches in one message)."""
    found: list[QTextCursor] = []
    cursor = doc.find(needle) if needle else QTextCursor()
    while not cursor.isNull() and len(found) < limit:
        found.append(cursor)
        cursor = doc.find(needle, cursor)
    return found


def mark_label(
    label: QLabel, shown: str, kind: Qt.TextFormat, needle: str, colour: str
) -> tuple[QTextDocument, list[QTextCursor]]:
    """Ctrl+F in a label: every `needle` on a `colour` background ("" or none: `shown` as it
    was). The label's text is read as the label read it (plain, Markdown without tags, or the
    safe HTML of label_markdown) into a SafeDocument, so what it is handed names no resource.
    Returns that document (laid out at the label's width) and the matches in it."""
    doc = SafeDocument()
    doc.setDefaultFont(label.font())
    if kind == Qt.TextFormat.PlainText:
        doc.setPlainText(shown)
    elif kind == Qt.TextFormat.RichText:
        doc.setHtml(shown)
    else:
        doc.setMarkdown(shown, MARKDOWN)
    found = find_all(doc, needle)
    mark = QTextCharFormat()
    mark.setBackground(QColor(colour))
    for cursor in found:
        cursor.mergeCharFormat(mark)
    label.setTextFormat(Qt.TextFormat.RichText if found else kind)
    label.setText(_BODY_STYLE.sub("<body>", doc.toHtml(), count=1) if found else shown)
    doc.setTextWidth(label.width())  # for the caller's measures: where the first match lies
    return doc, found
