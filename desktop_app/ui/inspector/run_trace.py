"""The inspector's record of one run: CONTRACT events folded into turns and tool calls (no Qt).

Live events are turned into the CONTRACT dicts saved and exported runs already are."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.events import Event

EXPORT_FORMAT = "travel-assistant.run"
EXPORT_VERSION = 1

# Call statuses shown in the timeline.
WAITING = "waiting"
RUNNING = "running"
DONE = "done"
ERROR = "error"
DENIED = "denied"


@dataclass
class CallRecord:
    """One tool call from the model's request to our result, paired by the provider's id."""

    index: int
    id: str
    name: str
    turn: int
    started: float
    arguments: dict[str, Any] = field(default_factory=dict)
    arguments_raw: str | None = None
    source: str = "builtin"
    risk: str = "read"
    status: str = RUNNING
    ended: float | None = None
    duration_ms: float | None = None
    approval: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    progress: dict[str, Any] | None = None
    orphan: bool = False  # a result arrived for an id no call had
    recovered: bool = False  # read out of the model's text (a local model writing its call as text)
    raw_text: str = ""  # that text

    @property
    def result_id(self) -> str | None:
        """The id the result carried (None until it arrived)."""
        return None if self.result is None else str(self.result.get("id", ""))

    @property
    def paired(self) -> bool:
        """True when a result came back with exactly the call's id."""
        return self.result_id == self.id and not self.orphan

    @property
    def finished(self) -> bool:
        return self.status in (DONE, ERROR, DENIED)


@dataclass
class ReadingRecord:
    """How the planner read the question (a `reading` event's frame): shown above that turn's calls."""

    turn: int  # index into the trace's turns
    started: float
    frame: dict[str, Any]


@dataclass
class TurnRecord:
    """One model call: its request and response bodies, usage and how it stopped."""

    index: int
    number: int
    run: int
    started: float
    status: str = RUNNING
    ended: float | None = None
    stop_reason: str = ""
    input_tokens: int | None = None
    output_tokens: int | None = None
    request: dict[str, Any] | None = None
    response: dict[str, Any] | None = None
    text_chars: int = 0
    text_deltas: int = 0
    error: str = ""
    calls: list[int] = field(default_factory=list)
    reading: ReadingRecord | None = None  # the question's reading, when this turn read it

    @property
    def finished(self) -> bool:
        return self.status != RUNNING


@dataclass(frozen=True)
class Change:
    """What one event touched, so views update only that: kind is run / turn / call / reading
    (its index the turn's) / defs."""

    kind: str
    index: int = -1
    new: bool = False


