"""Tool results that are listings (stays, hotels, places: names, prices, links, pictures) as
readable cards under the tool's chip.

Results are hostile text: every string escaped, links only http(s) and opened only on a click,
and pictures never fetched (a picture is a link saying where it is)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QLabel, QWidget

from desktop_app.ui.i18n import tr
from desktop_app.ui.text import escape_html, link_host, make_visible, open_web_link, web_link

MAX_CARDS = 10
NAME_KEYS = ("name", "title")
PRICE_KEYS = ("price", "rate", "cost")
RATING_KEYS = ("rating", "stars", "score")
URL_KEYS = ("url", "link", "href")
PICTURE_KEYS = ("picture", "image", "photo", "thumbnail")


@dataclass(frozen=True)
class Card:
    name: str
    price: str = ""
    rating: str = ""
    url: str = ""
    picture: str = ""


def _texts(node: Any, depth: int = 0) -> Any:
    """The first string (or number) inside `node`, depth-first and bounded."""
    if isinstance(node, str) and node.strip():
        return node.strip()
    if isinstance(node, int | float) and not isinstance(node, bool):
        return str(node)
    if depth < 4 and isinstance(node, dict):
        return next(filter(None, (_texts(value, depth + 1) for value in node.values())), "")
    if depth < 4 and isinstance(node, list) and node:
        return _texts(node[0], depth + 1)
    return ""


def _field(item: dict[str, Any], keys: tuple[str, ...], depth: int = 0) -> str:
    """The text under the first key that names what is wanted (searched a few levels down)."""
    named = (_texts(value) for key, value in item.items() if any(k in str(key).lower() for k in keys))
    found = next(filter(None, named), "")
    if found or depth >= 3:  # found at this level, or searched deep enough
        return str(found)
    nested = (_field(value, keys, depth + 1) for value in item.values() if isinstance(value, dict))
    return next(filter(None, nested), "")


def _web(url: str) -> str:
    return url if web_link(url) else ""


def _card(item: Any) -> Card | None:
    if not isinstance(item, dict):
        return None
    name = _field(item, NAME_KEYS)
    url = _web(_field(item, URL_KEYS))
    price = _field(item, PRICE_KEYS)
    if not name or not (url or price):
        return None
    return Card(name[:120], price[:80], _field(item, RATING_KEYS)[:60], url, _web(_field(item, PICTURE_KEYS)))


def find_listings(data: Any, depth: int = 0) -> list[Card]:
    """The first list in `data` whose items mostly look like listings (a name, and a link or a price)."""
    if isinstance(data, list) and data:
        cards = [c for c in (_card(item) for item in data[:50]) if c is not None]
        if len(cards) * 2 >= min(len(data), 50):
            return cards[:MAX_CARDS]
    if depth < 3:
        children = data.values() if isinstance(data, dict) else data if isinstance(data, list) else []
        found = (find_listings(child, depth + 1) for child in children if isinstance(child, dict | list))
        return next(filter(None, found), [])
    return []


def _esc(text: str) -> str:
    return escape_html(make_visible(text), quote=True)


def _link_label(url: str) -> str:
    """The real host, and a warning when the link hides a name before an `@`."""
    host, userinfo = link_host(url)
    if not userinfo:
        return _esc(host)
    warning = tr("⚠ not %1: the link goes to %2").replace("%1", userinfo[:60]).replace("%2", host)
    return f"{_esc(host)} <b>{_esc(warning)}</b>"


def cards_html(cards: list[Card]) -> str:
    """Escaped rich text: names bold, price and rating, the listing's link, a picture as a link."""
    rows = []
    for c in cards:
        line = f"<b>{_esc(c.name)}</b>"
        extra = " · ".join(_esc(x) for x in (c.price, c.rating) if x)
        line += f" — {extra}" if extra else ""
        links = []
        if c.url:
            links.append(f'<a href="{escape_html(c.url, quote=True)}">{_link_label(c.url)}</a>')
        if c.picture:
            text = tr("picture on %1 (not loaded)").replace("%1", _link_label(c.picture))
            links.append(f'<a href="{escape_html(c.picture, quote=True)}">{text}</a>')
        rows.append(line + ("<br>" + " · ".join(links) if links else ""))
    return "<br><br>".join(rows)


class ListingCards(QLabel):
    """The cards as a label: links are shown, opened in the browser only on a click."""

    def __init__(self, cards: list[Card], parent: QWidget | None = None) -> None:
        from PySide6 import QtCore

        super().__init__(parent)
        self.setObjectName("listingCards")
        self.cards = cards
        self.setTextFormat(QtCore.Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setOpenExternalLinks(False)  # never by Qt on its own: linkActivated decides
        flags = QtCore.Qt.TextInteractionFlag
        self.setTextInteractionFlags(flags.LinksAccessibleByMouse | flags.LinksAccessibleByKeyboard)
        self.setText(cards_html(cards))
        self.setAccessibleName(tr("%n listing(s)", None, len(cards)))
        self.linkActivated.connect(open_web_link)  # web links only, in the browser
