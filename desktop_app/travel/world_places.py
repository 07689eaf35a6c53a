"""The offline planner's gazetteer: which words of a question are real places, and which of those
the sample data covers (the rest are named in the answer with the nearest places it has)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from desktop_app.travel import rules
from desktop_app.travel.data import load_data
from desktop_app.travel.distance import distance_km
from desktop_app.travel.homophones import find_homophones
from desktop_app.travel.landmarks import find_landmarks
from desktop_app.travel.places import AS_WRITTEN, City, all_cities, find_airports, find_cities, name_pattern, unclaimed
from desktop_app.travel.spelling import TRADITIONAL

STAND_IN_KM = 800  # a sample city this close may stand in for a place without data


@dataclass(frozen=True)
class WorldPlace:
    """A real place of the kept world list (resources/data/world_places.json), no sample data."""

    zh: str
    en: str
    kind: str
    lat: float
    lon: float

    def label(self, lang: str) -> str:
        return (self.zh or self.en) if lang == "zh" else self.en


@dataclass(frozen=True)
class Mention:
    """A place found in text: a sample city or a world place, at `start`; `said` is the words as written
    when they were read as a misspelt name ("sanay", 三压), empty when the name was written as it is."""

    start: int
    city: City | None = None
    world: WorldPlace | None = None
    said: str = ""


def _shown_zh(names: list[str]) -> str:
    """The name the answer shows: the first written in simplified characters (自贡, not 自貢 or 広州)."""
    simple = [n for n in names if n.translate(TRADITIONAL) == n and "広" not in n]  # 広: a Japanese form
    return (simple or [n.translate(TRADITIONAL).replace("広", "广") for n in names] or [""])[0]


@lru_cache(maxsize=1)
def world_places() -> tuple[tuple[str, WorldPlace], ...]:
    """Every (name, place) of the world list, longest name first, sample cities' names left out."""
    sample = {n.casefold() for c in all_cities() for n in c.names()}
    pairs: list[tuple[str, WorldPlace]] = []
    for row in (r for r in load_data("world_places.json").get("places", []) if r.get("en")):  # named in English
        zh, en = [str(n) for n in row.get("zh", [])], [str(n) for n in row.get("en", [])]
        place = WorldPlace(_shown_zh(zh), en[0], str(row.get("kind", "city")), float(row["lat"]), float(row["lon"]))
        pairs.extend((n, place) for n in (*zh, *en) if len(n) >= 2 and n.casefold() not in sample)
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


# What re.IGNORECASE matches an ASCII letter with besides its other case (see the re docs):
# mapped before lower() so a name's substring test never misses a text its pattern would match.
_ASCII_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


@lru_cache(maxsize=1)
def _world_needles() -> tuple[tuple[str, str, bool, WorldPlace], ...]:
    """(name, the substring it needs, whether in the lowered text, place), in world_places' order."""
    folded = [(name, name.isascii() and name not in AS_WRITTEN, place) for name, place in world_places()]
    return tuple((name, name.lower() if fold else name, fold, place) for name, fold, place in folded)


# a world place's pattern, compiled when its name is in a text (not all ~1,700 up front: ~1 MB)
_world_pattern = lru_cache(maxsize=256)(name_pattern)


def find_places(text: str) -> list[Mention]:
    """Sample cities and world places mentioned in text, in order, without overlaps."""
    sample = find_cities(text)
    taken = [(pos, pos + matched_len(text, pos, city)) for pos, city in sample]
    found = [Mention(pos, city=city) for pos, city in sample]
    found += [Mention(start, city=city) for start, _, city in unclaimed(find_airports(text), taken)]  # PVG, 浦东机场
    found += [Mention(start, city=city) for start, _, city in find_landmarks(text, taken)]  # 故宫: Beijing
    misspelt = unclaimed(_misspelt(text, taken), taken)  # "sanay hotels", "kunmimg weather"
    found += [Mention(start, city=city, said=text[start:end]) for start, end, city in misspelt]
    lowered = text.translate(_ASCII_FOLD).lower()
    world = (  # a pattern matches only where its name is (case aside): most are never compiled
        (*m.span(), place)
        for name, needle, folded, place in _world_needles()
        if needle in (lowered if folded else text)
        for m in _world_pattern(name).finditer(text)
    )
    found += [Mention(start, world=place) for start, _, place in unclaimed(world, taken)]
    heard = find_homophones(text, taken)  # 三压天气, 去哈尔宾: after every name as written
    found += [Mention(start, city=city, said=text[start:end]) for start, end, city, _ in heard]
    return sorted(found, key=lambda m: m.start)


R = rules.Rules("world_places")
NOT_SLIPS = rules.word_table("world_places", "WORDS")["not_slips"]


