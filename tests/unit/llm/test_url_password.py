"""A password inside --base-url never reaches --wire events or error messages."""

from __future__ import annotations

import json

import pytest

from desktop_app.cli import main
from desktop_app.llm.redact import scrub, url_secrets
from desktop_app.store.settings import Settings

PASSWORD = "hunter2-s3cret"
BASE = f"http://ann:{PASSWORD}@127.0.0.1:9/v1"  # port 9 (discard): nothing listens, refused at once


def test_scrub_hides_a_urls_password_and_keeps_the_rest() -> None:
    text = f"could not reach {BASE}/chat/completions (and https://bob:p%40ss@example.com/x)"
    assert scrub(text) == (
        "could not reach http://ann:[REDACTED]@127.0.0.1:9/v1/chat/completions "
        "(and https://bob:[REDACTED]@example.com/x)"
    )
    assert sorted(url_secrets("https://bob:p%40ss@example.com")) == ["p%40ss", "p@ss"]
    assert url_secrets("https://example.com/v1") == []


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_wire_events_and_the_error_hide_the_password(provider: str, capsys: pytest.CaptureFixture[str]) -> None:
    Settings(extra={"max_retries": 0}).save()  # a refused connection is not worth retrying here
    argv = ["ask", "hi", "--provider", provider, "--base-url", BASE, "--json", "--wire", "--no-save", "--no-stream"]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 1
    events = [json.loads(line) for line in out.splitlines() if line.strip()]
    request = next(e for e in events if e["type"] == "model_request")
    assert "ann:[REDACTED]@127.0.0.1:9" in json.dumps(request)
    error = next(e for e in events if e["type"] == "error")
    assert "127.0.0.1:9" in error["message"]  # the message still says where it tried
    assert PASSWORD not in out and PASSWORD not in err
