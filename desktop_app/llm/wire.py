"""Shared by the OpenAI and Anthropic adapters: secret redaction and SDK errors as ProviderError."""

from __future__ import annotations

import asyncio
import functools
import json
import re
import ssl
import time
from collections.abc import AsyncIterator, Iterable
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

from desktop_app import jsonsafe
from desktop_app.core.messages import AssistantMessage, ToolCall
from desktop_app.jsonsafe import MAX_ARGUMENT_DEPTH, MAX_DOCUMENT_DEPTH, TOO_DEEP, TOO_DEEP_ARGUMENTS, value_problem
from desktop_app.llm.base import ProviderError

T = TypeVar("T")
REDACTED = "[REDACTED]"
RAW_KEEP = 2000  # characters of unusable argument text kept for the record
SECRET_HEADERS = ("authorization", "x-api-key", "api-key", "proxy-authorization")
# Vendor key shapes (sk-…, sk-ant-…, sk-proj-…) and bearer tokens, wherever they appear in text.
_KEY_RE = re.compile(r"(?:sk-[A-Za-z0-9_\-]{12,}|Bearer\s+[A-Za-z0-9_\-.=]{12,})")
# The password of a URL's user part (https://user:secret@host), wherever a URL appears in text.
_USERINFO_RE = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.\-]*://[^/\s:@]*):[^/\s@]+@")
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


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """Remove known secrets and anything key-shaped from a piece of text."""
    for secret in secrets:
        if secret and len(secret) >= 6:
            text = text.replace(secret, REDACTED)
    text = _USERINFO_RE.sub(rf"\1:{REDACTED}@", text)
    return _KEY_RE.sub(REDACTED, text)


def url_secrets(url: str) -> list[str]:
    """The password in a URL (as written and decoded), to scrub wherever it turns up."""
    try:
        password = urlsplit(url).password or ""
    except ValueError:
        return []
    return [p for p in {password, unquote(password)} if p]


def redact(value: Any, secrets: Iterable[str] = (), depth: int = 0) -> Any:
    """A deep copy of a JSON value with secrets and auth headers replaced, cut below the document depth."""
    keys = tuple(secrets)
    if isinstance(value, str):
        return scrub(value, keys)
    if isinstance(value, dict | list | tuple) and depth >= MAX_DOCUMENT_DEPTH:
        return TOO_DEEP  # a body no view or serialiser should have to recurse through
    if isinstance(value, dict):
        return {
            k: REDACTED if str(k).lower() in SECRET_HEADERS else redact(v, keys, depth + 1) for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [redact(v, keys, depth + 1) for v in value]
    return value


def read_arguments(raw: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, str, str]:
    """Model-written arguments: (object, raw text, "") or (None, raw text kept short, what is wrong).

    The one place both adapters parse arguments: nesting is checked before parsing and without
    recursion, and NaN / Infinity (not JSON) count as invalid, so nothing later can choke on them.
    """
    if isinstance(raw, dict):
        problem = value_problem(raw)
        if problem == TOO_DEEP_ARGUMENTS:
            return None, "", problem  # no text: printing it would recurse as deep
        return (None, _keep(json.dumps(raw)), problem) if problem else (raw, json.dumps(raw, ensure_ascii=False), "")
    text = raw or ""
    if not text.strip():
        return {}, text, ""
    if jsonsafe.deep_spans(text, MAX_ARGUMENT_DEPTH):
        return None, _keep(text), TOO_DEEP_ARGUMENTS
    try:
        parsed = jsonsafe.loads(text, MAX_ARGUMENT_DEPTH)
    except ValueError:
        return None, _keep(text), "are not valid JSON"
    if not isinstance(parsed, dict):
        return None, _keep(text), "are not a JSON object"
    return parsed, text, ""


def _keep(text: str) -> str:
    """Unusable argument text as stored and shown: the start of it, never megabytes."""
    return text if len(text) <= RAW_KEEP else text[:RAW_KEEP] + "…"


def make_call(call_id: str, name: str, raw: str | dict[str, Any] | None) -> ToolCall:
    """A neutral ToolCall from the vendor's id, name and arguments."""
    args, text, problem = read_arguments(raw)
    return ToolCall(id=call_id, name=name, arguments=args, arguments_raw=text, arguments_error=problem)


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


class Deadline:
    """The whole wait for one model call (connect, headers, the SDK's retries, the first data)."""

    def __init__(self, seconds: float) -> None:
        self._end = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds still allowed (never zero, so a timeout context is always valid)."""
        return max(0.001, self._end - time.monotonic())


async def paced(source: AsyncIterator[T], first_s: float, idle_s: float) -> AsyncIterator[T]:
    """`source`'s items; TimeoutError when the first is later than `first_s` or a gap is longer than `idle_s`."""
    iterator = aiter(source)
    wait = first_s
    while True:
        try:
            async with asyncio.timeout(wait):
                item = await anext(iterator)
        except StopAsyncIteration:
            return
        yield item
        wait = idle_s


@functools.cache
def shared_tls() -> ssl.SSLContext:
    """One TLS context for every SDK client: building one parses the CA bundle (~17 ms holding the
    GIL, a window stall at the start of every run); the SDK's own default, honouring SSL_CERT_FILE/DIR."""
    import httpx2

    return httpx2.create_ssl_context()
