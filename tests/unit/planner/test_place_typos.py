"""Place names typed wrong (issue 41, "Reading a traveller"): Chinese ones with a homophone read by their
toneless pinyin (travel/homophones.py), English ones one slip away; ordinary sentences gain no place,
and the answer says first what it read."""

from __future__ import annotations

import re
import time
from dataclasses import replace

import pytest

from desktop_app.planner.nlu import parse
from desktop_app.travel.homophones import NOT_TYPOS, find_homophones
from desktop_app.travel.places import resolve_city
from desktop_app.travel.world_places import find_places, read_as_note
from tests.unit.planner.test_model import calls_of, final_text, run

HOMOPHONES = [  # (question, the words as typed, the sample city's id)
    ("三压天气怎么样", "三压", "sanya"),
    ("去西按玩三天", "西按", "xian"),
    ("桂琳的酒店多少钱", "桂琳", "guilin"),
    ("昆名天气", "昆名", "kunming"),
    ("厦们的酒店", "厦们", "xiamen"),
    ("下周去哈尔宾玩", "哈尔宾", "harbin"),
    ("杭洲旅游攻略", "杭洲", "hangzhou"),
    ("想去大里玩", "大里", "dali"),
    ("丽疆天气怎么样", "丽疆", "lijiang"),
    ("清岛的机票", "清岛", "qingdao"),
    ("成度的火锅", "成度", "chengdu"),  # 程度 sounds the same but shares no character with 成都
    ("去重亲玩", "重亲", "chongqing"),  # 重 read chong as in 重庆 (pypinyin's phrase table), not zhong
    ("去哈爾宾玩", "哈爾宾", "harbin"),  # a character of the traditional form shares with 哈爾濱
]


@pytest.mark.parametrize(("question", "said", "city"), HOMOPHONES)
def test_a_homophone_of_a_city_name_is_read_as_that_city(question: str, said: str, city: str) -> None:
    read = [(m.said, m.city.id) for m in find_places(question) if m.said and m.city is not None]
    assert read == [(said, city)]


def test_two_typos_in_one_question_and_the_route_between_them() -> None:
    q = parse("从哈尔宾飞昆名，下周两个人", [])
    assert q.origin is not None and q.origin.id == "harbin"
    assert [c.id for c in q.destinations] == ["kunming"]
    assert [(said, c.id) for said, c in q.read_as] == [("哈尔宾", "harbin"), ("昆名", "kunming")]


ORDINARY = [  # everyday travel questions without a place typo: none may gain a place read from a typo
    "这个程度的预算够吗",  # 程度 sounds like 成都 (cheng du) but shares no character with it
    "我很喜欢海边，推荐一个地方",
    "下周有时间去旅游吗",
    "政府在大力发展旅游",
    "去西岸边走走",
    "去西岸玩",  # Shanghai's West Bund, not 西安
    "去漓江玩",  # Guilin's river, not 丽江
    "去宿州玩",  # a city of Anhui, not 苏州
    "普及的程度怎么样",  # 普及 sounds like 普吉 (Phuket)
    "大力推荐的酒店",
    "明天天气怎么样",
    "帮我查一下机票和酒店",
    "我们一家三口想出去玩",
    "有没有便宜一点的酒店",
    "周末去哪里玩比较好",
    "行程安排得太满了",  # 行程 sounds like 星城 (Changsha's nickname): nicknames are not read by sound
    "这里太北了，冬天很冷",
    "东经一百二十度附近有什么好玩的",
    "给我一个三天两晚的行程",
    "送大礼给朋友，去哪里买",
    "到时候再说吧",
    "从家里出发要多久",
    "在路上堆了很多行李",
    "和朋友一起去海边度假",
    "还是坐高铁比较方便",
    "去长城玩一天",
    "春节去哪里旅游人少",
    "我想带爸妈去看看雪",
    "预算五千，去哪个城市玩",
    "去海边还是去山里",
    "请问签证要多久",
    "今年冬天去哪里滑雪",
    "去华城玩",  # sounds like 花城 (Guangzhou's nickname)
    "去容城玩",  # sounds like 蓉城 (Chengdu's nickname)
    "我想去北境",
    "这条路线的难度和程度怎么样",  # 程度 between 和 and 怎么样: only the shared character keeps it from 成都
    "张大丽的酒店订好了吗",  # a name (大丽) before 的: 张 leads to no place
    "到桂琳家吃饭",  # a friend (桂琳) after 到: 家 follows no place
]


