"""Reads a travel question (Chinese or English) into a structured trip query, no model needed."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta

from desktop_app import clock
from desktop_app.planner.asks import (
    TRIP_LOOKUPS,
    TRIP_WORDS,
    carried_intents,
    find_intents,
    parse_stars,
    unasked,
    weak_guide,
)
from desktop_app.planner.asks import R as ASKS
from desktop_app.planner.compare import OPEN_WORDS, OpenAsk, parse_budget, parse_open
from desktop_app.planner.scope import ANSWERABLE, WEAK_ASKS, beyond_topics, trip_time
from desktop_app.planner.scope import R as SCOPE
from desktop_app.planner.second_look import second_look
from desktop_app.planner.talk import no_trip_asked, only_mentioned, thanks_only
from desktop_app.planner.unknown import unknown_places
from desktop_app.planner.weather_ask import ALL_MONTHS, typical_months
from desktop_app.planner.weather_ask import R as WEATHER_ASK
from desktop_app.travel import rules
from desktop_app.travel.landmarks import strip_landmarks
from desktop_app.travel.money import PER_NIGHT, foreign_budget, per_person
from desktop_app.travel.money import R as MONEY
from desktop_app.travel.moved import against_trip
from desktop_app.travel.not_trip import R as NOT_TRIP
from desktop_app.travel.not_trip import in_told, told_blanked
from desktop_app.travel.origins import after_from, aside, find_origin, on_the_way, said_from, trip_places
from desktop_app.travel.party import Party, added_people, find_party, joined, new_total
from desktop_app.travel.party import R as PARTY
from desktop_app.travel.places import City, said_first
from desktop_app.travel.ranges import R as RANGES
from desktop_app.travel.ranges import back_on, in_trip_time
from desktop_app.travel.regions import Region, find_regions, qualifies, world_stops
from desktop_app.travel.spelling import written_out
from desktop_app.travel.stay import (
    day_trip,
    days_moved,
    more_nights,
    nights_to_stay,
    nights_until_back,
    parse_duration,
    said_nights,
)
from desktop_app.travel.when import Span, find_span
from desktop_app.travel.world_places import Mention, WorldPlace, find_places, inside_city, matched_len, stand_ins

R = rules.Rules("nlu")


@dataclass
class TripQuery:
    """What the traveller asked for: where from, where to, what to look up, for how long."""

    lang: str = "zh"
    origin: City | None = None
    origin_assumed: bool = False
    destinations: list[City] = field(default_factory=list)
    no_data: list[WorldPlace] = field(default_factory=list)
    unknown_places: list[str] = field(default_factory=list)
    open: OpenAsk | None = None
    origin_world: WorldPlace | None = None
    intents: set[str] = field(default_factory=set)
    days: int | None = None
    nights: int | None = None
    stars_said: int | None = None  # the hotel class said (5 after 4 is a correction); 4 when never said
    travel_related: bool = False
    when: Span | None = None
    open_here: bool = False  # the open question is this one's (not carried over from an earlier one)
    party: Party = field(default_factory=lambda: Party(1, ""))
    regions: list[Region] = field(default_factory=list)
    budget: int | None = None  # "预算一万够吗", "is 8000 yuan enough": the costs say whether it is
    budget_said: tuple[str, str] = ("", "")  # a budget in another currency or per person, as counted (zh, en)
    budget_each: bool = False  # 人均3000: said per traveller, `budget` is it times the party
    budget_currency: tuple[str, str] = ("", "")  # a budget in another currency, as said (zh, en)
    by_train: bool = False  # 高铁还是飞机: priced by train where the rail estimate reaches
    by_air: bool = False  # 机票, "fly": priced by air even between close cities
    modes_weighed: bool = False  # "train or plane?": both fares looked up
    one_way: bool = False  # "one way", 单程: a fare out, no return date
    typical_months: tuple[int, ...] = ()  # no date: a season's month, or all twelve for "best time to visit"
    beyond: tuple[str, ...] = ()  # visas, safety, events, opening times: the answer says first the data has none
    night_cap: int | None = None  # "under 500 a night": the hotel line says whether it is
    asks_rain: bool = False  # 会下雨吗, "is it rainy": the answer says the data has no rainfall
    route: bool = False  # several places as one trip, city to city (planner/route.py)
    when_aside: Span | None = None  # a time said with no trip (我下周有空): the next turn's trip may take it
    compare_one: bool = False  # "compare the hotels", 哪个暖和: that one thing side by side, nothing else priced
    stop_nights: tuple[int, ...] = ()  # nights said for each destination in order ("Xi'an (2 nights), then …")
    read_as: list[tuple[str, City]] = field(default_factory=list)  # misspelt names read as cities: (三压, 三亚)
    dropped: list[City] = field(default_factory=list)  # 海口不去了, "drop KL": out of the trip so far
    learned: float | None = None  # how sure the classifier was where its reading of the asks won (second_look.py)
    day_trip: bool = False  # 一日游, 当天来回, "a day trip": out and back the same day, no hotel looked up
    booking: bool = False  # 帮我订一张机票, "book me a flight": the answer says it only looks prices up

    @property
    def stars(self) -> int:
        """The hotel class to look up: the one said last, else the seed's four stars."""
        return self.stars_said or 4

    @property
    def mode(self) -> str:
        """The way of travel the question asks for ("" when it names none): a train first."""
        return "both" if self.modes_weighed else "train" if self.by_train else "flight" if self.by_air else ""

    @property
    def stay_nights(self) -> int:
        """Nights of hotel: explicit nights, else the seed's convention of one night per day,
        else what the dates span (a weekend: one night, Dec 20-27: seven), else three."""
        when = self.when
        if self.day_trip:
            return 0
        return nights_to_stay(self.nights or self.days, when.kind if when else None, when.days if when else 0)

    @property
    def budget_as_said(self) -> int | None:
        """The budget as said: the amount each when said per traveller (`budget` is then the party's)."""
        return self.budget // max(self.party.size, 1) if self.budget is not None and self.budget_each else self.budget

    @property
    def beyond_only(self) -> bool:
        """Asks only what the data cannot know (要签证吗, "is it safe"): nothing to look up or price."""
        return bool(self.beyond) and not self.intents & (ANSWERABLE | {"compare"})


