"""Writes the offline planner's answers from tool results only (never from its own knowledge)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from desktop_app.planner.exchange import Exchange, denials
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.talk import cannot_help
from desktop_app.planner.trip_lines import cost_lines, costs, dated_weather_line, dates_line, is_sample, party_line
from desktop_app.planner.weather_ask import months_line
from desktop_app.planner.wording import city_name, nights_en, say, yuan, zh_count
from desktop_app.tools.travel.lookup import LOOKUPS, slot_of
from desktop_app.travel.places import resolve_city
from desktop_app.travel.world_places import no_data_note, stand_ins, unrecognised_note

NOTE = {
    "zh": "\n\n> 离线演示：数据来自内置示例数据（非实时），回答由内置规划器根据工具结果拼写，"
    "不是大模型。要连接真实模型：设置 → 提供商，或运行 `travel-assistant keys set openai`。",
    "en": "\n\n> Offline demo: the figures are bundled sample data (not live), and this answer was "
    "assembled by the built-in planner from the tool results, not by a language model. To use a "
    "real model: Settings → Provider, or run `travel-assistant keys set openai`.",
}


def price_of(data: Any) -> int | None:
    """A CNY amount from `price_cny` or the first number in `price` ("¥1,280", "¥680/晚")."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("price_cny"), int | float):
        return int(data["price_cny"])
    match = re.search(r"\d[\d,]{0,14}", str(data.get("price", "")))  # bounded: a tool's text is no int of any length
    return int(match.group(0).replace(",", "")) if match else None


def _text(data: dict[str, Any], key: str, lang: str) -> str:
    """A field in the answer's language when the tool gives both (`condition_en`)."""
    if lang == "en" and data.get(f"{key}_en"):
        return str(data[f"{key}_en"])
    return str(data.get(key, "") or "")


def _failure(e: Exchange) -> str | None:
    """Why a lookup gave nothing usable, or None when it has data."""
    data = e.data
    if e.result.is_error or not isinstance(data, dict) or "error" in data:
        reason = data.get("error") if isinstance(data, dict) else str(data)
        return str(reason or e.result.content)[:200]
    return None


@dataclass
class Place:
    """Everything the results say about one destination."""

    key: str
    weather: Exchange | None = None
    flight: Exchange | None = None  # the last fare (the one a trip's total counts)
    hotel: Exchange | None = None
    fares: list[Exchange] = field(default_factory=list)  # every fare: "train or plane?" looks up both
    notes: list[str] = field(default_factory=list)
    months: list[Exchange] = field(default_factory=list)  # every weather result ("best time": twelve months)

    def flight_price(self) -> int | None:
        return price_of(self.flight.data) if self.flight and not _failure(self.flight) else None

    def hotel_price(self) -> int | None:
        return price_of(self.hotel.data) if self.hotel and not _failure(self.hotel) else None


def _place_key(e: Exchange) -> str:
    args = e.call.arguments or {}
    name = str(args.get("destination") or args.get("city") or "")
    city = resolve_city(name)
    return city.id if city else name


def group(exchanges: list[Exchange]) -> list[Place]:
    """Results per destination, in the order the calls were made."""
    places: dict[str, Place] = {}
    slots = {"weather": "weather", "fare": "flight", "stay": "hotel"}
    for e in exchanges:
        slot = slots.get(slot_of(e.call.name))
        if slot is None:
            continue
        place = places.setdefault(_place_key(e), Place(_place_key(e)))
        setattr(place, slot, e)  # the last fare is the one the trip keeps (trips/builder.py): the total's
        if slot == "weather":
            place.months.append(e)
        if slot == "flight":
            place.fares.append(e)
    return list(places.values())


def display(place: Place, lang: str) -> str:
    city = resolve_city(place.key)
    return place.key if city is None else city_name(city, lang)


# ------------------------------------------------------------------ trip answers


def _not_found(zh: str, en: str, why: str, lang: str) -> str:
    """A lookup that gave nothing, with the tool's own reason."""
    return f"**{zh}**：没有查到（{why}）" if lang == "zh" else f"**{en}**: not found ({why})"


