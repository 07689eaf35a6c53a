"""Text helpers for showing untrusted model data honestly (no Qt)."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from desktop_app.jsonsafe import indented, json_safe
from desktop_app.visible import hidden_kind

KEEP = {"\n", "\t", " ", "\u3000"}  # ordinary whitespace, including the CJK full-width space


def _hidden(ch: str) -> bool:
    """The shared classifier (desktop_app.visible), plus unusual spaces a reader cannot tell apart."""
    if ch in KEEP:
        return False
    return hidden_kind(ch) is not None or unicodedata.category(ch) == "Zs"


def make_visible(text: str) -> str:
    """Replace invisible and bidirectional characters with a visible `⟨U+XXXX NAME⟩` marker."""
    if text.isascii() and text.isprintable():
        return text
    out = []
    for ch in text:
        if _hidden(ch):
            name = unicodedata.name(ch, "")
            out.append(f"⟨U+{ord(ch):04X}{' ' + name if name else ''}⟩")
        else:
            out.append(ch)
    return "".join(out)


def hidden_characters(text: str) -> list[str]:
    """The code points `make_visible` would mark, for a warning line."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if _hidden(ch)})


def pretty_json(value: Any) -> str:
    """Indented JSON with real CJK characters and hidden characters made visible."""
    return make_visible(indented(json_safe(value)))


def summarize_arguments(args: dict[str, Any], limit: int = 60) -> str:
    """`city=三亚, stars=4`: a chip-sized view of a call's arguments."""
    parts = []
    for key, value in args.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        parts.append(f"{key}={' '.join(shown.split())}")  # one line, whatever the value holds
    text = ", ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def escape_html(text: str, quote: bool = True) -> str:
    """`html.escape`, the same characters replaced, without importing the html package (its
    entity table is ~0.7 MB resident, and the window needs only these five)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;") if quote else text


def plain_tip(text: str) -> str:
    """Untrusted text for a tooltip, shown as text: Qt renders a tooltip that looks like HTML as
    rich text, and loads the pictures it names (a server's `<img src=/dev/zero>`)."""
    return f"<p style='white-space:pre-wrap'>{escape_html(text, quote=False)}</p>"


HEAD_CHARS = 20_000  # shown in the transcript: a few screens, laid out in well under 100 ms


def head(text: str) -> str:
    """The part of a long message the transcript shows: up to HEAD_CHARS, cut at a paragraph
    (or a line) when one ends in the second half."""
    if len(text) <= HEAD_CHARS:
        return text
    cut = text[:HEAD_CHARS]
    for mark in ("\n\n", "\n"):
        at = cut.rfind(mark)
        if at > HEAD_CHARS // 2:
            return cut[:at]
    return cut


def is_cut(text: str) -> bool:
    return len(text) > HEAD_CHARS


def may_hold_resources(markdown: str) -> bool:
    """Whether Markdown could name a file for Qt to load: only a picture (`![`) or raw HTML
    (`<`: an img, a stylesheet, a background) can; any other text is shown as it is."""
    return "<" in markdown or "![" in markdown


def web_link(url: str) -> bool:
    """Only http(s) links leave the app (a model's or a server's `file:` or `javascript:` never),
    and only those every parser reads alike: no backslash (a browser's path, Python's userinfo),
    no space, control or hidden character, a host that is there."""
    from urllib.parse import urlsplit

    if "\\" in url or any(ch.isspace() or not ch.isprintable() or _hidden(ch) for ch in url):
        return False
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - a bad port raises
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(host)


def link_host(url: str) -> tuple[str, str]:
    """The host a web link really goes to, as a label (a non-ASCII name in its punycode form, the
    one that tells look-alike letters apart), and any user name written before an `@`, which
    makes a link look like it goes where it does not (`https://www.airbnb.com@evil.example/`)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            host = make_visible(host)
    userinfo = parts.netloc.rpartition("@")[0] if "@" in parts.netloc else ""
    return host, userinfo


def open_web_link(url: str) -> bool:
    """A clicked link in the browser, if it is a web link; anything else is refused."""
    if not web_link(url):
        return False
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    return bool(QDesktopServices.openUrl(QUrl(url)))
