"""HTML to readable text for `read_page` (tools/web.py): its own module so html.parser and the
html package's entity table (~0.7 MB resident) load with the first page read, not with every run."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class _TextParser(HTMLParser):
    """Readable text with Markdown-ish headings and bullets; scripts and styles dropped."""

    SKIP = frozenset({"script", "style", "noscript", "svg", "template", "iframe", "head"})
    BLOCK = frozenset({"p", "div", "section", "article", "br", "tr", "table", "ul", "ol", "header",
             "footer", "main", "nav", "aside", "blockquote", "pre", "hr"})  # fmt: skip

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        if tag in self.SKIP:
            self.skipping += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self.parts.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag == "li":
            self.parts.append("\n- ")
        elif tag in self.BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in self.SKIP:
            self.skipping = max(self.skipping - 1, 0)
        elif tag in self.BLOCK or re.fullmatch(r"h[1-6]", tag):
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if not self.skipping:
            self.parts.append(re.sub(r"\s+", " ", data))


def html_to_text(html: str) -> tuple[str, str]:
    """(title, text) of an HTML page."""
    parser = _TextParser()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts)
    lines = [ln.strip() for ln in text.splitlines()]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    return parser.title.strip(), text
