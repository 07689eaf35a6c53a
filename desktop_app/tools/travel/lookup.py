"""What the offline planner and the trip need to know of a travel tool, kept beside the tool: the
slot its result fills, a fare's way of travel, the answer's words for it, where it is the usual way
to go, and its argument names. A new lookup tool registers one record; nobody names it elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from desktop_app.travel.places import City

Slot = Literal["weather", "fare", "stay"]


@dataclass(frozen=True)
class Lookup:
    """One travel tool as the planner reads it."""

    tool: str
    slot: Slot
    mode: str = ""  # a fare's way of travel: flight, train, drive
    names: tuple[str, str] = ("", "")  # what its results are called: 机票 / flights
    took: tuple[str, str] = ("约 {dur}", "about {dur}")  # how long it takes, said in the answer
    usual: Callable[[City, City, bool], bool] | None = None  # a fare: the usual way between two cities
    # (the bool: the traveller asked for this mode); None: the default fare
    renames: tuple[tuple[str, str], ...] = ()  # the planner's argument names that this tool calls otherwise

    def arguments(self, args: dict[str, Any]) -> dict[str, Any]:
        """The planner's neutral arguments (depart_date, passengers …) in this tool's names."""
        names = dict(self.renames)
        return {names.get(k, k): v for k, v in args.items()}


LOOKUPS: dict[str, Lookup] = {}


def register(record: Lookup) -> Lookup:
    """A tool module's one line: its record, readable by the planner and the trip."""
    LOOKUPS[record.tool] = record
    return record


def slot_of(tool: str) -> str:
    """The slot a tool's result fills ("" for a tool that is not a travel lookup)."""
    record = LOOKUPS.get(tool)
    return record.slot if record else ""


def fare_for(a: City | None, b: City | None, offered: set[str], asked: str = "") -> Lookup | None:
    """The fare tool to ask between two cities: one whose way is the usual one there (or the one asked
    for, `asked` a mode), else the default fare (flights); None when no fare tool is offered."""
    fares = [r for r in LOOKUPS.values() if r.slot == "fare" and r.tool in offered]
    default = next((r for r in fares if r.usual is None), None)
    if default is not None and default.mode == asked:
        return default  # asked to fly: a flight even where the train is usual
    usual = (r for r in fares if r.usual and a and b and r.usual(a, b, r.mode == asked))
    return next(usual, default)