def _distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (a swapped pair of letters is one slip), for short names."""
    rows = [list(range(len(b) + 1))] + [[i] + [0] * len(b) for i in range(1, len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[-1][-1]


@lru_cache(maxsize=1)
def _latin_names() -> tuple[tuple[str, City], ...]:
    """The Latin names a slip is weighed against: five letters or more (a word of four letters is read only as a
    longer name short of one, "Seol": "deli" is no Dali)."""
    return tuple((n.casefold(), c) for c in all_cities() for n in c.names() if n.isascii() and len(n) >= 5)


def _misspelt(text: str, taken: list[tuple[int, int]]) -> Iterator[tuple[int, int, City]]:
    """Latin words one slip (two for long names) from a sample city's name, said where a place is meant, one at a
    time: find_places keeps each that overlaps no name (`taken` then grows), and a word over a kept name is skipped
    before it is weighed against every name."""
    before = list(taken)  # the names as written: "kunmin dali lijang" (a slip after another name)
    # a name of two words first ("Kuala Lampur"), then single words ("Singapure", "Seol")
    for m in [*R.TWO_WORDS.finditer(text), *R.ONE_WORD.finditer(text)]:
        end = m.start() + len(m.group(m.lastindex or 0))
        word = text[m.start() : end].casefold()
        if any(m.start() < e and s < end for s, e in taken) or word in NOT_SLIPS:
            continue
        listed = any(0 <= m.start() - e <= 2 for _, e in before)
        if not (listed or R._PLACE_AFTER.match(text[end:]) or R._PLACE_BEFORE.search(text[: m.start()])):
            continue
        names = [(n, c) for n, c in _latin_names() if n[0] == word[0] and (" " in n) == (" " in word)]
        best = min(((_distance(word, n), c) for n, c in names), key=lambda pair: pair[0], default=None)
        if best is not None and 0 < best[0] <= (1 if len(word) < 8 else 2):
            yield m.start(), end, best[1]


def matched_len(text: str, pos: int, city: City) -> int:
    """How long the name of `city` found at `pos` is (its longest name that matches there)."""
    folded = text.casefold()
    lengths = [len(n) for n in city.names() if folded.startswith(n.casefold(), pos)]
    return max(lengths, default=len(city.zh))


def nearest(lat: float, lon: float, count: int = 3) -> list[tuple[City, int]]:
    """The sample cities closest to a coordinate, with whole-kilometre distances."""
    ranked = sorted(all_cities(), key=lambda c: distance_km(lat, lon, c.lat, c.lon))
    return [(c, round(distance_km(lat, lon, c.lat, c.lon))) for c in ranked[:count]]


INSIDE_KM = 5  # a place this near a sample city's centre is part of it (宝安, Kowloon; Zhuhai is 9 km from Macau)


def inside_city(place: WorldPlace) -> City | None:
    """The sample city a district or town without data lies in (宝安 is Shenzhen), else None."""
    near = nearest(place.lat, place.lon, 1) if place.kind != "country" else []
    return near[0][0] if near and near[0][1] <= INSIDE_KM else None


def stand_ins(place: WorldPlace) -> list[City]:
    """Sample cities near enough to look up in its place (a country's own cities, a nearby town)."""
    near = [c for c, km in nearest(place.lat, place.lon, 3) if km <= STAND_IN_KM]
    return near if place.kind == "country" else near[:1]


NOTES = rules.table("world_places")["NOTES"]  # the notes on places the answer gives, in both languages


def _note(key: str, lang: str, /, **fields: object) -> str:
    """A note of world_places.toml in the answer's language, its {fields} filled."""
    return str(NOTES[key]["zh" if lang == "zh" else "en"]).format(**fields)


def no_data_note(places: list[WorldPlace], lang: str) -> str:
    """Names each known place without sample data, with the nearest cities that have data."""
    lines = []
    for p in places:
        near = [_note("near", lang, city=c.zh if lang == "zh" else c.en, km=km) for c, km in nearest(p.lat, p.lon, 3)]
        lines.append(_note("no_data", lang, place=p.label(lang), listed=_note("and", lang).join(near)))
    return "\n\n" + "\n".join(lines) + "\n" + _note("straight", lang) if lines else ""


def read_as_note(pairs: list[tuple[str, str]], lang: str) -> str:
    """Says which misspelt names were read as which places (三压 as 三亚, "sanay" as Sanya), first in the answer."""
    listed = _note("and", lang).join(_note("read", lang, said=said, name=name) for said, name in pairs)
    return _note("read_as", lang, listed=listed) if pairs else ""


def unrecognised_note(words: list[str], lang: str) -> str:
    """Names words asked about as places that no gazetteer knows (nothing was looked up for them)."""
    listed = _note("unknown_and", lang).join(_note("unknown_word", lang, word=word) for word in words)
    return _note("unknown", lang, listed=listed) if words else ""
