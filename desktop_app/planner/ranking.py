"""The answer to an open question: the candidates ranked by what was asked, the assumptions said
out loud, the budget kept; every figure comes from a tool result."""

from __future__ import annotations

from dataclasses import replace

from desktop_app.planner.compare import OpenAsk, basis
from desktop_app.planner.exchange import Exchange
from desktop_app.planner.nlu import TripQuery
from desktop_app.planner.trip_lines import costs, dates_line, is_sample, party_line
from desktop_app.planner.wording import city_name, nights_en, say, yuan, zh_count
from desktop_app.planner.writer import Place, _data, display, money_cell, trip_total
from desktop_app.tools.travel.lookup import LOOKUPS, slot_of

LABELS = {
    "warm": ("最暖", "warmest"),
    "cool": ("最凉快", "coolest"),
    "cheap": ("最便宜", "cheapest"),
}


def temperature(p: Place) -> float | None:
    """The temperature a weather result gave, as a number."""
    data = p.weather.data if p.weather is not None else None
    if not isinstance(data, dict) or "error" in data or data.get("kind") == "sample":
        return None  # "sample": no typical value for that date, and the sample's day is not that month's
    if isinstance(data.get("mean_temp_c"), int | float):  # a month's typical mean
        return float(data["mean_temp_c"])
    high, low = data.get("temp_high_c"), data.get("temp_low_c")
    if isinstance(high, int | float) and isinstance(low, int | float):  # a forecast or last year's month
        return round((float(high) + float(low)) / 2, 1)
    value = data.get("temperature_c")
    return float(value) if isinstance(value, int | float) else None


def cost(p: Place, q: TripQuery) -> int | None:
    """The trip's cost from what was looked up: the whole trip, else the part that was asked."""
    total = trip_total(p, q)
    if total is not None:
        return total
    hotel, flight = p.hotel_price(), p.flight_price()
    if hotel is not None:
        return hotel * q.stay_nights
    return flight * 2 if flight is not None else None


def ranked(places: list[Place], q: TripQuery, ask: OpenAsk) -> list[Place]:
    """Within budget first, then by the criterion (temperature or cost); missing figures last."""

    def key(p: Place) -> tuple[int, int, float]:
        total = trip_total(p, q)
        over = int(ask.budget is not None and total is not None and total > ask.budget)
        temp = temperature(p)
        if ask.criterion in ("warm", "cool") and temp is not None:
            return over, 0, -temp if ask.criterion == "warm" else temp
        money = cost(p, q)
        return over, int(money is None), float(money or 0)

    return sorted(places, key=key)


def _assumptions(q: TripQuery, ask: OpenAsk, lang: str) -> str:
    origin = city_name(q.origin, lang) if q.origin else "?"
    n, people = q.stay_nights, q.party.size
    assumed = q.origin_assumed and not q.origin_world
    whence = say(lang, "（你没说出发地，按北京算）", " (you did not say, so Beijing)") if assumed else ""
    stay = say(lang, f"住{zh_count(n)}晚", nights_en(n))
    if q.days is None and q.nights is None and q.when is None:
        stay += say(lang, "（你没说天数，按三晚算）", " (you did not say, so 3)")
    who = say(lang, f"{people}人", f"for {people}") if people > 1 else say(lang, "每人", "per person")
    if lang == "zh":
        said = f"（{q.budget_said[0]}）" if q.budget_said[0] else ""
        money = f"；预算 {yuan(ask.budget)}{said}，按往返机票 + 酒店{zh_count(n)}晚（{who}）算" if ask.budget else ""
        span = f"{ask.month}月" if ask.month else "出行日期"
        undated = "" if q.when else f"示例数据不分日期：天气是典型的一天、价格是典型价格，不是{span}的预报或报价。"
        head = f"**假设**：从{origin}出发{whence}；{stay}；{q.stars}星酒店{money}。{undated}"
    else:
        said = f" ({q.budget_said[1]})" if q.budget_said[1] else ""
        hotel = f"{n} hotel night{'' if n == 1 else 's'}"
        money = f"; budget {yuan(ask.budget)}{said} for round-trip flights + {hotel}, {who}" if ask.budget else ""
        span = f"month {ask.month}" if ask.month else "your dates"
        no_dates = " The sample data has no dates: the weather is a typical day and prices are typical, not a forecast "
        undated = "" if q.when else f"{no_dates}or a quote for {span}."
        head = f"**Assumptions**: leaving from {origin}{whence}; {stay}; {q.stars}-star hotel{money}.{undated}"
    picked = say(lang, "**候选**：{}。", "**Candidates**: {}.").format(basis(q.open or ask, lang))
    return "\n".join(x for x in (head, dates_line(q, lang), party_line(q, lang), picked) if x)


