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


# companions named with the speaker: each adds to "me"
# pairs before the single words inside them (爷爷奶奶 is two, never 2 + 1 + 1): a match is used once
ZH_COMPANIONS: tuple[tuple[str, int], ...] = (
    (r"(?:孩子|她|他|娃)他?的?(?:爸爸|妈妈|爸|妈|奶奶|爷爷|外婆|外公|姥姥|姥爷)", 1),  # 她爸, 孩子奶奶: one person
    (r"爸妈|父母|爸爸妈妈|二老|公婆|公公婆婆|岳父母|岳父岳母|爷爷奶奶|外公外婆|姥姥姥爷|老人家们", 2),
    (r"爷爷|奶奶|外公|外婆|姥姥|姥爷|妈妈|爸爸|我妈|我爸|岳父|岳母|婆婆|公公|老人|妈|爸", 1),
    (
        r"哥哥|姐姐|弟弟|妹妹|[我她他][哥姐弟妹]|闺蜜|发小|室友|(?<!小)朋友(?!们)|同事(?!们)|同学(?!们)|侄子|侄女|外甥女?|表[哥姐弟妹]|堂[哥姐弟妹]",
        1,
    ),
    (
        r"老婆|老公|老伴|媳妇|爱人|妻子|丈夫|未婚夫|未婚妻|女朋友|男朋友|女友|男友|对象|太太|先生|男票|女票|(?i:\bbf\b|\bgf\b)",
        1,
    ),
    (r"^(?:她|他)(?!们)", 1),  # 带她去巴黎: one more
    (TWINS := r"双胞胎(?:宝宝|孩子|女儿|儿子|男孩|女孩)?", 2),  # 带着双胞胎, 双胞胎宝宝: two children
    (r"孩子|小孩|娃|儿子|女儿|闺女|(?<!暖)宝宝|外?孙[子女]", 1),  # (暖宝宝: a heat pad)
)
EN_COMPANIONS: tuple[tuple[str, int], ...] = (
    (r"parents|mum and dad|mom and dad|grandparents|in-laws", 2),
    (EN_TWINS := r"\btwins\b|\btwin (?:boys|girls|sons|daughters|babies)\b", 2),  # "my twin boys (17)": two children
    (r"\b(?:mum|mom|dad|mother|father|grandma|grandpa|grandmother|grandfather|sister|brother|bro|sis)\b", 1),
    (r"\b(?:wife|husband|partner|girlfriend|boyfriend|gf|bf|fianc[eé]e?|spouse|hubby)\b", 1),
    (r"\b(?:buddy|friend|mate|colleague|pal|cousin|nephew|niece|aunt|uncle|room-?mate|roomate|classmate)\b", 1),
    (
        r"\b(?:bab(?:y|ies) (?:daughter|son|girl|boy)s?|kids?(?![- ]friendly)|child(?:ren)?(?![- ]friendly)"
        r"|sons?|daughters?|boys|girls|bab(?:y|ies)"
        r"|teens?|teenagers?|toddlers?"
        r"|\d{1,2}\s*(?:yo|y/o|-year-old)|(?<=\ba )\d{1,2}[\s-]years?[\s-]old|\d{1,2}[\s-]years?[\s-]olds"
        r"|grandkids?|grandchild(?:ren)?|grand(?:son|daughter)s?)\b",
        1,
    ),
)


R = rules.Rules("party", _ZN=_ZN, _EN=_EN)


def _explicit(text: str) -> Party | None:
    """A count said outright: 两个人, 3人, 一家三口, 两大一小, "4 people", "a family of four"."""
    if m := re.search(_ZN + r"\s*个?大(?:人)?\s*[，,、和+带跟加]?\s*(?:外加|再加|加上)?\s*" + _ZN + ZH_CHILD, text):
        a, b = number(m.group(1)), number(m.group(2))
        return Party(a + b, m.group(0), children=b) if a and b else None
    if (m := R.TOTAL.search(text)) and (n := number(m.group(1) or m.group(2))):
        return Party(n + bool(m.group(3)), m.group(0))  # 一共14个; 15个老年人加我自己: sixteen
    if m := re.search(r"(?:我们|咱们)\s*" + _ZN + r"\s*个\S{0,2}?" + ZH_GROUP, text):
        n = number(m.group(1))  # 我们四个女生: four in all
        return Party(n, m.group(0)) if n else None
    only_us = (
        r"(?:就|只有)(?:我们|咱们|我)俩|(?:我们|咱们)俩都|(?:我们|咱们)\s*(仨|(?:"
        + _ZN[1:-1]
        + r")\s*个)(?![月天晚小星礼周半])"
        r"|(?<![和跟带陪与])(" + _ZN[1:-1] + r")\s*个\s*(?:女生|男生|姑娘|大学生|学生|小伙伴|闺蜜)"  # 宿舍四个女生
    )
    if m := re.search(only_us, text):
        said = m.group(1) or m.group(2)
        n = 2 if said is None else number(said.rstrip("个 "))  # 就我们俩: two in all; 我们仨: three
        return Party(n, m.group(0)) if n else None
    if m := re.search(r"(?i)就我(?:自己|一个人?)|只有我(?:自己)?|\bjust me\b(?! and| as)|\bby myself\b", text):
        return Party(1, m.group(0))  # 宝宝还是不带了，就我自己去: one, said (the party before is not kept)
    if re.search(r"他俩|他们俩|她俩|她们俩", text):
        return Party(2, "他俩")  # 爸妈…他俩从大连出发: the two of them travel
    return _headcount(text)


