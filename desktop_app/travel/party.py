"""Who travels: 两个人, 带爸妈, 一家三口, "a family of four", "with my wife and two kids" as a head count."""

from __future__ import annotations

import re
from dataclasses import dataclass

from desktop_app.travel import rules
from desktop_app.travel.numbers import number
from desktop_app.travel.people_list import listed_party

_ZN = r"(\d{1,2}|[二三四五六七八九]?十[一二三四五六七八九]?|[一二两俩仨三四五六七八九十])"  # 五一四个人: four
_EN = r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine)"
MAX_PARTY = 50  # a group (公司12个人) is counted; the tools take up to 50 seats and 25 rooms


@dataclass(frozen=True)
class Party:
    size: int
    said: str  # the words it was read from ("" when nobody was named: one traveller)
    asked_rooms: int = 0  # "Need 2 hotel rooms", 订三间房: as asked (0: none said)
    children: int = 0  # of `size`, said as children (两大一小, "4 adults and 3 children"): in their parents' rooms
    guessed: bool = False  # "we" / 我们 with nobody counted: two, until the conversation says more

    @property
    def rooms(self) -> int:
        """The rooms asked for, else two adults a room with their children (said in every answer that uses it)."""
        return self.asked_rooms or (self.size - self.children + 1) // 2


R = rules.Rules("party", _ZN=_ZN, _EN=_EN)
PAIRS = rules.word_table("party", "PAIRS")  # a pair named beside its members counts two, not four
COMPANIONS = rules.table("party")["COMPANIONS"]  # the words that name companions, each adding to "me"
ZH_COMPANIONS, EN_COMPANIONS = (  # each word's pattern and how many people it is
    tuple((rules.compiled(row).pattern, row["each"]) for row in COMPANIONS[language]) for language in ("zh", "en")
)
CHILDREN = {rules.compiled(row).pattern for rows in COMPANIONS.values() for row in rows if row.get("children")}
PARTNER = re.compile(
    next(p for p, _ in ZH_COMPANIONS if "老公" in p) + "|(?i:" + next(p for p, _ in EN_COMPANIONS if "wife" in p) + ")"
)
_MATES = rules.text("party", "_MATES")
COUNTED = {  # the head counts said outright, by our children, by a group (party.toml: each rule and its count)
    name: [(rules.compiled(rule, _ZN=_ZN, _EN=_EN, _MATES=_MATES), rule) for rule in table]
    for name, table in rules.table("party")["COUNTED"].items()
}


def _counted(table: str, text: str) -> Party | None:
    """The party the first rule of a COUNTED table that matches counts, as its production says (party.toml)."""
    for pattern, rule in COUNTED[table]:
        if not (m := pattern.search(text)):
            continue
        counts = [number(g) or 0 for i, g in enumerate(m.groups(), 1) if g and i != rule.get("one_more")]
        if not all(counts):  # a count of 0 is no party
            if rule.get("or_next"):
                continue
            return None
        size = (sum(counts) or rule["size"]) * rule.get("times", 1) + rule.get("add", 0)
        size += bool(rule.get("one_more") and m.group(rule["one_more"]))
        said = rule.get("said", m.group(0))
        if "plus" in rule and (more := re.match(rule["plus"], text[m.end() :])):
            english = rule.get("plus_english", False)
            size += _add(more.group(1), EN_COMPANIONS + ZH_COMPANIONS if english else ZH_COMPANIONS, [], english)[0]
            said = text[m.start() : m.end() + more.end()] if rule.get("plus_said") else said
        if rule.get("bare_unless") and m.group("bare") and re.search(rule["bare_unless"], text[: m.start()]):
            return None
        return Party(size, said, children=number(m.group(rule["children"])) or 0 if "children" in rule else 0)
    return None


def _groups(text: str) -> Party | None:
    """A group counted as such: 给爸妈 (they go, not me), 我和3个朋友 (4), "4 friends" (4), "rooms for 3"."""
    if R.WITH_THEM.search(text):
        return Party(3, "爸妈、我")  # 爸妈退休了想出去走走，我陪他们
    if R.THEY_GO.search(text):  # they go, the asker does not; unless they come and the asker takes them on
        taken = R.TAKE_THEM.search(text) is not None
        return Party(2 + taken, "parents" if re.search(r"[a-z]", text, re.I) else "爸妈")
    return _counted("groups", text)


