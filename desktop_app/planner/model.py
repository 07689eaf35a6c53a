"""The built-in offline provider: a rule-based travel planner behind the ChatModel protocol.

It is not a language model and never claims to be one: it reads the question, plans tool calls
in one turn (as the seed's turn 1), and writes the answer from the tool results on the next.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

from desktop_app import clock
from desktop_app.core.messages import (
    AssistantMessage,
    Message,
    ToolCall,
    ToolResultMessage,
    Usage,
    UserMessage,
    message_to_dict,
)
from desktop_app.llm.base import Completed, ModelRequest, ReadingItem, StreamItem, TextChunk, WireRequest, WireResponse
from desktop_app.planner import route, scope, talk, writer
from desktop_app.planner.calls import plan_calls
from desktop_app.planner.exchange import Exchange, denials
from desktop_app.planner.nlu import MAX_QUESTION, TripQuery, parse
from desktop_app.planner.ranking import open_answer
from desktop_app.planner.reading import frame_of
from desktop_app.planner.second_look import looks_up
from desktop_app.planner.wording import city_name
from desktop_app.tools.travel.lookup import slot_of
from desktop_app.travel.places import resolve_city
from desktop_app.travel.world_places import read_as_note

log = logging.getLogger(__name__)
DEFAULT_ORIGIN = "beijing"


def _call(name: str, arguments: dict[str, Any]) -> ToolCall:
    return ToolCall(f"call_{os.urandom(6).hex()}", name, arguments, json.dumps(arguments, ensure_ascii=False))


def _save(query: TripQuery, plan: str) -> ToolCall:
    return _call("save_itinerary", {"title": writer.itinerary_title(query, plan), "markdown": plan})


def _scope_first(content: str) -> tuple[str, str]:
    """The answer's first line (what the data cannot say stays first) and the rest."""
    first, sep, rest = content.partition("\n")
    return (first + "\n\n", rest.lstrip("\n")) if sep else (content + "\n\n", "")


def _split_turns(messages: tuple[Message, ...]) -> tuple[str, list[str], list[Exchange], str]:
    """(current question, earlier questions, this run's tool exchanges, the last earlier answer)."""
    last_user = max((i for i, m in enumerate(messages) if isinstance(m, UserMessage)), default=-1)
    question = messages[last_user].content if last_user >= 0 else ""
    earlier = [m.content for m in messages[: max(last_user, 0)] if isinstance(m, UserMessage)]
    calls: dict[str, ToolCall] = {}
    exchanges: list[Exchange] = []
    for m in messages[last_user + 1 :]:
        if isinstance(m, AssistantMessage):
            calls.update({c.id: c for c in m.tool_calls})
        elif isinstance(m, ToolResultMessage) and m.tool_call_id in calls:
            exchanges.append(Exchange(calls[m.tool_call_id], m))
    return question, earlier, exchanges, _last_plan(messages[: max(last_user, 0)])


def _last_plan(messages: tuple[Message, ...]) -> str:
    """The last earlier answer worth saving: not one that reported on a save (saved or denied),
    so "save it" after a denied save still saves the plan, not the refusal."""
    plan, saving = "", False
    for m in messages:
        if isinstance(m, UserMessage):
            saving = False
        elif isinstance(m, AssistantMessage):
            saving = saving or any(c.name == "save_itinerary" for c in m.tool_calls)
            if m.content and not saving:
                plan = m.content
    return plan