def _headcount(text: str) -> Party | None:
    """A number of people: 3个大人, 一家三口, 五个人, 两个老人, "a family of four", "4 people"."""
    if (m := re.search(_ZN + r"\s*个?(?:大人|成人|成年人)", text)) and (n := number(m.group(1))):
        return Party(n, m.group(0))  # 3个大人: three, no children said
    if m := re.search(
        r"一家\s*"
        + _ZN
        + r"\s*口|"
        + _ZN
        + r"\s*口之家|"
        + r"(?<![和跟带陪与钱])"  # 我和三位同事: me and three more (a group, read below); 多少钱一位: a price each
        + _ZN
        + r"\s*(?:个人|人|位|名|口人)(?!民|口[^人]|太多|很多|多不多|挤|山人海|"  # 一人两千五: each; 五一人太多: a crowd
        + r"\s*(?:\d{3,}|[\d一两二三四五六七八九十]+\s*[千万百块元kK]))",
        text,
    ):
        n = number(m.group(1) or m.group(2) or m.group(3))
        more = R.FAMILY_PLUS.match(text, m.end())  # 一家三口+爷爷奶奶, 一家三口再加上我妈: more than the family
        extra = _add(more.group(1), ZH_COMPANIONS, 0, [], "")[0] if more else 0
        return Party(n + extra, text[m.start() : more.end() if more else m.end()]) if n else None
    if (m := re.search(r"(?<![和跟带陪与着上])" + _ZN + r"\s*个?(?:老人|老年人)", text)) and (n := number(m.group(1))):
        return Party(n, m.group(0))  # 爸妈…两个老人: two (我和两个老人, 带着两个老人: more, read as companions)
    en = re.search(
        r"(?i)\b(?:a\s+)?(?:family|group|party)\s+of\s+" + _EN + r"\b|\b" + _EN
        + r"(?:\s+(?:of us|people|persons?|adults?|travell?ers|passengers|pax|guests)|\s*ppl|-person)\b"
        r"|\bso we(?:'re| are| will be) (?:now )?" + _EN + r"\b(?!\s*(?:nights?|days?|weeks?|stars?))"  # "we are six"
        r"|\b(?:bringing|coming|joining)\b[^.!?]{0,30}\bmake it " + _EN + r"\b(?!\s*(?:nights?|days?|stars?))",
        text,
    )  # fmt: skip
    if en and (n := number(next(g for g in en.groups() if g))):
        return Party(n, en.group(0))  # "2 adults and a 4-year-old": the list of people reads the rest
    return None


ZH_GROUP = r"(?:女生|男生|女孩|男孩|姑娘|朋友|同学|同事|闺蜜|小伙伴|大学生|学生)"
# a child said with its age between count and noun: 一个5岁孩子, 两个3岁的小孩
ZH_CHILD = r"\s*个?(?:\s*\d{1,2}\s*岁的?)?(?:小孩|孩子|儿童|小朋友|宝宝|娃|小|(?i:\s*(?:toddler|kid|baby|child)))"


def _our_children(text: str) -> Party | None:
    """ "we have 2 kids": two parents and the children; "I have three children": one parent and them."""
    if m := re.search(r"(?i)\b(we|i)(?:'ve| have)(?: got)? " + _EN + r" (?:kids|children|sons|daughters)\b", text):
        n = number(m.group(2))
        return Party(n + (2 if m.group(1).lower() == "we" else 1), m.group(0)) if n else None
    if m := re.search(r"(?i)\b" + _EN + r" (?:kids|children)\s*(?:\+|\band\b|\bplus\b|&)\s*(us|me)\b", text):
        n = number(m.group(1))  # "2 kids + us": them and two parents
        return Party(n + (2 if m.group(2).lower() == "us" else 1), m.group(0), children=n or 0) if n else None
    if m := re.search(r"(?i)^(?:(?!\b(?:with|and|&)\b).)*?\bmy " + _EN + r" (?:kids|children|sons|daughters)\b", text):
        n = number(m.group(1))  # "my 2 kids wanna go": me and them (a "with" clause reads the rest)
        return Party(n + 1, m.group(0)) if n else None
    return None


