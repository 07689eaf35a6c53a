"""What the two SDK adapters share: their settings, the client made on first use, an SDK failure as
one line, a whole answer and a stream's end as stream items, and the model list."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from desktop_app.core.messages import AssistantMessage, Usage
from desktop_app.core.providers import PROVIDERS
from desktop_app.llm.base import Completed, ProviderError, StreamItem, TextChunk, WireResponse
from desktop_app.llm.errors import ErrorText
from desktop_app.llm.presets import TOOL_CALL_MODES
from desktop_app.llm.redact import redact, scrub, url_secrets
from desktop_app.llm.transport import shared_tls


class Client(Protocol):
    """An SDK's async client, as far as this layer needs it."""

    async def close(self) -> None: ...


ClientT = TypeVar("ClientT", bound=Client)


class SdkErrors(NamedTuple):
    """The SDK's exception classes this layer turns into a ProviderError."""

    base: type[Exception]
    status: type[Exception]
    timeout: type[Exception]
    connection: type[Exception]


class SdkModel(Generic[ClientT]):
    """The skeleton of a ChatModel over an official SDK (the SDK's own retries handle 429/5xx)."""

    provider: str  # set by each adapter's class (ChatModel wants an attribute); its label and key
    # variable for messages are its core.providers record's
    default_model: ClassVar[str]
    default_base_url: ClassVar[str]
    errors: ClassVar[SdkErrors]
    http_class: ClassVar[Any]  # the SDK's httpx client (its defaults)
    client_class: ClassVar[Any]  # its async client

    def __init__(
        self,
        model: str = "",
        base_url: str = "",
        api_key: str | None = None,
        *,
        max_retries: int = 2,
        timeout: float = 60.0,
        transport: Any = None,
        tool_text: str = "native",
    ) -> None:
        if tool_text not in TOOL_CALL_MODES:
            raise ValueError(f"tool_text must be one of {', '.join(TOOL_CALL_MODES)}")
        self.tool_text = tool_text  # OpenAI's: native calls only / also recovered from text / no tools offered
        self.model = model or self.default_model
        self.base_url = (base_url or self.default_base_url).rstrip("/")
        self.max_retries = max_retries
        self._transport = transport  # an httpx2 transport instead of the network (the warm-up's rehearsal)
        self.timeout = timeout
        self._key = api_key or ""
        self._secrets = [self._key, *url_secrets(self.base_url)]  # a password in --base-url too
        self._client: ClientT | None = None
        record = next(p for p in PROVIDERS if p.name == self.provider)
        self._text = ErrorText(record.label, self.provider, record.key_env, self.base_url, self.model)

    def _client_or_fail(self) -> ClientT:
        """The SDK's async client for this base URL, key, retries, timeout and transport, made on first use."""
        if self._client is None:
            if not self._key and self.base_url == self.default_base_url:
                raise self._text.missing_key()
            self._client = self.client_class(
                http_client=self.http_class(verify=shared_tls(), transport=self._transport),
                api_key=self._key or "no-key",  # local servers ignore the key
                base_url=self.base_url,
                max_retries=self.max_retries,
                timeout=self.timeout,
            )
        return self._client

    def _error(self, exc: Exception) -> ProviderError:
        """An SDK failure (after its retries) or our own deadline as a one-line ProviderError, the key scrubbed."""
        secrets, errors = self._secrets, self.errors
        if isinstance(exc, errors.status):
            return self._text.status(
                getattr(exc, "status_code", 0), getattr(exc, "body", None), self.max_retries, secrets
            )
        if isinstance(exc, errors.timeout | TimeoutError):
            return self._text.timeout(self.timeout)
        if isinstance(exc, errors.connection):
            return self._text.connection(scrub(str(exc.__cause__ or exc), secrets))
        return ProviderError(f"{self._text.vendor}: {scrub(str(exc), secrets)}", "bad_request")

    def _answered(self, data: dict[str, Any], chunks: int | None = None) -> Iterator[StreamItem]:
        """The whole body for the inspector, then the turn: after a stream of `chunks` chunks, or
        (`chunks` None) a whole unstreamed answer, shown like a one-piece stream."""
        yield WireResponse(redact(data, self._secrets), chunks or 0)
        message, usage = self._read(data)
        if chunks is None and message.content:
            yield TextChunk(message.content)
        yield Completed(message, usage)

    @staticmethod
    def _read(body: dict[str, Any]) -> tuple[AssistantMessage, Usage]:
        """The wire response as the neutral message and usage (the adapter's `response_from_wire`)."""
        raise NotImplementedError

    async def list_models(self) -> list[dict[str, Any]]:
        """The models the service offers (`GET /v1/models`), as `{"id", ...}` objects."""
        client: Any = self._client_or_fail()
        try:
            async with asyncio.timeout(self.timeout):
                return [m.to_dict() async for m in client.models.list()]
        except (self.errors.base, TimeoutError) as exc:
            raise self._error(exc) from None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.close()
            self._client = None