class RunTrace:
    """Folds events (each stamped with `ts`, wall-clock seconds) into turns and calls."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.turns: list[TurnRecord] = []
        self.calls: list[CallRecord] = []
        self.tool_defs: list[dict[str, Any]] = []
        self.tool_defs_event: dict[str, Any] | None = None
        self.provider = ""
        self.model = ""
        self.conversation_id = ""
        self.runs = 0
        self.start_ts: float | None = None
        self.last_ts: float | None = None
        self.final: dict[str, Any] | None = None
        self.error: dict[str, Any] | None = None
        self._open_by_id: dict[str, list[int]] = {}
        self.unfinished_calls: set[int] = set()  # kept so "is anything running" is O(1)
        self.unfinished_turns: set[int] = set()

    # -- reading ---------------------------------------------------------------------------
    def rel(self, ts: float) -> float:
        """Seconds since the run started."""
        return ts - (self.start_ts if self.start_ts is not None else ts)

    def find_call(self, call_id: str) -> CallRecord | None:
        """The latest call with this provider id (ids may repeat across turns)."""
        return next((record for record in reversed(self.calls) if record.id == call_id), None)

    @property
    def running(self) -> bool:
        return bool(self.unfinished_calls or self.unfinished_turns)

    def totals(self) -> tuple[int, int]:
        """Input and output tokens summed over all turns."""
        return (
            sum(t.input_tokens or 0 for t in self.turns),
            sum(t.output_tokens or 0 for t in self.turns),
        )

    def export(self) -> dict[str, Any]:
        """The run as one JSON-ready object: every event with its timestamp."""
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "provider": self.provider,
            "model": self.model,
            "conversation_id": self.conversation_id,
            "started_at": self.start_ts,
            "events": list(self.events),
        }

    # -- folding ---------------------------------------------------------------------------
    def apply(self, event: Event | dict[str, Any], ts: float | None = None) -> Change | None:
        """Record one event; returns what changed, or None when no view needs to redraw."""
        if isinstance(event, Event):
            event = event.to_dict()
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise ValueError("an event must be an object with a string 'type'")
        stamp = _stamp(event, ts)
        if event["type"] != "tool_defs":  # the tools on offer are not part of the run's time
            self.start_ts = stamp if self.start_ts is None else self.start_ts
            self.last_ts = stamp
        self.events.append({**event, "ts": stamp})
        handler = _HANDLERS.get(event["type"])
        return handler(self, event, stamp) if handler else None

    def _current_turn(self, ts: float) -> TurnRecord:
        """The latest turn; a synthetic one when events arrive without a turn_started."""
        if not self.turns:
            self.turns.append(TurnRecord(0, 1, max(self.runs, 1), self.rel(ts)))
            self.unfinished_turns.add(0)
        return self.turns[-1]

    def _run_started(self, event: dict[str, Any], ts: float) -> Change:
        self.runs += 1
        self.provider = str(event.get("provider", ""))
        self.model = str(event.get("model", ""))
        self.conversation_id = str(event.get("conversation_id", ""))
        self.final = self.error = None
        return Change("run")

    def _turn_started(self, event: dict[str, Any], ts: float) -> Change:
        number = int(event.get("turn", len(self.turns) + 1))
        self.turns.append(TurnRecord(len(self.turns), number, max(self.runs, 1), self.rel(ts)))
        self.unfinished_turns.add(len(self.turns) - 1)
        return Change("turn", len(self.turns) - 1, new=True)

    def _text_delta(self, event: dict[str, Any], ts: float) -> Change | None:
        turn = self._current_turn(ts)
        turn.text_chars += len(str(event.get("text", "")))
        turn.text_deltas += 1
        return None

    def _model_body(self, event: dict[str, Any], ts: float) -> Change:
        """A model_request or model_response: the turn's request or response."""
        turn = self._turn_for(event, ts)
        if event["type"] == "model_request":
            turn.request = event
        else:
            turn.response = event
        return Change("turn", turn.index)

    def _turn_for(self, event: dict[str, Any], ts: float) -> TurnRecord:
        """The turn an event names (latest turn of that number), else the current one."""
        number = event.get("turn")
        return next((turn for turn in reversed(self.turns) if turn.number == number), None) or self._current_turn(ts)

    def _reading(self, event: dict[str, Any], ts: float) -> Change:
        """The question's reading, on the turn that read it (it comes before that turn's model_request)."""
        turn = self._current_turn(ts)
        frame = event.get("frame")
        new = turn.reading is None
        turn.reading = ReadingRecord(turn.index, self.rel(ts), frame if isinstance(frame, dict) else {})
        return Change("reading", turn.index, new=new)

    def _usage(self, event: dict[str, Any], ts: float) -> Change:
        turn = self._current_turn(ts)
        turn.input_tokens = int(event.get("input_tokens") or 0)
        turn.output_tokens = int(event.get("output_tokens") or 0)
        return Change("turn", turn.index)

    def _turn_finished(self, event: dict[str, Any], ts: float) -> Change:
        turn = self._turn_for(event, ts)
        turn.stop_reason = str(event.get("stop_reason", ""))
        turn.status = DONE
        turn.ended = self.rel(ts)
        self.unfinished_turns.discard(turn.index)
        return Change("turn", turn.index)

    def _tool_call(self, event: dict[str, Any], ts: float) -> Change:
        turn = self._current_turn(ts)
        args = event.get("arguments")
        record = CallRecord(
            index=len(self.calls),
            id=str(event.get("id", "")),
            name=str(event.get("name", "")),
            turn=turn.index,
            started=self.rel(ts),
            arguments=args if isinstance(args, dict) else {},
            arguments_raw=event.get("arguments_raw"),
            source=str(event.get("source", "builtin")),
            risk=str(event.get("risk", "read")),
            status=RUNNING,  # WAITING comes with its approval_waiting event
            recovered=event.get("recovered_from_text") is True,
            raw_text=str(event.get("raw_text") or ""),
        )
        self.calls.append(record)
        turn.calls.append(record.index)
        self._open_by_id.setdefault(record.id, []).append(record.index)
        self.unfinished_calls.add(record.index)
        return Change("call", record.index, new=True)

    def _call_update(self, event: dict[str, Any], ts: float) -> Change | None:
        """approval_waiting, approval, tool_progress: for the open call with the event's id (if one waits)."""
        record = self._open_call(str(event.get("id", "")), pop=False)
        if record is None:
            return None
        if event["type"] == "tool_progress":
            record.progress = event
        elif event["type"] == "approval_waiting":
            record.status = WAITING
        else:
            record.approval = event
            record.status = DENIED if event.get("decision") == "denied" else RUNNING
        return Change("call", record.index)

    def _tool_result(self, event: dict[str, Any], ts: float) -> Change:
        record = self._open_call(str(event.get("id", "")), pop=True)
        new = record is None
        if record is None:  # a result for an id no call had: show it, unpaired
            turn = self._current_turn(ts)
            record = CallRecord(
                len(self.calls),
                "",
                str(event.get("name", "")),
                turn.index,
                self.rel(ts),
                orphan=True,
            )
            self.calls.append(record)
            turn.calls.append(record.index)
        record.result = event
        record.ended = self.rel(ts)
        duration = event.get("duration_ms")
        record.duration_ms = float(duration) if isinstance(duration, int | float) else None
        if record.status != DENIED:
            record.status = ERROR if event.get("is_error") else DONE
        self.unfinished_calls.discard(record.index)
        return Change("call", record.index, new=new)

    def _open_call(self, call_id: str, *, pop: bool) -> CallRecord | None:
        """The oldest call with this id still waiting for its result."""
        pending = self._open_by_id.get(call_id)
        if not pending:
            return None
        index = pending.pop(0) if pop else pending[0]
        return self.calls[index]

    def _run_ended(self, event: dict[str, Any], ts: float) -> Change:
        """final or error: whatever is unfinished never will finish (the error, or a cancelled call)."""
        message = ""
        if event["type"] == "final":
            self.final = event
        else:
            self.error = event
            message = str(event.get("message", ""))
        for index in sorted(self.unfinished_turns):
            turn = self.turns[index]
            turn.status, turn.error, turn.ended = ERROR, message, self.rel(ts)
        for index in sorted(self.unfinished_calls):
            call = self.calls[index]
            call.status, call.ended = ERROR, self.rel(ts)
        self.unfinished_turns.clear()
        self.unfinished_calls.clear()
        return Change("run")

    def _tool_defs(self, event: dict[str, Any], ts: float) -> Change:
        tools = event.get("tools")
        self.tool_defs = [t for t in tools if isinstance(t, dict)] if isinstance(tools, list) else []
        self.tool_defs_event = event
        return Change("defs")


