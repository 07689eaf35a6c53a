"""The trip plan as a PDF: the Markdown export laid out by QTextDocument onto a QPdfWriter (A4).

A SafeDocument read with raw HTML off, so nothing in the plan can make Qt read a local file. Han
text is set in Noto Sans CJK SC and the text map names the ideographs themselves (Qt's map would
pick the Kangxi radical ⽇ that shares the glyph of 日, and pdftotext would find ⽇期, not 日期)."""

from __future__ import annotations

import re
import sys
from functools import cache

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QFontInfo,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QRawFont,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextLength,
    QTextTable,
)

from desktop_app.ui.rich_text import MARKDOWN, SafeDocument

HAN_FONT = "Noto Sans CJK SC"  # fonts-noto-cjk: the .deb depends on it
RADICALS = range(0x2E80, 0x2FE0)  # CJK Radicals Supplement and Kangxi Radicals

_app: QGuiApplication | None = None  # the headless CLI's own, kept alive for the process


def _ensure_app() -> None:
    """Fonts need a QGuiApplication; the CLI has none, so it gets an offscreen one (no display needed)."""
    global _app
    if QGuiApplication.instance() is None:
        _app = QGuiApplication([sys.argv[0] if sys.argv else "travel-assistant", "-platform", "offscreen"])


def pdf_bytes(markdown: str, title: str) -> bytes:
    """The PDF file's bytes for a Markdown plan (the document's title in its metadata)."""
    _ensure_app()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("travel-assistant")
    writer.setResolution(300)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(18, 18, 18, 18), QPageLayout.Unit.Millimeter)
    doc = SafeDocument()
    font = QFont()
    font.setPointSizeF(10.5)
    if QFontDatabase.hasFamily(HAN_FONT):
        font.setFamilies([QFontInfo(font).family(), HAN_FONT])  # Han in Simplified Chinese forms, not a fallback's
    doc.setDefaultFont(font)
    doc.setMarkdown(markdown, MARKDOWN)
    doc.documentLayout().setPaintDevice(writer)  # laid out in the page's own units, on its whole width:
    doc.setPageSize(QSizeF(writer.pageLayout().paintRectPixels(writer.resolution()).size()))  # no extra 2 cm
    _lay_out_tables(doc)
    doc.print_(writer)
    del writer  # finishes the file
    buffer.close()
    return real_text(bytes(data.data()))


def _lay_out_tables(doc: QTextDocument) -> None:
    """Every table the page's width, its columns shared out so no word is broken: each column gets its
    longest word first, the rest goes to the columns with the most text; a cell of one token (a date,
    a price, an id) stays on one line."""
    keep = QTextBlockFormat()
    keep.setNonBreakableLines(True)
    for frame in doc.rootFrame().childFrames():
        if not isinstance(frame, QTextTable):
            continue
        texts: list[list[str]] = [[] for _ in range(frame.columns())]
        for row in range(frame.rows()):
            for column in range(frame.columns()):
                cell = frame.cellAt(row, column)
                cursor = cell.firstCursorPosition()
                cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor)
                text = cursor.selectedText().strip()
                texts[column].append(text)
                if row == 0 or not re.search(r"\s", text):  # a heading or one token: one line
                    cursor.mergeBlockFormat(keep)
        table = frame.format()
        table.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
        table.setColumnWidthConstraints(
            [QTextLength(QTextLength.Type.PercentageLength, share) for share in column_shares(texts)]
        )
        frame.setFormat(table)


def _width(text: str) -> int:
    """Text width in Latin characters (a Han character is two)."""
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def column_shares(columns: list[list[str]], page: int = 90) -> list[float]:
    """Percent of the width per column: its heading or its longest word first (about `page` Latin
    characters a line), then what is left in proportion to the text that would still wrap."""
    need = [
        max(_width(cells[0]) if cells else 0, *(_width(w) for t in cells for w in t.split()), 1) + 3
        for cells in columns
    ]
    want = [max((_width(t) for t in cells), default=1) + 2 for cells in columns]
    spare = max(page - sum(need), 0)
    extra = [w - n for w, n in zip(want, need, strict=True)]
    widths = [n + (spare * e / sum(extra) if sum(extra) else 0) for n, e in zip(need, extra, strict=True)]
    return [100 * w / sum(widths) for w in widths]


@cache
def _ideographs() -> dict[int, int]:
    """Radical code point -> the ideograph drawn with the same glyph in the Han font (⽇ -> 日)."""
    raw = QRawFont.fromFont(QFont(HAN_FONT))
    if not raw.isValid():
        return {}
    chars = [chr(c) for c in range(0x4E00, 0xA000)]
    by_glyph: dict[int, int] = {}
    for char, glyph in zip(chars, raw.glyphIndexesForString("".join(chars)), strict=True):
        by_glyph.setdefault(glyph, ord(char))
    radicals = [chr(c) for c in RADICALS]
    found = zip(radicals, raw.glyphIndexesForString("".join(radicals)), strict=True)
    return {ord(r): by_glyph[g] for r, g in found if g and g in by_glyph}


def real_text(pdf: bytes) -> bytes:
    """The PDF with its text maps (ToUnicode CMaps) naming ideographs where they named radicals that
    share the glyph: same-length hex, so every object keeps its offset."""
    table = _ideographs()

    def fix_map(cmap: re.Match[bytes]) -> bytes:
        def swap(code: re.Match[bytes]) -> bytes:
            ideograph = table.get(int(code.group(1), 16))
            return f"<{ideograph:04X}>".encode() if ideograph else code.group(0)

        return re.sub(rb"<(2[EF][0-9A-Fa-f]{2})>", swap, cmap.group(0))

    return re.sub(rb"/CIDInit /ProcSet findresource begin.*?endcmap", fix_map, pdf, flags=re.S)
