"""Tool calls recovered from a local model's text (Qwen/Hermes, `<tools>`, ```json, Llama 3.x,
Mistral, `<function …>`, `functions.NAME:`), as real small models write them.

A model served without a tool-call parser writes its calls as text. They become real calls only
when the whole answer (minus whitespace and `<think>` blocks) is calls in one dialect, the calls
sit behind the dialect's own special tag outside any code sample, or calls close the answer after
its prose; only for tools offered in that request; and never when the same call came in from
outside (a tool result, a resource, a prompt: the model echoing it is the injection path).
Everything else stays text. Pure functions, plus `Holdback` for streams.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import AsyncIterator, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolCall
from desktop_app.llm.arguments import make_call
from desktop_app.llm.base import Completed, StreamItem, TextChunk
from desktop_app.llm.echo import echoed, squashed

ID_PREFIX = "call_txt_"
RAW_TEXT_KEEP = 4000  # characters of the answer kept with each recovered call, for the inspector
_THINK = re.compile(r"<think>.*?</think>", re.S)
_HERMES = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.S)
_TOOLS_BLOCK = re.compile(r"\A<tools>(.*?)(?:</tools>)?\Z", re.S)
_FENCE = re.compile(r"```(?:json)?[ \t]*\n(.*?)```", re.S)
_MISTRAL_NAMED = re.compile(r"\[TOOL_CALLS\]\s*([A-Za-z0-9_.\-]+)\s*\[ARGS\]", re.S)
_NAME = r"[A-Za-z0-9_.\-]{1,128}"
# <function name="get_weather" arguments='{"city": "Sanya"}'/> (or "…" with &quot;, or </function>)
_XML_FUNCTION = re.compile(
    rf"""<function\s+name\s*=\s*(["'])({_NAME})\1\s+(?:arguments|parameters)\s*=\s*"""
    r"""(?:'([^']*)'|"([^"]*)")\s*/?>(?:\s*</function>)?""",
    re.S,
)
_FUNCTION_EQ = re.compile(rf"<function=({_NAME})>(.*?)</function>", re.S)  # <function=NAME>{…}</function>
_PARAMETER = re.compile(rf"<parameter=({_NAME})>(.*?)</parameter>", re.S)  # Qwen3-Coder's parameters
_FUNCTIONS_DOT = re.compile(rf"(?m)^[ \t]*functions\.({_NAME}):[ \t]*")  # llama.cpp's chatml-function-calling
_TOOLS_WRAP = re.compile(r"</?tools>")
# Markdown that is never a call, wherever a tag sits in it: ~~~ fences, inline code, indented code,
# HTML comments, block quotes (``` fences are handled apart: a ```json block may be the call itself)
_CODE_ZONES = re.compile(
    r"(?ms)^[ \t]*~~~.*?(?:^[ \t]*~~~[ \t]*$|\Z)"  # ~~~ fenced block
    r"|<!--.*?(?:-->|\Z)"  # HTML comment
    r"|(?<![`])`[^`\n]+`(?![`])"  # inline code span
    r"|^(?: {4}|\t)[^\n]*$"  # indented code line
    r"|^[ \t]*>[^\n]*$"  # block quote line
)
_ESCAPED = re.compile(r"&lt;(?:tool_call|function|tools)|&#34;name&#34;|&quot;name&quot;")  # a call HTML-escaped
_LAST_CANDIDATES = 50  # a trailing JSON value is looked for from at most this many bracket starts
_SCAN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)  # a JSON string whole, or one bracket
SPECIAL_TAGS = ("<tool_call>", "<|python_tag|>", "[TOOL_CALLS]")
# Where a call may start after prose: a stream is held back from the first of these
HOLD_TAGS: tuple[str, ...] = (*SPECIAL_TAGS, "<function", "functions.", "```json", '[{"name"', '{"name"')
HOLD_TAGS += ("&lt;tool_call", "&lt;function")  # the same, HTML-escaped by a chat template
# What a whole-answer call may start with; a stream holding one of these is held back
OPENERS = (*SPECIAL_TAGS, "<tools>", "```json", "```\n", "{", "[")
# In "recover" mode the model is sent this system line too: the one form to write a call in
HOW_TO_CALL = (
    "To use a tool, reply with only the call, one per line: "
    '<tool_call>{"name": "get_weather", "arguments": {"city": "三亚"}}</tool_call> '
    "— then wait for its result. 需要查询时，只回复工具调用（格式同上），拿到结果后再回答。"
)
_CALL_KEYS = frozenset({"name", "arguments", "parameters", "id", "type", "function"})