def _stamp(event: dict[str, Any], ts: float | None) -> float:
    """The event's time: given, else its saved `ts`, else now."""
    if ts is not None:
        return ts
    saved = event.get("ts")
    return float(saved) if isinstance(saved, int | float) else time.time()


_HANDLERS: dict[str, Any] = {
    "run_started": RunTrace._run_started,
    "turn_started": RunTrace._turn_started,
    "text_delta": RunTrace._text_delta,
    "model_request": RunTrace._model_body,
    "model_response": RunTrace._model_body,
    "reading": RunTrace._reading,
    "usage": RunTrace._usage,
    "turn_finished": RunTrace._turn_finished,
    "tool_call": RunTrace._tool_call,
    "approval": RunTrace._call_update,
    "tool_progress": RunTrace._call_update,
    "approval_waiting": RunTrace._call_update,
    "tool_result": RunTrace._tool_result,
    "final": RunTrace._run_ended,
    "error": RunTrace._run_ended,
    "tool_defs": RunTrace._tool_defs,
}


def parse_export(text: str) -> list[dict[str, Any]]:
    """The events of an exported run (or a bare list of events); ValueError when it is neither."""
    try:
        data = jsonsafe.loads(text)  # a file on disk: depth checked before parsing
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at line {exc.lineno}") from None
    except ValueError as exc:
        raise ValueError(f"not usable JSON: {exc}") from None
    events = data.get("events") if isinstance(data, dict) else data
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise ValueError("expected an exported run: an object with an 'events' list")
    return events