def weather_line(p: Place, lang: str) -> str:
    if p.weather is None:
        return ""
    if len(p.months) > 1:
        return months_line([e.data for e in p.months if not _failure(e) and isinstance(e.data, dict)], lang)
    if why := _failure(p.weather):
        return _not_found("天气", "Weather", why, lang)
    d = p.weather.data
    if d.get("kind") in ("typical", "forecast", "sample", "observed"):
        return dated_weather_line(d, lang)
    temp = d.get("temperature") or d.get("temp") or ""
    cond, tip = _text(d, "condition", lang), _text(d, "suggestion", lang).rstrip("。.")
    extra = []
    if d.get("humidity"):
        extra.append(say(lang, "湿度 ", "humidity ") + str(d["humidity"]))
    if d.get("wind"):
        extra.append(_text(d, "wind", lang))
    detail = say(lang, f"（{'，'.join(extra)}）", f" ({', '.join(extra)})") if extra else ""
    advice = say(lang, f"建议：{tip}。", f" Tip: {tip}.") if tip else ""
    return say(lang, f"**天气**：{temp}，{cond}{detail}。", f"**Weather**: {temp}, {cond}{detail}.") + advice


def flight_line(p: Place, q: TripQuery, lang: str) -> str:
    """Each fare looked up for the place (a flight; the train too when both were weighed)."""
    return "\n\n".join(_fare_line(e, p, q, lang) for e in p.fares or ([p.flight] if p.flight else []))


def _fare_line(fare: Exchange, p: Place, q: TripQuery, lang: str) -> str:
    record = LOOKUPS[fare.call.name]
    if why := _failure(fare):
        return _not_found(record.names[0], record.names[1].capitalize(), why, lang)
    d = fare.data
    route = _text(d, "route", lang) or f"→{display(p, lang)}"
    kind, took = _text(d, "type", lang), say(lang, *record.took).format(dur=d.get("duration", ""))
    price = price_of(d)
    shown = yuan(price) if price is not None else d.get("price", "?")
    if q.party.size > 1:
        shown += say(lang, "/人", " per person") + _fare_total(d, p, q, lang)
    zh_note, _, en_note = str(d.get("note", "") if record.mode != "flight" else "").partition(" / ")
    why = say(lang, f"（{zh_note}）" if zh_note else "", f" ({en_note})" if en_note else "")
    if lang == "zh":
        return f"**{record.names[0]}**：{route}，{kind} {shown}，{took}。{why}"
    return f"**{record.names[1].capitalize()}**: {route}, {kind} {shown}, {took}.{why}"


def _fare_total(d: dict[str, Any], p: Place, q: TripQuery, lang: str) -> str:
    """What the fare comes to for everyone ("两个人多少钱"), when no cost block below sums it with a hotel."""
    total, legs = d.get("total_cny"), d.get("legs")
    if not isinstance(total, int) or trip_total(p, q) is not None:
        return ""
    way = say(lang, "往返" if legs == 2 else "单程", "round trip" if legs == 2 else "one way")
    return say(lang, f"，{q.party.size}人{way}合计 {yuan(total)}", f", {yuan(total)} {way} for {q.party.size}")


def hotel_line(p: Place, q: TripQuery, lang: str) -> str:
    if p.hotel is None:
        return ""
    if why := _failure(p.hotel):
        return _not_found("酒店", "Hotel", why, lang)
    d = p.hotel.data
    name, stars, price = _text(d, "name", lang), d.get("stars", q.stars), p.hotel_price()
    n, rooms = q.stay_nights, q.party.rooms
    breakfast = d.get("breakfast")
    each = say(lang, f"{rooms}间", f"{rooms} rooms, ") if rooms > 1 else ""
    shown = yuan(price) if price else d.get("price")
    if lang == "zh":
        meal = "，含早餐" if breakfast else ("，不含早餐" if breakfast is False else "")
        total = f"{each}{zh_count(n)}晚合计 {yuan(price * n * rooms)}" if price is not None else ""
        line = f"**酒店**：{name}（{stars}星），{shown}/晚{meal}。{total}。"
    else:
        meal = ", breakfast included" if breakfast else ("" if breakfast is None else ", no breakfast")
        total = f" {each}{nights_en(n)}: {yuan(price * n * rooms)}." if price is not None else ""
        line = f"**Hotel**: {name} ({stars}★), {shown}/night{meal}.{total}"
    return line + _cap_note(price, q.night_cap, lang)