@dataclass(frozen=True)
class Recovered:
    """What an answer held: calls to offered tools, names that were not offered, calls that came
    in from outside (echoed), the prose left."""

    calls: tuple[ToolCall, ...]
    refused: tuple[str, ...]
    content: str
    echoed: tuple[str, ...] = ()


# ---------------------------------------------------------------- reading JSON values out of text


def _top_spans(text: str) -> list[tuple[int, int]] | None:
    """Where the top-level JSON containers of `text` start and end; None on a bare string or a stray bracket."""
    spans: list[tuple[int, int]] = []
    depth, start = 0, -1
    for match in _SCAN.finditer(text):
        ch = text[match.start()]
        if ch == '"':
            if depth == 0:
                return None  # a bare string between values: prose, not calls
        elif ch in "[{":
            start = match.start() if depth == 0 else start
            depth += 1
        else:
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                spans.append((start, match.end()))
    return None if depth else spans


def json_values(text: str, separators: str = ",;") -> list[Any] | None:
    """The JSON objects/arrays `text` consists of (separated by whitespace or `separators`), else None."""
    spans = _top_spans(text)
    if spans is None:
        return None
    gaps = [text[a:b] for a, b in zip([0] + [e for _, e in spans], [s for s, _ in spans] + [len(text)], strict=True)]
    if any(gap.strip(" \t\r\n" + separators) for gap in gaps):
        return None
    try:
        return [jsonsafe.loads(text[a:b]) for a, b in spans]
    except ValueError:
        return None


def _entries(values: Sequence[Any]) -> list[dict[str, Any]] | None:
    """Call-shaped objects (arrays flattened one level), or None when any value is something else."""
    out: list[dict[str, Any]] = []
    for value in values:
        for item in value if isinstance(value, list) else [value]:
            if not _call_shaped(item):
                return None
            out.append(item)
    return out or None


def _call_shaped(item: Any) -> bool:
    if not isinstance(item, dict) or not set(item) <= _CALL_KEYS:
        return False
    if isinstance(item.get("function"), dict):  # OpenAI's own shape, written out as text
        return isinstance(item["function"].get("name"), str)
    return isinstance(item.get("name"), str) and ("arguments" in item or "parameters" in item)


def _name_and_args(item: dict[str, Any]) -> tuple[str, Any]:
    fn = item["function"] if isinstance(item.get("function"), dict) else item
    args = fn.get("arguments", fn.get("parameters"))
    return str(fn["name"]), args if isinstance(args, dict | str) or args is None else repr(args)


# ---------------------------------------------------------------- the dialects


def _outside_fences(text: str, pos: int) -> bool:
    """True when `pos` is not inside a code sample: a ``` or ~~~ fence, inline code, indented
    code, an HTML comment or a block quote."""
    if text.count("```", 0, pos) % 2:
        return False
    for zone in _CODE_ZONES.finditer(text):
        if zone.start() > pos:
            return True
        if pos < zone.end():
            return False
    return True


def _whole(text: str) -> list[dict[str, Any]] | None:
    """The answer is nothing but calls: `<tools>` lines, ```json blocks, or bare JSON."""
    block = _TOOLS_BLOCK.match(text)
    if block:
        return _entries(json_values(block.group(1)) or [])
    if text.startswith("```"):
        fences = list(_FENCE.finditer(text))
        if not fences or _FENCE.sub("", text).strip():
            return None
        return _entries([v for fence in fences for v in json_values(fence.group(1)) or [None]])
    return _entries(json_values(text) or [])


