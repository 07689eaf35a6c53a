"""Typical monthly values (resources/data/climate.json): named sources with licences, plausible numbers."""

from __future__ import annotations

from datetime import date

from desktop_app.paths import resources_dir
from desktop_app.travel.data import load_data
from desktop_app.travel.places import all_cities, city_by_id
from desktop_app.travel.seasons import typical


def test_every_city_has_typical_values_or_is_listed_missing() -> None:
    data = load_data("climate.json")
    ids = {c.id for c in all_cities()}
    assert set(data["climate"]) | set(data["missing"]) == ids
    assert not set(data["climate"]) & set(data["missing"])
    assert len(data["climate"]) >= 38  # the gridded normals and ERA5 (CC BY 4.0); the GHCN-Daily stations are left out


def test_no_shipped_value_comes_from_a_non_commercial_source() -> None:
    """The app is MIT: the GHCN-Daily station normals (non-commercial under WMO Resolution 40) are not shipped;
    Lhasa and Lijiang, valleys the 0.25° ERA5 grid cannot resolve, have none."""
    data = load_data("climate.json")
    assert {entry["source"] for entry in data["climate"].values()} == {"chelsa", "era5"}
    assert all("non-commercial" not in source["licence"] for source in data["sources"].values())
    assert set(data["missing"]) == {"lhasa", "lijiang"}


def test_every_entry_names_a_source_with_a_licence_and_a_period() -> None:
    data = load_data("climate.json")
    for city_id, entry in data["climate"].items():
        source = data["sources"][entry["source"]]
        assert source["source"] and source["licence"] and source["method"], city_id
        assert entry["period"] == {"chelsa": "1981–2010", "era5": "2000–2025"}[entry["source"]], city_id
        assert len(entry["mean_c"]) == 12 and all(-40 < m < 40 for m in entry["mean_c"]), city_id
        if entry["source"] == "ghcnd":  # a station near the city, with enough years behind each month
            assert entry["station_km"] <= 30 and entry["years"] >= 20, city_id


def test_the_sources_file_names_each_source_and_its_licence() -> None:
    text = (resources_dir() / "data" / "CLIMATE_SOURCES.md").read_text(encoding="utf-8")
    assert "CC BY 4.0" in text and "ERA5" in text and "GHCN-Daily" in text and "non-commercial" in text


def test_beijing_is_below_freezing_in_january_and_singapore_is_warm() -> None:
    climate = load_data("climate.json")["climate"]
    assert climate["beijing"]["mean_c"][0] < -2
    assert climate["singapore"]["mean_c"][0] > 25
    assert climate["beijing"]["mean_c"][6] > 20  # and summer is warm: a real annual cycle, not a constant


def test_a_typical_value_carries_its_own_source_and_licence() -> None:
    beijing = city_by_id("beijing")
    assert beijing is not None
    grid = typical(beijing, date(2027, 1, 10))
    assert grid is not None and grid["kind"] == "typical" and grid["mean_temp_c"] < -2
    assert "CHELSA" in grid["source"] and "CC BY 4.0" in grid["licence"]
    assert "1981–2010" in grid["note"] and "not a forecast" in grid["note"]


def test_harbin_in_january_is_its_era5_typical_with_that_source() -> None:
    harbin = city_by_id("harbin")
    assert harbin is not None
    cold = typical(harbin, date(2027, 1, 10))
    assert cold is not None and cold["mean_temp_c"] < -15
    assert "ERA5" in cold["source"] and "Copernicus" in cold["licence"] and "2000–2025" in cold["note"]


def test_a_city_without_values_gets_none() -> None:
    lhasa, lijiang = city_by_id("lhasa"), city_by_id("lijiang")
    assert lhasa is not None and typical(lhasa, date(2027, 1, 10)) is None
    assert lijiang is not None and typical(lijiang, date(2027, 1, 10)) is None