class OfflineModel:
    """A planner, not an LLM: deterministic, offline, explains itself in every answer."""

    provider = "offline"
    model = "offline-planner"

    def __init__(self, chunk_size: int = 6, chunk_delay: float = 0.0) -> None:
        self.chunk_size = chunk_size
        self.chunk_delay = chunk_delay

    async def aclose(self) -> None:
        return None

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamItem]:
        """Yield how the question was read (on the turn that reads it), a wire view of the request,
        then either tool calls or a streamed answer."""
        reply, reading = self._respond(request)
        if reading is not None:
            yield reading
        yield WireRequest("offline://planner", _request_body(request))
        text = reply.content
        starts = range(0, len(text), self.chunk_size)
        for i in starts:
            if self.chunk_delay:
                await asyncio.sleep(self.chunk_delay)
            yield TextChunk(text[i : i + self.chunk_size])
        yield WireResponse(_response_body(reply), len(starts))
        yield Completed(reply, Usage())

    def respond(self, request: ModelRequest) -> AssistantMessage:
        """The planner's whole turn for this request: each question read up to MAX_QUESTION characters."""
        return self._respond(request)[0]

    def _respond(self, request: ModelRequest) -> tuple[AssistantMessage, ReadingItem | None]:
        """The turn's reply, and the question's reading when this turn read it (no tool exchanges yet),
        taken after the plan was made: the reply settles the origin it assumed and the route."""
        question, earlier, exchanges, last_answer = _split_turns(request.messages)
        query = parse(question[:MAX_QUESTION], [e[:MAX_QUESTION] for e in earlier])
        reply = self._reply(request, question[:MAX_QUESTION], query, exchanges, last_answer)
        if query.read_as and reply.content:  # 三压 read as 三亚: said first, so a wrong reading is seen
            said = [(words, city_name(city, query.lang)) for words, city in query.read_as]
            first, rest = _scope_first(reply.content) if query.beyond else ("", reply.content)
            reply = replace(reply, content=(first + read_as_note(said, query.lang) + rest).rstrip())
        if len(question) > MAX_QUESTION and reply.content:
            reply = replace(reply, content=reply.content + writer.cut_note(query.lang, MAX_QUESTION))
        return reply, None if exchanges else _reading(query)

    def _reply(
        self, request: ModelRequest, question: str, query: TripQuery, exchanges: list[Exchange], last_answer: str
    ) -> AssistantMessage:
        offered = {t.name for t in request.tools}
        query.route = route.is_route(question, query)
        if _guide_skill_active(request, offered):
            if step := _guide_step(query, exchanges, offered):
                return AssistantMessage(tool_calls=tuple(step), stop_reason="tool_calls")
            return AssistantMessage(writer.guide_answer(query, exchanges))
        if exchanges:
            _recall_assumed_origin(query, exchanges)
            answer = _answer(query, _looked_up(query, exchanges))
            if _save_now(query, exchanges, offered):  # "…and save the plan": the answer just written
                return AssistantMessage(tool_calls=(_save(query, answer),), stop_reason="tool_calls")
            return AssistantMessage(answer)
        if calls := _plan(query, offered, last_answer):
            return AssistantMessage(tool_calls=tuple(calls), stop_reason="tool_calls")
        if "save" in query.intents and not last_answer:
            return AssistantMessage(writer.nothing_to_save(query.lang))
        if query.beyond_only:
            return AssistantMessage(_beyond_answer(query))
        if query.no_data or query.unknown_places:  # what the data cannot know still said first
            return AssistantMessage(_answer(query, writer.places_answer(query)))
        return AssistantMessage(talk.reply(question, query.lang))


def _reading(query: TripQuery) -> ReadingItem | None:
    """The reading shown in the inspector; a reading that fails is logged, never the run's end."""
    try:
        return ReadingItem(frame_of(query).as_json())
    except Exception:  # the answer matters more than showing how it was read
        log.exception("the question's reading failed")
        return None


def _plan(query: TripQuery, offered: set[str], last_answer: str) -> list[ToolCall]:
    """All the tool calls of the first turn, planned from the reading (the frame the inspector shows)."""
    if "save" in query.intents and last_answer and "save_itinerary" in offered:
        return [_save(query, last_answer)]
    if not query.travel_related or query.beyond_only:
        return []
    if query.origin is None and ("flights" in looks_up(query) or query.open is not None):
        query.origin = resolve_city(DEFAULT_ORIGIN)  # assumed, and said so in the answer and the reading
        query.origin_assumed = True
    return [_call(name, args) for name, args in plan_calls(frame_of(query), offered)]