def _tagged(text: str) -> tuple[list[dict[str, Any]], str] | None:
    """Calls behind a dialect's special tag (prose before it allowed): (calls, prose)."""
    hermes = [m for m in _HERMES.finditer(text) if _outside_fences(text, m.start())]
    if hermes:
        rest = text
        for m in reversed(hermes):  # the prose around the tags
            rest = rest[: m.start()] + rest[m.end() :]
        found = _entries([v for m in hermes for v in json_values(m.group(1)) or [None]])
        return (found, _TOOLS_WRAP.sub("", rest).strip()) if found else None
    for tag in ("<|python_tag|>", "[TOOL_CALLS]"):  # Llama 3.x, Mistral
        at = text.find(tag)
        if at >= 0 and _outside_fences(text, at):
            named = _mistral_named(text[at:]) if tag == "[TOOL_CALLS]" else None
            found = named or _entries(json_values(text[at + len(tag) :].replace("<|eom_id|>", "")) or [])
            return (found, text[:at].strip()) if found else None
    return None


def _mistral_named(text: str) -> list[dict[str, Any]] | None:
    """Newer Mistral templates: `[TOOL_CALLS]name[ARGS]{…}`, repeated."""
    heads = list(_MISTRAL_NAMED.finditer(text))
    if not heads:
        return None
    out = []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        values = json_values(text[head.end() : end])
        if not values or len(values) != 1 or not isinstance(values[0], dict):
            return None
        out.append({"name": head.group(1), "arguments": values[0]})
    return out


# ---------------------------------------------------------------- calls closing an answer after prose

Found = tuple[list[dict[str, Any]], str]  # call entries, and the prose before them


def _trailing(text: str) -> Found | None:
    """Calls that close the answer after its prose, in the forms small models write."""
    bare = text[: -len("</tools>")].rstrip() if text.endswith("</tools>") else text
    for form in (_xml_calls, _dot_calls, _fenced_calls, _json_tail):
        found = form(bare)
        if found is not None:
            entries, prose = found
            return entries, _TOOLS_WRAP.sub("", prose).strip()
    return None


def _closing(text: str, spans: list[tuple[int, int]]) -> bool:
    """The spans sit outside code samples, one after another, and nothing but blanks (or a
    `<tools>` wrapper) follows the last: they close the answer."""
    if not spans or not all(_outside_fences(text, a) for a, _ in spans):
        return False
    gaps = [text[e:a] for (_, e), (a, _) in itertools.pairwise(spans)] + [text[spans[-1][1] :]]
    return not any(_TOOLS_WRAP.sub("", gap).strip(" \t\r\n,;") for gap in gaps)


def _xml_calls(text: str) -> Found | None:
    """`<function name="N" arguments='{…}'/>` or `<function=N>{…}</function>` (parameters as tags too)."""
    for pattern in (_XML_FUNCTION, _FUNCTION_EQ):
        matches = list(pattern.finditer(text))
        if matches and _closing(text, [m.span() for m in matches]):
            entries = [_xml_entry(m) for m in matches]
            if all(e is not None for e in entries):
                return [e for e in entries if e is not None], text[: matches[0].start()]
    return None


def _xml_entry(match: re.Match[str]) -> dict[str, Any] | None:
    """One `<function …>` match as a call entry; None when its arguments are not an object."""
    if match.re is _XML_FUNCTION:
        raw = html.unescape(match.group(3) if match.group(3) is not None else match.group(4) or "")
        return {"name": match.group(2), "arguments": raw.strip() or "{}"}
    body = match.group(2).strip()
    params = list(_PARAMETER.finditer(body))
    if params and not _PARAMETER.sub("", body).strip():
        return {"name": match.group(1), "arguments": {p.group(1): _param_value(p.group(2)) for p in params}}
    values = json_values(body) if body else [{}]
    if not values or len(values) != 1 or not isinstance(values[0], dict):
        return None
    return {"name": match.group(1), "arguments": values[0]}


def _param_value(text: str) -> Any:
    """A `<parameter=…>` value: JSON when it reads as JSON (numbers, lists), else the text."""
    value = text.strip()
    try:
        return jsonsafe.loads(value)
    except ValueError:
        return value


def _dot_calls(text: str) -> Found | None:
    """`functions.NAME:` followed by its arguments object, once or more (llama.cpp's chatml template)."""
    heads = list(_FUNCTIONS_DOT.finditer(text))
    if not heads:
        return None
    spans, entries = [], []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        values = json_values(text[head.end() : end].rstrip())
        if not values or len(values) != 1 or not isinstance(values[0], dict):
            return None
        spans.append((head.start(), end))
        entries.append({"name": head.group(1), "arguments": values[0]})
    return (entries, text[: heads[0].start()]) if _closing(text, spans) else None


