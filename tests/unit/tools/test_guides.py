"""The local guide library: coverage, sections, FTS5 trigram search in Chinese and English."""

from __future__ import annotations

import json
import re

import pytest

from desktop_app.tools.guides import GuideLibrary, city_vocabulary, guides_dir, library
from desktop_app.tools.web import WebConfig, WebTools
from desktop_app.travel.places import all_cities

HEADINGS = ("## 天气 Weather", "## 必去景点 Sights", "## 美食 Food", "## 交通 Transport",
            "## 预算 Budget", "## 来源 Sources")  # fmt: skip


def test_at_least_15_destinations_with_every_section() -> None:
    lib = library()
    assert len(lib.guides) >= 15
    ids = {c.id for c in all_cities()}
    for slug, guide in lib.guides.items():
        assert slug in ids, f"{slug} is not a city of the sample data"
        for heading in HEADINGS:
            assert heading in guide.markdown, (slug, heading)
        assert re.search(r"示例内容 Sample content.*general travel knowledge", guide.markdown)
        for heading in HEADINGS[:5]:
            section = guide.markdown.split(heading, 1)[1].split("\n## ", 1)[0]
            bullets = [ln for ln in section.splitlines() if ln.startswith("- ")]
            assert 3 <= len(bullets) <= 5, (slug, heading, len(bullets))


def search(query: str) -> list[str]:
    return [r["url"] for r in library().search(query, city_vocabulary())]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("三亚 旅游攻略", ["guide://sanya"]),
        ("三亚旅游攻略", ["guide://sanya"]),
        ("帮我做一份三亚旅游攻略", ["guide://sanya"]),
        ("Sanya travel guide", ["guide://sanya"]),
        ("sanya", ["guide://sanya"]),
        ("兵马俑", ["guide://xian"]),  # 3+ characters: FTS5 trigram MATCH
        ("烤鸭", ["guide://beijing"]),  # 2 characters: the LIKE fallback
        ("Peking duck", ["guide://beijing"]),
        ("Terracotta Army", ["guide://xian"]),
        ("Xi'an", ["guide://xian"]),
        ("香港 美食", ["guide://hongkong"]),
        ("Tokyo ramen", ["guide://tokyo"]),
        ("鹭岛", ["guide://xiamen"]),
    ],
)
def test_search_finds_chinese_and_english(query: str, expected: list[str]) -> None:
    assert search(query) == expected


def test_search_ranks_and_compares() -> None:
    assert set(search("火锅")) >= {"guide://chengdu", "guide://chongqing"}
    assert set(search("三亚 成都 对比")) == {"guide://sanya", "guide://chengdu"}
    assert set(search("cherry blossoms")) == {"guide://tokyo", "guide://seoul"}


def test_a_place_without_a_guide_finds_nothing() -> None:
    assert search("广州 旅游攻略") == []  # not Guilin's page that mentions 广州
    assert search("zzqq") == []


def test_the_index_is_fts5_trigram() -> None:
    lib = GuideLibrary(guides_dir())
    sql = lib._db.execute("SELECT sql FROM sqlite_master WHERE name = 'pages'").fetchone()[0]
    assert "fts5" in sql and "trigram" in sql
    scores = lib.match("兵马俑")
    assert list(scores) == ["xian"] and scores["xian"] > 0
    assert lib.match("鸭") and "beijing" in lib.match("鸭")  # one character still works
    assert lib.match('"; DROP TABLE pages; --') == {}  # the query is a quoted phrase


async def test_web_search_and_read_page_tools() -> None:
    tools = WebTools()
    out = await tools.web_search("三亚 旅游攻略")
    data = json.loads(out.content)
    assert data["results"][0]["url"] == "guide://sanya"
    assert "sample content" in data["results"][0]["source"]
    page = json.loads((await tools.read_page("guide://sanya")).content)
    assert page["url"] == "guide://sanya" and "## 必去景点 Sights" in page["content"]
    assert json.loads((await tools.read_page("guide://三亚")).content)["url"] == "guide://sanya"
    missing = await tools.read_page("guide://atlantis")
    assert missing.is_error and "web_search" in missing.content
    offline = await tools.read_page("https://example.com/")
    assert offline.is_error and "switched off" in offline.content
    none = json.loads((await tools.web_search("广州 旅游攻略")).content)
    assert none["results"] == [] and "三亚" in none["notes"][0]


def test_read_page_confirmation_rule() -> None:
    _, read = WebTools(WebConfig(live=True)).tools()
    assert read.confirm_for is not None
    assert read.confirm_for({"url": "https://example.com"}) is True
    assert read.confirm_for({"url": "guide://sanya"}) is False
    _, offline = WebTools().tools()
    assert offline.confirm_for and offline.confirm_for({"url": "https://example.com"}) is False
