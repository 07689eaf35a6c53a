"""Dark mode: every colour from ui/palette.py, readable in both schemes, switched live."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from desktop_app.ui import palette
from desktop_app.ui.inspector.timeline_model import STATUS_COLOURS
from desktop_app.ui.palette import DARK, LIGHT, is_dark

UI = Path(palette.__file__).parent
HEX = re.compile(r"""["'][^"'\n]*#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b""")


# (text, background) pairs the app paints; each must reach WCAG AA (4.5:1) in both schemes.
TEXT_PAIRS = [
    *(("text", bg) for bg in ("user_bg", "assistant_bg", "error_bg", "chip_bg", "chip_waiting_bg", "chat_bg")),
    ("muted", "chat_bg"),
    ("muted", "chip_bg"),
    ("banner_text", "banner_bg"),
    ("skill_text", "skill_bg"),
    ("warn_box_text", "warn_box_bg"),
    ("command_text", "command_bg"),
    ("text", "diff_removed_bg"),
    ("text", "diff_added_bg"),
    *((c, "window_bg") for c in ("error", "ok", "notice", "running")),  # running: the Trip pane's prices (links)
    *((c, "base_bg") for c in ("waiting", "running", "done", "failed", "denied", "neutral")),
    *((c, "base_bg") for c in ("json_key", "json_string", "json_number", "json_literal", "json_punct")),
    ("text", "map_land_bg"),  # the route map's city names (on a halo of the land colour)
    ("text", "map_water_bg"),
]

# (graphic, background) pairs: chart bars, map lines, weather glyphs; each must reach WCAG 2.1's
# 3:1 for non-text contrast (1.4.11) in both schemes.
GRAPHIC_PAIRS = [
    *((c, "base_bg") for c in ("chart_flights", "chart_hotel", "chart_other", "chart_peak", "chart_budget")),
    *((c, bg) for c in ("map_route", "map_city") for bg in ("map_land_bg", "map_water_bg")),
    *((c, "chip_bg") for c in ("weather_sun", "weather_rain")),
]


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""

    def luminance(colour: str) -> float:
        q = QColor(colour)
        channels = [
            (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4) for v in (q.redF(), q.greenF(), q.blueF())
        ]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture(autouse=True)
def as_before(qapp: QApplication) -> Any:
    """The app's style and palette as they were: the other tests paint with the platform's."""
    app = qapp
    style, colours = app.style().name(), app.palette()
    yield
    app.setStyle(style)
    app.setPalette(colours)


@pytest.mark.parametrize("scheme", [LIGHT, DARK], ids=["light", "dark"])
def test_every_text_colour_reaches_wcag_aa_on_its_background(scheme: palette.Colours) -> None:
    low = {(fg, bg): round(contrast(getattr(scheme, fg), getattr(scheme, bg)), 2) for fg, bg in TEXT_PAIRS}
    assert {pair: ratio for pair, ratio in low.items() if ratio < 4.5} == {}


@pytest.mark.parametrize("scheme", [LIGHT, DARK], ids=["light", "dark"])
def test_chart_map_and_weather_colours_reach_3_to_1(scheme: palette.Colours) -> None:
    low = {(g, bg): round(contrast(getattr(scheme, g), getattr(scheme, bg)), 2) for g, bg in GRAPHIC_PAIRS}
    assert {pair: r for pair, r in low.items() if r < 3.0} == {}


def test_the_contrast_formula_matches_wcag() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0 and round(contrast("#777777", "#ffffff"), 2) == 4.48


def test_no_colour_is_written_outside_the_palette_module() -> None:
    found = [
        f"{path.relative_to(UI)}:{n}"
        for path in sorted(UI.rglob("*.py"))
        if path.name != "palette.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HEX.search(line)
    ]
    assert found == []


def test_settings_switch_the_scheme_live(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.apply_settings(replace(window.settings, color_scheme="dark"))
    assert is_dark() and DARK.user_bg in window.styleSheet() and LIGHT.user_bg not in window.styleSheet()
    assert STATUS_COLOURS["done"] == DARK.done  # the inspector's colours follow at the next paint
    window.apply_settings(replace(window.settings, color_scheme="light"))
    assert not is_dark() and LIGHT.user_bg in window.styleSheet() and STATUS_COLOURS["done"] == LIGHT.done


def test_the_os_switching_its_scheme_restyles_the_window(
    qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    monkeypatch.setattr("desktop_app.ui.main_window.apply_scheme", lambda _choice: None)  # the OS did it
    app.setPalette(palette.dark_palette())
    app.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert DARK.assistant_bg in window.styleSheet()


def test_a_forced_scheme_ignores_the_os(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.apply_settings(replace(window.settings, color_scheme="light"))
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert LIGHT.assistant_bg in window.styleSheet()


def test_appearance_is_a_choice_in_settings(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    dialog = window.open_settings()
    assert [dialog.scheme.itemData(i) for i in range(dialog.scheme.count())] == ["", "light", "dark"]
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("dark"))
    with qtbot.waitSignal(dialog.saved, timeout=5000):
        dialog.save()
    assert window.settings.color_scheme == "dark" and is_dark() and DARK.text in window.styleSheet()


def test_menu_actions_and_run_buttons_get_icons_in_the_scheme_s_colour(qtbot: Any, make_window: Any) -> None:
    from desktop_app.ui.icons import ICONED

    window = make_window()
    assert all(not window.menus.actions[name].icon().isNull() for name in ICONED if name in window.menus.actions)
    assert not window.run_buttons.send.icon().isNull() and not window.run_buttons.stop.icon().isNull()
    light = window.run_buttons.send.icon().pixmap(24, 24).toImage()
    window.apply_settings(replace(window.settings, color_scheme="dark"))
    dark = window.run_buttons.send.icon().pixmap(24, 24).toImage()
    assert light != dark  # redrawn in the dark scheme's text colour


def test_every_margin_and_spacing_is_on_the_spacing_scale() -> None:
    calls = re.compile(r"set(?:ContentsMargins|Spacing)\(([0-9, ]+)\)")
    off = [
        f"{path.relative_to(UI)}:{n}: {found}"
        for path in sorted(UI.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for found in calls.findall(line)
        if any(int(v) not in palette.SPACING for v in found.split(","))
    ]
    assert off == []