def _fenced_calls(text: str) -> Found | None:
    """```json blocks holding nothing but calls that close an answer after prose."""
    fences = list(_FENCE.finditer(text))
    if not fences or text[fences[-1].end() :].strip():
        return None
    first = len(fences) - 1
    while first > 0 and not text[fences[first - 1].end() : fences[first].start()].strip():
        first -= 1  # the closing run of fences, only blanks between them
    run = fences[first:]
    entries = _entries([v for f in run for v in json_values(f.group(1)) or [None]])
    return (entries, text[: run[0].start()]) if entries else None


def _json_tail(text: str) -> Found | None:
    """A JSON array or object of calls closing the answer after prose (`I'll call: [{…}]`)."""
    starts = [m.start() for m in re.finditer(r"(?m)(?:^|(?<=[:：]))[ \t]*[\[{]", text)]
    for start in starts[-_LAST_CANDIDATES:]:
        at = start + len(text[start:]) - len(text[start:].lstrip(" \t"))
        if at == 0 or not _outside_fences(text, at):
            continue
        entries = _entries(json_values(text[at:]) or [])
        if entries:
            return entries, text[:at]
    return None


def _calls_in(answer: str) -> Found | None:
    """The answer's calls in any dialect: the whole answer, behind a special tag, or closing it."""
    whole = _whole(answer)
    return (whole, "") if whole else (_tagged(answer) or _trailing(answer))


def recover(text: str, offered: Collection[str], first_id: int = 1, outside: Sequence[str] = ()) -> Recovered | None:
    """The calls an answer holds, or None when it is text. Names not offered are refused, and
    calls echoed from `outside` (texts the model did not write) stay text; neither ever runs."""
    answer = _THINK.sub("", text).strip()  # without `<think>…</think>` blocks
    if not answer:
        return None
    found = _calls_in(answer)
    if found is None and _ESCAPED.search(answer):  # `&lt;tool_call&gt;{&#34;name&#34;…`: a template escaped the example
        found = _calls_in(html.unescape(answer))
    if found is None:
        return None
    entries, prose = found
    raw = text if len(text) <= RAW_TEXT_KEEP else text[:RAW_TEXT_KEEP] + "…"
    calls: list[ToolCall] = []
    refused: list[str] = []
    copied: list[str] = []
    flat_outside = squashed(outside) if outside else []
    for item in entries:
        name, args = _name_and_args(item)
        if name not in offered:
            refused.append(name)
        elif echoed(name, args, flat_outside):
            copied.append(name)
        else:
            call = make_call(f"{ID_PREFIX}{first_id + len(calls)}", name, args)
            calls.append(replace(call, recovered=True, raw_text=raw, origin="recovered_from_text"))
    if refused or copied:
        prose = text  # the whole answer stays text: nothing of it is quietly dropped
    if copied:
        calls = []  # an answer repeating an outside call is not trusted for any call
    return Recovered(tuple(calls), tuple(refused), prose, tuple(copied))


def apply(message: AssistantMessage, found: Recovered) -> AssistantMessage:
    """The assistant turn with its recovered calls (the text they were read from leaves the content);
    calls to tools this run does not offer get one plain line under the answer."""
    content = found.content
    if found.refused:
        listed = ", ".join(f"“{n}”" for n in dict.fromkeys(found.refused))
        note = f"(Not run: the model wrote a call to {listed} as text, which is not a tool offered here.)"
        content = f"{content.rstrip()}\n\n{note}"
    if found.echoed:
        listed = ", ".join(f"“{n}”" for n in dict.fromkeys(found.echoed))
        note = f"(Not run: the model repeated a call to {listed} that came in from a tool result or a document.)"
        content = f"{content.rstrip()}\n\n{note}"
    stop = "tool_calls" if found.calls else message.stop_reason
    return replace(message, content=content, tool_calls=found.calls, stop_reason=stop)


def next_call_number(messages: Sequence[Message]) -> int:
    """1 + the recovered calls already in the conversation: ids stay unique across turns and runs."""
    return 1 + sum(
        1 for m in messages if isinstance(m, AssistantMessage) for c in m.tool_calls if c.id.startswith(ID_PREFIX)
    )


# ---------------------------------------------------------------- streaming