def language(text: str) -> str:
    """zh when the text has Chinese characters, else en."""
    return "zh" if R.CJK.search(text) else "en"


def parse(text: str, earlier: list[str]) -> TripQuery:
    """The trip query for `text`, filling the origin and intents from earlier user turns."""
    text = written_out(R.SCRIPT_EDGE.sub(" ", text))  # "3 nites this wknd": one spelling for every reader
    q = TripQuery(lang=language(text))
    places = find_places(text)
    _set_places(q, text, places)
    q.read_as = [(p.said, p.city) for p in places if p.said and p.city is not None]
    q.unknown_places = unknown_places(text, bool(q.destinations))
    _asks(q, text, earlier)
    told = told_blanked(text)  # "just got back from a week in Phuket": not this trip's length
    q.days, q.nights = parse_duration(told)
    q.stars_said = parse_stars(text)
    _when(q, text)
    q.day_trip = _day_trip(q, told)
    q.party = find_party(text)
    cap = PER_NIGHT.search(text)
    q.budget = parse_budget(text) if MONEY.BUDGET_WORDS.search(text) and not cap else None
    if q.budget is not None and (foreign := foreign_budget(text)) is not None:
        q.budget_currency = foreign[1], foreign[2]
    q.budget_each = q.budget is not None and bool(MONEY.PER_PERSON.search(text))  # counted for the party at the end
    q.night_cap = int(next(g for g in cap.groups() if g).replace(",", "")) if cap else None
    _beyond(q, text)
    q.when = trip_time(q.when, q.intents, q.beyond)
    said_of = (WEATHER_ASK.RAIN_OR_SNOW, R.ONE_WAY, ASKS.TRAIN, R.BY_AIR)  # 会下雨吗, 单程, 高铁, 机票
    q.asks_rain, q.one_way, q.by_train, q.by_air = (bool(rule.search(text)) for rule in said_of)
    q.booking = R.BOOKING.search(text) is not None
    if not q.intents and ASKS.STARS.search(text) and not q.destinations:
        q.intents = {"hotels"}  # "What about 5 stars?" asks about the hotel; "去昆明，住四星" is a whole trip
    q.destinations = q.destinations or _here(q, text, earlier)
    if not q.destinations and not q.no_data and not q.unknown_places:
        planned = q.when is not None or q.party.said != "" or bool(q.days or q.nights or ASKS.PLANNING.search(text))
        q.open = _open_ask(text, earlier, planned)  # "plan me a trip", 下周想出去玩: weighed from the data
        q.open_here = q.open is not None
    folded = text.casefold()
    q.travel_related = bool(
        q.intents or places or q.regions or any(w in folded for w in TRIP_WORDS) or _open_trip(q.open) or unasked(text)
    )
    said = q.intents or q.beyond or q.when or typical_months(text) or q.party.said or q.days or q.nights or q.budget
    if talk := no_trip_asked(text):  # 写一首关于西湖的诗, "anyway hi", 下次再去台北 拜拜
        q.intents, q.open, q.unknown_places, q.no_data = set(), None, [], []
    mentioned = not earlier and q.destinations and only_mentioned(text, _spans(text, places), bool(said or q.origin))
    if thanks_only(text) or talk or mentioned:
        q.travel_related, q.destinations = False, []  # "Emily in Paris 好看吗", 谢谢: talk, no trip asked
    slots = (q.when, q.days, q.nights, q.budget, q.stars_said, q.night_cap)
    changes_trip = any(slot is not None for slot in slots) or q.party.said != ""
    _added(q, text, earlier)
    q.destinations = said_first(text, q.destinations)  # "xian first then chengdu", 先成都再重庆
    before = parse(earlier[-1], earlier[-FOLD_TURNS:-1]) if earlier else None  # read once: each level reads one
    if before is not None:
        _inherit(q, text, before)
        changes_trip = _folded_time(q, text, before) or changes_trip
    _party_and_stops(q, text, earlier, before)
    changes_trip = changes_trip or (before is not None and q.party.size != before.party.size)  # 另外两个室友也要来
    if (changes_trip or q.beyond) and (q.destinations or q.no_data) and earlier:
        q.travel_related = True  # "改成下下周", "make it 5 nights", "we are 4 now": the same trip, changed
    if not q.travel_related:  # "今天股票涨了吗": a day, but no trip (kept for a trip said next); no stay either
        q.when, q.when_aside = None, q.when
        q.days, q.nights = (q.days, q.nights) if earlier else (None, None)  # ("bye, have a good weekend")
    _weather_and_scope(q, text)
    if before is not None and q.travel_related and not q.beyond and q.intents & ANSWERABLE:
        q.beyond = before.beyond  # 去迪拜要签证吗 → 那机票多少钱: the answer still says first what the data lacks
    second_look(q, text, earlier)  # learned.py: a classifier's reading where the rules only assumed
    _count_budget(q)
    return q


