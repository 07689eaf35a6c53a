"""Hostile model and tool text through the trip's real exports: nothing in the .md acts in a viewer,
no .ics line is forged, the PDF draws text as text (issue 40, item 6)."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from icalendar import Calendar

from desktop_app.cli import main
from desktop_app.store.history import HistoryStore
from desktop_app.store.trip_rows import save_trip
from desktop_app.trips.ics import to_ics
from desktop_app.trips.markdown import to_markdown
from desktop_app.trips.model import Cost, Day, DayItem, Leg, PeakCost, Stay, Trip
from desktop_app.visible import one_line

PICTURE = "PICTURE_PATH"  # replaced by a real picture's path in the PDF test
HOSTILE = [
    "<script>alert(1)</script>",
    "[click](javascript:alert(1))",
    '<img src=x onerror="alert(1)">',
    f"![x](file://{PICTURE})",
    f'<img src="file://{PICTURE}">',
    "<https://evil.example/a>",
    "see https://evil.example/b or www.evil.example or mail evil@evil.example",
    "**bold** _em_ `code` ~~gone~~ &lt;b&gt; a | b",
    "$\\href{javascript:alert(1)}{x}$ [^1] [[wiki]] &#106;avascript:x <!-- c -->",
    "三亚\n\n# Forged heading\n<script>x</script>",
    "晚餐\r\nATTENDEE:mailto:evil@evil.example",
    "x\u2028ATTENDEE:mailto:a@evil.example\x85X-EVIL:1\x1cRRULE:FREQ=SECONDLY",
]


def _trip(hostile: str, lang: str = "zh") -> Trip:
    """Every outside string of a trip made hostile (ids too: a model may choose its call ids)."""
    call = "call_`x`<b>|"
    day = date(2026, 12, 7)
    leg = Leg(hostile, hostile, day, 1280, 1, call, hostile, hostile, departs=hostile, fare=hostile, fare_en=hostile)
    return Trip(
        id="trip-h",
        conversation_id="conv-h",
        lang="zh" if lang == "zh" else "en",
        origin=hostile,
        origin_en=hostile,
        destinations=(hostile,),
        destinations_en=(hostile,),
        start=day,
        end=date(2026, 12, 10),
        legs=(leg,),
        stays=(Stay(hostile, hostile, day, 3, 1, 680, call, hostile, hostile),),
        days=(Day(day, hostile, (DayItem("plan", hostile, call, hostile),), hostile),),
        costs=(Cost("flights", hostile, 2560, call, hostile), Cost("hotel", hostile, 2040, call, hostile)),
        peaks=(PeakCost("hotel", hostile, 900, call, hostile),),
    )


def _unescaped(line: str) -> str:
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", line)


def _assert_inert(md: str, hostile: str) -> None:
    """No raw HTML, link, picture, autolink or forged line; unescaped, the text reads as it came."""
    assert md.count("\n# ") == 0 and md.startswith("# ")  # one title, no forged heading
    assert not re.search(r"(?<!\\)<", md), "raw HTML or an autolink"
    assert not re.search(r"(?<!\\)\[", md), "a link or picture"
    assert not re.search(r"(?<!\\)&", md), "an entity"
    assert not re.search(r"[A-Za-z](?<!\\):(?=\S)", md.replace("\\:", "")), "a scheme a viewer links"
    assert not re.search(r"(?<!\\)\.(?=[A-Za-z])", md), "a domain a viewer links"
    assert not re.search(r"(?<!\\)@", md), "an address a viewer links"
    assert not re.search(r"(?<!\\)\$", md), "math a viewer renders"
    assert "`x`" not in md  # a backtick in an id cannot open code
    shown = one_line(hostile)
    assert any(shown in _unescaped(line) for line in md.splitlines()), "the text must still read the same"
    for line in md.splitlines():
        if line.startswith("|") and "---" not in line:
            assert len(re.findall(r"(?<!\\)\|", line)) in (5, 7, 8), line  # a table row keeps its cells


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_markdown_export_keeps_outside_text_inert(hostile: str, lang: str) -> None:
    md = to_markdown(_trip(hostile, lang))
    _assert_inert(md, hostile)
    assert "**¥4,600**" in md  # the plan's own Markdown stays


def test_ordinary_text_is_written_as_it_came() -> None:
    md = to_markdown(_trip("三亚湾海景酒店 Sanya Bay, 4h: 3.5 km"))
    assert "三亚湾海景酒店 Sanya Bay, 4h: 3.5 km" in md  # nothing to escape, nothing escaped
    assert "`call_f`" in to_markdown(Trip("t", "c", costs=(Cost("flights", "x", 1, "call_f"),)))


def _unescaped_text(raw: str) -> str:
    """RFC 5545 TEXT read back: `\\,` `\\;` `\\\\` `\\n`."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), raw)