_MATES = rules.text("party", "_MATES")
THEY_GO = rules.text("party", "THEY_GO")


def _groups(text: str) -> Party | None:
    """A group counted as such: 给爸妈 (they go, not me), 我和3个朋友 (4), "4 friends" (4), "rooms for 3"."""
    if R.WITH_THEM.search(text):
        return Party(3, "爸妈、我")  # 爸妈退休了想出去走走，我陪他们
    if re.search(THEY_GO, text):  # they go, the asker does not; unless they come and the asker takes them on
        taken = R.TAKE_THEM.search(text) is not None
        return Party(2 + taken, "parents" if re.search(r"[a-z]", text, re.I) else "爸妈")
    if m := re.search(r"(?i)\b" + _EN + r"\s+couples\b|" + _ZN + r"\s*对(?:夫妻|情侣|小?两口)", text):
        n = number(m.group(1) or m.group(2))  # "two couples", 两对夫妻: two each
        more = re.match(r"(?i)\s*(?:\+|\band\b|\bplus\b|\bwith\b|带|加)\s*([^.,;!?，。]{1,40})", text[m.end() :])
        extra = _add(more.group(1), EN_COMPANIONS + ZH_COMPANIONS, 0, [], "", english=True)[0] if more else 0
        return Party(2 * n + extra, m.group(0)) if n else None  # "two couples + a toddler": five
    if m := re.search(
        r"(?:我|我们)?(?:和|跟|带|陪|与)\s*" + _ZN + r"\s*[个位名]?(?:朋友|同事|同学)"
        r"|" + _ZN + r"\s*[个位名](?:朋友|同事|同学)\s*(?:一起|同行|陪我)",  # 3个同事一起: me and three
        text,
    ):
        n = number(m.group(1) or m.group(2))
        return Party(n + 1, m.group(0)) if n else None
    if m := re.search(r"(?i)(?:\bme (?:and|n|&)|\bwith|\bw/|\bme\s*\+)\s*(?:my\s+)?" + _EN + r"\s+" + _MATES, text):
        n = number(m.group(1))
        return Party(n + 1, m.group(0)) if n else None
    if m := re.search(r"(?i)(?<!\bmy )(?<!\bour )\b" + _EN + r"\s+" + _MATES, text):
        n = number(m.group(1))  # "a weekend for 4 friends": the group itself, no "me" added
        return Party(n, m.group(0)) if n else None
    if m := R.COUNTED_FOR.search(text):
        n = number(next(g for g in m.groups() if g))
        nights = m.group("bare") and re.search(r"(?i)\bfor \w+ (?:nights?|days?)\b", text[: m.start()])
        return Party(n, m.group(0)) if n and not nights else None  # "London for 4" after "Paris for 5 nights"
    return None


PARTNER = re.compile(
    next(p for p, _ in ZH_COMPANIONS if "老公" in p) + "|(?i:" + next(p for p, _ in EN_COMPANIONS if "wife" in p) + ")"
)


def _companions(text: str) -> Party | None:
    """Me plus the people named in every "with" clause: 带爸妈 (3), "with my wife and two kids" (4); a couple
    said as such is two (its partner named again is not a third)."""
    if (group := _groups(text)) is not None:
        return group
    couple = R.COUPLE.search(text) is not None
    said: list[str] = []
    count, kids = (2 if couple else 1), 0
    partner = False
    readers = (
        (ZH_COMPANIONS, R.ZH_WITH, False),
        (EN_COMPANIONS, R.EN_WITH, True),
    )
    named: list[tuple[int, int]] = []  # where the "with" clauses named people: "and my colleague is coming too"
    for table, clauses, english in readers:
        for m in clauses.finditer(text):
            named.append(m.span(1))
            before = count
            count, said, more = _add(R.ASIDE.sub("", m.group(1)), table, count, said, m.group(0), english=english)
            count -= min(more, kids)  # 带两个娃…我和老公加两个孩子: the same children named twice count once
            kids, partner = max(kids, more), partner or PARTNER.search(m.group(1)) is not None
            count = max(count, before)
    if count == 1 and (along := R.TAGGING_ALONG.search(text) or R.TAKEN.search(text)):
        count, said = 2, [along.group(0)]  # 我老公去出差，我想跟着一起去, "take her to Guilin": two go
    for m in R.EN_JOINING.finditer(text):  # "grandparents are coming too", "my sister is coming too"
        start, end = m.span(m.lastindex or 0)
        if any(a <= start < b for a, b in named):
            continue  # counted once, by its clause
        end = min([a for a, _ in named if start < a < end] + [end])  # "my husband and our two boys": the boys once
        count, said, more = _add(text[start:end], EN_COMPANIONS, count, said, m.group(0), english=True)
        kids += more
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


