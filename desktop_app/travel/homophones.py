"""Chinese place names typed with a homophone (三压 for 三亚, 哈尔宾 for 哈尔滨, 清岛 for 青岛): read by their
toneless pinyin (the kept `pypinyin` library), only where a place is meant and never for a word that
shares no character with the name (程度 is not 成都)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from desktop_app.travel import rules
from desktop_app.travel.places import City, all_cities, resolve_city

R = rules.Rules("homophones")
NOT_TYPOS = frozenset(rules.word_table("homophones", "WORDS")["not_typos"])  # real words and places, never typos
LOOKS_LIKE: dict[str, str] = rules.table("homophones")["LOOKS_LIKE"]  # typed by its look: 深川 for 深圳


@lru_cache(maxsize=4096)
def _readings(char: str) -> tuple[str, ...]:
    """Every toneless reading of one character (厦: sha and xia), empty for a character without one."""
    from pypinyin import Style, pinyin  # imported on the first candidate only: its tables are large

    # and the readings of the character it looks like (深川 for 深圳: typed by its look, not its sound)
    readings = [r for c in (char, *LOOKS_LIKE.get(char, "")) for r in pinyin(c, style=Style.NORMAL, heteronym=True)[0]]
    return tuple(sorted({r for r in readings if r.isascii() and r.isalpha()}))


@lru_cache(maxsize=1)
def _name_chars() -> frozenset[str]:
    """Every character of a sample city's Chinese names: a candidate shares one, or is no typo of a name."""
    return frozenset(ch for city in all_cities() for name in (city.zh, *city.aliases) for ch in name)


@lru_cache(maxsize=1)
def _index() -> dict[tuple[str, ...], tuple[tuple[City, str], ...]]:
    """Toneless pinyin -> the (city, name) pairs that sound so, built once: every sample city's Chinese name of
    2-4 characters and its other written forms (三亞, 廈門: read as the name is); nicknames (蓉城, 花城, 鹭岛) are
    left out: what sounds like one is mostly another real place (容城, 华城, 鹿岛), and nobody misspells a
    nickname by ear."""
    from pypinyin import lazy_pinyin  # with its phrase table: 厦门 is xia men, 重庆 chong qing, 长沙 chang sha

    index: dict[tuple[str, ...], list[tuple[City, str]]] = {}
    for city in (c for c in all_cities() if R.CJK_NAME.fullmatch(c.zh)):
        reading = tuple(lazy_pinyin(city.zh))
        for name in (city.zh, *(a for a in city.aliases if a != city.zh and len(a) == len(reading))):
            if name == city.zh or all(r in _readings(ch) for ch, r in zip(name, reading, strict=True)):
                index.setdefault(reading, []).append((city, name))
    return {k: tuple(v) for k, v in index.items()}


def _match(run: str) -> tuple[City, str] | None:
    """The one sample city whose Chinese name `run` sounds like and shares a character with, or None."""
    if resolve_city(run) is not None:  # a city's own name (倫敦, 東京) is found as written, never as a typo
        return None
    cities: dict[str, tuple[City, str]] = {}
    for reading in product(*(_readings(ch) for ch in run)):
        for city, name in _index().get(reading, ()):
            if name != run and any(a == b for a, b in zip(run, name, strict=True)):
                cities.setdefault(city.id, (city, name))
    return next(iter(cities.values())) if len(cities) == 1 else None


def _follows_a_place(run: str, after: str) -> bool:
    """False where the run begins a longer word (大丽花, 大板车, 假门假事) or names a person (桂琳家)."""
    from pypinyin.constants import PHRASES_DICT

    return not R._PERSON_AFTER.match(after) and not any(
        run + after[:k] in PHRASES_DICT for k in (1, 2) if len(after) >= k
    )


def find_homophones(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, City, str]]:
    """(start, end, city, name) of each run of 2-4 Chinese characters said where a place is meant that
    sounds like a sample city's Chinese name (toneless) and shares a character with it in place: the one
    city so (two that sound alike read as neither), outside the names already found (`taken`, extended)."""
    found: list[tuple[int, int, City, str]] = []
    covered = bytearray(len(text))  # the names found so far, marked: an overlap test as long as the run
    for s, e in taken:
        covered[s:e] = b"\x01" * (e - s)
    for m in R.CJK_RUN.finditer(text):
        for start in range(m.start(), m.end() - 1):
            if covered[start] or not R._LEAD.search(text[max(0, start - 2) : start]):
                continue
            for end in range(start + 2, min(start + 4, m.end()) + 1):
                run = text[start:end]
                if any(covered[start:end]) or not _name_chars().intersection(run) or run in NOT_TYPOS:
                    continue
                if _follows_a_place(run, text[end : end + 2]) and (hit := _match(run)) is not None:
                    taken.append((start, end))
                    covered[start:end] = b"\x01" * (end - start)
                    found.append((start, end, *hit))
                    break
    return found