def _day_trip(q: TripQuery, told: str) -> bool:
    """一日游, 当天来回, "a day trip" (in `told`, the text less trips already made): no nights said, no days that
    span a stay, no hotel asked for."""
    ranged = q.when is not None and q.when.kind == "range" and q.when.days > 1  # "staying in HK 12/20-12/24"
    no_stay = q.nights is None and q.days in (None, 1) and "hotels" not in q.intents and not ranged
    return no_stay and day_trip(told)


def _beyond(q: TripQuery, text: str) -> None:
    """The topics beyond the data (scope.beyond_topics), read with what the trip already says."""
    planned = bool(q.origin is not None or q.party.said or q.budget or q.days or q.nights)
    ranged = q.when is not None and q.when.kind == "range"
    q.beyond, q.intents = beyond_topics(text, q.intents, planned, ranged)


def _when_so_far(q: TripQuery, text: str, before: TripQuery) -> None:
    """The time the conversation had, or this turn's; a way back alone (7月16日回北京) keeps the trip's start; days
    said with no month are the trip's month's ("make it the 14th to 15th", "coming back on the 18th")."""
    trip = before.when
    q.when = in_trip_time(q.when, text, trip, find_span) if trip else q.when
    if trip and (moved := against_trip(q.when, text, trip)):
        q.when = moved[0]
        q.days, q.nights = (before.days, before.nights) if moved[1] else (None, q.when.days - 1)
    if (back := back_on(q.when, text, before.when, find_span)) is not None:
        q.when, q.days, q.nights = back, None, back.days - 1
    elif q.when is None or (trip and q.when.kind == "day" and q.when.start == trip.start and q.nights == before.nights):
        # "flights for the 11th" in a trip from the 11th to the 17th: the day it starts, not a new trip
        q.when = before.when or before.when_aside


