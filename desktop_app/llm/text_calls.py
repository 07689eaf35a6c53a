"""Tool calls recovered from a local model's text (Qwen/Hermes, `<tools>`, ```json, Llama 3.x, Mistral).

A model served without a tool-call parser writes its calls as text. They become real calls only
when the whole answer (minus whitespace and `<think>` blocks) is calls in one dialect, or the
calls sit behind the dialect's own special tag outside any code sample; and only for tools
offered in that request. Everything else stays text. Pure functions, plus `Holdback` for streams.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, Message, ToolCall
from desktop_app.llm.base import Completed, StreamItem, TextChunk
from desktop_app.llm.wire import make_call

ID_PREFIX = "call_txt_"
RAW_TEXT_KEEP = 4000  # characters of the answer kept with each recovered call, for the inspector
_THINK = re.compile(r"<think>.*?</think>", re.S)
_HERMES = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.S)
_TOOLS_BLOCK = re.compile(r"\A<tools>(.*?)(?:</tools>)?\Z", re.S)
_FENCE = re.compile(r"```(?:json)?[ \t]*\n(.*?)```", re.S)
_MISTRAL_NAMED = re.compile(r"\[TOOL_CALLS\]\s*([A-Za-z0-9_.\-]+)\s*\[ARGS\]", re.S)
_SCAN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)  # a JSON string whole, or one bracket
SPECIAL_TAGS = ("<tool_call>", "<|python_tag|>", "[TOOL_CALLS]")
# What a whole-answer call may start with; a stream holding one of these is held back
OPENERS = (*SPECIAL_TAGS, "<tools>", "```json", "```\n", "{", "[")
_CALL_KEYS = frozenset({"name", "arguments", "parameters", "id", "type", "function"})


@dataclass(frozen=True)
class Recovered:
    """What an answer held: calls to offered tools, names that were not offered, the prose left."""

    calls: tuple[ToolCall, ...]
    refused: tuple[str, ...]
    content: str


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
    """True when `pos` is not inside a ``` code sample."""
    return text.count("```", 0, pos) % 2 == 0


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
        return (found, rest.strip()) if found else None
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


def recover(text: str, offered: Collection[str], first_id: int = 1) -> Recovered | None:
    """The calls an answer holds, or None when it is text. Names not offered are refused, never run."""
    answer = _THINK.sub("", text).strip()  # without `<think>…</think>` blocks
    if not answer:
        return None
    whole = _whole(answer)
    found = (whole, "") if whole else _tagged(answer)
    if found is None:
        return None
    entries, prose = found
    raw = text if len(text) <= RAW_TEXT_KEEP else text[:RAW_TEXT_KEEP] + "…"
    calls: list[ToolCall] = []
    refused: list[str] = []
    for item in entries:
        name, args = _name_and_args(item)
        if name not in offered:
            refused.append(name)
            continue
        call = make_call(f"{ID_PREFIX}{first_id + len(calls)}", name, args)
        calls.append(replace(call, recovered=True, raw_text=raw))
    if refused:
        prose = text  # the whole answer stays text: nothing of it is quietly dropped
    return Recovered(tuple(calls), tuple(refused), prose)


def apply(message: AssistantMessage, found: Recovered) -> AssistantMessage:
    """The assistant turn with its recovered calls (the text they were read from leaves the content);
    calls to tools this run does not offer get one plain line under the answer."""
    content = found.content
    if found.refused:
        listed = ", ".join(f"“{n}”" for n in dict.fromkeys(found.refused))
        note = f"(Not run: the model wrote a call to {listed} as text, which is not a tool offered here.)"
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
    for size in range(min(len(text), max(map(len, SPECIAL_TAGS)) - 1), 0, -1):
        tail = text[-size:]
        if any(tag.startswith(tail) for tag in SPECIAL_TAGS):
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
    tags = [text.find(t, lead) for t in SPECIAL_TAGS]
    tags = [at for at in tags if at >= 0 and _outside_fences(text, at)]
    if tags:
        return min(tags)
    return _partial_tag_at_end(text)


class Holdback:
    """Streamed text: shown as it comes, except from where it starts to look like a call.

    Incremental: once the answer's start can no longer be a call, only the new text (and a tag's
    length before it) is searched for a special tag, so a 6,000-chunk answer costs O(n), not O(n²)
    (that rescan held the GIL long enough to stall the window 10-20 ms at a time)."""

    MAX_TAG = max(map(len, SPECIAL_TAGS))
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
        found = [at for at in (self._find(tag) for tag in SPECIAL_TAGS) if at >= 0]
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
    items: AsyncIterator[StreamItem], offered: Collection[str], first_id: int = 1
) -> AsyncIterator[StreamItem]:
    """A model's stream with calls written as text turned into calls (and held back from the chat)."""
    hold = Holdback()
    async for item in items:
        if isinstance(item, TextChunk):
            out = hold.feed(item.text)
            if out:
                yield TextChunk(out)
            continue
        if isinstance(item, Completed):
            message = item.message
            found = None if message.tool_calls else recover(message.content, offered, first_id)
            if found is not None:
                message = apply(message, found)
            rest = hold.finish(message.content)
            if rest:
                yield TextChunk(rest)
            item = Completed(message, item.usage)
        yield item
