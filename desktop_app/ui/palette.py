"""Every colour the app paints, for a light and a dark scheme, and how the scheme is chosen.

One place, so tests/gui/test_palette.py can check each pair's WCAG contrast in both schemes; widgets
ask `colours()` when they paint, so a scheme switch re-colours the open window."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QColor, QGuiApplication, QPalette, QSyntaxHighlighter
from PySide6.QtWidgets import QWidget

# Every margin and spacing in ui/ is one of these (a 4-point grid, 2 for the tightest rows);
# tests/gui/test_palette.py checks the sources, so the panes, bubbles and chips stay aligned.
SPACING = (0, 2, 4, 8, 12, 16)


class Colours(NamedTuple):
    """One scheme. Backgrounds end in _bg; `window_bg`/`base_bg` are Qt's own (for the tests).
    A NamedTuple, not a frozen dataclass: 47 fields cost ~1.5 ms less before the first paint."""

    window_bg: str
    base_bg: str
    text: str
    muted: str
    chat_bg: str
    user_bg: str
    user_border: str
    assistant_bg: str
    assistant_border: str
    error_bg: str
    error_border: str
    chip_bg: str
    chip_border: str
    chip_running: str
    chip_waiting_bg: str
    chip_waiting_border: str
    chip_done: str
    chip_denied: str
    focus: str
    banner_bg: str
    banner_border: str
    banner_text: str
    skill_bg: str
    skill_border: str
    skill_text: str
    error: str  # error text on the window (forms, dialogs)
    ok: str
    notice: str  # the status bar's "tools changed" notice
    waiting: str  # status colours in the inspector, on its base
    running: str
    done: str
    failed: str
    denied: str
    neutral: str
    json_key: str
    json_string: str
    json_number: str
    json_literal: str
    json_punct: str
    find_bg: str
    warn_box_bg: str
    warn_box_text: str
    warn_box_border: str
    command_bg: str
    command_text: str
    diff_removed_bg: str
    diff_added_bg: str
    chart_flights: str  # the Trip pane: cost chart segments, the peak estimate, the budget line
    chart_hotel: str
    chart_other: str
    chart_peak: str
    chart_budget: str
    map_water_bg: str  # the route map: sea, land, borders, the legs and the cities
    map_land_bg: str
    map_border: str
    map_route: str
    map_city: str
    weather_sun: str  # the weather strip's glyphs
    weather_rain: str


LIGHT = Colours(
    window_bg="#efefef",
    base_bg="#ffffff",
    text="#202124",
    muted="#5f6368",
    chat_bg="#fafafa",
    user_bg="#e8f0fe",
    user_border="#c6d6f5",
    assistant_bg="#ffffff",
    assistant_border="#dedede",
    error_bg="#fdecea",
    error_border="#f5c2bd",
    chip_bg="#f4f4f4",
    chip_border="#d0d0d0",
    chip_running="#7aa7e0",
    chip_waiting_bg="#fff6e0",
    chip_waiting_border="#e0b050",
    chip_done="#9ccc9c",
    chip_denied="#c0392b",
    focus="#1a73e8",
    banner_bg="#fff4ce",
    banner_border="#e6c65c",
    banner_text="#3c2f00",
    skill_bg="#e6f4ea",
    skill_border="#81c995",
    skill_text="#0d652d",
    error="#b00020",
    ok="#137333",
    notice="#8a4600",
    waiting="#8a5300",
    running="#1565c0",
    done="#2e7d32",
    failed="#c62828",
    denied="#6a1b9a",
    neutral="#444444",
    json_key="#0451a5",
    json_string="#a31515",
    json_number="#098658",
    json_literal="#0000ff",
    json_punct="#444444",
    find_bg="#fff3b0",
    warn_box_bg="#fdecea",
    warn_box_text="#8c1d18",
    warn_box_border="#e09c96",
    command_bg="#202124",
    command_text="#f1f3f4",
    diff_removed_bg="#fde2e1",
    diff_added_bg="#dcf5dc",
    chart_flights="#1a73e8",
    chart_hotel="#188038",
    chart_other="#b06000",
    chart_peak="#c5221f",
    chart_budget="#8430ce",
    map_water_bg="#dceefb",
    map_land_bg="#f3f1e8",
    map_border="#b8b4a6",
    map_route="#c5221f",
    map_city="#202124",
    weather_sun="#b35c00",
    weather_rain="#1565c0",
)

DARK = Colours(
    window_bg="#2b2b2b",
    base_bg="#1e1e1e",
    text="#e8eaed",
    muted="#b0b3b8",
    chat_bg="#1b1c1e",
    user_bg="#1f3a5f",
    user_border="#3b5b8a",
    assistant_bg="#26282b",
    assistant_border="#3c4043",
    error_bg="#4a1f1c",
    error_border="#8c3b35",
    chip_bg="#2d2f31",
    chip_border="#5f6368",
    chip_running="#8ab4f8",
    chip_waiting_bg="#3d3320",
    chip_waiting_border="#c9a13b",
    chip_done="#81c995",
    chip_denied="#f28b82",
    focus="#8ab4f8",
    banner_bg="#3d3320",
    banner_border="#c9a13b",
    banner_text="#fde293",
    skill_bg="#1e3a2a",
    skill_border="#4f8a64",
    skill_text="#81c995",
    error="#f28b82",
    ok="#81c995",
    notice="#fdd663",
    waiting="#fdd663",
    running="#8ab4f8",
    done="#81c995",
    failed="#f28b82",
    denied="#d7aefb",
    neutral="#c4c7c5",
    json_key="#9cdcfe",
    json_string="#ce9178",
    json_number="#b5cea8",
    json_literal="#569cd6",
    json_punct="#cccccc",
    find_bg="#5c4b00",
    warn_box_bg="#4a1f1c",
    warn_box_text="#f6aea9",
    warn_box_border="#8c3b35",
    command_bg="#0f1012",
    command_text="#f1f3f4",
    diff_removed_bg="#5c2b29",
    diff_added_bg="#1f4a2a",
    chart_flights="#8ab4f8",
    chart_hotel="#81c995",
    chart_other="#fcad70",
    chart_peak="#f28b82",
    chart_budget="#d7aefb",
    map_water_bg="#16232f",
    map_land_bg="#2e3033",
    map_border="#5f6368",
    map_route="#f28b82",
    map_city="#e8eaed",
    weather_sun="#fdd663",
    weather_rain="#8ab4f8",
)


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the app paints dark now (the platform's scheme, or the one Settings forced)."""
    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def colours() -> Colours:
    return DARK if is_dark() else LIGHT


