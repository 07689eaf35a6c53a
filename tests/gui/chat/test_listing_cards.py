"""Listing results as cards: readable, hostile text escaped, links only on click, no picture fetched."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.core.events import ToolCallEvent, ToolResultEvent
from desktop_app.ui.chat.listing_cards import cards_html, find_listings
from desktop_app.ui.chat.tool_chip import CallRow, ToolChip
from desktop_app.ui.text import open_web_link

AIRBNB = {  # the shape @openbnb/mcp-server-airbnb returns (trimmed)
    "searchUrl": "https://www.airbnb.com/s/Sanya/homes",
    "searchResults": [
        {
            "id": "1",
            "url": "https://www.airbnb.com/rooms/1",
            "demandStayListing": {
                "description": {"name": {"localizedStringWithTranslationPreference": "Sea view flat"}}
            },
            "structuredDisplayPrice": {"primaryLine": {"accessibilityLabel": "¥680 per night"}},
            "avgRatingA11yLabel": "4.9 out of 5",
        },
        {
            "id": "2",
            "url": "javascript:alert(1)",
            "demandStayListing": {"description": {"name": {"x": "<img src=https://evil.example/t.png>Loft"}}},
            "structuredDisplayPrice": {"primaryLine": {"accessibilityLabel": "¥450 per night"}},
            "pictureUrl": "https://evil.example/track.png",
        },
    ],
}


def test_a_stays_result_becomes_cards_with_name_price_rating_and_link() -> None:
    cards = find_listings(AIRBNB)
    first = cards[0]
    assert (first.name, first.price, first.rating) == ("Sea view flat", "¥680 per night", "4.9 out of 5")
    assert first.url == "https://www.airbnb.com/rooms/1"
    assert cards[1].url == ""  # a javascript: link is no link


def test_hostile_text_is_escaped_and_pictures_are_links_not_images() -> None:
    text = cards_html(find_listings(AIRBNB))
    assert "<img" not in text and "&lt;img" in text
    assert 'href="https://evil.example/track.png"' in text and "not loaded" in text
    assert "javascript:" not in text


def test_a_result_that_is_not_a_listing_gets_no_cards() -> None:
    assert find_listings({"city": "三亚", "temperature": "33°C"}) == []
    assert find_listings([{"name": "a"}, {"name": "b"}]) == []  # names alone are not listings


def test_the_chip_shows_cards_and_a_click_opens_only_web_links(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []

    def open_url(url: Any) -> bool:
        opened.append(url.toString())
        return True

    monkeypatch.setattr("PySide6.QtGui.QDesktopServices.openUrl", open_url)
    chip = ToolChip(CallRow(ToolCallEvent("c1", "airbnb__airbnb_search", {"location": "Sanya"})))
    qtbot.addWidget(chip)
    chip.row.set_result(ToolResultEvent("c1", "airbnb__airbnb_search", json.dumps(AIRBNB), False, 0.1))
    assert chip.cards is not None and "Sea view" in chip.cards.text()
    assert not chip.cards.openExternalLinks()
    chip.cards.linkActivated.emit("https://www.airbnb.com/rooms/1")
    assert open_web_link("file:///etc/passwd") is False  # what a card link's click calls
    assert opened == ["https://www.airbnb.com/rooms/1"]


@pytest.mark.parametrize(
    ("url", "label", "warned"),
    [
        ("https://www.airbnb.com@evil.example/x", "evil.example", True),
        ("https://www.airbnb.com:pw@evil.example/x", "evil.example", True),
        ("https://WWW.Airbnb.COM/rooms/1", "www.airbnb.com", False),
        ("https://www.\u0430irbnb.com/rooms/1", "www.xn--irbnb-3ve.com", False),  # a Cyrillic a: punycode shows it
    ],
)
def test_a_card_link_is_labelled_with_its_real_host(url: str, label: str, warned: bool) -> None:
    listing = [{"name": "Sea view flat", "url": url, "price": "¥680"}]
    cards = find_listings(listing)
    shown = cards_html(cards).split("<br>")[1]
    text = shown.split(">", 1)[1].split("</a>")[0]  # the link's label
    assert text.startswith(label) and ("⚠" in text) == warned
    if warned:  # the name it hides, and where it really goes
        assert "www.airbnb.com" in text.split("⚠")[1] and "evil.example" in text.split("⚠")[1]


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example\\@www.airbnb.com/x",  # a browser goes to evil.example, Python reads airbnb
        "https://www.air\u200bbnb.com/x",  # zero-width space
        "https://\u202emoc.bnbria.www/x",  # right-to-left override
        "https://www.airbnb.com /x",
        "https://user@evil.example:99999/x",
    ],
)
def test_a_link_parsers_disagree_on_is_no_link(url: str) -> None:
    cards = find_listings([{"name": "Flat", "url": url, "price": "¥1"}])
    assert cards and cards[0].url == "" and "<a " not in cards_html(cards)