def _beyond_answer(query: TripQuery) -> str:
    """Only what the data cannot know was asked: say so first, then what it can do; nothing priced."""
    names = [city_name(c, query.lang) for c in query.destinations]
    head = scope.first_line(query.beyond, query.lang)
    offer = scope.offer(names, query.lang, query.when is not None, query.origin is not None)
    return f"{head}\n\n{offer}{writer.notes(query, [])}{writer.NOTE[query.lang]}"


def _answer(query: TripQuery, body: str) -> str:
    """What the data cannot know said first (one line), then the answer's body."""
    head = scope.first_line(query.beyond, query.lang)
    return f"{head}\n\n{body}" if head else body


def _looked_up(query: TripQuery, exchanges: list[Exchange]) -> str:
    """An open question's ranking, or the trip answer for the places named."""
    if query.route and not any(e.call.name == "save_itinerary" for e in exchanges):
        return route.route_answer(query, exchanges) + writer.NOTE[query.lang]
    places = writer.group(exchanges)
    if query.open is None or len(places) < 2 or any(e.call.name == "save_itinerary" for e in exchanges):
        return writer.answer(query, exchanges)
    text = open_answer(query, places, exchanges) + writer.notes(query, exchanges)
    return text + denials(exchanges, query.lang) + writer.NOTE[query.lang]


def _save_now(query: TripQuery, exchanges: list[Exchange], offered: set[str]) -> bool:
    """The question asked to look things up and save the plan: its lookups are in, no save yet."""
    names = {e.call.name for e in exchanges}
    asked = "save" in query.intents and "save_itinerary" in offered
    return asked and "save_itinerary" not in names and any(slot_of(n) for n in names)


def _recall_assumed_origin(query: TripQuery, exchanges: list[Exchange]) -> None:
    """The origin the plan assumed (none was asked) is said out loud in the answer."""
    if query.origin is not None:
        return
    flight = next((e for e in exchanges if slot_of(e.call.name) == "fare"), None)
    if flight is not None and flight.call.arguments:
        query.origin = resolve_city(str(flight.call.arguments.get("origin", "")))
        query.origin_assumed = query.origin is not None


def _guide_skill_active(request: ModelRequest, offered: set[str]) -> bool:
    """The search_and_summarize skill is active when its text is in the system prompt."""
    return "web_search" in offered and any("search_and_summarize" in s for s in request.system[1:])


def _guide_step(query: TripQuery, exchanges: list[Exchange], offered: set[str]) -> list[ToolCall]:
    """Search (and weather) first, then read up to three pages, then answer."""
    dest = query.destinations[0] if query.destinations else None
    place = city_name(dest, query.lang) if dest else (query.unknown_places or [""])[0]
    done = {e.call.name for e in exchanges}
    if "web_search" not in done:
        suffix = "旅游攻略" if query.lang == "zh" else "travel guide"
        calls = [_call("web_search", {"query": f"{place} {suffix}".strip()})]
        if place and "get_weather" in offered:  # the guide's weather: now's (this month's typical), not the sample day
            calls.append(_call("get_weather", {"city": place, "date": clock.today().isoformat()}))
        return calls
    if "read_page" not in done and "read_page" in offered:
        urls = _urls([e for e in exchanges if e.call.name == "web_search"])
        return [_call("read_page", {"url": u}) for u in urls[:3]]
    return []


def _urls(searches: list[Exchange]) -> list[str]:
    """Links found in search results, in order, without duplicates."""
    found = (url for e in searches for url in re.findall(r"(?:guide|https?)://[^\s\"'\\)\]>,]+", e.result.content))
    return list(dict.fromkeys(found))


def _request_body(request: ModelRequest) -> dict[str, Any]:
    """What the planner was given, in neutral form (no provider is involved offline)."""
    return {
        "model": OfflineModel.model,
        "system": list(request.system),
        "messages": [message_to_dict(m) for m in request.messages],
        "tools": [t.name for t in request.tools],
    }


def _response_body(reply: AssistantMessage) -> dict[str, Any]:
    return message_to_dict(reply) | {"stop_reason": reply.stop_reason}