def _count_budget(q: TripQuery) -> None:
    """A budget said per traveller counted for the party as finally read ("人均 ¥3,000 × 2人")."""
    q.budget_said = q.budget_currency
    if q.budget is not None and q.budget_each:
        q.budget, q.budget_said = per_person(q.budget, q.party.size, q.budget_currency)


def _asks(q: TripQuery, text: str, earlier: list[str]) -> None:
    """What is asked: the lookups named, less the words of a landmark's name, and how a comparison weighs."""
    q.intents = find_intents(told_blanked(strip_landmarks(text)))  # "Ice and Snow World opening hrs" asks no weather
    if not q.intents and not earlier and (no := unasked(text)):
        q.intents = set(TRIP_LOOKUPS - no)  # 去三亚玩三天，机票不用查: the rest of the trip
    q.modes_weighed = ASKS.MODES.search(text) is not None and len(q.destinations) + len(q.no_data) < 2
    if q.modes_weighed:  # 高铁还是飞机划算？机票多少: both fares side by side, no trip priced
        q.intents = (q.intents - {"compare"}) | {"flights"}
    # "concerts or festivals": nothing to weigh against each other; 算了，还是回到三亚吧: back to the one place
    if (len(q.destinations) + len(q.no_data) < 2 and not (earlier or q.regions)) or R.BACK_TO.search(text):
        q.intents.discard("compare")
    if ASKS.PLANNING.search(text) and q.intents <= {"weather"}:
        q.intents = set()  # 找个暖和的地方…帮我安排一下: the whole trip, warm as the wish
    # "compare the hotels", or "which is warmer" with no origin (one given plans a trip): that alone side by side
    q.compare_one = bool(ASKS.COMPARE_ONE.search(text)) or (q.intents == {"compare", "weather"} and q.origin is None)


def _when(q: TripQuery, text: str) -> None:
    """The time said, and the way back read into it (周五去苏州，周日回: Friday to Sunday)."""
    q.when = find_span(text, clock.today())
    kinds = ("holiday", "range", "weekend") if q.when and q.when.days > 2 else ("holiday", "range")  # Thanksgiving
    if q.when and q.when.kind in kinds and (q.days, q.nights) in ((2, 1), (3, 2)) and q.when.days > 1:
        q.days = q.nights = None  # "Easter那个长周末": the holiday's own days (端午 is one day: 3天2晚 stands)
    after = text[text.find(q.when.said) + len(q.when.said) - 1 :] if q.when and q.when.said in text else text
    back = nights_until_back(after, q.when.start) if q.when is not None and q.when.kind == "day" else None
    if q.when is not None and back:  # "out Friday, back the following Monday": out and back
        q.days, q.nights, q.when = None, back, replace(q.when, end=q.when.start + timedelta(days=back), kind="range")
    elif q.when is not None and q.when.kind == "range" and not q.nights and RANGES.WAY_BACK.search(q.when.said):
        q.days, q.nights = None, q.when.days - 1  # "on Dec 18 and back on Dec 22": the nights between (not 多玩两天)