def _weather_cell(p: Place, lang: str) -> str:
    temp, data = temperature(p), p.weather.data if p.weather is not None else None
    if is_sample(data):
        return say(lang, "没有典型值", "no typical value")
    if temp is None or not isinstance(data, dict):
        return "—"
    kind = data.get("kind")
    if kind == "typical":
        return f"{temp:g}°C" + say(lang, "（月平均）", " (monthly mean)")
    if kind in ("forecast", "observed"):
        return str(data.get("temperature", f"{temp:g}°C"))
    cond = data.get(say(lang, "condition", "condition_en"), "")
    tag = say(lang, "（样例）", " (sample)") if kind == "sample" else ""
    return f"{temp:g}°C {cond}{tag}".strip()


def _total_cell(p: Place, q: TripQuery, lang: str) -> str:
    """The trip's cost, with a holiday peak's estimate beside it (never folded into it)."""
    c = costs(_data(p.flight), _data(p.hotel), q)
    if c is None:
        return "—"
    if not c.peak_extra:
        return yuan(c.total)
    return yuan(c.total) + say(lang, f"（高峰估算 +{yuan(c.peak_extra)}）", f" (peak est. +{yuan(c.peak_extra)})")


def _fits(p: Place, q: TripQuery, ask: OpenAsk, lang: str) -> str:
    total = trip_total(p, q)
    if ask.budget is None or total is None:
        return "—"
    over = yuan(total - ask.budget)
    return say(lang, "✓ 在预算内", "✓ within") if total <= ask.budget else say(lang, f"✗ 超出 {over}", f"✗ {over} over")


def table(places: list[Place], q: TripQuery, ask: OpenAsk, lang: str) -> str:
    """One row per candidate, best first."""
    n = q.stay_nights
    heads = say(
        lang,
        ["排名", "城市", "天气", "单程机票", "酒店/晚", f"往返+{zh_count(n)}晚", "预算"],
        ["#", "City", "Weather", "One-way flight", "Hotel / night", f"Round trip + {nights_en(n)}", "Budget"],
    )
    width = 7 if ask.budget is not None else 6
    rows = ["| " + " | ".join(heads[:width]) + " |", "|---" * width + "|"]
    for i, p in enumerate(places, start=1):
        cells = [
            str(i),
            display(p, lang),
            _weather_cell(p, lang),
            money_cell(p.flight_price()),
            money_cell(p.hotel_price()),
            _total_cell(p, q, lang),
            _fits(p, q, ask, lang),
        ]
        rows.append("| " + " | ".join(cells[:width]) + " |")
    return "\n".join(rows)


def _why(p: Place, ask: OpenAsk, lang: str) -> str:
    label = say(lang, *LABELS[ask.criterion])
    temp = temperature(p)
    if ask.criterion in ("warm", "cool") and temp is not None:
        return f"示例天气{label}（{temp:g}°C）" if lang == "zh" else f"{label} in the sample weather ({temp:g}°C)"
    return f"这几个里{label}" if lang == "zh" else f"the {label} of these"


