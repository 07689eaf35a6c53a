"""Where the traveller leaves from: 我在北京, 从上海出发, "flying out of Shanghai", 北京到三亚, "I'll drive
to Shanghai and fly from there", 我武汉的 (a home said in passing is the origin, not a stop)."""

from __future__ import annotations

import re
from itertools import pairwise

from desktop_app.travel import rules
from desktop_app.travel.not_trip import clause_of, flown_through, in_event, in_told
from desktop_app.travel.places import City
from desktop_app.travel.regions import R as REGIONS
from desktop_app.travel.world_places import Mention, matched_len

ORIGIN_ENDS = rules.text("origins", "ORIGIN_ENDS")
ORIGIN_PATTERNS = (
    # "drive to Shanghai and fly from there", 先坐高铁去广州再飞: the flight leaves from there, no stay
    r"(?i)\b(?:drive|driving|take (?:a|the) train|taking (?:a|the) train|get|go|head)\s+(?:over\s+)?to\s+"
    r"(?P<c>[a-z][a-z' .-]{1,20}?)\s*,?\s+(?:and|then)\s+(?:fly|flying|leave|depart)\s+(?:from|out of)\s+there\b",
    r"(?:开车|坐高铁|坐火车|坐动车)(?:去|到)(?P<c>[\u4e00-\u9fff]{2,6}?)[，,]?(?:再|然后)(?:从那[里儿]?)?(?:飞|坐飞机)",
    # a home said in passing: 我武汉的, 我是成都人 (not 我想去三亚的)
    r"我(?:是)?(?![想要去在到也还就都一])(?P<c>[\u4e00-\u9fff]{2,4}?)(?:的|人)(?=[，,。！!\s]|$)",
    # the way home names home: 最后回北京, "then back to Shanghai" (a stop is where one stays, home is not)
    r"(?:最后|然后|再)(?:从[\u4e00-\u9fff]{2,6}?)?(?:飞|坐高铁|坐火车)?(?:回|返回)(?P<c>[\u4e00-\u9fff]{2,6}?)(?=[，,。！？!?；;\s]|$)",
    r"(?i)\b(?:then|and)\s+(?:fly\s+|flying\s+|head\s+)?(?:back|home)\s+to\s+(?P<c>[a-z][a-z' .-]{1,20}?)"
    r"(?=[,.;!?]|\s+from\b|$)",  # "then fly back to Beijing from Hangzhou": home is Beijing
    # "…, 1 night in KL, back to Sydney from KL" (not "I need to fly back to Chengdu from Sydney": the trip itself)
    r"(?i)[,;]\s*(?:(?:and|then)\s+)?(?:fly(?:ing)?\s+)?back\s+to\s+(?P<c>[a-z][a-z' .-]{1,20}?)\s+from\s",
    r"(?:我(?:现在|目前)?在|我们(?:现在|目前)?在|咱们在|(?<!个)人在|家在|住在|我住|我们住)"  # (一个人在曼谷: alone)
    r"\s*(?P<c>\S{2,10}?)\s*(?:[，,。 ]|$|工作|上班|生活|出发)",
    r"(?P<c>[\u4e00-\u9fff]{2,4}?)(?:坐|乘)(?:火车|高铁|动车|飞机|大巴)(?:去|到)",  # 上海坐火车去杭州
    # 成都回重庆: a clause starting with the way home
    r"(?<![\u4e00-\u9fff])(?!最后|然后|再)(?P<c>[\u4e00-\u9fff]{2,4}?)(?<!来)回(?![来家去]|南天)(?=[\u4e00-\u9fff]{2})",
    r"从\s*(?P<c>[^\s，,。！？!?；;][^，,。！？!?；;]{1,19}?)\s*(?:出发|直飞|飞|去|到|走|来|回(?!来|家))",
    r"从(?P<c>[\u4e00-\u9fff]{2,6}?)(?=[，,。！？!?；;\s]|$)",  # "…去厦门，从杭州": the clause ends there
    r"(?P<c>[^\s，,。！？!?；;、有没的去飞到]{2,6}?)\s*(?:出发|直飞|(?<!走)走(?=[，,。！!？?\s]|$))",  # not 走走
    r"(?P<c>[\u4e00-\u9fff]{2,4}?)(?:飞|坐飞机|坐高铁|开车)?过去(?=[，,。！!？?\s的]|$|飞)",  # 广州飞过去(的机票)
    r"(?P<c>[\u4e00-\u9fff]{2,4}?)(?:到|-|—|→)?[\u4e00-\u9fff]{2,4}往返",  # 上海成都往返: from Shanghai and back
    r"(?<![\u4e00-\u9fff])(?P<c>[\u4e00-\u9fff]{2,4}?)飞(?=[\s，,。！!？?]|$)",  # 住五晚 武汉飞 总共…
    # 在上海上班 is home (女儿在伦敦读书 is hers)
    r"(?<![想要去到儿子友学事妈爸姐妹弟哥公婆他她])(?<!以前)(?<!曾经)(?<!当年)(?<!之前)在(?P<c>[\u4e00-\u9fff]{2,4}?)(?:工作|上班|读书|上学|上大学|读大学|念书|实习|交换)",
    r"(?i)\bfrom\s*(?P<c>[\u4e00-\u9fff]{2,6})",
    r"(?i)\b(?:i am|i'm|im|we are|we're|i live|we live|based|living)\s+in\s+(?P<c>[\u4e00-\u9fff]{2,4})",  # I'm in 南京
    r"(?i)(?<!away )\bfrom\s+(?P<c>[a-z][a-z' .-]{1,20}?)"  # ("somewhere quiet away from Patong")
    r"(?=[,.;:!?—–(]|\s+(?:" + ORIGIN_ENDS + r")\b|\s+-\s|\s*[\u4e00-\u9fff]|$)",
    r"(?i)\b(?:i am|i'm|im|i live|we live|we are|we're|based|living|live|staying|currently|i work|working"
    r"|i study|we study|(?<!is )(?<!are )(?<!'s )studying)\s+"  # (my grandson is studying in Qingdao: his)
    r"(?:all\s+|both\s+|currently\s+|now\s+)?(?:living\s+|staying\s+|based\s+|working\s+|studying\s+)?"
    # "we're a retired couple in Nanjing", "a family of five (3 kids) in", "I'm at uni in London"
    r"(?:at (?:uni|university|college|school)\s+)?(?:an?\s+[a-z0-9() ]{2,30}?\s+)?"
    r"(?:(?:[a-z]+\s+)?students?\s+(?:study(?:ing)?\s+)?)?"  # "i am malaysian student study in xi'an"
    r"in\s+(?P<c>[a-z](?:(?!\s+(?:" + ORIGIN_ENDS + r"|that)\b)[a-z' .-]){1,20}?)"  # "in Paris next week": a stay
    r"(?=[,.;!?)—–]|\s+-\s|\s+(?:and|but|so|for|since|until|till|now|rn|right now|as|looking|thinking|planning"
    r"|with|visiting|on (?:an? )?exchange)\b|$)",
    r"(?i)\b(?:out of|outta|leaving|departing|home is|my home town is|my hometown is)\s+(?P<c>[a-z][a-z' .-]{1,20}?)"
    r"(?=[,.;:!?—–(]|\s+(?:" + ORIGIN_ENDS + r")\b|\s+-\s|$)",
    r"(?i)\b(?:out of|from|leaving)\s+(?P<c>[A-Z]{3})\b",
    r"(?i)(?:^|[.,;:!?]\s*)(?P<c>[a-z][a-z' .-]{1,20}?)[- ]based\b",  # "Beijing based", "Shanghai-based family"
    r"(?i)\b(?:are|am|is)\s+(?:currently\s+)?in\s+(?P<c>[a-z][a-z' .-]{1,20}?)\s+(?:now|rn|right now)\b",
    r"(?i)(?:^|[,.;]\s*)(?:now|currently)\s+in\s+(?P<c>[a-z][a-z' .-]{1,20}?)(?=[,.;!?]|$)",  # "student, now in Seoul."
)


