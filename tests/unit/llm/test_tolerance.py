"""What a server refused is learned from its error, retried once without, remembered per base URL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from desktop_app.llm import tolerance

URL = "http://127.0.0.1:8080/v1"


@pytest.fixture(autouse=True)
def clean() -> Iterator[None]:
    tolerance.forget()
    yield
    tolerance.forget()


def body(**extra: object) -> dict[str, object]:
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]},
        {"role": "tool", "tool_call_id": "c1", "content": "{}"},
    ]
    return {"model": "m", "messages": messages, **extra}


def test_null_content_refused_becomes_empty_string() -> None:
    sent = body()
    again = tolerance.learn(URL, sent, 500, "[json.exception.type_error.302] type must be string, but is null")
    assert again is not None and again["messages"][1]["content"] == ""  # type: ignore[index]
    assert sent["messages"][1]["content"] is None  # type: ignore[index]  # the original is not touched
    assert tolerance.refused(URL + "/") == {"null_content"}
    later = tolerance.adapt(body(), tolerance.refused(URL))
    assert later["messages"][1]["content"] == ""  # type: ignore[index]


@pytest.mark.parametrize("name", ["stream_options", "parallel_tool_calls", "tool_choice"])
def test_a_named_field_is_dropped_and_remembered(name: str) -> None:
    sent = body(stream=True, **{name: True})
    again = tolerance.learn(URL, sent, 400, f"Unrecognized request argument supplied: {name}")
    assert again is not None and name not in again and again["stream"] is True
    assert again["messages"][1]["content"] is None  # type: ignore[index]  # only what was named
    assert tolerance.refused(URL) == {name}
    assert name not in tolerance.adapt(body(**{name: 1}), tolerance.refused(URL))
    assert tolerance.refused("http://127.0.0.1:9999/v1") == frozenset()  # per server


@pytest.mark.parametrize(
    ("status", "text"),
    [(500, "internal error"), (401, "stream_options bad key"), (429, "null"), (200, "null"), (400, "bad model")],
)
def test_refusals_that_name_nothing_in_the_body_are_not_retried(status: int, text: str) -> None:
    assert tolerance.learn(URL, body(stream_options={}), status, text) is None
    assert tolerance.refused(URL) == frozenset()


def test_nothing_to_change_keeps_the_same_body() -> None:
    sent = {"model": "m", "messages": [{"role": "user", "content": "x"}]}
    assert tolerance.adapt(sent, frozenset({tolerance.NULL_CONTENT, *tolerance.OPTIONAL_FIELDS})) is sent