def _companions(text: str) -> Party | None:
    """Me plus the people named in every "with" clause: 带爸妈 (3), "with my wife and two kids" (4); a couple
    said as such is two (its partner named again is not a third)."""
    if (group := _groups(text)) is not None:
        return group
    couple = R.COUPLE.search(text) is not None
    said: list[str] = []
    named: list[tuple[int, int]] = []  # where the "with" clauses named people: "and my colleague is coming too"
    count, kids, partner = (2 if couple else 1), 0, False
    for table, clauses, english in ((ZH_COMPANIONS, R.ZH_WITH, False), (EN_COMPANIONS, R.EN_WITH, True)):
        for m in clauses.finditer(text):
            named.append(m.span(1))
            added, more = _add(R.ASIDE.sub("", m.group(1)), table, said, english)
            count += max(added - min(more, kids), 0)  # 带两个娃…我和老公加两个孩子: children named twice count once
            kids, partner = max(kids, more), partner or PARTNER.search(m.group(1)) is not None
    if count == 1 and (along := R.TAGGING_ALONG.search(text) or R.TAKEN.search(text)):
        count, said = 2, [along.group(0)]  # 我老公去出差，我想跟着一起去, "take her to Guilin": two go
    for m in R.EN_JOINING.finditer(text):  # "grandparents are coming too", "my sister is coming too"
        start, end = m.span(m.lastindex or 0)
        if any(a <= start < b for a, b in named):
            continue  # counted once, by its clause
        end = min([a for a, _ in named if start < a < end] + [end])  # "my husband and our two boys": the boys once
        added, more = _add(text[start:end], EN_COMPANIONS, said, english=True)
        count, kids = count + added, kids + more
    count, said = _pairs_once(count, said)

    count -= 1 if couple and partner else 0  # 我和老公…度蜜月: the partner is the couple's second
    if kids and count == 1 + kids and not partner and (two := R.OUR_KIDS.search(text) or R.TAKES_ME.search(text)):
        count += 1  # "with our two kids", 老公带我: two adults
        said = [*said, next(g for g in two.groups() if g)]
    if count == 1 and (we := R.WE.search(text)):  # "we", 我们 with nobody named: two at least, said so
        words = f"{we.group(0)}，按两人算" if we.group(0) in "我们咱们" else f"{we.group(0)}, counted as two"
        return Party(2, words, guessed=True)
    if count == 1:
        return None
    return Party(count, ("、" if re.search(r"[\u4e00-\u9fff]", text) else ", ").join(said) or "2", children=kids)


def _pairs_once(count: int, said: list[str]) -> tuple[int, list[str]]:
    """`said` less the members of a pair also named as the pair (their count taken off)."""
    for pair, members in PAIRS.items():
        if any(re.search(rf"(?<![a-z]){pair}$", w.lower()) for w in said):  # "parents", not "grandparents"
            again = [w for w in said if w.lower() in members]
            count, said = count - len(again), [w for w in said if w not in again]
    return count, said


def _add(words: str, table: tuple[tuple[str, int], ...], said: list[str], english: bool = False) -> tuple[int, int]:
    """The people named in `words`, a number before a plural counted ("two kids" = 2, 两个孩子 = 2), and of
    them the children (the rows said as children); the words that named them are put on `said`."""
    added = kids = 0
    for pattern, each in table:
        for m in re.finditer(pattern, words, re.IGNORECASE):
            head = words[: m.start()]  # "wife+2 kids": the number right before the noun
            before = re.split(r"[\s+&,]+", head.strip())[-1:] if english else R.ZH_COUNT.findall(head)[-1:]
            n = number(before[0].rstrip("个")) if before and before[0] else None
            ages = None if n or pattern != table[-1][0] else R.AGES.match(words[m.end() :])  # children's ages only
            n = len(re.findall(r"\d{1,2}", ages.group(0))) if ages else n
            counted = n if n and each == 1 and n < 10 else each
            added += counted
            kids += counted if pattern in CHILDREN else 0
            gap = " " if english else ""
            if counted == each:
                said.append(m.group(0))
            else:  # "two kids", 两个孩子, "kids aged 6 and 10": the words that gave the number
                said.append((m.group(0) + ages.group(0) if ages else f"{before[0]}{gap}{m.group(0)}").strip())
        words = re.sub(pattern, lambda m: " " * len(m.group(0)), words, flags=re.IGNORECASE)
    return added, kids