def _origin_from_patterns(text: str, places: list[Mention]) -> Mention | None:
    """The first place a pattern names as the start; one we have data for before one we have not ("I am from
    Germany, I am living in Shanghai now": a nationality, then the home)."""
    unknown = None
    for pattern in ORIGIN_PATTERNS:
        for m in re.finditer(pattern, text):
            start, end = m.span("c")
            for place in places:
                if start <= place.start < end:
                    if place.city is not None:
                        return place
                    unknown = unknown or place
    return unknown


def _route_origin(text: str, places: list[Mention]) -> Mention | None:
    """`北京到三亚` / `北京→三亚` / `成都去昆明` / `Beijing to Sanya`: the first city of a route is the origin."""
    for first, second in pairwise(places):  # Beijing to Sapporo: a place without data may be the second
        if first.city is None or first.city is second.city:  # 广州塔开到几点…那天广州: no way from a city to itself
            continue
        between = text[first.start : second.start].casefold()
        crosses = re.search(r"[。！？!?]", between) is not None  # 故宫周一开门吗？我们周一到北京: two sentences
        if re.search(r"(?:→|->|到|飞|\bto\b|-|–|—)", between) and len(between) < len(first.city.en) + 8 and not crosses:
            return first
        if text[first.start + matched_len(text, first.start, first.city) : second.start].strip() == "去":
            return first  # 成都去昆明 (not 去三亚还是去昆明: there 去 is not right after the first city)
    return None


