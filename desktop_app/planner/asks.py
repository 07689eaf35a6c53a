"""What a question asks for, in word tables per language: the lookups, the hotel class, the way there."""

from __future__ import annotations

import re
from collections.abc import Iterable

from desktop_app.travel import rules
from desktop_app.travel.numbers import number

INTENT_WORDS = rules.word_table("asks", "INTENT_WORDS")
WORDS = rules.word_table("asks", "WORDS")  # the other word lists, each with what it is for
TRIP_WORDS = WORDS["trip"]
LOOKUP_NAMES: dict[str, str] = rules.table("asks")["LOOKUP_NAMES"]
# how a fare is said by its kind: 往返, 单程, "round trip", "one way", business class, 经济舱
FARE_KIND = r"往返|单程|\bround[- ]trip\b|\bone[- ]way\b|\b(?:business|economy|first) class\b|商务舱|经济舱|头等舱"
_LOOKUP = r"(机票|航班|车票|(?<![门机车])票|酒店|住宿|民宿|客栈|天气|flights?|hotels?|weather|fares?)"
_RAIL = r"(?:高铁|火车|动车|卧铺|\btrains?\b|\b(?:high[- ]speed )?rail\b|\bbullet train\b)"
_AIR = r"(?:飞机|坐飞|飞|\bplanes?\b|\bfly(?:ing)?\b|\bflights?\b|\bair\b)"
_OR = r"[^。？?！!]{0,16}?(?:还是|或者|或是|\bor\b|\bvs\.?|\bversus\b|\bthan\b|比)[^。？?！!]{0,10}?"
R = rules.Rules("asks", FARE_KIND=FARE_KIND, _LOOKUP=_LOOKUP, _RAIL=_RAIL, _OR=_OR, _AIR=_AIR)
# a lookup asked in a phrase, not a word (each rule's examples in asks.toml); a train's fare: by rail where it reaches
PHRASES = {R.TICKETS: "flights", R.TRAIN_FARE: "flights", R.STAY_WHERE: "hotels", R.WEATHER_ASKED: "weather"}
PHRASES |= {R.PLACES_TO_GO: "guide"}


def _asked_in_phrases(text: str, asked: str, named: set[str]) -> set[str]:
    """Lookups asked in a phrase, not a word: 住三晚 beside another lookup, 订去成都的票, 住江汉路附近, 出一份行程."""
    found = {intent for rule, intent in PHRASES.items() if rule.search(text)}
    looked_up = bool(named - {"guide"})
    if "flights" in named and R.STAY_SAID.search(text):
        found.add("hotels")  # 单程飞三亚，住三晚: the stay is asked for too
    route = R.AIRPORTS.search(text)  # PEK到HND (with 5 nites: a trip)
    if not looked_up and route and (R.FARE_ASKED.search(text) or not R.TRIP_SIZED.search(text)):
        found.add("flights")  # "PVG -> NRT on the 22nd, how much": the price of airport to airport is a fare
    if R.LONG_ENOUGH.search(text) and not looked_up and not R.TRIP_SIZED_MONEY.search(text):
        found.add("guide")  # 西安玩4天够吗, "is 3 days enough for Kyoto": what fits in the days is asked
    if R.ITINERARY.search(asked):
        found.add("guide")  # 出一份三晚的行程, 推荐一个两天的行程: a day-by-day plan is asked
    return found


def _lookups_named(words: Iterable[str]) -> set[str]:
    """机票, 酒店, "Hotels", "flight" … as the lookups they name."""
    return {LOOKUP_NAMES[w.lower().rstrip("s")] if w.isascii() else LOOKUP_NAMES[w] for w in words}


def unasked(text: str) -> set[str]:
    """The lookups the traveller says not to look up."""
    return _lookups_named(next(g for g in m.groups() if g) for m in R.UNASKED.finditer(text))


def find_intents(text: str) -> set[str]:
    """Which lookups the question names explicitly (less those it says not to look up)."""
    if only := R.ONLY.search(text):  # the lookups named in that clause: "just need flights and a hotel" is both
        clause = R.CLAUSE_END.split(text[only.start() :], maxsplit=1)[0]
        return _lookups_named(m.group(0) for m in R.LOOKUP.finditer(clause))
    if no := unasked(text):
        return find_intents(R.UNASKED.sub(" ", text)) - no  # "no need for flights, hotels?": the hotels
    asked = text
    for told in (R.STILL, R.ESCAPE, R.BOOKED, R.FAVOURITES, R.INCLUDED, R.NOT_MONEY):  # 机票早就买好了: booked
        asked = told.sub(" ", asked)
    folded = " " + re.sub(r"[^\w]+", " ", R.ORIGIN_CUES.sub(" ", R.RATHER.sub("", asked)).casefold()) + " "
    for aside in WORDS["asides"]:
        folded = folded.replace(aside, " ")
    folded = R.KEPT_UNDER.sub(" ", folded)  # "keep it under 15k": a budget, not "keep it" (save)
    found = {name for name, words in INTENT_WORDS.items() if any(w in folded for w in words)}
    trip_said = found & {"weather", "hotels", "guide"} or R.WHOLE_TRIP.search(text)
    if "flights" in found and (trip_said or R.MY_FLIGHT.search(asked)) and not R.FARE_ASKED.search(asked):
        found.discard("flights")  # 明天飞昆明，那边凉不凉, 广州飞过去，玩4天: the flight is the trip, no fare asked
    elif "flights" in found and found - {"flights"} and R.MY_FLIGHT.search(asked) and not R.PRICED.search(asked):
        found.discard("flights")  # 明天青岛有雾吗 怕航班延误: the flight is why, no fare asked
    found = _way_or_length(found, asked, text)
    if found and not found & {"flights", "hotels"} and any(w in folded for w in WORDS["cost"]):
        found |= {"flights"} if R.TRAIN_FARE.search(asked) else {"flights", "hotels"}  # 二等座多少钱: the train's
    phrased = _asked_in_phrases(text, asked, found)
    found |= phrased
    if ("hotels" in found and "weather" not in found and R.TRAIN.search(text)) or R.GETTING_THERE.search(text):
        found.add("flights")  # "the train … and a hotel", 怎么去: the fare (by rail where it reaches) is asked
    if "guide" in found and _arranged_for_money(folded, text):
        found.discard("guide")  # 人均1500 怎么安排划算: the trip within the money is asked, not the sights
    return _guide_kept(found, folded, text, "guide" in phrased)