# a pair named beside its members counts two, not four: "my grandparents … grandma & grandpa"
PAIRS = {"grandparents": ("grandma", "grandpa", "grandmother", "grandfather"), "parents": ("mum", "mom", "dad")}


def _pairs_once(count: int, said: list[str]) -> tuple[int, list[str]]:
    """`said` less the members of a pair also named as the pair (their count taken off)."""
    for pair, members in PAIRS.items():
        if any(re.search(rf"(?<![a-z]){pair}$", w.lower()) for w in said):  # "parents", not "grandparents"
            again = [w for w in said if w.lower() in members]
            count, said = count - len(again), [w for w in said if w not in again]
    return count, said


def _add(
    words: str, table: tuple[tuple[str, int], ...], count: int, said: list[str], phrase: str, english: bool = False
) -> tuple[int, list[str], int]:
    """The people named in `words`, a number before a plural counted ("two kids" = 2, 两个孩子 = 2), and of
    them the children (the table's last row)."""
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
            kids += counted if pattern in (table[-1][0], TWINS, EN_TWINS) else 0
            gap = " " if english else ""
            if counted == each:
                said.append(m.group(0))
            else:  # "two kids", 两个孩子, "kids aged 6 and 10": the words that gave the number
                said.append((m.group(0) + ages.group(0) if ages else f"{before[0]}{gap}{m.group(0)}").strip())
        words = re.sub(pattern, lambda m: " " * len(m.group(0)), words, flags=re.IGNORECASE)
    return count + added, said, kids


def added_people(text: str) -> int:
    """The travellers a follow-up adds ("再加上爷爷奶奶": 2, "add my mum": 1); 0 when it adds nobody
    or says a new total (再加上我老婆，两个人)."""
    if m := R.MORE.search(text):
        return number(m.group(1) or m.group(2) or m.group(3)) or 0  # 再加一个人, 又多了两个同学: more, not a party
    if (m := R.KIN_FAMILY.search(text)) and R.ADDED.search(text):
        return number(m.group(1)) or 0  # 我弟一家三口也要跟着去: three more
    if not R.ADDED.search(text) or _explicit(text) is not None:
        return 0
    found = _companions(text)
    said = re.search(r"(?:^|[\s，,。！!？?])([^，,。！？!?\s]{1,6}?)也", text)  # 我妹也想去, 我老婆和孩子也一起回
    named = _add(said.group(1), ZH_COMPANIONS, 0, [], "")[0] if said else 0  # the ones named before 也
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
    joining = [
        m.group(0) for m in R.EN_JOINING.finditer(text) if m.group(0) not in found[2]
    ]  # "my husband's coming too"
    more = sum(_add(m, EN_COMPANIONS, 0, [], "", english=True)[0] for m in joining)
    return Party(found[0] + more, ", ".join([found[2], *joining]), children=found[1])


def _larger(first: Party | None, second: Party | None) -> Party | None:
    """Of two readings of the people named, the one that counts more (a list read whole, or "with" clauses)."""
    if first is None or second is None:
        return first or second
    return first if first.size > second.size else second


def find_party(text: str) -> Party:
    """The head count a question gives (one traveller when it names nobody), with any rooms asked for."""
    listed, explicit = _listed(text), _explicit(text)
    whole = explicit is not None and _whole(explicit, text)  # "just the 3 of us"
    if explicit is not None and (listed is None or explicit.said not in listed.said or whole):
        found: Party | None = _with_children(explicit, text)  # "a family of five": said outright (unless one
        # item of a longer list)
    else:
        found = _larger(listed, _our_children(text) or _companions(text))
    if found is None or not 1 <= found.size <= MAX_PARTY:
        return Party(1, "")
    if (m := R.ROOMS.search(text)) and 1 <= (rooms := number(m.group(1) or m.group(2)) or 0) <= found.size:
        return Party(found.size, found.said, rooms, found.children)
    return found


def _whole(explicit: Party, text: str) -> bool:
    """The count said as the whole party ("just the 3 of us"), with nobody added after it ("the 2 of us + our son")."""
    end = text.find(explicit.said) + len(explicit.said)
    return R.SAID_WHOLE.search(explicit.said) is not None and not R.MORE_AFTER.match(text, end)


def _with_children(explicit: Party, text: str) -> Party:
    """The adults counted (我和老公两个大人) and the children named apart (带两个娃): all of them."""
    if explicit.children or not R.ADULTS.search(explicit.said):
        return explicit
    named = _companions(text)
    kids = named.children if named is not None else 0
    return Party(explicit.size + kids, f"{explicit.said}、{named.said}", children=kids) if named and kids else explicit


def new_total(text: str) -> bool:
    """Whether a follow-up that someone drops out of says the new head count (变成三个人), not who left."""
    return bool(find_party(text).said) and not R.LEFT_COUNT.search(text)