def _party_and_stops(q: TripQuery, text: str, earlier: list[str], before: TripQuery | None) -> None:
    """People a follow-up adds, and the nights said per stop ("Xi'an (2 nights), then …", 西安改成3晚)."""
    if before is not None and (added_people(text) or (PARTY.LEFT.search(text) and not new_total(text))):  # some bailed
        q.party = joined(before.party, text)
    own = said_nights(text)
    if before is not None and own and set(own) == {c.id for c in q.destinations}:  # 西安改成3晚: one stop
        q.destinations = before.destinations if set(own) <= {c.id for c in before.destinations} else q.destinations
    nights = {k: n for turn in earlier[-FOLD_TURNS:] for k, n in said_nights(turn).items()} | own  # later corrects
    if before is not None and own and len(before.destinations) == 1 and (stay := _stay_of(before)):
        nights.setdefault(before.destinations[0].id, stay)  # "add 2 nights in Paris" after Easter in London
    each = R.EACH.search(text) is not None and R.ARROW.search(text) is not None  # "Kunming → Dali → Lijiang, 2 each"
    if q.origin is not None and (q.origin.id in own or each) and q.destinations and not said_from(text, q.origin):
        q.destinations, q.origin = [q.origin, *q.destinations], None  # "Kunming → Dali, 2/3 nights": a stop
    if len(own) > 1 and set(own) == {c.id for c in q.destinations}:  # 桂林两晚张家界两晚: the stops in that order
        q.destinations = sorted(q.destinations, key=lambda c: list(own).index(c.id))
    if len(q.destinations) > 1 and all(c.id in nights for c in q.destinations):
        q.stop_nights = tuple(nights[c.id] for c in q.destinations)
        q.nights, q.days = sum(q.stop_nights), None
    elif len(q.destinations) > 1 and (n := q.nights or q.days) and R.EACH.search(text):  # 各待两天, "2 nights each"
        q.stop_nights, q.nights, q.days = (n,) * len(q.destinations), n * len(q.destinations), None


def _stay_of(q: TripQuery) -> int | None:
    """The nights of a trip read so far: said, or its dated range's."""
    return q.nights or (q.when.days - 1 if q.when is not None and q.when.kind == "range" else None)


def _weather_and_scope(q: TripQuery, text: str) -> None:
    """An undated question's typical months; a question only beyond the data looks nothing up."""
    q.intents -= {
        intent for topic in q.beyond for intent, strong in WEAK_ASKS.get(topic, ()) if not strong.search(text)
    }
    if "guide" in q.intents and (q.origin or q.budget or q.open) and weak_guide(text):  # 有啥推荐不, 海岛推荐
        q.intents.discard("guide")  # inside a whole trip or an open question: the trip, not sights
    q.typical_months = typical_months(text) if q.when is None and q.open is None else ()
    if q.typical_months == ALL_MONTHS and not q.intents & (ANSWERABLE - {"weather"}):
        q.intents = {"weather"}  # 什么时候去拉萨最好: the months compared, no trip priced
    best_time = q.typical_months == ALL_MONTHS and q.intents == {"weather"}  # 樱花什么时候去: the months still help
    if q.beyond and not best_time and not find_intents(text) & ANSWERABLE:  # 去日本要签证吗 after a priced trip
        weighs = len(q.destinations) > 1 and ("suitability" in q.beyond or SCOPE.WHICH_BETTER.search(text) is not None)
        q.intents = q.intents & {"compare"} if weighs else set()


MAX_QUESTION = 2_000  # characters of a question the planner reads (model.py says in the answer when it cut one)


def _here(q: TripQuery, text: str, earlier: list[str]) -> list[City]:
    """我在昆明，明天会下雨吗: the weather where one is, when no other place and no open ask is said."""
    asked = q.intents == {"weather"} and not any(w in text.casefold() for w in OPEN_WORDS)
    alone = not (earlier or q.destinations or q.no_data or q.unknown_places)
    return [q.origin] if q.origin is not None and asked and alone else []


def _open_trip(ask: OpenAsk | None) -> bool:
    """An open ask is about travel when it names a criterion other than the default, a budget or a month."""
    return ask is not None and (ask.criterion != "cheap" or ask.budget is not None or ask.month is not None)


def _read_origin(q: TripQuery, text: str, places: list[Mention]) -> Mention | None:
    """The origin: a sample city, the city a district lies in ("from 宝安"), or a place without data."""
    origin = find_origin(text, places)
    if origin is None or origin.world is None:
        q.origin = origin.city if origin is not None else None
    elif (home := inside_city(origin.world)) is not None:
        q.origin = home
    else:
        q.origin_world = origin.world
        named = {p.city for p in places if p.city is not None}  # from Toronto to New York: not "from New York"
        q.origin = next((c for c in stand_ins(origin.world) if c not in named), None)
    return origin