def _partial_tag_at_end(text: str) -> int:
    """Where a special tag may be starting at the end of `text` (len(text) when none)."""
    for size in range(min(len(text), max(map(len, HOLD_TAGS)) - 1), 0, -1):
        tail = text[-size:]
        if any(tag.startswith(tail) for tag in HOLD_TAGS):
            return len(text) - size
    return len(text)


def _lead(text: str) -> int:
    """Where the answer proper starts (after blanks and thinking), -1 while thinking is open."""
    lead = 0
    while True:
        lead += len(text[lead:]) - len(text[lead:].lstrip())
        if not text.startswith("<think>", lead):
            return lead
        close = text.find("</think>", lead)
        if close < 0:
            return -1
        lead = close + len("</think>")


def hold_from(text: str) -> int:
    """How much of a growing answer may be shown now: what follows could still be a call."""
    lead = _lead(text)
    if lead < 0:
        return len(text)  # thinking is shown as it comes, as before
    rest = text[lead:]
    if any(rest.startswith(o) or o.startswith(rest) for o in OPENERS):
        return lead
    tags = [text.find(t, lead) for t in HOLD_TAGS]
    tags = [at for at in tags if at >= 0 and _outside_fences(text, at)]
    if tags:
        return min(tags)
    return _partial_tag_at_end(text)


class Holdback:
    """Streamed text: shown as it comes, except from where it starts to look like a call.

    Incremental: once the answer's start can no longer be a call, only the new text (and a tag's
    length before it) is searched for a special tag, so a 6,000-chunk answer costs O(n), not O(n²)
    (that rescan held the GIL long enough to stall the window 10-20 ms at a time)."""

    MAX_TAG = max(map(len, HOLD_TAGS))
    MAX_OPENER = max(map(len, OPENERS))

    def __init__(self) -> None:
        self.text = ""
        self.shown = 0
        self._start_clear = False  # the answer's start is no call opener (and no thinking is open)
        self._search_from = 0  # special tags outside code samples are looked for from here on
        self._tag_at = -1  # where a special tag outside code samples starts: held from there

    def feed(self, piece: str) -> str:
        """Add a piece; return the text that may be shown now."""
        self.text += piece
        upto = max(self._upto(), self.shown)
        out, self.shown = self.text[self.shown : upto], upto
        return out

    def _upto(self) -> int:
        if self._tag_at >= 0:
            return self._tag_at
        if not self._start_clear:
            lead = _lead(self.text)
            if lead < 0 or not self._clear_after(lead):
                return hold_from(self.text)
            self._start_clear, self._search_from = True, lead
        text = self.text
        found = [at for at in (self._find(tag) for tag in HOLD_TAGS) if at >= 0]
        if found:
            self._tag_at = min(found)
            return self._tag_at
        self._search_from = max(self._search_from, len(text) - self.MAX_TAG + 1)
        return _partial_tag_at_end(text)

    def _find(self, tag: str) -> int:
        at = self.text.find(tag, self._search_from)
        while at >= 0 and not _outside_fences(self.text, at):
            at = self.text.find(tag, at + 1)
        return at

    def _clear_after(self, lead: int) -> bool:
        rest = self.text[lead : lead + self.MAX_OPENER]
        return len(rest) >= self.MAX_OPENER and not any(rest.startswith(o) for o in OPENERS)

    def finish(self, final: str) -> str:
        """At the end: the rest of the final content not shown yet (held text that was no call)."""
        shown = self.text[: self.shown]
        for prefix in (shown, shown.rstrip()):
            if final.startswith(prefix):
                return final[len(prefix) :]
        return ""


async def recovering(
    items: AsyncIterator[StreamItem], offered: Collection[str], first_id: int = 1, outside: Sequence[str] = ()
) -> AsyncIterator[StreamItem]:
    """A model's stream with calls written as text turned into calls (and held back from the chat);
    `outside`: the texts of the conversation the model did not write (see `outside_texts`)."""
    hold = Holdback()
    async for item in items:
        if isinstance(item, TextChunk):
            out = hold.feed(item.text)
            if out:
                yield TextChunk(out)
            continue
        if isinstance(item, Completed):
            message = item.message
            found = None if message.tool_calls else recover(message.content, offered, first_id, outside)
            if found is not None:
                message = apply(message, found)
            rest = hold.finish(message.content)
            if rest:
                yield TextChunk(rest)
            item = Completed(message, item.usage)
        yield item
