"""Times a question says that are not the trip's: busy until, a ticket bought, a deadline, a time ruled out, and
clauses about an exam, a meeting or an appointment, or a trip already made ("12月1号刚去过长沙", "I was in Taipei on
March 1st"). Each is blanked (same length, so positions hold) before the trip's time is read."""

from __future__ import annotations

import re

BUSY = re.compile(
    r"(?i)(?:忙到|忙完|上班到|\b(?:busy|swamped|working|at work|tied up|stuck)(?: in the office| at the office)?"
    r" (?:until|till|til)\b)\s*(?:the\s+)?[\w]{1,8}(?:\s+\d{1,2}(?:st|nd|rd|th)?\b)?"  # "till Jan 8"
    # a day not the trip's: when a ticket was bought, a deadline ("booked flights on the 20th", 签证1月15号到期)
    r"|\b(?:booked|bought|purchased)\b[^.;!?]{0,30}?\bon\s+(?:the\s+)?[\w/]{1,8}|\d{1,2}月\d{1,2}[号日]\s*就?(?:到期|过期|截止)"
    r"|\bappointment (?:is )?(?:on )?(?:the )?[A-Za-z]{3,9}\.? ?\d{1,2}(?:st|nd|rd|th)?|抢(?:机)?票"
    # 双十一那天抢机票: the day a ticket is bought
    r"|(?:双(?:十一|十二|11|12)|\d{1,2}月\d{1,2}[号日]|\d{1,2}[号日])(?:那天|当天)?\s*"
    r"(?=(?:抢|买|订)(?:好|到)?了?机?票)"
    # 清明去不了: a time ruled out
    r"|(?:清明|五一|国庆|端午|中秋|春节|元旦|圣诞节?|这?周末|下周|明天|后天)\s*(?=去不了|不行|没空|没时间|不去)"
)
# a clause about something else: an exam, a meeting, an appointment (a trip said in it keeps it)
EVENT = re.compile(
    r"(?i)考试|考完|考研|期末|雅思|托福|驾考|开会|会议|面试|答辩|论文|体检|面签"
    r"|\b(?:exams?|finals|tests?|ielts|toefl|meetings?|appt|appointment|interview|deadline)\b"
)
TRIP_VERB = re.compile(
    r"(?i)去|飞|出发|玩|旅|度假|\b(?:fly|flying|go|going|head|heading|leave|leaving|trip|visit|travel)\b"
)
# a clause about a trip already made: 刚去过, 那次, 上次, "I was in Taipei on March 1st" (its days are not the trip's)
MADE_ZH = r"去过|那次|上次(?!你)|上回(?!你)|刚去了|去了趟"  # (上次你给的行程: the plan given here)
MADE_EN = r"was in|were in|went to|visited|last time|we did|did"
PAST = re.compile(r"(?i)" + MADE_ZH + r"|去年|前年|没回家|没能回|\b(?:" + MADE_EN + r"|got back from)\b")
# a clause: up to a stop, or a space between two Chinese characters (改成下个月吧 下下周要考试: two)
CLAUSE = re.compile(r"(?:[^，,。；;！!？?\s]|[^\S\n](?![\u4e00-\u9fff])|(?<![\u4e00-\u9fff])[^\S\n])+")


def in_event(text: str, at: int) -> bool:
    """Whether position `at` lies in a clause about an exam or a meeting with no trip in it (下周三在上海有个考试)."""
    clause = next((m for m in CLAUSE.finditer(text) if m.start() <= at < m.end()), None)
    if clause is None or len(CLAUSE.findall(text)) < 2:
        return False
    return bool(EVENT.search(clause.group(0))) and not TRIP_VERB.search(clause.group(0))


