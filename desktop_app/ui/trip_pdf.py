"""The trip plan as a PDF: the Markdown export laid out by QTextDocument onto a QPdfWriter (A4).

The document is a SafeDocument read with raw HTML off: a picture or tag in the plan (the plan's
outside text is escaped already) can never make Qt read a local file into the PDF."""

from __future__ import annotations

import sys

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPdfWriter

from desktop_app.ui.rich_text import MARKDOWN, SafeDocument

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
    doc.setDefaultFont(font)
    doc.setMarkdown(markdown, MARKDOWN)
    doc.print_(writer)
    del writer  # finishes the file
    buffer.close()
    return bytes(data.data())
