"""The event union the engine yields; names and fields are public API (CONTRACT.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from desktop_app.core.messages import ToolCall

IN_PROCESS = {"in_process": True}  # a field's metadata: for the window only, never in `to_dict` (--json)


@dataclass(frozen=True)
class Event:
    """Base: every event serialises to one JSON object with `type` first."""

    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """`{"type": ..., **fields}` for `--json` and the UI: tuples as JSON lists, IN_PROCESS fields left out."""
        out = {"type": self.type, **asdict(self)}
        for f in fields(self):
            if f.metadata.get("in_process"):
                del out[f.name]
            elif isinstance(out[f.name], tuple):
                out[f.name] = list(out[f.name])
        return out


@dataclass(frozen=True)
class RunStarted(Event):
    type: ClassVar[str] = "run_started"
    provider: str
    model: str
    conversation_id: str


@dataclass(frozen=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    turn: int


@dataclass(frozen=True)
class TextDelta(Event):
    type: ClassVar[str] = "text_delta"
    text: str


@dataclass(frozen=True)
class ToolCallEvent(Event):
    """The model asked for a tool; `arguments_raw` is present only when it was not JSON."""

    type: ClassVar[str] = "tool_call"
    id: str
    name: str
    arguments: dict[str, Any]
    arguments_raw: str | None = None
    source: str = "builtin"
    risk: str = "read"
    recovered_from_text: bool = False  # read out of the model's text (a local model writing calls as text)
    raw_text: str | None = None  # that text, when recovered

    def to_dict(self) -> dict[str, Any]:
        """Omit `arguments_raw` when the arguments parsed, the recovery fields for native calls."""
        out = super().to_dict()
        if self.arguments_raw is None:
            out.pop("arguments_raw")
        if not self.recovered_from_text:
            out.pop("recovered_from_text")
            out.pop("raw_text")
        return out


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
    )


@dataclass(frozen=True)
class ApprovalWaiting(Event):
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
    images: tuple[dict[str, str], ...] = field(default=())
    # an MCP result's structuredContent: in-process only (an MCP App's view gets it), never in --json
    structured: Any = field(default=None, compare=False, metadata=IN_PROCESS)

    def to_dict(self) -> dict[str, Any]:
        """Images (base64 data with mime type) only when a tool returned some."""
        out = super().to_dict()
        if not self.images:
            out.pop("images")
        return out


@dataclass(frozen=True)
class ToolProgress(Event):
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
class TurnFinished(Event):
    type: ClassVar[str] = "turn_finished"
    turn: int
    stop_reason: str


@dataclass(frozen=True)
class Final(Event):
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
class ToolDefs(Event):
    """The tools a run offers (their listings): the window's inspector shows them, the loop never yields it."""

    type: ClassVar[str] = "tool_defs"
    tools: tuple[dict[str, Any], ...] = ()


AnyEvent = (
    RunStarted
    | TurnStarted
    | TextDelta
    | ToolCallEvent
    | ApprovalWaiting
    | ApprovalEvent
    | ToolResultEvent
    | ToolProgress
    | UsageEvent
    | TripEvent
    | TurnFinished
    | Final
    | ErrorEvent
    | ModelRequestEvent
    | ModelResponseEvent
)
