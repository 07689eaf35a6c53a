"""Listing results as cards: readable, hostile text escaped, links only on click, no picture fetched."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app.agent.events import ToolCallEvent, ToolResultEvent
from desktop_app.ui.chat import listing_cards
from desktop_app.ui.chat.listing_cards import cards_html, find_listings
from desktop_app.ui.chat.tool_chip import CallRow, ToolChip

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
    assert listing_cards.open_link("file:///etc/passwd") is False
    assert opened == ["https://www.airbnb.com/rooms/1"]