def stylesheet(c: Colours) -> str:
    """The main window's style sheet (dialogs it owns inherit it)."""
    return f"""
#userBubble {{ background: {c.user_bg}; color: {c.text}; border: 1px solid {c.user_border}; border-radius: 10px; }}
#assistantBubble {{ background: {c.assistant_bg}; color: {c.text}; border: 1px solid {c.assistant_border};
  border-radius: 10px; }}
#errorBubble {{ background: {c.error_bg}; color: {c.text}; border: 1px solid {c.error_border}; border-radius: 10px; }}
#caption {{ color: {c.muted}; font-size: 11px; font-weight: bold; }}
#toolChip {{ background: {c.chip_bg}; color: {c.text}; border: 1px solid {c.chip_border}; border-radius: 12px; }}
#toolChip[status="running"] {{ border-color: {c.chip_running}; }}
#toolChip[status="waiting"] {{ background: {c.chip_waiting_bg}; border-color: {c.chip_waiting_border}; }}
#toolChip[status="done"] {{ border-color: {c.chip_done}; }}
#toolChip[status="error"] {{ background: {c.error_bg}; border-color: {c.error_border}; }}
#toolChip[status="denied"] {{ background: {c.error_bg}; border-color: {c.chip_denied}; }}
#toolChip[selected="true"], #toolChip[found="true"], #userBubble[found="true"], #assistantBubble[found="true"],
#errorBubble[found="true"] {{ border: 2px solid {c.focus}; }}
#toolChip #title {{ font-family: monospace; }}
#toolChip #state {{ color: {c.muted}; }}
#chatView {{ background: {c.chat_bg}; }}
#offlineBanner {{ background: {c.banner_bg}; border: 1px solid {c.banner_border}; border-radius: 6px; }}
#offlineBanner QLabel {{ color: {c.banner_text}; }}
#header {{ font-weight: bold; }}
#mcpNotice {{ color: {c.notice}; font-weight: bold; }}
#skillChip, #attachmentChip {{ background: {c.skill_bg}; border: 1px solid {c.skill_border}; border-radius: 12px; }}
#skillChip #skillLabel, #attachmentChip QLabel {{ color: {c.skill_text}; font-weight: bold; }}
#priceButton {{ color: {c.running}; text-decoration: underline; padding: 2px 4px; }}
QLabel[role="error"] {{ color: {c.error}; }}
QLabel[role="ok"] {{ color: {c.ok}; }}
QLineEdit:focus, QPlainTextEdit:focus, QTextEdit:focus, QAbstractItemView:focus {{ border: 2px solid {c.focus}; }}
QPushButton:focus {{ border: 2px solid {c.focus}; border-radius: 4px; padding: 3px 8px; }}
QToolButton:focus {{ border: 2px solid {c.focus}; border-radius: 4px; padding: 1px; }}
QCheckBox:focus {{ border: 1px solid {c.focus}; border-radius: 3px; }}
"""


def restyle(window: QWidget) -> None:
    """After a scheme switch (the OS's or Settings'): the style sheet and the JSON colours again
    (models and painters ask `colours()` as they paint)."""
    window.setStyleSheet(stylesheet(colours()))
    for highlighter in window.findChildren(QSyntaxHighlighter):
        recolour = getattr(highlighter, "recolour", None)
        if callable(recolour):
            recolour()
            highlighter.rehighlight()
    window.update()


def dark_palette() -> QPalette:
    """The Fusion palette for the dark scheme, for platforms that cannot switch it themselves."""
    c, p = DARK, QPalette()
    roles = QPalette.ColorRole
    for role, value in (
        (roles.Window, c.window_bg),
        (roles.WindowText, c.text),
        (roles.Base, c.base_bg),
        (roles.AlternateBase, c.assistant_bg),
        (roles.Text, c.text),
        (roles.Button, c.chip_bg),
        (roles.ButtonText, c.text),
        (roles.ToolTipBase, c.assistant_bg),
        (roles.ToolTipText, c.text),
        (roles.PlaceholderText, c.muted),
        (roles.Highlight, "#3b5b8a"),
        (roles.HighlightedText, "#ffffff"),
        (roles.Link, c.running),
    ):
        p.setColor(role, QColor(value))
    return p


def apply_scheme(choice: str) -> None:
    """ "light" / "dark" force a scheme, "" or "system" follow the OS. Qt 6.8+ asks the platform
    first; where it does not switch (or cannot), the Fusion style paints the chosen palette."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    hints = app.styleHints()
    wanted = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(choice, Qt.ColorScheme.Unknown)
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(wanted)
    want_dark = choice == "dark" or (choice not in ("light", "dark") and hints.colorScheme() == Qt.ColorScheme.Dark)
    if want_dark != is_dark(app.palette()):
        app.setStyle("Fusion")
        app.setPalette(dark_palette() if want_dark else app.style().standardPalette())