def _cap_note(price: int | None, cap: int | None, lang: str) -> str:
    """ "under 500 a night": whether this hotel is, and what to ask when it is not."""
    if price is None or cap is None:
        return ""
    if lang == "zh":
        return f"在每晚 {yuan(cap)} 以内。" if price <= cap else f"超出每晚 {yuan(cap)}：想更便宜可以问三星的。"
    return f" Within your {yuan(cap)} a night." if price <= cap else f" Over your {yuan(cap)} a night: ask for 3 stars."


def cost_block(p: Place, q: TripQuery, lang: str) -> str:
    """Round trip for everyone + hotel x nights x rooms, as the seed computes ¥2,560 + ¥2,040 = ¥4,600."""
    c = costs(_data(p.flight), _data(p.hotel), q)
    if c is None:
        return ""
    n, rooms = q.stay_nights, q.party.rooms
    room = say(lang, f"{rooms}间×", f"{rooms} rooms × ") if rooms > 1 else ""
    zh, en = LOOKUPS[p.flight.call.name].names if p.flight else ("机票", "flights")
    flights = say(lang, f"往返{zh}", f"Round-trip {en}") if c.legs == 2 else say(lang, f"单程{zh}", f"One-way {en}")
    hotel = say(lang, f"酒店{room}{zh_count(n)}晚", f"Hotel, {room}{nights_en(n)}")
    return cost_lines(c, q, lang, flights, hotel, (zh, en))


def _data(e: Exchange | None) -> dict[str, Any] | None:
    if e is None or _failure(e) or not isinstance(e.data, dict):
        return None
    data = dict(e.data)
    if "price_cny" not in data and (price := price_of(data)) is not None:
        data["price_cny"] = price
    return data


def trip_total(p: Place, q: TripQuery) -> int | None:
    c = costs(_data(p.flight), _data(p.hotel), q)
    return c.total if c is not None else None


def _intro(places: list[Place], q: TripQuery, lang: str) -> str:
    """The first line: an N-day trip only when it has N-1 nights, else the nights looked up (玩三天
    is priced as three nights, the seed's convention: not a "3-day trip")."""
    names = say(lang, "、", " and ").join(display(p, lang) for p in places)
    days = q.days if q.days and q.days == q.stay_nights + 1 else None
    nights = q.stay_nights if q.days or q.nights else None  # said (or its dates' span), echoed: never assumed
    if lang == "zh":
        span = f"{zh_count(days)}天行程" if days else (f"住{zh_count(nights)}晚" if nights else "出行")
        return f"帮你查好了，{names}{span}的基本信息如下："
    span = f"{days}-day trip" if days else (f"{nights}-night stay" if nights else "trip")
    return f"Here is what I found for your {names} {span}:"


def assumption(q: TripQuery, lang: str) -> str:
    """The origin the flights assumed, said out loud (none was asked)."""
    if not q.origin_assumed or q.origin is None or q.origin_world is not None:
        return ""
    if lang == "zh":
        return f"\n\n（你没说从哪里出发，机票按从{q.origin.zh}出发查询；告诉我出发城市可以重新查。）"
    return (
        f"\n\n(You did not say where you leave from, so flights assume {q.origin.en}; tell me your city to re-check.)"
    )


def when_who(q: TripQuery, lang: str) -> str:
    """The dates and party the answer assumed, stated before any figure."""
    lines = [dates_line(q, lang), party_line(q, lang)]
    return "".join(f"\n\n{line}" for line in lines if line)


def _looked_up(p: Place, q: TripQuery, lang: str) -> list[str]:
    """A destination's weather, flight and hotel lines (empty where nothing was looked up)."""
    return [weather_line(p, lang), flight_line(p, q, lang), hotel_line(p, q, lang)]


def single(p: Place, q: TripQuery, lang: str) -> str:
    body = "\n\n".join(line for line in (*_looked_up(p, q, lang), cost_block(p, q, lang)) if line)
    return f"{_intro([p], q, lang)}{when_who(q, lang)}\n\n{body}"


