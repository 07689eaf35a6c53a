"""The trip's exports: .ics re-parsed with icalendar, the Markdown's totals, the PDF's text (pdftotext)."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from desktop_app.trips.ics import to_ics
from desktop_app.trips.markdown import to_markdown
from desktop_app.trips.model import Cost, Leg, PeakCost, Stay, Trip

SEED_TRIP = Trip(
    id="trip1",
    conversation_id="conv1",
    lang="zh",
    origin="北京",
    origin_en="Beijing",
    destinations=("三亚",),
    destinations_en=("Sanya",),
    start=date(2026, 12, 7),
    end=date(2026, 12, 10),
    legs=(
        Leg("北京", "三亚", date(2026, 12, 7), 1280, 1, "call_f", "Beijing", "Sanya", "Asia/Shanghai", "Asia/Shanghai"),
        Leg(
            "三亚", "北京", date(2026, 12, 10), 1280, 1, "call_f", "Sanya", "Beijing", "Asia/Shanghai", "Asia/Shanghai"
        ),
    ),
    stays=(Stay("三亚湾海景酒店", "三亚", date(2026, 12, 7), 3, 1, 680, "call_h", "Sanya Bay Seaview Hotel", "Sanya"),),
    costs=(Cost("flights", "北京→三亚 往返", 2560, "call_f"), Cost("hotel", "三亚湾海景酒店 3晚", 2040, "call_h")),
)


def _events(data: bytes) -> list[tuple[str, object, object]]:
    cal = Calendar.from_ical(data)
    return [(str(e["summary"]), e.decoded("dtstart"), e.decoded("dtend")) for e in cal.walk("VEVENT")]


def test_ics_has_flights_on_their_dates_and_the_hotel_nights_as_one_span() -> None:
    events = _events(to_ics(SEED_TRIP))
    assert events == [
        ("航班 北京→三亚", date(2026, 12, 7), date(2026, 12, 8)),  # all-day: no time is known
        ("航班 三亚→北京", date(2026, 12, 10), date(2026, 12, 11)),
        ("酒店 三亚湾海景酒店", date(2026, 12, 7), date(2026, 12, 10)),  # the nights of 7, 8, 9; out on the 10th
    ]
    for _, start, _ in events:
        assert type(start) is date  # VALUE=DATE, not a midnight datetime
    cal = Calendar.from_ical(to_ics(SEED_TRIP))
    descriptions = [str(e["description"]) for e in cal.walk("VEVENT")]
    assert "call_f" in descriptions[0] and "call_h" in descriptions[2] and "¥680" in descriptions[2]
    assert cal.walk("VTIMEZONE") == []  # no times, no zones needed


def test_a_timed_flight_carries_its_zones() -> None:
    leg = Leg("上海", "伦敦", date(2026, 12, 20), 5000, 2, "call_x", "Shanghai", "London", "Asia/Shanghai",
              "Europe/London", duration_h=13.0, departs="09:30")  # fmt: skip
    trip = Trip("t2", "c2", lang="en", legs=(leg,))
    text = to_ics(trip).decode()
    assert "DTSTART;TZID=Asia/Shanghai:20261220T093000" in text
    assert "DTEND;TZID=Europe/London:20261220T143000" in text  # 09:30 +08:00 plus 13 h is 14:30 in London
    cal = Calendar.from_ical(text)
    (event,) = cal.walk("VEVENT")
    start, end = event.decoded("dtstart"), event.decoded("dtend")
    assert start == datetime(2026, 12, 20, 9, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert end - start == timedelta(hours=13)
    assert str(event["summary"]) == "Flight Shanghai → London"
    assert sorted(str(z["tzid"]) for z in cal.walk("VTIMEZONE")) == ["Asia/Shanghai", "Europe/London"]


def test_markdown_holds_the_totals_in_the_conversations_language() -> None:
    zh = to_markdown(SEED_TRIP)
    assert zh.startswith("# 北京→三亚 12月7日–10日")
    assert "| **合计** |  | **¥4,600** |  |" in zh
    assert "¥1,280" in zh and "¥680" in zh and "`call_h`" in zh and "¥2,560" in zh and "¥2,040" in zh
    assert "## 每日安排" in zh and "## 费用" in zh
    en = to_markdown(SEED_TRIP, "en")
    assert en.startswith("# Beijing → Sanya, 7–10 Dec") and "| **Total** |  | **¥4,600** |  |" in en


def test_peaks_are_shown_apart_from_the_total() -> None:
    trip = Trip("t3", "c3", costs=SEED_TRIP.costs, peaks=(PeakCost("hotel", "国庆", 900, "call_h", "National Day"),))
    md = to_markdown(trip)
    assert "**¥4,600**" in md and "节假日高峰估算（另计，不含在合计内）: +¥900" in md


def test_pdf_text_holds_the_plan(tmp_path: Path, qapp: Any) -> None:  # qapp: see test_trip_cli
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed: the PDF's text cannot be read back")
    from desktop_app.app import trip_pdf

    data = trip_pdf(to_markdown(SEED_TRIP), SEED_TRIP.title)
    assert data.startswith(b"%PDF")
    path = tmp_path / "trip.pdf"
    path.write_bytes(data)
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True)
    text = unicodedata.normalize("NFKC", out.stdout)  # CJK fonts map some glyphs to Kangxi radicals (⽉ for 月)
    for needle in ("北京→三亚", "三亚湾海景酒店", "¥1,280", "¥680", "¥4,600", "合计"):
        assert needle in text, needle


ROUTE_TRIP = Trip(
    id="trip2",
    conversation_id="conv2",
    lang="en",
    origin="新加坡",
    origin_en="Singapore",
    destinations=("重庆",),
    destinations_en=("Chongqing",),
    start=date(2027, 1, 10),
    end=date(2027, 1, 13),
    legs=(
        Leg(
            "新加坡",
            "重庆",
            date(2027, 1, 10),
            2480,
            2,
            "call_a",
            "Singapore",
            "Chongqing",
            fare="经济舱（估算）",
            fare_en="economy (estimated)",
        ),
        Leg(
            "重庆",
            "成都",
            date(2027, 1, 13),
            120,
            2,
            "call_b",
            "Chongqing",
            "Chengdu",
            fare="高铁二等座（估算）",
            fare_en="high-speed rail, second class (estimated)",
            mode="train",
        ),
    ),
    stays=(
        Stay(
            "解放碑商务酒店",
            "重庆",
            date(2027, 1, 10),
            3,
            1,
            390,
            "call_c",
            "Jiefangbei Pedestrian Street Business Hotel",
            "Chongqing",
        ),
    ),
)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pdf_text_is_real_text_and_no_word_or_date_is_broken(tmp_path: Path, qapp: Any, lang: str) -> None:
    """pdftotext finds 日期 itself (not the Kangxi radical ⽇期), every leg's date and every city whole;
    every font is embedded (issue 42 item 6)."""
    if shutil.which("pdftotext") is None or shutil.which("pdffonts") is None:
        pytest.skip("poppler-utils is not installed: the PDF's text cannot be read back")
    from desktop_app.app import trip_pdf

    path = tmp_path / f"trip-{lang}.pdf"
    path.write_bytes(trip_pdf(to_markdown(ROUTE_TRIP, lang), ROUTE_TRIP.title))
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    words = ["2027-01-10", "2027-01-13", "¥2,480"]
    english = ["Chongqing", "Singapore", "Pedestrian"]
    words += ["日期", "重庆→成都", "解放碑商务酒店", "合计"] if lang == "zh" else english
    for word in words:
        assert word in text, word
        broken = [t for t in text.split() if word.startswith(t) and 3 <= len(t) < len(word)]
        assert not broken, f"{word} broken across lines: {broken}"  # "Chongqin / g", "2027-01-1 / 0"
    assert not any(0x2E80 <= ord(ch) < 0x2FE0 for ch in text)  # no radical stands for an ideograph
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, check=True, text=True).stdout
    rows = [line.split() for line in fonts.splitlines()[2:]]
    assert rows and all("yes" == row[-5] for row in rows)  # emb


def test_a_plan_with_a_train_leg_never_heads_it_as_a_flight() -> None:
    """Flights and a train: the legs are headed 交通 / Transport, each fare's cost line by its own way."""
    from dataclasses import replace

    from desktop_app.trips.model import costs_of

    trip = replace(ROUTE_TRIP, costs=costs_of(ROUTE_TRIP.legs, ROUTE_TRIP.stays))
    zh, en = to_markdown(trip, "zh"), to_markdown(trip, "en")
    assert "## 交通" in zh and "## 航班" not in zh and "## Transport" in en
    assert "| 火车 | 重庆→成都" in zh and "| 航班 | 新加坡→重庆" in zh and "| Train | Chongqing → Chengdu" in en
