"""The event union the engine yields; names and fields are public API (CONTRACT.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from desktop_app.core.messages import ToolCall

IN_PROCESS = {"in_process": True}  # a field's metadata: for the window only, never in `to_dict` (--json)
OPTIONAL = {"optional": True}  # a field's metadata: left out of `to_dict` while it holds its default


@dataclass(frozen=True)
class Event:
    """Base: every event serialises to one JSON object with `type` first."""

    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """`{"type": ..., **fields}` for `--json` and the UI: tuples as JSON lists, IN_PROCESS fields
        left out, and OPTIONAL ones while they hold their default."""
        out = {"type": self.type, **asdict(self)}
        for f in fields(self):
            if f.metadata.get("in_process") or (f.metadata.get("optional") and out[f.name] == f.default):
                del out[f.name]
            elif isinstance(out[f.name], tuple):
                out[f.name] = list(out[f.name])
        return out


@dataclass(frozen=True)
class RunStartedEvent(Event):
    type: ClassVar[str] = "run_started"
    provider: str
    model: str
    conversation_id: str


@dataclass(frozen=True)
class TurnStartedEvent(Event):
    type: ClassVar[str] = "turn_started"
    turn: int


@dataclass(frozen=True)
class TextDeltaEvent(Event):
    type: ClassVar[str] = "text_delta"
    text: str


@dataclass(frozen=True)
class ToolCallEvent(Event):
    """The model asked for a tool; `arguments_raw` is present only when it was not JSON, the
    recovery fields only for a call read out of the model's text."""

    type: ClassVar[str] = "tool_call"
    id: str
    name: str
    arguments: dict[str, Any]
    arguments_raw: str | None = field(default=None, metadata=OPTIONAL)
    source: str = "builtin"
    risk: str = "read"
    # read out of the model's text (a local model writing calls as text)
    recovered_from_text: bool = field(default=False, metadata=OPTIONAL)
    raw_text: str | None = field(default=None, metadata=OPTIONAL)  # that text, when recovered
    origin: str = "model"  # who asked: "model", "recovered_from_text" or "app_view"


def call_event(call: ToolCall, source: str = "builtin", risk: str = "read") -> ToolCallEvent:
    """A model's call as its event: a live run's (with its tool's source and risk) or a saved one's."""
    return ToolCallEvent(
        id=call.id,
        name=call.name,
        arguments=call.arguments if call.arguments is not None else {},
        arguments_raw=None if call.arguments is not None else call.arguments_raw,
        source=source,
        risk=risk,
        recovered_from_text=call.recovered,
        raw_text=call.raw_text if call.recovered else None,
        origin="recovered_from_text" if call.recovered else call.origin,
    )


@dataclass(frozen=True)
class ApprovalWaitingEvent(Event):
    """A call waits for a person's answer (a dialog, a terminal prompt); its `approval` follows."""

    type: ClassVar[str] = "approval_waiting"
    id: str
    name: str


@dataclass(frozen=True)
class ApprovalEvent(Event):
    type: ClassVar[str] = "approval"
    id: str
    name: str
    decision: str  # "approved" | "denied"
    by: str  # "policy" | "user"
    reason: str = ""


@dataclass(frozen=True)
class ToolResultEvent(Event):
    type: ClassVar[str] = "tool_result"
    id: str
    name: str
    content: str
    is_error: bool
    duration_ms: float
    images: tuple[dict[str, str], ...] = field(default=(), metadata=OPTIONAL)  # only when a tool returned some
    # an MCP result's structuredContent: in-process only (an MCP App's view gets it), never in --json
    structured: Any = field(default=None, compare=False, metadata=IN_PROCESS)


@dataclass(frozen=True)
class ToolProgressEvent(Event):
    """Progress reported by a long tool (MCP progress notifications)."""

    type: ClassVar[str] = "tool_progress"
    id: str
    progress: float
    total: float | None = None
    message: str = ""


@dataclass(frozen=True)
class UsageEvent(Event):
    type: ClassVar[str] = "usage"
    input_tokens: int
    output_tokens: int


@dataclass(frozen=True)
class TripEvent(Event):
    """A run created or changed the conversation's trip (the trip board; `start`/`end` ISO or None)."""

    type: ClassVar[str] = "trip"
    id: str
    title: str
    start: str | None
    end: str | None
    destinations: tuple[str, ...]
    party: int
    total_cny: int
    # the whole trip (`Trip.to_dict()`) for the window's Trip pane; not part of the `--json` event
    detail: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, metadata=IN_PROCESS)


@dataclass(frozen=True)
class TurnFinishedEvent(Event):
    type: ClassVar[str] = "turn_finished"
    turn: int
    stop_reason: str


@dataclass(frozen=True)
class FinalEvent(Event):
    type: ClassVar[str] = "final"
    text: str
    turns: int
    stop_reason: str


@dataclass(frozen=True)
class ErrorEvent(Event):
    """`kind` is a stable machine word: max_turns, auth, not_found, rate_limit, ..."""

    type: ClassVar[str] = "error"
    message: str
    kind: str


@dataclass(frozen=True)
class ModelRequestEvent(Event):
    type: ClassVar[str] = "model_request"
    turn: int
    provider: str
    url: str
    body: dict[str, Any]


@dataclass(frozen=True)
class ModelResponseEvent(Event):
    type: ClassVar[str] = "model_response"
    turn: int
    body: dict[str, Any]
    stream_chunks: int


@dataclass(frozen=True)
class ReadingEvent(Event):
    """How the planner read the question (the offline planner's trip frame, plain JSON): once per
    question, before the model_request of the turn that read it."""

    type: ClassVar[str] = "reading"
    frame: dict[str, Any]


@dataclass(frozen=True)
class ToolDefsEvent(Event):
    """The tools a run offers (their listings): the window's inspector shows them, the loop never yields it."""

    type: ClassVar[str] = "tool_defs"
    tools: tuple[dict[str, Any], ...] = ()


AnyEvent = (
    RunStartedEvent
    | TurnStartedEvent
    | TextDeltaEvent
    | ToolCallEvent
    | ApprovalWaitingEvent
    | ApprovalEvent
    | ToolResultEvent
    | ToolProgressEvent
    | UsageEvent
    | TripEvent
    | TurnFinishedEvent
    | FinalEvent
    | ErrorEvent
    | ModelRequestEvent
    | ModelResponseEvent
    | ReadingEvent
)
