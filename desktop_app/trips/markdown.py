"""The trip as a Markdown plan in the conversation's language: flights, stays, days, and the costs with their calls."""

from __future__ import annotations

import re
from dataclasses import replace

from desktop_app.trips.model import Day, DayItem, Trip, fare_mode, legs_name, mode_name
from desktop_app.visible import one_line

# What could make outside text act in a Markdown viewer: emphasis, code, links and pictures, raw HTML
# and entities, table cells, headings, math; and what viewers turn into links by themselves (a scheme's
# `:`, a domain's `.`, an address's `@`). Each is written with a backslash: rendered, the text reads the same.
_ACTIVE = re.compile(r"[\\`*_{}\[\]<>#!|~&@$]|(?<=[A-Za-z]):(?=\S)|\.(?=[^\W\d_])")
_PLAIN_ID = re.compile(r"[A-Za-z0-9_.:-]+")

WEEKDAYS_ZH = "一二三四五六日"
WEEKDAYS_EN = "Mon Tue Wed Thu Fri Sat Sun".split()
# every label of the plan: (zh, en)
LABELS = {
    "dates": ("日期", "Dates"),
    "party": ("人数", "Travellers"),
    "flights": ("航班", "Flights"),
    "stays": ("住宿", "Stays"),
    "days": ("每日安排", "Day by day"),
    "costs": ("费用", "Costs"),
    "other": ("其他", "Other"),
    "total": ("合计", "Total"),
    "none": ("（暂无）", "(none yet)"),
    "unpriced": ("（未查询机票或酒店价格）", "(no fares or hotels looked up)"),
    "undated": ("日期未定", "dates not set"),
    "flight": ("航班", "Flight"),
    "train": ("火车", "Train"),
    "drive": ("自驾", "Drive"),
    "check_in": ("入住", "Check in"),
    "check_out": ("退房", "Check out"),
    "weather": ("天气", "Weather"),
    "plan": ("安排", "Plan"),
    "free": ("自由活动", "free day"),
    "options": (
        "可选方案（各自计价，不相加；尚未选定）",
        "Options (each priced on its own, never added; none chosen yet)",
    ),
    "others": ("其他方案（不计入合计）", "Other options (not in the total)"),
    "peak": ("节假日高峰估算（另计，不含在合计内）", "Holiday peak estimate (extra, not in the total)"),
    "sample": (
        "价格来自内置样例数据（非实时报价）；每个数字旁是返回它的工具调用。",
        "Prices are the built-in sample data (not live quotes); each figure names the call it came from.",
    ),
    "flight_row": (
        "| 日期 | 航线 | 舱位 | 单价 | 人数 | 来源 |",
        "| Date | Route | Fare | Per seat | Seats | Source |",
    ),
    "stay_row": (
        "| 入住 | 酒店 | 城市 | 每晚 | 晚数 | 房间 | 来源 |",
        "| Check-in | Hotel | City | Per night | Nights | Rooms | Source |",
    ),
    "cost_row": ("| 项目 | 明细 | 金额 | 来源 |", "| Item | Detail | Amount | Source |"),
}


def cny(amount: int) -> str:
    return f"¥{amount:,}"


def md_text(value: object) -> str:
    """Model or tool text as inert Markdown on one line: shown as it is, never a link, tag or heading."""
    return _ACTIVE.sub(lambda m: "\\" + m.group(0), one_line(str(value)))


def md_code(call_id: str) -> str:
    """A call id in backticks when it is a plain id; any other (a model's own) as inert text."""
    return f"`{call_id}`" if _PLAIN_ID.fullmatch(call_id) else md_text(call_id)


def to_markdown(trip: Trip, lang: str = "") -> str:
    """The plan; `lang` "zh" or "en" (default: the conversation's language)."""
    lang = lang if lang in ("zh", "en") else trip.lang
    zh = lang == "zh"
    t = {key: pair[0 if zh else 1] for key, pair in LABELS.items()}
    title = trip.title if lang == trip.lang else replace(trip, lang="zh" if zh else "en").title
    lines = [f"# {md_text(title)}", ""]
    span = f"{trip.start} – {trip.end}" if trip.start and trip.end else t["undated"]
    lines += [f"- {t['dates']}: {span}", f"- {t['party']}: {trip.party}", ""]
    t["flights"] = legs_name({leg.mode for leg in trip.legs}, lang) if trip.legs else t["flights"]  # 火车, not 航班
    for key, part in (("flights", _flights), ("stays", _stays), ("days", _days)):
        lines += [f"## {t[key]}", "", *(part(trip, t, zh) or [t["none"], ""])]  # a section with nothing: (none yet)
    lines += _options(trip, t, zh)
    lines += _costs(trip, t, zh)
    lines += ["", f"> {t['sample']}", ""]
    return "\n".join(lines)