def compare(places: list[Place], q: TripQuery, lang: str) -> str:
    """A side-by-side table and a recommendation for two or more destinations."""
    sections = [f"### {display(p, lang)}\n\n" + "\n\n".join(x for x in _looked_up(p, q, lang) if x) for p in places]
    header = "| | " + " | ".join(display(p, lang) for p in places) + " |"
    rule = "|---" * (len(places) + 1) + "|"
    n, flown = q.stay_nights, _all_flown(places)
    rows = [
        (say(lang, "天气", "Weather"), [_short_weather(p, lang) for p in places]),
        (
            say(lang, *(("单程机票", "One-way flight") if flown else ("单程交通", "One way"))),
            [money_cell(p.flight_price()) for p in places],
        ),
        (say(lang, "酒店/晚", "Hotel / night"), [money_cell(p.hotel_price()) for p in places]),
        (
            say(lang, f"往返+{zh_count(n)}晚合计", f"Round trip + {nights_en(n)}"),
            [money_cell(trip_total(p, q)) for p in places],
        ),
    ]
    rows = [(label, vals) for label, vals in rows if any(v != "—" for v in vals)]  # what was looked up
    table = "\n".join([header, rule] + [f"| {label} | " + " | ".join(vals) + " |" for label, vals in rows])
    return "\n\n".join([_intro(places, q, lang) + when_who(q, lang), *sections, table, _recommend(places, q, lang)])


def _all_flown(places: list[Place]) -> bool:
    """Every option travels by air (else the answer says "travel", not "flight")."""
    return all(p.flight is None or LOOKUPS[p.flight.call.name].mode == "flight" for p in places)


def money_cell(amount: int | None) -> str:
    """A table cell: the amount, or a dash when there is none."""
    return yuan(amount) if amount is not None else "—"


def _short_weather(p: Place, lang: str) -> str:
    if p.weather is None or _failure(p.weather):
        return "—"
    if is_sample(p.weather.data):  # as the place's own weather line says
        return say(lang, "没有典型值", "no typical value")
    d = p.weather.data
    return f"{d.get('temperature') or d.get('temp', '')} {_text(d, 'condition', lang)}".strip()


def _recommend(places: list[Place], q: TripQuery, lang: str) -> str:
    priced = [(trip_total(p, q), p) for p in places if trip_total(p, q) is not None]
    if len(priced) < 2:
        return ""
    priced.sort(key=lambda t: t[0] or 0)
    (low, cheap), (high, dear) = priced[0], priced[-1]
    diff = (high or 0) - (low or 0)
    way_zh, way_en = ("机票", "flight") if _all_flown(places) else ("交通", "travel")
    if lang == "zh":
        return (
            f"**对比**：按往返{way_zh}加{zh_count(q.stay_nights)}晚酒店估算，"
            f"{display(cheap, 'zh')}约 {yuan(low or 0)}，"
            f"比{display(dear, 'zh')}省 {yuan(diff)}。按预算选{display(cheap, 'zh')}，按天气和玩法再参考上面的天气。"
        )
    return (
        f"**Comparison**: {way_en} both ways plus {nights_en(q.stay_nights).replace(' ', ' hotel ')} comes to "
        f"about {yuan(low or 0)} "
        f"for {display(cheap, 'en')}, {yuan(diff)} less than {display(dear, 'en')}. On budget, "
        f"{display(cheap, 'en')} wins; weigh the weather above too."
    )


def answer(q: TripQuery, exchanges: list[Exchange]) -> str:
    """The final answer of a trip lookup, written from the tool results."""
    lang = q.lang
    saved = [e for e in exchanges if e.call.name == "save_itinerary"]
    if saved:  # the plan of this same question first, when it looked things up before saving
        looked_up = [e for e in exchanges if e.call.name != "save_itinerary"]
        plan = answer(q, looked_up) + "\n\n" if group(looked_up) else ""
        return plan + saved_answer(saved[0], lang)
    places = group(exchanges)
    if not places:
        return cannot_help(q.lang) if not exchanges else _raw_results(exchanges, lang)
    text = single(places[0], q, lang) if len(places) == 1 else compare(places, q, lang)
    return text + notes(q, exchanges) + assumption(q, lang) + denials(exchanges, lang) + NOTE[lang]