def aside(text: str, place: Mention) -> bool:
    """A place said in passing (a home town, a trip just over): neither a stop nor the origin."""
    before = text[max(0, place.start - 24) : place.start]
    after = text[place.start + (matched_len(text, place.start, place.city) if place.city else 2) :]
    came_back = R.ASIDE_AROUND.search(before) is not None and re.match(r"\s*(?:回来|回家|刚回)", after) is not None
    someone_from = R.SOMEONE_FROM.search(before) is not None and re.match(r"的?人", after) is not None
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
    if fixed := [p for p in places if fix and p.start > fix.end() and after_from(text, p)]:
        return fixed[0]
    return _origin_from_patterns(text, places) or _right_after_from(text, places) or _route_origin(text, places)


def _right_after_from(text: str, places: list[Mention]) -> Mention | None:
    """ "from Beijing sept 6-12", "flights from Shanghai already pricey": a place right after "from"."""
    return next((p for p in places if R.FROM_BEFORE.search(text[max(0, p.start - 16) : p.start])), None)


def after_from(text: str, place: Mention) -> bool:
    """Whether `place` is said right after "from" (a start, never a stop: even a start taken back)."""
    return R.FROM_BEFORE.search(text[max(0, place.start - 16) : place.start]) is not None


def said_from(text: str, city: City) -> bool:
    """Whether `city` is said as where the trip starts ("from Guangzhou for 5 nights", 从广州)."""
    names = "|".join(re.escape(n) for n in (city.zh, city.en, *city.aliases) if n)
    return re.search(r"(?i)(?:\bfrom|从|\bout of|\bleaving)\s*(?:" + names + ")", text) is not None


def trip_places(text: str, places: list[Mention]) -> list[Mention]:
    """The places the trip goes: not one in a clause about an exam (在上海考试，考完去苏州), a trip already made
    (上回去大阪…这次去东京) or a change of planes (在迪拜转机), while another place is left; a told place stays
    when the question weighs it ("went to Phuket last year … which one's better")."""
    elsewhere = [p for p in places if not in_event(text, p.start)]
    stayed = [p for p in elsewhere if not flown_through(text, p.start, _end(text, p))]
    went = changed_mind(text, [p for p in stayed if not in_told(text, p.start)])
    if len(went) < 2 and R.COMPARED.search(text):
        went = stayed
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
        if after and not (zh and re.match(r"[^，,。！!；;]*[？?]", text[after[0].start :])):
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
