"""Places asked about that no gazetteer knows (天津, Bali, 自贡): said back to the traveller, never looked up."""

from __future__ import annotations

import re

from desktop_app import clock
from desktop_app.planner.asks import find_intents
from desktop_app.travel import rules
from desktop_app.travel.date_words import MONTHS_EN, WEEKDAYS_EN
from desktop_app.travel.party import ZH_COMPANIONS
from desktop_app.travel.places import resolve_city
from desktop_app.travel.regions import find_regions
from desktop_app.travel.when import find_span
from desktop_app.travel.world_places import find_places

R = rules.Rules("unknown")
ZH_WAY = rules.text("unknown", "ZH_WAY")
NOT_PLACE_EN = {
    "i", "the", "a", "an", "my", "me", "somewhere", "anywhere", "europe", "asia", "africa", "america",
    "christmas", "easter", "spring", "summer", "autumn", "fall", "winter", "new", "next", "this", "budget",
    "rmb", "usd", "cny", "eur", "hkd", "jpy", "gbp", "sept", "china", "madam", "sir", "febuary", "feburary",
    *WEEKDAYS_EN, *(d[:3] for d in WEEKDAYS_EN), *MONTHS_EN, *(m[:3] for m in MONTHS_EN),  # the date words' own tables
}  # fmt: skip


ZH_PLACE_ENDS = r"(?:玩|滑雪|爬山|旅游|旅行|度假|看看|的|，|,|。|$|呢|吗|哪个|比|都)"


def unknown_places(text: str, city_named: bool = False) -> list[str]:
    """Words asked about as places (after 去 / 到 / to / visit / and) that no gazetteer knows; with a sample city
    named, a word after "in" is a district of it ("stay in Namba or Umeda", "fun in Brooklyn")."""
    found: list[str] = []
    zh = ZH_WAY + r"(?P<p>[\u4e00-\u9fff]{2,4}?)" + ZH_PLACE_ENDS  # 出去: out
    found += [m.group("p") for m in re.finditer(zh, text) if _may_be_place(m.group("p"))]
    found = [w for w in found if not re.match(r"下{0,2}个?(?:周|星期|礼拜)", w)]  # 玩到周日: a day, not a place
    en = r"\b(?:in|to|visit|visiting|and|or|vs\.?)\s+(?P<p>[A-Z][a-zA-Z]{2,}(?:\s[A-Z][a-zA-Z]+)?)"
    found += [
        m.group("p")
        for m in re.finditer(en, text)
        if m.group("p").split()[0].casefold() not in NOT_PLACE_EN and not (city_named and R.DISTRICT.match(m.group(0)))
    ]
    known = [w for w in found if find_places(w) or find_regions(w, []) or resolve_city(w)]
    people = [w for w in found if re.search(PEOPLE, w)]  # 和女朋友, 跟同事: who goes, not where
    return list(dict.fromkeys(w for w in found if w not in known + people and not _travel_word(w)))


def _may_be_place(word: str) -> bool:
    """Not a doubled verb (走走, 逛逛), a time (元宵节, 初五, 月底, 两天) or a word no place name has in it."""
    doubled = word[0] == word[1]  # 走走, 晒晒太阳
    degree = re.match(r"太|很|超|特别|比较", word)  # 太商业化: how, not where
    common = R.COMMON_PLACES.search(word)  # 郊区, 机场, 公司: a kind of place, not a place's name
    return not (
        doubled
        or degree
        or common
        or R.NOT_PLACE_CHARS.search(word)
        or R.TIME_WORD.search(word)
        or find_span(word, clock.today())
    )


PEOPLE = "|".join([p for p, _ in ZH_COMPANIONS] + ["朋友|同事|同学|家人|老人|闺蜜|兄弟|姐妹"])
# Travel words a question joins with 和 / 跟 / and ("机票和酒店"): asked-for things, never places.
TRAVEL_NOUNS = (
    "景点",
    "美食",
    "门票",
    "交通",
    "签证",
    "攻略",
    "住宿",
    "预算",
    "费用",
    "路线",
    "行程",
    "安排",
    "安全",
    "地震",
    "旅游",
    "旅行",
    "度假",
    "出差",
    "开会",  # 明天一早要去开会: why, not where
    "上班",
    "考试",
    "来得及",  # 下周去还来得及吗: in time, not a place
    "出游",
    "游玩",
)


def _travel_word(word: str) -> bool:
    """A lookup the planner knows (酒店, 机票, 天气, hotels…) or another travel noun."""
    return bool(find_intents(word)) or any(noun in word for noun in TRAVEL_NOUNS)