def recommendation(places: list[Place], q: TripQuery, ask: OpenAsk, lang: str) -> str:
    """The pick, or why there is none (everything over budget, or no prices)."""
    best = places[0] if places else None
    total = trip_total(best, q) if best else None
    if best is None or cost(best, q) is None:
        return say(
            lang, "**没有可比较的价格**：工具没有返回价格。", "**No prices to compare**: the tools returned none."
        )
    if ask.budget is not None and total is not None and total > ask.budget:
        cheapest = min(places, key=lambda p: cost(p, q) or 10**9)
        low = cost(cheapest, q) or 0
        if lang == "zh":
            return f"**没有在预算 {yuan(ask.budget)} 内的**：最便宜的是{display(cheapest, 'zh')}，约 {yuan(low)}。"
        return f"**Nothing fits {yuan(ask.budget)}**: the cheapest is {display(cheapest, 'en')} at about {yuan(low)}."
    money = total if total is not None else cost(best, q)
    if lang == "zh":
        fit = f"，在预算 {yuan(ask.budget)} 内" if ask.budget else ""
        return f"**推荐：{display(best, 'zh')}**：{_why(best, ask, 'zh')}，合计约 {yuan(money or 0)}{fit}。"
    fit = f", within your {yuan(ask.budget)} budget" if ask.budget else ""
    return f"**Pick: {display(best, 'en')}**: {_why(best, ask, 'en')}, about {yuan(money or 0)} in all{fit}."


SLOTS = ("weather", "fare", "stay")  # the order the answer names what was looked up


def _by(places: list[Place], ask: OpenAsk) -> str:
    """The criterion the ranking really used: temperature when the weather was looked up, else cost."""
    by_weather = ask.criterion in ("warm", "cool") and any(temperature(p) is not None for p in places)
    return ask.criterion if by_weather else "cheap"


def open_answer(q: TripQuery, places: list[Place], exchanges: list[Exchange]) -> str:
    """The whole answer to an open question (the caller adds notes and the offline label)."""
    ask = q.open or OpenAsk()
    ask = replace(ask, criterion=_by(places, ask))
    order = ranked(places, q, ask)
    calls = len(exchanges)
    used = sorted({e.call.name for e in exchanges if slot_of(e.call.name)}, key=lambda t: SLOTS.index(slot_of(t)))
    kinds = [say(q.lang, *LOOKUPS[name].names) for name in used]
    if q.lang == "zh":
        intro = (
            f"这是一个开放问题：我从示例数据里挑了 {len(places)} 个城市，同一轮并行查了 {calls} 项"
            f"（{'、'.join(kinds)}），按「{LABELS[ask.criterion][0]}」排序："
        )
    else:
        intro = (
            f"An open question: I picked {len(places)} cities from the sample data, looked up {calls} things "
            f"for them in one round of parallel calls ({', '.join(kinds)}), ranked {LABELS[ask.criterion][1]} first:"
        )
    if ask.weather_only:
        return "\n\n".join([intro, _weather_only(q, ask, order)])
    parts = [intro, _assumptions(q, ask, q.lang), table(order, q, ask, q.lang), recommendation(order, q, ask, q.lang)]
    return "\n\n".join(parts)


def _weather_only(q: TripQuery, ask: OpenAsk, order: list[Place]) -> str:
    """Where it is warm (or cool), asked without a price: the weather of each candidate and the pick, no fares."""
    lang = q.lang
    picked = say(lang, "**候选**：{}。", "**Candidates**: {}.").format(basis(ask, lang))
    rows = [say(lang, "| 排名 | 城市 | 天气 |", "| # | City | Weather |"), "|---|---|---|"]
    rows += [f"| {i} | {display(p, lang)} | {_weather_cell(p, lang)} |" for i, p in enumerate(order, start=1)]
    best = order[0] if order and temperature(order[0]) is not None else None
    pick = ""
    if best is not None:
        zh, en = display(best, "zh"), display(best, "en")
        label, temp = LABELS[ask.criterion], temperature(best)
        pick = say(
            lang,
            f"**推荐：{zh}**：当月平均气温{label[0]}（{temp:g}°C）。",
            f"**Pick: {en}**: the {label[1]} month on average ({temp:g}°C).",
        )
    more = say(
        lang,
        "想看机票、酒店和总价，告诉我从哪出发、几个人、住几晚。",
        "For flights, hotels and a total, tell me where you leave from, how many of you and how many nights.",
    )
    return "\n\n".join(x for x in (picked, dates_line(q, lang), "\n".join(rows), pick, more) if x)
