"""Kill-test helper: appends a conversation's messages forever, printing each committed number.

Run as `python history_writer.py DB_PATH RUN`; prints `conv ID`, then `N` after message N's
`append` has returned (i.e. after it was committed). The test kills it with SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

from desktop_app.core.messages import (
    AssistantMessage,
    Message,
    ToolCall,
    ToolResultMessage,
    UserMessage,
)


def make_message(i: int) -> Message:
    """Message number i of the writer's conversation: a deterministic cycle of every kind."""
    created = 1_000_000.0 + i
    kind = i % 5
    if kind == 0:
        return UserMessage(f"question {i}: 三亚 three days", created_at=created)
    if kind == 1:
        calls = (
            ToolCall(f"call_{i}_a", "get_weather", {"city": "三亚"}, '{"city": "三亚"}'),
            ToolCall(f"call_{i}_b", "get_hotel_price", None, '{"city": '),
        )
        return AssistantMessage("", calls, stop_reason="tool_calls", created_at=created)
    if kind in (2, 3):
        suffix = "a" if kind == 2 else "b"
        body = f'{{"n": {i}, "pad": "{"x" * (500 * (i % 13))}"}}'
        return ToolResultMessage(f"call_{i - kind + 1}_{suffix}", "tool", body, kind == 3, created)
    # a long answer: spans several pages, so a kill can land mid-write
    return AssistantMessage(f"answer {i} " + "答" * (300 * (i % 17 + 1)), created_at=created)


def main() -> None:
    from desktop_app.store.history import HistoryStore

    store = HistoryStore(Path(sys.argv[1]))
    conv = store.new_conversation(title=f"kill run {sys.argv[2]}", provider="fake", model="w")
    print(f"conv {conv.id}", flush=True)
    i = 0
    while True:
        conv.append(make_message(i))
        print(i, flush=True)
        if i % 7 == 6:
            conv.add_usage(1, 2)
        i += 1


if __name__ == "__main__":
    main()