def _set_places(q: TripQuery, text: str, places: list[Mention]) -> None:
    """Origin, sample destinations and places without sample data, from the places in text."""
    origin = _read_origin(q, text, places)
    q.dropped = [p.city for p in places if p.city is not None and NOT_TRIP.DROPPED.search(_around(text, p))]
    if len({p.city for p in places} - {None}) > 1:
        q.dropped += [p.city for p in places if p.city is not None and NOT_TRIP.VISITED.search(_around(text, p))]
    gone = [p for p in places if p.city in q.dropped or (p.city is None and NOT_TRIP.DROPPED.search(_around(text, p)))]
    rest = [p for p in places if p is not origin and not aside(text, p) and p not in gone]  # ("forget Bali")
    rest = [p for p in rest if origin is None or not after_from(text, p)] or rest  # a start taken back
    rest, first = trip_places(text, rest), on_the_way(text, rest)  # 中转首尔…纽约待十天: Seoul, then New York
    found: list[tuple[int, City]] = [(p.start - len(text) * (p.start in first), p.city) for p in rest if p.city]
    no_data: list[WorldPlace] = []
    named = {p.city for p in rest if p.city is not None}
    for p in rest:
        stops, without = world_stops(p.world, named) if p.world is not None else ((), None)
        found += [(p.start, c) for c in stops]
        no_data += [without] if without is not None else []
    spans = _spans(text, places)
    cities = [(s, e, p.city) for p, (s, e) in zip(places, spans, strict=True) if p.city is not None]
    for start, end, region in find_regions(text, spans):
        if qualifies(text, (start, end), cities, region) or (found and in_told(text, start)):
            continue  # "云南大理", "Dali, Yunnan": the city, not the whole province; 去年去了云南，这次…: not the trip
        q.regions.append(region)
        found += [] if named & set(region.cities) else [(start, c) for c in region.cities]  # 欧洲，伦敦和巴黎
        if not region.cities:
            no_data.append(region.as_place())
    ordered = [c for _, c in sorted(found, key=lambda f: f[0])]
    q.destinations = list(dict.fromkeys(c for c in ordered if c != q.origin))
    q.no_data = list(dict.fromkeys(no_data))


def _spans(text: str, places: list[Mention]) -> list[tuple[int, int]]:
    """Where the places found sit in text (a region is never read inside one)."""
    out = []
    for p in places:
        names = p.city.names() if p.city else (p.world.zh, p.world.en) if p.world else ()
        length = max((len(n) for n in names if n and text.casefold().startswith(n.casefold(), p.start)), default=2)
        out.append((p.start, p.start + (len(p.said) or length)))  # a misspelt name: as long as it was written
    return out


FOLD_TURNS = 8  # a follow-up folds into the reading of at most this many turns before it


def _stops_so_far(q: TripQuery, text: str, before: TripQuery) -> None:
    """The trip's stops: the earlier ones when none is named (a district is none: "a hotel in Futian near the
    convention centre"); a stop dropped (澳门不去了 换成香港) leaves the others in their order."""
    if not q.destinations and before.destinations and ASKS.HOTEL_NAMED.search(text) and ASKS.AREA.search(text):
        q.unknown_places, q.no_data = [], []
    if not q.destinations and not q.no_data and not q.unknown_places and q.open is None:
        q.destinations, q.no_data, q.open, q.stop_nights = before.destinations, before.no_data, before.open, ()
    elif set(q.dropped) & set(before.destinations):
        relisted = set(q.destinations) if len(q.destinations) > 1 else set()  # 改成丽江和昆明: in the order said
        kept = [c for c in before.destinations if c not in q.dropped and c not in relisted]
        q.destinations = kept + [c for c in q.destinations if c not in kept]


