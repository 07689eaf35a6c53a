"""`ask`'s answer (stdout) and tool trace (stderr) reach a shared terminal or file in the order
they happened, whatever each stream buffers."""

from __future__ import annotations

import io
from typing import Any, cast

import pytest

from desktop_app.commands.ask import print_human
from desktop_app.core import events as ev


class Shared(io.RawIOBase):
    """One destination for both streams (a terminal, `2>&1`): the order bytes arrive in."""

    def __init__(self) -> None:
        self.got = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        self.got += data
        return len(data)


def _stream(sink: Shared, line_buffering: bool) -> io.TextIOWrapper:
    buffered = io.BufferedWriter(cast(Any, sink), 8192)
    return io.TextIOWrapper(buffered, encoding="utf-8", line_buffering=line_buffering)


@pytest.mark.parametrize("stderr_lines", [True, False], ids=["stderr line-buffered", "stderr block-buffered"])
def test_trace_and_answer_arrive_in_the_order_they_happened(
    monkeypatch: pytest.MonkeyPatch, stderr_lines: bool
) -> None:
    sink = Shared()
    monkeypatch.setattr("sys.stdout", _stream(sink, line_buffering=False))  # a pipe or a file: block-buffered
    monkeypatch.setattr("sys.stderr", _stream(sink, line_buffering=stderr_lines))
    happened: list[ev.AnyEvent] = [
        ev.TextDeltaEvent("Let me look."),
        ev.ToolCallEvent("c1", "get_weather", {"city": "三亚"}),
        ev.ToolResultEvent("c1", "get_weather", '{"t": 22}', False, 3.0),
        ev.TextDeltaEvent("Warm: 22 °C."),
        ev.FinalEvent("Warm: 22 °C.", 2, "stop"),
        ev.ErrorEvent("late trouble", "provider"),
    ]
    for event in happened:
        print_human(event)
    shown = sink.got.decode("utf-8")
    marks = ["Let me look.", "→ get_weather", "← get_weather", "Warm: 22 °C.", "error: late trouble"]
    positions = [shown.find(mark) for mark in marks]
    assert -1 not in positions and positions == sorted(positions), shown
    assert "Warm: 22 °C.\n" in shown  # the answer's line ends before the error's