def added_people(text: str) -> int:
    """The travellers a follow-up adds ("再加上爷爷奶奶": 2, "add my mum": 1); 0 when it adds nobody
    or says a new total (再加上我老婆，两个人)."""
    if m := R.MORE.search(text):
        return number(m.group(1) or m.group(2) or m.group(3)) or 0  # 再加一个人, 又多了两个同学: more, not a party
    if (m := R.KIN_FAMILY.search(text)) and R.ADDED.search(text):
        return number(m.group(1)) or 0  # 我弟一家三口也要跟着去: three more
    if not R.ADDED.search(text) or _counted("explicit", text) is not None:
        return 0
    found = _companions(text)
    said = re.search(r"(?:^|[\s，,。！!？?])([^，,。！？!?\s]{1,6}?)也", text)  # 我妹也想去, 我老婆和孩子也一起回
    named = _add(said.group(1), ZH_COMPANIONS, [])[0] if said else 0  # the ones named before 也
    if found is None or found.guessed:
        return named
    we = R.WE.search(re.sub(r"(?i)\b(?:joining|join|with|meeting|meet) us\b", " ", text))  # "joining us": not "we are"
    return max(named, found.size - 1 if not we else 0)


def joined(before: Party, text: str) -> Party:
    """The party so far with the people a follow-up adds (再加上爷爷奶奶 after 3个大人: five), or less those who
    drop out (有个哥们去不了了 after four: three; "two people dropped out" after six: four)."""
    if R.LEFT.search(text) and before.size > 1 and not R.ADDED.search(text):
        gone = number(m.group(1) or m.group(2)) if (m := R.LEFT_COUNT.search(text)) else 1
        size = max(1, before.size - (gone or 1))
        return Party(size, f"{before.said}, {text.strip()}", before.asked_rooms, min(before.children, size - 1))
    extra = added_people(text)
    said = ("、" if re.search(r"[\u4e00-\u9fff]", text) else ", ").join(w for w in (before.said, text.strip()) if w)
    return Party(before.size + extra, said, before.asked_rooms, before.children) if extra else before


def _listed(text: str) -> Party | None:
    """The people of one list said with the speaker ("Mum, dad, me and my sister"), when there is one."""
    found = listed_party(text)
    if found is None or found[0] < 2:
        return None
    joining = [m.group(0) for m in R.EN_JOINING.finditer(text) if m.group(0) not in found[2]]  # "X's coming too"
    more = sum(_add(m, EN_COMPANIONS, [], english=True)[0] for m in joining)
    return Party(found[0] + more, ", ".join([found[2], *joining]), children=found[1])


def find_party(text: str) -> Party:
    """The head count a question gives (one traveller when it names nobody), with any rooms asked for."""
    listed, explicit = _listed(text), _counted("explicit", text)  # a list's item, unless "just the 3 of us"
    if explicit is not None and (listed is None or explicit.said not in listed.said or _whole(explicit, text)):
        found: Party | None = _with_children(explicit, text)  # "a family of five": said outright (unless one
        # item of a longer list)
    else:
        named = _counted("our_children", text) or _companions(text)  # of a list read whole or "with" clauses,
        found = max((p for p in (named, listed) if p), key=lambda p: p.size, default=None)  # the one counting more
    rooms = number(m.group(1) or m.group(2)) or 0 if (m := R.ROOMS.search(text)) else 0
    rooms = 2 if R.ROOM_EACH.search(text) else rooms  # 他们住一间我住一间: a room each
    if found is None and m is not None and 2 <= rooms <= MAX_PARTY:
        return Party(1, "", rooms)  # "Hotels in Harbin, 2 rooms": the rooms as asked, nobody counted
    if found is None or not 1 <= found.size <= MAX_PARTY:
        return Party(1, "")
    if 1 <= rooms <= found.size:
        return Party(found.size, found.said, rooms, found.children)
    return found


def _whole(explicit: Party, text: str) -> bool:
    """The count said as the whole party ("just the 3 of us"), with nobody added after it ("the 2 of us + our son")."""
    end = text.find(explicit.said) + len(explicit.said)
    return R.SAID_WHOLE.search(explicit.said) is not None and not R.MORE_AFTER.match(text, end)


def _with_children(explicit: Party, text: str) -> Party:
    """The adults counted (我和老公两个大人) and the children named apart (带两个娃): all of them."""
    named = None if explicit.children or not R.ADULTS.search(explicit.said) else _companions(text)
    if named is None or not (kids := named.children):
        return explicit
    return Party(explicit.size + kids, f"{explicit.said}、{named.said}", children=kids)


def new_total(text: str) -> bool:
    """Whether a follow-up that someone drops out of says the new head count (变成三个人), not who left."""
    return bool(find_party(text).said) and not R.LEFT_COUNT.search(text)