def _guide_kept(found: set[str], folded: str, text: str, phrased: bool) -> set[str]:
    """The guide as asked: not when refused (不想做攻略了) or only a weak word beside a lookup; on top of the trip
    when asked "as well" (长沙两晚…每人两千以内，顺便给个攻略)."""
    if R.NO_GUIDE.search(text):
        return found - {"guide"}
    if found == {"guide"} and R.ALSO_GUIDE.search(text) and R.TRIP_SIZED.search(text):
        return found | TRIP_LOOKUPS
    if "guide" in found and found - {"guide"} and not phrased:
        if not [w for w in INTENT_WORDS["guide"] if w in folded and w not in WORDS["weak_guide"]]:
            return found - {"guide"}
    return found


def _way_or_length(found: set[str], asked: str, text: str) -> set[str]:
    """None of `found` when its one lookup is only the trip's way there or its length (成都飞拉萨 4天 俩人 多少钱,
    北京飞新加坡 一共2万, "fly out … and stay 4 nights. Total budget $3000?"): the whole trip is asked."""
    if found == {"flights"} and not R.FARE_NAMED.search(asked) and R.TRIP_SIZED.search(asked):
        return set()
    stay_said = R.STAY_ONLY.search(asked) and not R.HOTEL_NAMED.search(asked)
    if found == {"hotels"} and stay_said and R.WHOLE_TRIP.search(text):
        return set()
    if "hotels" in found and len(found) > 1 and stay_said and not (found == {"flights", "hotels"}):
        return found - {"hotels"}  # "booked for the 12th, staying 5 nights - what should I pack": the weather
    # "Need flights from Beijing, staying 5 nights": the fare, and a length (住三晚 beside a fare asks a hotel)
    return {"flights"} if found == {"flights", "hotels"} and stay_said and R.FARE_NAMED.search(asked) else found


def _arranged_for_money(folded: str, text: str) -> bool:
    """怎么安排 said only beside a sum (人均三千…怎么安排比较好): the whole trip within it is asked."""
    said = [w for w in INTENT_WORDS["guide"] if w in folded]
    return bool(said) and all(w in WORDS["arrange"] for w in said) and R.ARRANGED_MONEY.search(text) is not None


def weak_guide(text: str) -> bool:
    """Only a call for suggestions (有啥推荐不, "recommend"): inside a whole trip it asks for the trip, not sights
    (有什么好玩的 still asks what to do)."""
    folded = " " + re.sub(r"[^\w]+", " ", text.casefold()) + " "
    said = [w for w in INTENT_WORDS["guide"] if w in folded]
    weak = all(w in ("推荐", "recommend") for w in said)
    return bool(said) and weak and not R.ITINERARY.search(text) and not R.PLACES_TO_GO.search(text)


def parse_stars(text: str) -> int | None:
    """Hotel class: 五星 / 5-star / luxury / 住好一点 -> 5, 三星 / budget hotel -> 3; None when not said."""
    for said in (R.STARS_DIGIT, R.STARS_ZH, R.STARS_EN):  # 5-star (0 stars: one), then 五星, then "five stars"
        if m := said.search(text):
            return max(1, min(5, number(m.group(1)) or 1))
    if R.LUXURY.search(R.NOT_LUXURY.sub(" ", text)):  # "we don't need anything fancy": no class asked
        return 5
    if R.CHEAP.search(text):  # "budget hotel", "on a budget"; not "a budget of 8000" (a sum, not a class)
        return 3
    return None


TRIP_LOOKUPS = frozenset({"weather", "flights", "hotels"})


def carried_intents(said: set[str], text: str, asked: set[str], planned: bool, settled: bool) -> set[str]:
    """What a follow-up asks: with no lookup of its own what the turn before did ("那成都呢？"), the whole trip when
    it plans one after a weather question (住3晚，从北京走); one that adds (保存这个行程) keeps both; a choice or
    "instead" (`settled`) ends comparing."""
    before = asked - {"save"} - ({"compare"} if settled else set())
    if not said:
        intents = before | (TRIP_LOOKUPS if planned and before == {"weather"} else set())
    elif said <= {"save", "guide", "compare"}:  # 给个行程攻略, "which is better?", 存一下: on top of the trip
        whole_trip = not before & (TRIP_LOOKUPS | {"guide", "compare"})
        intents = said | before | (TRIP_LOOKUPS if whole_trip else set())
    elif R.ONLY.search(text):  # "just the flights then": that lookup alone from now on
        intents = said | (asked & {"save"})
    else:
        intents = said | before  # "any cheaper hotels there too?", 那机票呢？: the new lookup joins what was asked
    intents -= {"guide"} if R.NO_GUIDE.search(text) else set()  # "forget the things-to-do list"
    if no := unasked(text):  # 机票不用查了, "skip the hotels": what was asked (a whole trip: every lookup), less that
        intents = (intents - {"save"} or set(TRIP_LOOKUPS)) - no | (intents & {"save"})
    return intents