def notes(q: TripQuery, exchanges: list[Exchange]) -> str:
    """Places asked about that have no sample data (with the nearest that do) and unknown words."""
    stood_in = {_place_key(e) for e in exchanges} & {c.id for p in q.no_data for c in stand_ins(p)}
    tail = ""
    if stood_in:
        names = [display(Place(k), q.lang) for k in stood_in]
        tail = (
            f"\n\n（上面用离得最近、有示例数据的{'、'.join(sorted(names))}代替查询。）"
            if q.lang == "zh"
            else f"\n\n(Above, {', '.join(sorted(names))}, the nearest with sample data, stands in.)"
        )
    places = [*([q.origin_world] if q.origin_world else []), *q.no_data]
    missing = _not_in_data(q, {e.call.name for e in exchanges})
    return no_data_note(places, q.lang) + tail + _origin_note(q) + missing + unrecognised_note(q.unknown_places, q.lang)


def _not_in_data(q: TripQuery, called: set[str]) -> str:
    """What was asked that the sample data cannot say: train fares, rain or snow, sights (visas and the
    like are said first: planner/scope.py)."""
    modes = {LOOKUPS[c].mode for c in called if slot_of(c) == "fare"}
    gaps = [
        (q.by_train and "flight" in modes and "train" not in modes,
         "示例数据在这两地之间没有高铁或火车票价：上面的交通只按飞机算",
         "The sample data has no train fare estimate between these cities: travel above is priced by air"),
        (q.asks_rain and q.when is not None and "weather" in {slot_of(c) for c in called},
         "示例数据只有气温，没有雨雪：说不出那时会不会下雨下雪",
         "The sample data has temperatures only, no rain or snow: it cannot say whether it will rain or snow"),
        ("guide" in q.intents, "示例数据没有景点和玩法：在「技能」菜单启用 search_and_summarize 可以联网查攻略",
         "The sample data has no sights or things to do: the search_and_summarize skill (Skills menu) "
         "looks them up on the web"),
        (_trip_unpriced(q, called),
         "这些日期的往返机票和酒店也可以帮你查：说一声「查机票和酒店」",
         'The flights and hotel for these dates can be priced too: just say "flights and hotels too"'),
    ]  # fmt: skip
    said = [say(q.lang, zh, en) for asked, zh, en in gaps if asked]
    return "".join(say(q.lang, f"\n\n（{text}。）", f"\n\n({text}.)") for text in said)


def _trip_unpriced(q: TripQuery, called: set[str]) -> bool:
    """An itinerary asked with the trip's dates and origin said, and nothing priced: the prices offered, not forced."""
    priced = {slot_of(c) for c in called} & {"fare", "stay"}
    return "guide" in q.intents and not priced and q.when is not None and q.origin is not None and not q.beyond


def _origin_note(q: TripQuery) -> str:
    """A departure city without sample flights: which city the flights were looked up from."""
    if q.origin_world is None or q.origin is None:
        return ""
    here, there = q.origin_world.label(q.lang), city_name(q.origin, q.lang)
    near = q.origin in stand_ins(q.origin_world)
    if q.lang == "zh":
        return f"\n\n（出发地{here}没有示例航班，机票按{'离它最近的' if near else ''}{there}出发查询。）"
    nearest = ", the nearest city with data" if near else ""
    return f"\n\n({here} has no sample flights, so flights leave from {there}{nearest}.)"


def places_answer(q: TripQuery) -> str:
    """Nothing to look up: every place asked about lacks sample data or is not a place at all."""
    head = say(
        q.lang,
        "我是离线演示用的规划器，只有示例数据里的城市能查天气、机票和酒店。",
        "I am the offline demo planner; I can look up weather, flights and hotels only for the sample cities.",
    )
    return head + notes(q, []) + NOTE[q.lang]


def _raw_results(exchanges: list[Exchange], lang: str) -> str:
    head = say(lang, "工具返回了以下结果：", "The tools returned:")
    body = "\n".join(f"- {e.call.name}: {e.result.content[:300]}" for e in exchanges)
    return f"{head}\n{body}{NOTE[lang]}"