def _inherit(q: TripQuery, text: str, before: TripQuery) -> None:
    """Follow-ups ("那成都呢？", "What about 5 stars?", "add my sister") fold into the trip read so far: each
    slot this turn does not say is the one the conversation had (None and empty mean not said)."""
    planned = bool(q.budget or q.origin or ASKS.PLANNING.search(text))  # money, a way there, "plan a trip"
    if q.origin is None and q.origin_world is None and not before.origin_assumed:
        q.origin, q.origin_world = before.origin, before.origin_world
    _stops_so_far(q, text, before)
    if q.days is None and q.nights is None and not q.day_trip:
        q.days, q.nights, q.day_trip = before.days, before.nights, before.day_trip
    q.stars_said = before.stars_said if q.stars_said is None else q.stars_said
    _when_so_far(q, text, before)
    if not q.open and (before.destinations or before.no_data):
        settled = R.BACK_TO.search(text) or (
            len(q.destinations) < 2 and (q.dropped or ASKS.CHOSEN.search(text))
        )  # 那就澳门
        q.intents = carried_intents(q.intents, text, before.intents, planned, bool(settled))
    if not q.party.said or (q.party.guessed and before.party.said):
        q.party = before.party  # 我们从深圳出发 after 我和3个朋友…再加两个人: still six
    if q.budget is None and before.budget is not None:  # as said: per person stays per person
        q.budget, q.budget_each, q.budget_currency = before.budget_as_said, before.budget_each, before.budget_currency
    q.night_cap = before.night_cap if q.night_cap is None else q.night_cap
    if not (q.by_train or q.by_air):
        q.by_train, q.by_air = before.by_train, before.by_air
    q.destinations = [c for c in q.destinations if c != q.origin and c not in q.dropped]


def _folded_time(q: TripQuery, text: str, before: TripQuery) -> bool:
    """Whether a follow-up changes the time: its own (回程就定15号吧: a new end), or the trip's so far made longer
    (多玩两天) or moved ("2 weeks later", 推迟一天)."""
    if q.when != (before.when or before.when_aside):
        return True
    longer = _longer(q, text, before)
    days, moved = days_moved(text)
    if days and q.when is not None:
        shift, said = timedelta(days=days), f"{q.when.said}{'，' if q.lang == 'zh' else ', '}{moved}"
        q.when = replace(q.when, start=q.when.start + shift, end=q.when.end + shift, said=said)
    return longer or bool(days)


def _longer(q: TripQuery, text: str, before: TripQuery) -> bool:
    """多玩两天, "add one more night": the stay so far made longer, its dated end with it."""
    span = before.when.days - 1 if before.when is not None and before.when.kind == "range" else None
    if not (more := more_nights(text)) or not (base := before.nights or before.days or span) or base + more < 1:
        return False
    q.days, q.nights = None, base + more
    if q.when is not None and q.when.kind == "range":
        q.when = replace(q.when, end=q.when.end + timedelta(days=more))
    return True


def _open_ask(text: str, earlier: list[str], concrete: bool) -> OpenAsk | None:
    """The open ask of `text`, unless it only asks again about the places before ("cheaper hotel please")."""
    text = R.WHERE_TO_STAY.sub(" ", text)  # where to stay asks for a hotel
    if earlier and R.REFERS_BACK.search(text):
        return None
    ask = parse_open(text, concrete or bool(earlier))  # after an open question, "warmer ones?" weighs again
    if ask is None or any(w in text.casefold() for w in OPEN_WORDS if w not in ("预算", "budget")):
        return ask  # "somewhere warm", 去哪: open; "预算改成人均5000吧" after a trip changes that trip
    return None if any(find_places(t) for t in earlier) else ask


def _around(text: str, place: Mention) -> str:
    """The words either side of a place, the place itself as @."""
    end = place.start + (matched_len(text, place.start, place.city) if place.city else 2)
    before = text[max(0, place.start - 8) : place.start].split("，")[-1].split(",")[-1].lstrip()
    return before + "@" + text[end : end + 8]


def _added(q: TripQuery, text: str, earlier: list[str]) -> None:
    """ "add Dubai to that", "再加上厦门": the places asked about before stay, the new ones join them; so do
    they for a comparison naming one place ("还是去厦门？", "or Xiamen?": weighed against the one before)."""
    alternative = "compare" in q.intents and len(q.destinations) == 1
    if not earlier or not q.destinations or not (ASKS.ADDING.search(text) or alternative) or R.BACK_TO.search(text):
        return  # "actually Osaka instead, and check hotels too": Osaka alone
    prev = TripQuery()
    for previous in reversed(earlier):
        _set_places(prev, previous, find_places(previous))
        if prev.destinations:
            break
    q.destinations = list(dict.fromkeys([*prev.destinations, *q.destinations]))