@pytest.mark.parametrize("sentence", ORDINARY)
def test_an_ordinary_sentence_gains_no_place(sentence: str) -> None:
    assert [(m.start, m.said) for m in find_places(sentence) if m.said] == []
    assert parse(sentence, []).read_as == []


def test_places_written_right_are_not_read_again() -> None:
    for question, names in [
        ("厦门和青岛哪个好玩", ["xiamen", "qingdao"]),
        ("从上海到成都的高铁", ["shanghai", "chengdu"]),
        ("去光州玩", []),  # a world place (Gwangju): found as written, never read as 广州
    ]:
        places = find_places(question)
        assert not [m for m in places if m.said]
        assert [m.city.id for m in places if m.city is not None] == names


def test_not_typos_are_never_read_even_where_a_place_is_meant() -> None:
    for word in NOT_TYPOS:
        assert find_homophones(f"去{word}玩", []) == [], word


def test_no_word_of_the_pinyin_phrase_table_is_read_as_a_typo() -> None:
    """pypinyin's ~47,000 words (大半, 打理, 商海 sound like 大阪, 大理, 上海): none is read as a place where
    a place is meant, unless it is a city's own name (倫敦 is 伦敦 written otherwise, found as it is)."""
    from pypinyin.constants import PHRASES_DICT

    words = [w for w in PHRASES_DICT if re.fullmatch(r"[\u4e00-\u9fff]{2,4}", w) and resolve_city(w) is None]
    assert len(words) > 30_000
    read = [w for w in words if find_homophones(f"去{w}玩", [])]
    assert read == []


def test_a_run_that_shares_no_character_with_the_name_it_sounds_like_is_not_read() -> None:
    # 城度 and 庆道 sound like 成都 and 青岛, and 城 (山城) and 庆 (重庆) are other names' characters, not theirs
    for sentence in ("去城度玩", "去庆道玩", "这条路线的难度和程度怎么样"):
        assert find_homophones(sentence, []) == [], sentence


def test_a_name_that_sounds_like_two_cities_is_read_as_neither(monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop_app.travel import homophones

    index = homophones._index()
    (sanya, name), other = index[("san", "ya")][0], replace(index[("xi", "an")][0][0], id="other", zh="三鸭")
    assert find_homophones("三压天气怎么样", []) != []
    monkeypatch.setattr(homophones, "_index", lambda: {**index, ("san", "ya"): ((sanya, name), (other, "三鸭"))})
    assert find_homophones("三压天气怎么样", []) == []  # 三压 sounds like 三亚 and 三鸭 and shares 三 with both


def test_the_note_says_what_was_read_in_the_questions_language() -> None:
    assert read_as_note([("三压", "三亚")], "zh") == "（我把「三压」按「三亚」理解。）\n\n"
    two = read_as_note([("sanay", "Sanya"), ("kunmimg", "Kunming")], "en")
    assert two == '(I read "sanay" as Sanya, "kunmimg" as Kunming.)\n\n'
    assert read_as_note([], "zh") == ""


async def test_a_homophone_typo_looks_up_the_city_and_the_answer_says_so() -> None:
    events, _ = await run("三压天气怎么样")
    assert [(name, args["city"]) for name, args in calls_of(events)] == [("get_weather", "三亚")]
    text = final_text(events)
    assert text.startswith("（我把「三压」按「三亚」理解。）")
    assert "三亚" in text


async def test_an_english_typo_is_said_too() -> None:
    events, _ = await run("sanay hotels")
    assert [(name, args["city"]) for name, args in calls_of(events)] == [("get_hotel_price", "Sanya")]
    assert final_text(events).startswith('(I read "sanay" as Sanya.)')


async def test_a_question_with_its_names_right_says_nothing_read() -> None:
    events, _ = await run("三亚天气怎么样")
    assert "理解" not in final_text(events)


def test_a_long_chinese_question_is_read_in_linear_time() -> None:
    """2,000 characters of place-like runs (every one after 去, before 玩): read well under a second."""
    unit = "去三压玩，去西按玩，程度的，"
    text = (unit * 200)[:2_000]
    find_places(text[:100])  # the pinyin tables and the index, loaded once
    started = time.perf_counter()
    found = find_places(text)
    assert time.perf_counter() - started < 1.0
    assert {m.said for m in found if m.said} == {"三压", "西按"}
