"""Typical monthly values (resources/data/climate.json): named sources with licences, plausible numbers."""

from __future__ import annotations

from datetime import date

from desktop_app.paths import resources_dir
from desktop_app.tools.travel.common import load_data
from desktop_app.tools.travel.places import all_cities, city_by_id
from desktop_app.tools.travel.seasons import typical


def test_every_city_has_typical_values_or_is_listed_missing() -> None:
    data = load_data("climate.json")
    ids = {c.id for c in all_cities()}
    assert set(data["climate"]) | set(data["missing"]) == ids
    assert not set(data["climate"]) & set(data["missing"])
    assert len(data["climate"]) >= 36  # 20 from the gridded normals, 16 from GHCN-Daily stations


def test_every_entry_names_a_source_with_a_licence_and_a_period() -> None:
    data = load_data("climate.json")
    for city_id, entry in data["climate"].items():
        source = data["sources"][entry["source"]]
        assert source["source"] and source["licence"] and source["method"], city_id
        assert entry["period"] == "1981–2010", city_id
        assert len(entry["mean_c"]) == 12 and all(-40 < m < 40 for m in entry["mean_c"]), city_id
        if entry["source"] == "ghcnd":  # a station near the city, with enough years behind each month
            assert entry["station_km"] <= 30 and entry["years"] >= 20, city_id


def test_the_sources_file_names_each_source_and_its_licence() -> None:
    text = (resources_dir() / "data" / "CLIMATE_SOURCES.md").read_text(encoding="utf-8")
    assert "CC BY 4.0" in text and "GHCN-Daily" in text and "non-commercial" in text


def test_harbin_is_far_below_freezing_in_january_and_sanya_is_warm() -> None:
    climate = load_data("climate.json")["climate"]
    assert climate["harbin"]["mean_c"][0] < -10
    assert climate["sanya"]["mean_c"][0] > 15
    assert climate["harbin"]["mean_c"][6] > 20  # and summer is warm: a real annual cycle, not a constant


def test_a_typical_value_carries_its_own_source_and_licence() -> None:
    harbin, beijing = city_by_id("harbin"), city_by_id("beijing")
    assert harbin is not None and beijing is not None
    cold = typical(harbin, date(2027, 1, 10))
    assert cold is not None and cold["kind"] == "typical" and cold["mean_temp_c"] < -10
    assert "GHCN-Daily" in cold["source"] and "non-commercial" in cold["licence"]
    assert "1981–2010" in cold["note"] and "not a forecast" in cold["note"]
    grid = typical(beijing, date(2027, 1, 10))
    assert grid is not None and "CHELSA" in grid["source"] and "CC BY 4.0" in grid["licence"]


def test_a_city_without_values_gets_none() -> None:
    dali = city_by_id("dali")
    assert dali is not None and typical(dali, date(2027, 1, 10)) is None