def _flights(trip: Trip, t: dict[str, str], zh: bool) -> list[str]:
    out = [t["flight_row"], "|---|---|---|---:|---:|---|"]
    for leg in trip.legs:
        route = (
            f"{leg.origin}→{leg.destination}" if zh or not leg.origin_en else f"{leg.origin_en} → {leg.destination_en}"
        )
        when = f"{leg.date} {leg.departs}".strip() if leg.date else t["undated"]
        fare = f"{mode_name(leg.mode, 'zh' if zh else 'en')} · {leg.fare if zh or not leg.fare_en else leg.fare_en}"
        out.append(
            f"| {md_text(when)} | {md_text(route)} | {md_text(fare)} | {cny(leg.price_cny)} | {leg.passengers} "
            f"| {md_code(leg.call_id)} |"
        )
    return [*out, ""] if trip.legs else []


def _stays(trip: Trip, t: dict[str, str], zh: bool) -> list[str]:
    out = [t["stay_row"], "|---|---|---|---:|---:|---:|---|"]
    for s in trip.stays:
        name = s.name if zh or not s.name_en else s.name_en
        city = s.city if zh or not s.city_en else s.city_en
        when = str(s.check_in) if s.check_in else t["undated"]
        out.append(
            f"| {when} | {md_text(name)} | {md_text(city)} | {cny(s.price_cny)} | {s.nights} | {s.rooms} "
            f"| {md_code(s.call_id)} |"
        )
    return [*out, ""] if trip.stays else []


def _day_head(day: Day, zh: bool) -> str:
    d = day.date
    where = md_text(day.where if zh or not day.where_en else day.where_en)
    if zh:
        return f"### {d.month}月{d.day}日（周{WEEKDAYS_ZH[d.weekday()]}）{where}"
    return f"### {WEEKDAYS_EN[d.weekday()]} {d.day} {d.strftime('%b')} · {where}".rstrip(" ·")


def _item(item: DayItem, t: dict[str, str], zh: bool) -> str:
    text = item.text if zh or not item.text_en else item.text_en
    return f"- {t[item.kind]}: {md_text(text)}  ({md_code(item.call_id)})"


def _days(trip: Trip, t: dict[str, str], zh: bool) -> list[str]:
    out: list[str] = []
    for day in trip.days:
        out += [_day_head(day, zh), ""]
        out += [_item(i, t, zh) for i in day.items] or [f"- {t['free']}"]
        out.append("")
    return out


def _options(trip: Trip, t: dict[str, str], zh: bool) -> list[str]:
    """A comparison's options, listed only as such: the plan is the chosen one, the rest are never in its total."""
    others = [o for o in trip.options if o.key != trip.chosen]
    if not others:
        return []
    out = [f"## {t['others'] if trip.chosen else t['options']}", ""]
    for o in others:
        out.append(f"- {md_text(o.title if zh or not o.title_en else o.title_en)}: {cny(o.total_cny)}")
    return [*out, ""]


def _costs(trip: Trip, t: dict[str, str], zh: bool) -> list[str]:
    if not trip.priced:
        return [f"## {t['costs']}", "", t["unpriced"]]
    out = [f"## {t['costs']}", "", t["cost_row"], "|---|---|---:|---|"]
    for c in trip.costs:
        kind = t["stays"] if c.kind == "hotel" else t["other"]
        if c.kind == "flights":  # named by the way it priced: 火车 for a train fare
            kind = mode_name(fare_mode(trip.legs, c.call_id), "zh" if zh else "en")
        label = c.label if zh or not c.label_en else c.label_en
        out.append(f"| {kind} | {md_text(label)} | {cny(c.amount_cny)} | {md_code(c.call_id)} |")
    if not any(c.kind == "other" for c in trip.costs):
        out.append(f"| {t['other']} |  | {cny(0)} |  |")
    out.append(f"| **{t['total']}** |  | **{cny(trip.total_cny)}** |  |")
    if trip.peaks:
        out += ["", f"{t['peak']}: +{cny(trip.peak_extra_cny)}", ""]
        for p in trip.peaks:
            holiday = p.holiday if zh or not p.holiday_en else p.holiday_en
            out.append(f"- {md_text(holiday)}: +{cny(p.extra_cny)} ({md_code(p.call_id)})")
    return out
