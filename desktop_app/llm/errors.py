"""SDK and server errors as one-line ProviderErrors that name the adapter's vendor, key and URL."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage
from desktop_app.llm.base import ProviderError
from desktop_app.llm.redact import scrub

_CONTEXT_MARKERS = (  # both vendors' (and compatible servers') ways of saying the prompt is too long
    "context_length_exceeded",
    "maximum context length",
    "context length",
    "context window",
    "prompt is too long",
    "too many tokens",
    "exceed context limit",
    "input is too long",
    "reduce the length",
)


def one_line(text: str, limit: int = 240) -> str:
    """Provider error text squeezed into one short line."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def body_message(body: object) -> str:
    """The human part of a vendor error body (`error.message`), else the body as text."""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
        if body.get("message"):
            return str(body["message"])
    return "" if body is None else str(body)


def body_code(body: object) -> str:
    """`error.code` / `error.type` of a vendor error body, lowercased."""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            return f"{inner.get('code') or ''} {inner.get('type') or ''}".strip().lower()
    return ""


class ErrorText:
    """How one adapter names itself in messages: vendor, key command, env var, base URL."""

    def __init__(self, vendor: str, provider: str, env_var: str, base_url: str, model: str):
        self.vendor = vendor
        self.provider = provider
        self.env_var = env_var
        self.base_url = scrub(base_url)  # no password from --base-url in any message
        self.model = model

    def key_hint(self) -> str:
        return f"run `travel-assistant keys set {self.provider}` or set {self.env_var}"

    def status(self, status: int, body: object, retries: int, secrets: Iterable[str]) -> ProviderError:
        """An HTTP error status as a one-line, actionable ProviderError."""
        detail = one_line(scrub(body_message(body), secrets))
        code = body_code(body)
        tail = f": {detail}" if detail else ""
        v = self.vendor
        if status in (401, 403):
            return ProviderError(f"{v} refused the API key ({status}): {self.key_hint()}", "auth")
        if status == 404:
            return ProviderError(
                f"{v} has no model {self.model!r} at {self.base_url} (404): choose another "
                f"with --model or check --base-url{tail}",
                "not_found",
            )
        if status == 429:
            return ProviderError(
                f"{v} is rate-limiting requests (429, still after {retries} retries): wait a "
                f"minute or check your plan's quota{tail}",
                "rate_limit",
            )
        if status in (400, 413, 422) and any(m in f"{detail} {code}".lower() for m in _CONTEXT_MARKERS):
            return ProviderError(
                f"the conversation is too long for {self.model} ({status}): start a new "
                f"conversation or choose a model with a larger context{tail}",
                "context_length",
            )
        if status >= 500:
            return ProviderError(
                f"{v} is unavailable (HTTP {status}, still after {retries} retries): try again later{tail}",
                "unavailable",
            )
        return ProviderError(f"{v} rejected the request ({status}){tail}", "bad_request")

    def timeout(self, seconds: float | None) -> ProviderError:
        after = f" within {seconds:g} s" if seconds else ""
        return ProviderError(
            f"{self.vendor} did not answer{after} (timeout): check the network or try again",
            "timeout",
        )

    def connection(self, cause: str) -> ProviderError:
        why = f" ({one_line(cause, 120)})" if cause else ""
        return ProviderError(
            f"could not connect to {self.vendor} at {self.base_url}{why}: check the network and --base-url",
            "connection",
        )

    def stream_cut(self, cause: str, partial_text: str) -> ProviderError:
        """The stream broke after it started: keep what arrived, marked incomplete."""
        partial = AssistantMessage(content=partial_text, incomplete=True, stop_reason="error") if partial_text else None
        why = f" ({one_line(cause, 120)})" if cause else ""
        return ProviderError(
            f"the {self.vendor} stream was cut mid-answer{why}; the partial answer was kept: "
            "send the message again to retry",
            "stream_cut",
            partial,
        )

    def idle(self, seconds: float, partial_text: str) -> ProviderError:
        """The stream went silent: a timeout (not a cut), whatever arrived kept as incomplete."""
        partial = AssistantMessage(content=partial_text, incomplete=True, stop_reason="error") if partial_text else None
        kept = "; the partial answer was kept" if partial_text else ""
        return ProviderError(
            f"{self.vendor} stopped sending for {seconds:g} s (timeout){kept}: check the network or try again",
            "timeout",
            partial,
        )

    def bad_body(self, why: str) -> ProviderError:
        return ProviderError(f"{self.vendor} sent a response that could not be read ({why}): try again", "protocol")

    def body(self, text: str) -> dict[str, Any]:
        """A whole response body, parsed without recursion limits biting (deep parts cut)."""
        try:
            data = jsonsafe.loads_pruned(text)
        except (ValueError, RecursionError) as exc:
            raise self.bad_body(one_line(str(exc), 120)) from None
        if not isinstance(data, dict):
            raise self.bad_body("not a JSON object")
        return data

    def missing_key(self) -> ProviderError:
        return ProviderError(f"no {self.vendor} API key: {self.key_hint()}", "auth")
