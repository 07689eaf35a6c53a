"""Where the traveller leaves from: 我在北京, 从上海出发, "flying out of Shanghai", 北京到三亚, "I'll drive
to Shanghai and fly from there", 我武汉的 (a home said in passing is the origin, not a stop)."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from desktop_app.travel import rules
from desktop_app.travel.not_trip import clause_of, flown_through, in_event, in_told
from desktop_app.travel.places import City
from desktop_app.travel.regions import R as REGIONS
from desktop_app.travel.world_places import Mention, matched_len

ORIGIN_ENDS = rules.text("origins", "ORIGIN_ENDS")
ORIGIN_PATTERNS = [  # the places a question names as the start, tried in order (origins.toml)
    rules.compiled(rule, ORIGIN_ENDS=ORIGIN_ENDS) for rule in rules.table("origins")["ORIGIN_PATTERNS"].values()
]


def _origin_from_patterns(text: str, places: list[Mention]) -> Mention | None:
    """The first place a pattern names as the start; one we have data for before one we have not ("I am from
    Germany, I am living in Shanghai now": a nationality, then the home)."""
    said = [
        place
        for pattern in ORIGIN_PATTERNS
        for m in pattern.finditer(text)
        for place in places
        if m.start("c") <= place.start < m.end("c")
    ]
    return next((place for place in said if place.city is not None), said[0] if said else None)


def _route_origin(text: str, places: list[Mention]) -> Mention | None:
    """`北京到三亚` / `北京→三亚` / `成都去昆明` / `Beijing to Sanya`: the first city of a route is the origin."""
    for first, second in pairwise(places):  # Beijing to Sapporo: a place without data may be the second
        if first.city is None or first.city is second.city:  # 广州塔开到几点…那天广州: no way from a city to itself
            continue
        between = text[first.start : second.start].casefold()
        crosses = R.SENTENCE_END.search(between) is not None  # 故宫周一开门吗？我们周一到北京: two sentences
        joined = R.ROUTE_JOIN.search(between) and len(between) < len(first.city.en) + 8 and not crosses
        if joined or text[first.start + matched_len(text, first.start, first.city) : second.start].strip() == "去":
            return first  # or 成都去昆明 (not 去三亚还是去昆明: there 去 is not right after the first city)
    return None


def aside(text: str, place: Mention) -> bool:
    """A place said in passing (a home town, a trip just over): neither a stop nor the origin."""
    before = text[max(0, place.start - 24) : place.start]
    after = text[place.start + (matched_len(text, place.start, place.city) if place.city else 2) :]
    came_back = R.ASIDE_AROUND.search(before) is not None and R.CAME_BACK.match(after) is not None
    someone_from = R.SOMEONE_FROM.search(before) is not None and R.PERSON.match(after) is not None
    again = R.AGAIN.search(text) or R.COMPARED.search(text)  # gone to again, or weighed against another
    if R.VISIT_THEM.search(text) and R.LIVES.search(before):  # "my son lives in Singapore … visit him": the trip
        return False
    passing = R.ASIDE_BEFORE.search(before) is not None and not (R.VISITED.search(before) and again)
    nationality = (
        place.city is None and (R.NATIONALITY.search(before) or REGIONS.PEOPLE_OF.match(after)) is not None
    )  # 美国朋友
    return came_back or someone_from or passing or nationality or R.ASIDE_AFTER.match(after) is not None


def find_origin(text: str, places: list[Mention]) -> Mention | None:
    """The place named as the start: said outright, else the first city of a route (北京到三亚)."""
    places = [p for p in places if not aside(text, p)]
    fix = R.CHANGED_MIND.search(text)  # "from Shenzhen... oh wait, no, from Guangzhou": the start said last
    fixed = next((p for p in places if fix and p.start > fix.end() and after_from(text, p)), None)
    right_after_from = (p for p in places if after_from(text, p))  # "from Beijing sept 6-12", "flights from Shanghai"
    return fixed or _origin_from_patterns(text, places) or next(right_after_from, None) or _route_origin(text, places)


def after_from(text: str, place: Mention) -> bool:
    """Whether `place` is said right after "from" (a start, never a stop: even a start taken back)."""
    return R.FROM_BEFORE.search(text[max(0, place.start - 16) : place.start]) is not None


def said_from(text: str, city: City) -> bool:
    """Whether `city` is said as where the trip starts ("from Guangzhou for 5 nights", 从广州)."""
    return _from_city(city).search(text) is not None


@lru_cache(maxsize=128)
def _from_city(city: City) -> re.Pattern[str]:
    """The SAID_FROM rule for one city's names, built once per city (not on every question)."""
    names = "|".join(re.escape(n) for n in (city.zh, city.en, *city.aliases) if n)
    return re.compile(rules.text("origins", "SAID_FROM", NAMES=names))


def trip_places(text: str, places: list[Mention]) -> list[Mention]:
    """The places the trip goes: not one in a clause about an exam (在上海考试，考完去苏州), a trip already made
    (上回去大阪…这次去东京) or a change of planes (在迪拜转机), while another place is left; a told place stays
    when the question weighs it ("went to Phuket last year … which one's better")."""
    elsewhere = [p for p in places if not in_event(text, p.start)]
    stayed = [p for p in elsewhere if not flown_through(text, p.start, _end(text, p))]
    went = changed_mind(text, [p for p in stayed if not in_told(text, p.start)])
    went = stayed if len(went) < 2 and R.COMPARED.search(text) else went
    kept = {p.city or p.world for p in went}  # 在东京转机…东京中间住一晚: Tokyo stays, where first named
    return [p for p in elsewhere if (p.city or p.world) in kept] or elsewhere or places


# a change of mind in the same message: 本来想去哈尔滨…那换成厦门吧, 香港？不对…还是去曼谷吧, "Guangzhou — wait no"
# (Chinese: the place right after the words, and not asked as an "or": 还是去长白山？ weighs)
CHANGE_TO_ZH = r"换成|改成|改去|换去"  # the words that name the place one changes to (talk.py reads them too)
R = rules.Rules("origins", CHANGE_TO_ZH=CHANGE_TO_ZH)


def changed_mind(text: str, places: list[Mention]) -> list[Mention]:
    """The places said after the last change of mind that names one, when it does (the ones before were given up)."""
    for m in reversed(list(R.CHANGED_MIND.finditer(text))):
        zh = m.group("zh") is not None
        after = [p for p in places if m.end() <= p.start <= (m.end() + 3 if zh else len(text))]
        if after and not (zh and R.ASKED.match(text, after[0].start)):
            named = {p.city or p.world for p in after}
            return [p for p in places if p.start >= m.end() or (p.city or p.world) in named]
    return places


def _end(text: str, place: Mention) -> int:
    if place.city is not None:
        return place.start + matched_len(text, place.start, place.city)
    names = (place.world.zh, place.world.en) if place.world is not None else ()
    said = text[place.start :].casefold()
    return place.start + next((len(n) for n in names if n and said.startswith(n.casefold())), 2)


def on_the_way(text: str, places: list[Mention]) -> set[int]:
    """Where the places stopped at on the way are named (中转首尔，停留两天; "stop in Bangkok for 2 nights on the
    way"): the trip reaches them first, whatever order they were said in."""
    return {p.start for p in places if R.STOPOVER.search(clause_of(text, p.start))} if len(places) > 1 else set()