# a clause telling a trip already made (上回去大阪吃了一圈, 去年这个时候去的大连冻成狗, "we went to Bali last year"):
# a chat clause ends at punctuation or at a space between Chinese words
TOLD_CLAUSE = re.compile(
    r"(?:[^，,。；;！!？?\n\s.\u2600-\u27bf\U0001f000-\U0001faff]|\.(?!\s|$)|(?<![\u4e00-\u9fff])\s|\s(?![\u4e00-\u9fff]))+"
)  # an emoji ends a clause too
TOLD = re.compile(  # its places are not the next trip's: the past list above, and more ways of telling
    r"(?i)" + MADE_ZH + r"|去年|前年|以前|之前去|刚从|玩过|住过|待过|回来"
    # hearsay weighing one place by another (听说广州比深圳暖和, "ppl say Xiamen is like a mini Qingdao")
    r"|(?:听说|都说|据说|人家说|一直说)[^，,。]{0,20}(?:比|像)"
    r"|\b(?:people|ppl|everyone|they) says?\b[^.]{0,60}\b(?:than|like)\b"
    r"|\blast (?:year|summer|winter|spring|autumn|fall|month|week|xmas|christmas)\b"  # ("Last year I go to Dali")
    r"|\b(?:" + MADE_EN + r"|been to"
    r"|(?:i|we)'?ve done|(?:she|he|they)(?:'s|'ve| has| have) (?:already )?done"
    r"|lived in|used to live|grew up in|(?:got|came|just) back|i did|ages ago|years ago"
    r"|spent my)\b(?!\s+(?:you|we|i|it)\b)"
)
# a place flown through, not stayed in: 在迪拜转机，不出机场; "a layover in Doha" (停留两天, "stopover 2 nights" stay)
LAYOVER_AFTER = re.compile(r"\s*(?:转机|中转|经停)")
LAYOVER_BEFORE = re.compile(
    r"(?i)(?:中转|经停|转机在"
    r"|\b(?:layover|stop|change planes|transit(?:ing)?|connecting|connection) (?:in|at|through|thru|via)|\bvia)\s*$"
)
STAYED = re.compile(r"(?i)停留|住|玩|待|逛|晚|天|\b(?:stopover|nights?|days?|stay|explore)\b")


def clause_of(text: str, at: int) -> str:
    """The chat clause holding position `at` (punctuation, or a space between Chinese words, ends one)."""
    return next((m.group(0) for m in TOLD_CLAUSE.finditer(text) if m.start() <= at < m.end()), "")


def in_told(text: str, at: int) -> bool:
    """Whether position `at` lies in a clause telling of a trip already made."""
    return bool(TOLD.search(clause_of(text, at)))


def flown_through(text: str, start: int, end: int) -> bool:
    """Whether the place at text[start:end] is only where planes are changed (its clause says no stay)."""
    changed = LAYOVER_AFTER.match(text, end) or LAYOVER_BEFORE.search(text[max(0, start - 24) : start])
    return bool(changed) and not STAYED.search(clause_of(text, start))


def busy_blanked(text: str) -> str:
    """`text` with the days that are not the trip's (忙到25号, "booked on the 20th", 清明去不了) blanked."""
    return BUSY.sub(lambda m: " " * len(m.group(0)), text)


def asides_blanked(text: str, past: bool = True) -> str:
    """`text` with the clauses about something else (an exam, a meeting; with `past`, a trip already made)
    blanked."""
    clauses = CLAUSE.findall(text)
    if len(clauses) < 2:
        return text
    aside = [c for c in clauses if (past and PAST.search(c)) or (EVENT.search(c) and not TRIP_VERB.search(c))]
    for clause in aside:
        text = text.replace(clause, " " * len(clause), 1)
    return text


def told_blanked(text: str) -> str:
    """`text` with each clause telling a trip already made blanked ("Spent last Christmas in London freezing":
    no weather asked), unless nothing else is left."""
    blanked = TOLD_CLAUSE.sub(lambda m: " " * len(m.group(0)) if TOLD.search(m.group(0)) else m.group(0), text)
    return blanked if blanked.strip() else text


# a place said with 不去 / drop / skip is out of the trip: 海口不去了, 去掉海口, "drop KL", "skip Osaka"
DROPPED = re.compile(
    r"(?i)(?:^|\s|了|[，,])(?:不去|去掉|删掉|不要|drop|skip|remove|minus|without|no more|forget|not|swap)\s*@"
    r"|\bleave\s*@\s*out\b"
    r"|tead of\s*@"  # "hong kong instead of taipei" (the 8-character window cuts "instead")
    r"|@[^，,。！？!?]{0,6}人太多|@\s*出发[…。.，,\s]*(?:哦|噢)?不对"
    r"|@\s*[？?]?\s*(?:不对|不是|不)(?:不对)?[，,\s]*(?:是|还是)|(?<![换改去])@\s*算了"  # 南京算了 (换海口算了: Haikou)
    r"|^(?:本来|原本|原来)(?:想|打算)?去?\s*@"  # 本来想去东京…那就大阪吧
    r"|@\s*(?:就)?不(?:去|考虑)了?|@\s*换成|@\s*(?:去掉|删掉|不要了)|@\s*(?:要是|如果)?(?:那会儿|那边)?太(?:贵|远|热|冷|累)"
)  # 厦门换成三亚, 海口不考虑了
# a place been to, beside another said: the other is the trip (还是去香港吧 澳门去过了, "the kids have done Sanya")
VISITED = re.compile(r"(?i)@\s*(?:已经|都)?(?:去|玩)过了|\b(?:been to|done|visited)\s*@")
