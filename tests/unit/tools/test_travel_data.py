"""The bundled sample data: coverage, consistency, and how names and aliases resolve."""

from __future__ import annotations

import pytest

from desktop_app.travel.data import load_data
from desktop_app.travel.places import (
    all_cities,
    city_by_id,
    find_cities,
    known_cities_text,
    resolve_city,
)


def test_at_least_thirty_cities_chinese_and_international() -> None:
    cities = all_cities()
    assert len(cities) >= 30
    assert len({c.id for c in cities}) == len(cities)
    china = [c for c in cities if c.country.startswith("中国")]
    assert len(china) >= 20 and len(cities) - len(china) >= 8
    for c in cities:
        assert c.zh and c.en and c.country and c.country_en and c.region and c.region_en
        assert -90 <= c.lat <= 90 and -180 <= c.lon <= 180
        assert (c.lat, c.lon) != (0.0, 0.0)


def test_the_brief_cities_are_all_there() -> None:
    wanted = (
        "北京 上海 广州 深圳 三亚 成都 重庆 西安 杭州 苏州 南京 厦门 桂林 昆明 丽江 大理 拉萨 "
        "哈尔滨 青岛 大连 武汉 长沙 香港 澳门 台北 东京 大阪 首尔 曼谷 新加坡 巴黎 伦敦 纽约 悉尼"
    ).split()
    assert [n for n in wanted if resolve_city(n) is None] == []


def test_no_name_points_at_two_cities() -> None:
    owner: dict[str, str] = {}
    for c in all_cities():
        for name in c.names():
            key = name.casefold().replace(" ", "")
            assert owner.setdefault(key, c.id) == c.id, f"{name!r} names {owner[key]} and {c.id}"


def test_every_city_has_weather_and_hotels_at_three_four_five_stars() -> None:
    weather = load_data("weather.json")["weather"]
    hotels = load_data("hotels.json")["hotels"]
    for c in all_cities():
        w = weather[c.id]
        for key in ("condition", "condition_en", "wind", "wind_en", "suggestion", "suggestion_en"):
            assert isinstance(w[key], str) and w[key], (c.id, key)
        assert -40 <= w["temperature_c"] <= 50 and 0 <= w["humidity_pct"] <= 100
        assert sorted(hotels[c.id]) == ["3", "4", "5"]
        prices = [hotels[c.id][s]["price_cny"] for s in ("3", "4", "5")]
        assert prices == sorted(prices) and prices[0] > 0, c.id  # more stars never cheaper
        for h in hotels[c.id].values():
            assert h["name"] and h["name_en"] and isinstance(h["breakfast"], bool)
    assert set(weather) == set(hotels) == {c.id for c in all_cities()}


def test_every_route_joins_two_known_cities_once() -> None:
    routes = load_data("flights.json")["routes"]
    pairs = [(r["origin"], r["destination"]) for r in routes]
    assert len(pairs) == len(set(pairs))
    for r in routes:
        assert city_by_id(r["origin"]) and city_by_id(r["destination"])
        assert r["origin"] != r["destination"]
        assert r["price_cny"] > 0 and r["duration_h"] > 0 and r["type"] and r["type_en"]


@pytest.mark.parametrize(
    ("name", "city_id"),
    [
        ("北京", "beijing"),
        ("Beijing", "beijing"),
        ("Peking", "beijing"),
        ("  PEKING ", "beijing"),
        ("北京市", "beijing"),
        ("广州", "guangzhou"),
        ("Canton", "guangzhou"),
        ("Guangzhou", "guangzhou"),
        ("西安", "xian"),
        ("Xi'an", "xian"),
        ("Xian", "xian"),
        ("xi\u2019an", "xian"),
        ("香港", "hongkong"),
        ("Hong Kong", "hongkong"),
        ("hongkong", "hongkong"),
        ("首尔", "seoul"),
        ("Seoul", "seoul"),
        ("汉城", "seoul"),
        ("曼谷", "bangkok"),
        ("Bangkok", "bangkok"),
        ("三亚", "sanya"),
        ("Sanya", "sanya"),
        ("三亚市", "sanya"),
        ("Sanya City", "sanya"),
        ("東京", "tokyo"),
        ("New York City", "newyork"),
        ("NYC", "newyork"),
        ("澳門", "macau"),
        ("Macao", "macau"),
        ("雪梨", "sydney"),
    ],
)
def test_names_and_aliases_resolve(name: str, city_id: str) -> None:
    city = resolve_city(name)
    assert city is not None and city.id == city_id


@pytest.mark.parametrize("name", ["", "三", "Bei", "Sanyaa", "Springfield", "北京上海", "市", "city"])
def test_near_misses_resolve_to_nothing(name: str) -> None:
    assert resolve_city(name) is None


def test_find_cities_in_free_text_keeps_longest_names() -> None:
    found = [c.id for _, c in find_cities("我在北京，想去东京都和Hong Kong，再去三亚市")]
    assert found == ["beijing", "tokyo", "hongkong", "sanya"]
    assert [c.id for _, c in find_cities("from Peking to Xi'an")] == ["beijing", "xian"]


def test_known_cities_text_lists_both_names() -> None:
    text = known_cities_text()
    assert "北京/Beijing" in text and "悉尼/Sydney" in text
    assert text.count(",") == len(all_cities()) - 1


@pytest.mark.parametrize(
    ("name", "city_id"),
    [
        ("Paris, France", "paris"),
        ("三亚（海南）", "sanya"),
        ("Sanya, Hainan Province, China", "sanya"),
        ("三亚，海南省", "sanya"),
        ("Tokyo, Japan", "tokyo"),
        ("New York, NY", "newyork"),
        ("Los Angeles, California", "losangeles"),
        ("Dubai, UAE", "dubai"),
        ("Hong Kong SAR", "hongkong"),
    ],
)
def test_a_city_may_carry_its_own_region_or_country(name: str, city_id: str) -> None:
    city = resolve_city(name)
    assert city is not None and city.id == city_id


@pytest.mark.parametrize(
    "name",
    [
        "Paris, Texas",
        "Paris (Texas)",
        "Sydney, Nova Scotia",
        "北京，上海",
        "Atlantis, Paris",
        "(Paris)",
    ],
)
def test_a_foreign_qualifier_or_two_cities_resolve_to_nothing(name: str) -> None:
    assert resolve_city(name) is None