def saved_answer(e: Exchange, lang: str) -> str:
    if why := _failure(e):
        return say(lang, f"没能保存行程：{why}", f"The itinerary was not saved: {why}") + NOTE[lang]
    data = e.data
    path = data.get("path", "") if isinstance(data, dict) else str(data)
    return say(lang, f"行程已保存到：`{path}`", f"Saved the itinerary to `{path}`.") + NOTE[lang]


def cut_note(lang: str, limit: int) -> str:
    """A question longer than the planner reads: said, so what came after the cut is not silently ignored."""
    return say(
        lang,
        f"\n\n（问题很长：只读了前 {limit:,} 个字符，后面的内容没有读。）",
        f"\n\n(The question is long: only its first {limit:,} characters were read.)",
    )


def nothing_to_save(lang: str) -> str:
    """Asked to save before any plan exists in this conversation."""
    zh = "这段对话里还没有可以保存的行程：先问一个旅行问题（例如「我在北京，想去三亚玩三天」），再让我保存。"
    en = (
        "There is no itinerary in this conversation yet: ask a travel question first (for example "
        '"3 days in Sanya from Beijing"), then ask me to save it.'
    )
    return say(lang, zh, en) + NOTE[lang]


def itinerary_title(q: TripQuery, last_answer: str) -> str:
    names = [city_name(c, q.lang) for c in q.destinations]
    if not names:
        match = re.search(r"[\u4e00-\u9fff]{2,4}(?=[、\d一二三四五六七]|行程)", last_answer)
        names = [match.group(0)] if match else []
    base = say(q.lang, "、", " & ").join(names)
    return say(q.lang, f"{base} 行程", f"{base} itinerary").strip() or "itinerary"


# ------------------------------------------------------------------ help and guides


GUIDE_SECTIONS = (
    ("天气", "Weather", "天气概况", "Weather"),
    ("必去景点", "Sights", "必去景点", "Must-see sights"),
    ("美食", "Food", "美食推荐", "Food"),
    ("交通", "Transport", "交通建议", "Getting around"),
    ("预算", "Budget", "预算估算", "Budget"),
)


def _section(markdown: str, zh: str, en: str) -> list[str]:
    """Bullet and text lines under a `## <zh> <en>` heading of a guide page."""
    pattern = rf"^#+\s*(?:{re.escape(zh)}|{re.escape(en)})[^\n]*\n(?P<body>.*?)(?=^#+\s|\Z)"
    match = re.search(pattern, markdown, re.M | re.S | re.I)
    if not match:
        return []
    lines = [ln.strip() for ln in match.group("body").splitlines() if ln.strip()]
    return [ln if ln.startswith(("-", "*", "|")) else f"- {ln}" for ln in lines][:5]


def guide_answer(q: TripQuery, exchanges: list[Exchange]) -> str:
    """The skill's five-section guide, pulled from the pages read and the weather lookup."""
    lang = q.lang
    pages = [
        str(e.data.get("content", "")) if isinstance(e.data, dict) else str(e.data)
        for e in exchanges
        if e.call.name == "read_page" and not _failure(e)
    ]
    weather = next((e for e in exchanges if e.call.name == "get_weather"), None)
    place = display(group([weather])[0], lang) if weather else (q.destinations[0].zh if q.destinations else "")
    parts = [say(lang, f"# {place}旅游攻略", f"# {place} travel guide")]
    for zh, en, head_zh, head_en in GUIDE_SECTIONS:
        lines: list[str] = []
        if zh == "天气" and weather is not None:
            lines.append("- " + weather_line(Place("x", weather=weather), lang).split("：", 1)[-1].split(": ", 1)[-1])
        for page in pages:
            lines.extend(ln for ln in _section(page, zh, en) if ln not in lines)
        shown = "\n".join(lines[:6]) or say(lang, "- 资料里没有这一部分", "- not covered by the pages read")
        parts.append(f"## {say(lang, head_zh, head_en)}\n{shown}")
    searches = sum(e.call.name == "web_search" for e in exchanges)
    reads = sum(e.call.name == "read_page" for e in exchanges)
    source = (
        f"\n\n（来源：{searches} 次搜索、{reads} 个页面，本地攻略库）"
        if lang == "zh"
        else f"\n\n(Sources: {searches} searches, {reads} pages from the local guide library.)"
    )
    return "\n\n".join(parts) + source + NOTE[lang]