ALLOWED = {"BEGIN", "END", "VERSION", "PRODID", "CALSCALE", "X-WR-CALNAME", "UID", "DTSTAMP", "SUMMARY",
           "DESCRIPTION", "LOCATION", "DTSTART", "DTEND", "TRANSP", "CATEGORIES"}  # fmt: skip
# CATEGORIES: the leg's mode (FLIGHT, TRAIN, DRIVE), written from our own names, never from outside text


@pytest.mark.parametrize("hostile", HOSTILE)
def test_ics_text_is_escaped_and_forges_no_line(hostile: str) -> None:
    data = to_ics(_trip(hostile))
    text = data.decode("utf-8")
    assert not re.search(r"\r(?!\n)|(?<!\r)\n", text), "a bare CR or LF"
    body = text.replace("\r\n", "")
    assert not any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in body), "a control or line separator"
    for line in text.splitlines():  # as a lax reader splits (also on U+2028, U+0085, U+001C)
        if line and not line.startswith((" ", "\t")):
            name = re.split(r"[;:]", line, maxsplit=1)[0]
            assert name in ALLOWED, f"forged property {name!r}"
    cal = Calendar.from_ical(data)
    assert _unescaped_text(str(cal["x-wr-calname"])).startswith(one_line(hostile))  # an X- name is kept raw
    for event in cal.walk("VEVENT"):
        assert set(event) <= ALLOWED
        assert one_line(hostile) in str(event["summary"]) or one_line(hostile) in str(event["location"])


def test_ics_escapes_rfc5545_specials() -> None:
    text = to_ics(_trip("a,b;c\\d")).decode()
    assert "X-WR-CALNAME:a\\,b\\;c\\\\d" in text  # the calendar's name too, not only the events' text
    assert "LOCATION:a\\,b\\;c\\\\d" in text


def test_trip_export_command_writes_inert_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trip = _trip(HOSTILE[0] + HOSTILE[3] + HOSTILE[8])
    with HistoryStore() as store:
        conv = store.new_conversation(title="t", provider="offline", model="planner")
        trip = Trip.from_dict({**trip.to_dict(), "conversation_id": conv.id})
        save_trip(store, conv.id, trip.id, trip.summary(), trip.to_dict())
    md, ics = tmp_path / "trip.md", tmp_path / "trip.ics"
    assert main(["trip", "export", trip.id, "--format", "md", "-o", str(md)]) == 0
    assert main(["trip", "export", trip.id, "--format", "ics", "-o", str(ics)]) == 0
    _assert_inert(md.read_text(encoding="utf-8"), HOSTILE[0] + HOSTILE[3] + HOSTILE[8])
    assert "\nATTENDEE" not in ics.read_text(encoding="utf-8") and "\n# " not in ics.read_text(encoding="utf-8")


def _picture(path: Path) -> None:
    from PySide6.QtGui import QColor, QImage

    image = QImage(97, 61, QImage.Format.Format_RGB32)  # a size no other picture has
    image.fill(QColor("red"))
    assert image.save(str(path))


def test_qt_reads_the_markdown_as_text(tmp_path: Path, qapp: Any) -> None:
    """md4c (GitHub dialect, HTML on, permissive autolinks) finds no link, picture or tag in it."""
    from PySide6.QtGui import QTextDocument

    for hostile in HOSTILE:
        doc = QTextDocument()
        doc.setMarkdown(to_markdown(_trip(hostile, "en")), QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
        html = doc.toHtml()
        assert "<a " not in html and "<img" not in html, hostile
        assert one_line(hostile) in doc.toPlainText().replace("\u2029", "\n"), hostile


def test_pdf_draws_text_as_text_and_loads_no_file(tmp_path: Path, qapp: Any) -> None:
    from desktop_app.app import trip_pdf

    picture = tmp_path / "secret.png"
    _picture(picture)
    hostile = " ".join(HOSTILE).replace(PICTURE, str(picture))
    trip = _trip(hostile, "en")
    data = trip_pdf(to_markdown(trip, "en"), trip.title)
    assert data.startswith(b"%PDF")
    assert b"/Subtype /Image" not in data, "a local picture was read into the PDF"
    # the renderer itself reads no file either, whatever Markdown it is given
    raw = trip_pdf(f"![x](file://{picture})\n\n<img src='file://{picture}'>", "raw")
    assert b"/Width 97" not in raw, "the PDF renderer read a local file"
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed: the PDF's text cannot be read back")
    path = tmp_path / "trip.pdf"
    path.write_bytes(data)
    out = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, check=True, text=True).stdout
    flat = re.sub(r"\s+", "", out)
    assert "<script>alert(1)</script>" in flat and "onerror=" in flat and "javascript:alert(1)" in flat
