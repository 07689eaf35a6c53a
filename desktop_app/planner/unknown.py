"""Places asked about that no gazetteer knows (天津, Bali, 自贡): said back to the traveller, never looked up."""

from __future__ import annotations

from desktop_app import clock
from desktop_app.planner.asks import find_intents
from desktop_app.travel import rules
from desktop_app.travel.date_words import MONTHS_EN, WEEKDAYS_EN
from desktop_app.travel.party import ZH_COMPANIONS
from desktop_app.travel.places import resolve_city
from desktop_app.travel.regions import find_regions
from desktop_app.travel.when import find_span
from desktop_app.travel.world_places import find_places

R = rules.Rules("unknown", COMPANIONS="|".join(p for p, _ in ZH_COMPANIONS))
NOT_PLACE_EN = {
    *rules.words(rules.text("unknown", "NOT_PLACE_EN")),
    *WEEKDAYS_EN, *(d[:3] for d in WEEKDAYS_EN), *MONTHS_EN, *(m[:3] for m in MONTHS_EN),  # the date words' own tables
}  # fmt: skip
TRAVEL_NOUNS = rules.words(rules.text("unknown", "TRAVEL_NOUNS"))


def unknown_places(text: str, city_named: bool = False) -> list[str]:
    """Words asked about as places (after 去 / 到 / to / visit / and) that no gazetteer knows; with a sample city
    named, a word after "in" is a district of it ("stay in Namba or Umeda", "fun in Brooklyn")."""
    found = [m.group("p") for m in R.ZH_PLACE.finditer(text) if _may_be_place(m.group("p"))]
    found = [w for w in found if not R.WEEK_WORD.match(w)]  # 玩到周日: a day, not a place
    found += [
        m.group("p")
        for m in R.EN_PLACE.finditer(text)
        if m.group("p").split()[0].casefold() not in NOT_PLACE_EN and not (city_named and R.DISTRICT.match(m.group(0)))
    ]
    known = [w for w in found if find_places(w) or find_regions(w, []) or resolve_city(w)]
    people = [w for w in found if R.PEOPLE.search(w)]  # 和女朋友, 跟同事: who goes, not where
    return list(dict.fromkeys(w for w in found if w not in known + people and not _travel_word(w)))


def _may_be_place(word: str) -> bool:
    """Not a doubled verb (走走, 逛逛), a time (元宵节, 初五, 月底, 两天) or a word no place name has in it."""
    doubled = word[0] == word[1]  # 走走, 晒晒太阳
    degree = R.DEGREE.match(word)  # 太商业化: how, not where
    common = R.COMMON_PLACES.search(word)  # 郊区, 机场, 公司: a kind of place, not a place's name
    return not (
        doubled
        or degree
        or common
        or R.NOT_PLACE_CHARS.search(word)
        or R.TIME_WORD.search(word)
        or find_span(word, clock.today())
    )


def _travel_word(word: str) -> bool:
    """A lookup the planner knows (酒店, 机票, 天气, hotels…) or another travel noun."""
    return bool(find_intents(word)) or any(noun in word for noun in TRAVEL_NOUNS)
